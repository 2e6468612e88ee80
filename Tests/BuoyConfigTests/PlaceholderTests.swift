import XCTest
@testable import BuoyConfig
final class PlaceholderTests: XCTestCase { func testNothing() {} }
