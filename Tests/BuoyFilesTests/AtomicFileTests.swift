import Glibc
import XCTest

@testable import BuoyFiles

final class AtomicFileTests: XCTestCase {
    private var directory = ""

    override func setUpWithError() throws {
        var template = Array("/tmp/buoy-atomic-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        directory = String(cString: try XCTUnwrap(made))
    }

    override func tearDown() {
        for name in Files.names(in: directory) ?? [] { unlink(directory + "/" + name) }
        rmdir(directory)
    }

    private func contents(_ name: String) -> [UInt8]? {
        try? Files.read(directory + "/" + name, limit: 1 << 20).get()
    }

    private func make(_ name: String, mode: mode_t = 0o600) -> Int32 {
        open(directory + "/" + name, O_RDWR | O_CREAT | O_CLOEXEC, mode)
    }

    func testANewFileTakesTheUmaskAndAnOldOneKeepsItsMode() throws {
        let old = umask(0o077)
        defer { umask(old) }
        XCTAssertNil(AtomicFile.replace("new", in: directory, with: [1, 2], keeping: nil, durable: true))
        XCTAssertEqual(AtomicFile.Ownership(of: directory + "/new")?.mode, 0o600)
        XCTAssertEqual(contents("new"), [1, 2])
        let kept = AtomicFile.Ownership(mode: 0o640, owner: getuid(), group: getgid())
        XCTAssertNil(AtomicFile.replace("new", in: directory, with: [3], keeping: kept, durable: false))
        XCTAssertEqual(AtomicFile.Ownership(of: directory + "/new"), kept)
        XCTAssertEqual(contents("new"), [3])
        XCTAssertEqual(Files.names(in: directory), ["new"])
    }

    func testRootGivesTheFileBackToItsOwner() throws {
        try XCTSkipUnless(geteuid() == 0, "only root can give a file to another user")
        let nobody = AtomicFile.Ownership(mode: 0o600, owner: 65534, group: 65534)
        XCTAssertNil(AtomicFile.replace("theirs", in: directory, with: [1], keeping: nobody, durable: false))
        XCTAssertEqual(AtomicFile.Ownership(of: directory + "/theirs"), nobody)
    }

    /// The temp files of writers that were killed go at the next write, with
    /// the PID-named ones of earlier versions; a live writer's, which it
    /// holds locked, and other files' stay.
    func testAWriteRemovesTheTempsNobodyHolds() throws {
        let names = [
            ".config.toml.tmp.1", ".config.toml.tmp.0a1b2c3d", "config.toml.tmp.77", ".config.toml.bak.tmp.5",
        ]
        for name in names { close(make(name)) }
        let live = make(".config.toml.tmp.feedf00d")
        defer { close(live) }
        XCTAssertEqual(flock(live, LOCK_EX | LOCK_NB), 0)
        XCTAssertNil(
            AtomicFile.replace("config.toml", in: directory, with: [1], keeping: nil, durable: false))
        XCTAssertEqual(
            Files.names(in: directory)?.sorted(),
            [".config.toml.bak.tmp.5", ".config.toml.tmp.feedf00d", "config.toml"])
    }

    /// A PID-named temp of a killed writer made every write by a later
    /// process of that PID fail with "File exists".
    func testATempOfThisProcesssPIDIsNoObstacle() throws {
        close(make(".state.tmp.\(getpid())"))
        close(make("state.tmp.\(getpid())"))
        XCTAssertNil(AtomicFile.replace("state", in: directory, with: [7], keeping: nil, durable: false))
        XCTAssertEqual(Files.names(in: directory), ["state"])
    }

    func testAFailedWriteLeavesTheOldFileAndNoTemp() throws {
        XCTAssertNil(AtomicFile.replace("f", in: directory, with: [1], keeping: nil, durable: false))
        // A directory where the file is cannot be replaced by a file.
        mkdir(directory + "/d", 0o700)
        XCTAssertNotNil(AtomicFile.replace("d", in: directory, with: [1], keeping: nil, durable: false))
        XCTAssertEqual(Files.names(in: directory)?.sorted(), ["d", "f"])
        rmdir(directory + "/d")
    }

    private func failure(_ result: Result<FileLock, FileLock.Failure>) -> FileLock.Failure? {
        guard case .failure(let failure) = result else { return nil }
        return failure
    }

    func testALockHeldElsewhereIsBusyAtOnceOrAfterTheWait() throws {
        var held: FileLock? = try FileLock.lock("config.toml", in: directory, wait: 0).get()
        // flock locks belong to the open file: a second open is another holder.
        XCTAssertEqual(failure(FileLock.lock("config.toml", in: directory, wait: 0)), .busy)
        var start = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        XCTAssertEqual(
            failure(FileLock.lock("config.toml", in: directory, wait: 0.05)), .busy)
        var end = timespec()
        clock_gettime(CLOCK_MONOTONIC, &end)
        XCTAssertGreaterThanOrEqual(
            Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9, 0.05)
        XCTAssertNotNil(held)
        held = nil  // closes its file, which drops the lock
        XCTAssertNotNil(try? FileLock.lock("config.toml", in: directory, wait: 0).get())
        XCTAssertEqual(Files.names(in: directory), [".config.toml.lock"])
    }
}
