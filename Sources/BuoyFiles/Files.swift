import Glibc
import SystemCalls

/// File access that buoy and its drawing helper share: whole-file reads
/// with a size cap, what a directory holds, and this program's own file.
public enum Files {
    public enum ReadError: Error {
        case missing
        case unreadable(String)
        /// Longer than the limit; `head` is what was read, for the message.
        case tooLarge(limit: Int, head: [UInt8])
    }

    /// Reads at most `limit` bytes of a regular file; a longer file is an
    /// error, not a truncation. Anything else (a FIFO, a device, a socket)
    /// is unreadable: it is opened non-blocking, so a FIFO with no writer
    /// cannot hold the caller in open(2), and never read.
    public static func read(_ path: String, limit: Int) -> Result<[UInt8], ReadError> {
        let raw = SystemPath.withCString(path) { open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
        guard raw >= 0 else {
            return .failure(errno == ENOENT ? .missing : .unreadable(String(cString: strerror(errno))))
        }
        let fd = FileDescriptor(rawValue: raw)
        defer { try? fd.close() }
        var status = stat()
        guard fstat(raw, &status) == 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
        guard status.st_mode & S_IFMT == S_IFREG else { return .failure(.unreadable("not a regular file")) }
        var bytes: [UInt8] = []
        // Sized to the file: a fixed 64 KiB buffer would stay resident in
        // buoy's heap for a config of a few hundred bytes.
        let expected = Int(status.st_size)
        var chunk = [UInt8](repeating: 0, count: min(max(expected + 1, 512), 65536, limit + 1))
        while true {
            let count: Int
            do {
                count = try chunk.withUnsafeMutableBytes { try fd.read(into: $0) }
            } catch {
                return .failure(.unreadable("\(error)"))
            }
            if count == 0 { return .success(bytes) }
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > limit {
                return .failure(.tooLarge(limit: limit, head: Array(bytes.prefix(4096))))
            }
        }
    }

    /// Whether `path` is a regular file this process may read. A FIFO or a
    /// device would block or never end a read.
    public static func isReadableRegularFile(_ path: String) -> Bool {
        isReadable(path, kind: S_IFREG)
    }

    private static func isReadable(_ path: String, kind: mode_t) -> Bool {
        var status = stat()
        guard SystemPath.withCString(path, { stat($0, &status) }) == 0, status.st_mode & S_IFMT == kind else {
            return false
        }
        return SystemPath.withCString(path) { access($0, R_OK) } == 0
    }

    /// The names in `directory` (without `.` and `..`); nil if it cannot be
    /// read.
    public static func names(in directory: String) -> [String]? {
        guard let stream = SystemPath.withCString(directory, opendir) else { return nil }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                let count = strlen(UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
                return SystemPath.string(
                    UnsafeBufferPointer(
                        start: UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self), count: count))
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// This program's own executable, resolved through /proc.
    public static var executablePath: String {
        linkTarget("/proc/self/exe") ?? CommandLine.arguments.first ?? "buoy"
    }

    /// What the symbolic link at `path` points to, as written in it; nil
    /// when `path` is not a link.
    public static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = SystemPath.withCString(path) { readlink($0, &buffer, buffer.count - 1) }
        guard count > 0 else { return nil }
        return SystemPath.string(buffer[0..<count].map { UInt8(bitPattern: $0) })
    }

    /// Whether `path` is a directory, or a link to one.
    public static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return SystemPath.withCString(path, { stat($0, &status) }) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    /// Writes all of `bytes` to `fd`; false if a write failed.
    @discardableResult
    public static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        (try? FileDescriptor(rawValue: fd).writeAll(bytes)) != nil
    }

    /// Reads `fd` to its end, from where it is; nil if a read failed.
    public static func readAll(_ fd: Int32) -> [UInt8]? {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            guard let count = try? FileDescriptor(rawValue: fd).read(into: &chunk) else { return nil }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }
}
