import CLinux
import CWaylandClient
import Glibc

/// One ARGB8888 wl_buffer in its own memfd. `busy` is set on attach and
/// cleared by wl_buffer.release, so a buffer the compositor still reads is
/// never drawn into.
public final class ShmBuffer {
    public let width: Int
    public let height: Int
    public let stride: Int
    public let data: UnsafeMutableRawPointer
    let proxy: OpaquePointer
    public internal(set) var busy = false

    public init(shm: OpaquePointer, width: Int, height: Int) throws(WaylandError) {
        self.width = width
        self.height = height
        stride = width * 4
        let size = stride * height
        let fd = buoy_memfd_create_sized("buoy-buffer", size)
        guard fd >= 0 else { throw .system("cannot create a \(width)x\(height) shared-memory buffer") }
        defer { close(fd) }
        guard let mapped = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), mapped != MAP_FAILED
        else {
            throw .system("cannot map a \(width)x\(height) shared-memory buffer")
        }
        data = mapped
        let pool = wl_shm_create_pool(shm, fd, Int32(size))
        proxy = wl_shm_pool_create_buffer(
            pool, 0, Int32(width), Int32(height), Int32(stride), WL_SHM_FORMAT_ARGB8888.rawValue)!
        wl_shm_pool_destroy(pool)
        wl_buffer_add_listener(proxy, Self.listener, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        wl_buffer_destroy(proxy)
        munmap(data, stride * height)
    }

    nonisolated(unsafe) private static let listener: UnsafeMutablePointer<wl_buffer_listener> = {
        let listener = UnsafeMutablePointer<wl_buffer_listener>.allocate(capacity: 1)
        listener.initialize(
            to: wl_buffer_listener(release: { data, _ in
                Unmanaged<ShmBuffer>.fromOpaque(data!).takeUnretainedValue().busy = false
            }))
        return listener
    }()
}

/// Two buffers of one size, reused; a new size replaces both.
public final class BufferPool {
    private let shm: OpaquePointer
    private var buffers: [ShmBuffer] = []

    public init(shm: OpaquePointer) {
        self.shm = shm
    }

    /// A buffer of this size that the compositor is not reading, or nil when
    /// both are busy (the caller then waits for the next frame).
    public func free(width: Int, height: Int) throws(WaylandError) -> ShmBuffer? {
        if let first = buffers.first, first.width != width || first.height != height {
            buffers.removeAll()
        }
        if let idle = buffers.first(where: { !$0.busy }) { return idle }
        guard buffers.count < 2 else { return nil }
        let buffer = try ShmBuffer(shm: shm, width: width, height: height)
        buffers.append(buffer)
        return buffer
    }

    public func removeAll() {
        buffers.removeAll()
    }
}
