import XCTest
@testable import BuoyDrawing
final class PlaceholderTests: XCTestCase { func testNothing() {} }
