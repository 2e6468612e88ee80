import BuoyCommandLine
import Glibc
import SystemCalls

/// One connected peer of the control socket: its descriptor, and in `peer`
/// everything decided about it. Reads and writes never wait; the socket is
/// non-blocking and in the event loop's poll.
final class ControlConnection {
    /// What one read found.
    enum Read {
        /// What the peer sent, and what it calls for.
        case received(ControlPeer.Reaction)
        /// The peer shut its end for writing, and what that calls for.
        case ended(ControlPeer.Reaction)
        /// Nothing more to read now.
        case drained
        /// The connection failed: it is to be dropped.
        case failed
    }

    let fd: Int32
    var peer: ControlPeer

    init(fd: Int32, peer: ControlPeer) {
        self.fd = fd
        self.peer = peer
    }

    /// Reads once, what the socket holds, up to 4 KiB, while `subscribers`
    /// other peers are subscribed.
    func read(subscribers: Int, now: Double) -> Read {
        var chunk = [UInt8](repeating: 0, count: 4096)
        let count: Int
        do {
            count = try FileDescriptor(socket: fd).read(into: &chunk)
        } catch .wouldBlock {
            return .drained
        } catch {
            return .failed
        }
        guard count > 0 else { return .ended(peer.ended(subscribers: subscribers, now: now)) }
        return .received(peer.received(chunk[0..<count], subscribers: subscribers, now: now))
    }

    /// Writes what the socket takes now; false when the peer is gone.
    func flush() -> Bool {
        while !peer.outgoing.isEmpty {
            do {
                peer.wrote(try FileDescriptor(socket: fd).write(peer.outgoing.pending))
            } catch .wouldBlock {
                return true
            } catch {
                return false
            }
        }
        return true
    }

    /// What to poll it for: its request, room for what it has to write, or
    /// (with 0) only a hangup.
    var events: Int16 {
        (peer.wantsInput ? Int16(POLLIN) : 0) | (peer.wantsOutput ? Int16(POLLOUT) : 0)
    }
}
