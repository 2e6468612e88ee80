import BuoyDrawing
import Foundation
import XCTest

final class DrawingHelpersTests: XCTestCase {
    private func mapped(_ library: String) -> Bool {
        (try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8))?.contains(library) ?? false
    }

    /// Whether the dynamic linker's cache lists `soname`, asked without loading it.
    private func installed(_ soname: String) throws -> Bool {
        let ldconfig = Process()
        ldconfig.executableURL = URL(fileURLWithPath: "/sbin/ldconfig")
        ldconfig.arguments = ["-p"]
        let pipe = Pipe()
        ldconfig.standardOutput = pipe
        try ldconfig.run()
        let listing = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        ldconfig.waitUntilExit()
        return listing.contains(soname + " ")
    }

    /// The helper is tried as buoy starts it, so checking maps neither Pango
    /// nor librsvg into the process that asks; each works where it is installed.
    func testCheckedInTheHelper() throws {
        let before = (mapped("libpangocairo"), mapped("librsvg"))
        let helpers = DrawingHelpers.check(font: "Sans 13")
        XCTAssertTrue(helpers.draws)
        XCTAssertEqual(helpers.pango, try installed("libpangocairo-1.0.so.0"))
        XCTAssertEqual(helpers.librsvg, try installed("librsvg-2.so.2"))
        XCTAssertEqual(mapped("libpangocairo"), before.0)
        XCTAssertEqual(mapped("librsvg"), before.1)
    }
}
