import XCTest

@testable import BuoyConfig

final class ConfigEditTargetTests: XCTestCase {
    func testAnEditNeverChangesASystemWideFile() {
        let user = "/h/.config/buoy/config.toml"
        let system = "/etc/xdg/buoy/config.toml"
        let cases:
            [(explicit: String?, user: String?, reading: String, target: ConfigEditTarget?, line: UInt)] = [
                (nil, user, user, ConfigEditTarget(path: user), #line),
                // Only a distribution's file: the user's starts from its bytes.
                (nil, user, system, ConfigEditTarget(path: user, startingFrom: system), #line),
                ("/x/c.toml", user, "/x/c.toml", ConfigEditTarget(path: "/x/c.toml"), #line),
                ("/x/c.toml", nil, "/x/c.toml", ConfigEditTarget(path: "/x/c.toml"), #line),
                // Neither HOME nor XDG_CONFIG_HOME: nothing to start, so no edit.
                (nil, nil, system, nil, #line),
            ]
        for c in cases {
            let chosen = ConfigEditTarget.choose(
                explicitPath: c.explicit, userConfig: c.user, reading: c.reading)
            XCTAssertEqual(try? chosen.get(), c.target, line: c.line)
            if c.target == nil { XCTAssertEqual(chosen, .failure(.systemWide(path: system)), line: c.line) }
        }
    }

    func testTheUserConfigIsTheFirstCandidateOnlyWithAUsersDirectory() {
        XCTAssertEqual(
            BuoyPaths(environment: { ["HOME": "/h"][$0] }).userConfig, "/h/.config/buoy/config.toml")
        XCTAssertEqual(
            BuoyPaths(environment: { ["XDG_CONFIG_HOME": "/c"][$0] }).userConfig, "/c/buoy/config.toml")
        XCTAssertNil(BuoyPaths(environment: { ["XDG_CONFIG_DIRS": "/s"][$0] }).userConfig)
    }
}
