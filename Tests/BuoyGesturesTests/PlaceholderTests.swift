import XCTest
@testable import BuoyGestures
final class PlaceholderTests: XCTestCase { func testNothing() {} }
