import CLinux
import CWaylandClient
import Glibc
import SystemCalls

/// An anonymous shared-memory file (a memfd), closed when this goes away:
/// made empty for a drawing child to size, before a pool is made over it.
package final class MemoryFile {
    package let fd: Int32

    package init?(name: String) {
        fd = buoy_memfd_create(name)
        guard fd >= 0 else { return nil }
    }

    deinit {
        try? FileDescriptor(rawValue: fd).close()
    }

    /// Its size in bytes now; nil if it cannot be asked.
    package var size: Int? {
        var status = stat()
        return fstat(fd, &status) == 0 ? Int(status.st_size) : nil
    }
}

/// One wl_shm_pool: shared memory mapped here and in the compositor, that
/// wl_buffers are made in. It lives for as long as one of them does.
package final class ShmPool {
    package let data: UnsafeMutableRawPointer
    package let size: Int
    fileprivate let proxy: OpaquePointer

    /// A pool over the first `size` bytes of the file `fd`, which the
    /// caller may close afterwards.
    package init(shm: OpaquePointer, fd: Int32, size: Int) throws(WaylandError) {
        guard size > 0, size <= Int(Int32.max),
            let mapped = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), mapped != MAP_FAILED
        else {
            throw .system("cannot map \(size) bytes of shared memory")
        }
        data = mapped
        self.size = size
        proxy = wl_shm_create_pool(shm, fd, Int32(size))
    }

    deinit {
        wl_shm_pool_destroy(proxy)
        munmap(data, size)
    }

    /// Takes the pages of `length` bytes at `offset` out of this process's
    /// resident memory; their contents stay in the shared file, which the
    /// compositor reads, and come back when next touched. Whole pages
    /// around the range go: a neighbour's that share one lose nothing.
    fileprivate func releasePages(offset: Int, length: Int) {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let start = offset / page * page
        let end = min((offset + length + page - 1) / page * page, (size + page - 1) / page * page)
        guard end > start else { return }
        madvise(data + start, end - start, MADV_DONTNEED)
    }

    /// An ARGB8888 buffer `width`×`height` at `offset`, `width` × 4 bytes a row.
    package func buffer(offset: Int, width: Int, height: Int) -> ShmBuffer {
        precondition(offset >= 0 && offset + width * 4 * height <= size, "the buffer is inside the pool")
        return ShmBuffer(pool: self, offset: offset, width: width, height: height)
    }
}

/// One ARGB8888 wl_buffer, in a pool of its own or in a shared one
/// (`ShmPool`). `busy` is set on attach and cleared by wl_buffer.release,
/// so a buffer the compositor still reads is never drawn into.
package final class ShmBuffer {
    package let width: Int
    package let height: Int
    package let stride: Int
    package let data: UnsafeMutableRawPointer
    let proxy: OpaquePointer
    /// Keeps the memory mapped.
    private let pool: ShmPool
    private let offset: Int
    package internal(set) var busy = false

    /// A buffer in a memfd named `name` and a pool of its own.
    package convenience init(shm: OpaquePointer, width: Int, height: Int, name: String = "buoy-buffer")
        throws(WaylandError)
    {
        let size = width * 4 * height
        let fd = buoy_memfd_create_sized(name, size)
        guard fd >= 0 else { throw .system("cannot create a \(width)x\(height) shared-memory buffer") }
        defer { try? FileDescriptor(rawValue: fd).close() }
        let pool = try ShmPool(shm: shm, fd: fd, size: size)
        self.init(pool: pool, offset: 0, width: width, height: height)
    }

    fileprivate init(pool: ShmPool, offset: Int, width: Int, height: Int) {
        self.width = width
        self.height = height
        stride = width * 4
        self.pool = pool
        self.offset = offset
        data = pool.data + offset
        proxy = wl_shm_pool_create_buffer(
            pool.proxy, Int32(offset), Int32(width), Int32(height), Int32(stride),
            WL_SHM_FORMAT_ARGB8888.rawValue)!
        wl_buffer_add_listener(proxy, Self.listener, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        wl_buffer_destroy(proxy)
    }

    /// Once drawn: its pixels leave buoy's resident memory (the compositor
    /// still has them, in the shared file) until it is drawn into again.
    /// Four buttons' faces at scale 2 are 0.4 MB that buoy need not hold.
    package func releasePages() {
        pool.releasePages(offset: offset, length: stride * height)
    }

    /// As `releasePages`, for `rows` alone: a large image drawn a band at
    /// a time (the pointer pad) never has all its pages in buoy at once.
    package func releasePages(rows: Range<Int>) {
        pool.releasePages(offset: offset + rows.lowerBound * stride, length: rows.count * stride)
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
package final class BufferPair {
    private let shm: OpaquePointer
    private var buffers: [ShmBuffer] = []

    package init(shm: OpaquePointer) {
        self.shm = shm
    }

    /// A buffer of this size that the compositor is not reading, or nil when
    /// both are busy (the caller then waits for the next frame).
    package func free(width: Int, height: Int) throws(WaylandError) -> ShmBuffer? {
        if let first = buffers.first, first.width != width || first.height != height {
            buffers.removeAll()
        }
        if let idle = buffers.first(where: { !$0.busy }) { return idle }
        guard buffers.count < 2 else { return nil }
        let buffer = try ShmBuffer(shm: shm, width: width, height: height)
        buffers.append(buffer)
        return buffer
    }

    package func removeAll() {
        buffers.removeAll()
    }
}
