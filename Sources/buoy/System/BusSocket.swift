import BuoyCore
import BuoyServices
import CLinux
import Glibc
import SystemCalls

/// A non-blocking connection to a D-Bus server, by address: what the
/// feedback and accessibility connections share.
enum BusSocket {
    /// Connects to the first usable entry of `address`, which `bus` names
    /// for the log ("the session bus"); the fd, or why not.
    static func connect(_ address: String, bus: String) -> Result<Int32, BusSocketError> {
        let parsed: DBusAddress
        switch DBusAddress.parse(address) {
        case .success(let value): parsed = value
        case .failure(let error):
            return .failure(BusSocketError("\(bus) address \"\(address)\" has \(error)"))
        }
        let fd = buoy_unix_socket()
        guard fd >= 0 else { return .failure(BusSocketError("cannot create a socket: \(Errno.current)")) }
        let connected: Int32
        switch parsed {
        // withCString: the implicit conversion copies into a new array, code run only here.
        case .path(let path): connected = path.withCString { buoy_unix_connect(fd, $0) }
        case .abstract(let name): connected = name.withCString { buoy_unix_connect_abstract(fd, $0) }
        }
        // A unix socket connects at once or not at once: EAGAIN (a full
        // backlog) is a failure too, rather than a wait.
        guard connected == 0 else {
            let error = Errno.current
            try? FileDescriptor(rawValue: fd).close()
            return .failure(BusSocketError("cannot connect to \(bus) at \(address): \(error)"))
        }
        return .success(fd)
    }
}

/// Why `BusSocket.connect` failed, for the log.
struct BusSocketError: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}
