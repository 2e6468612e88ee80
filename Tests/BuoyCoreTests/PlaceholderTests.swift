import XCTest
@testable import BuoyCore
final class PlaceholderTests: XCTestCase { func testNothing() {} }
