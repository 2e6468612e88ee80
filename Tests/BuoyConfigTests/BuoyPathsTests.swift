import XCTest

@testable import BuoyConfig

final class BuoyPathsTests: XCTestCase {
    func testWhereTheConfigAndTheStateAre() {
        let user = "/h/.config/buoy/config.toml"
        let etc = "/etc/xdg/buoy/config.toml"
        let cases: [(environment: [String: String], config: [String], state: String?, line: UInt)] = [
            (["HOME": "/h"], [user, etc], "/h/.local/state/buoy/state", #line),
            (
                ["HOME": "/h", "XDG_CONFIG_HOME": "/c", "XDG_STATE_HOME": "/s"],
                ["/c/buoy/config.toml", etc],
                "/s/buoy/state", #line
            ),
            // Relative or empty: invalid, as the XDG spec says, so the default.
            (
                ["HOME": "/h", "XDG_CONFIG_HOME": "c", "XDG_STATE_HOME": ""], [user, etc],
                "/h/.local/state/buoy/state", #line
            ),
            (
                ["HOME": "/h", "XDG_CONFIG_DIRS": "relative:/a::/b"],
                [user, "/a/buoy/config.toml", "/b/buoy/config.toml"], "/h/.local/state/buoy/state", #line
            ),
            (
                ["HOME": "/h", "XDG_CONFIG_DIRS": "relative"], [user, etc], "/h/.local/state/buoy/state",
                #line
            ),
            // Issue 34 #15c: without HOME these were //.config and //.local/state.
            ([:], [etc], nil, #line),
            (["HOME": ""], [etc], nil, #line),
            (["HOME": "home"], [etc], nil, #line),
            (["XDG_CONFIG_HOME": "/c"], ["/c/buoy/config.toml", etc], nil, #line),
            (["XDG_STATE_HOME": "/s"], [etc], "/s/buoy/state", #line),
        ]
        for c in cases {
            let paths = BuoyPaths(environment: { c.environment[$0] })
            XCTAssertEqual(paths.configCandidates, c.config, line: c.line)
            XCTAssertEqual(paths.statePath, c.state, line: c.line)
        }
    }

    func testTheNoticeSaysWhatGoesWithoutAHome() {
        let cases: [(environment: [String: String], notice: String?, line: UInt)] = [
            (["HOME": "/h"], nil, #line),
            (["XDG_CONFIG_HOME": "/c", "XDG_STATE_HOME": "/s"], nil, #line),
            (
                [:],
                "HOME is not set to an absolute path: no config file of your own is read, only"
                    + " /etc/xdg/buoy/config.toml, and the buttons' places are not saved; set HOME, or"
                    + " XDG_CONFIG_HOME and XDG_STATE_HOME", #line
            ),
            (
                ["XDG_CONFIG_HOME": "/c"],
                "HOME is not set to an absolute path: the buttons' places are not saved; set HOME, or"
                    + " XDG_CONFIG_HOME and XDG_STATE_HOME", #line
            ),
        ]
        for c in cases {
            XCTAssertEqual(BuoyPaths(environment: { c.environment[$0] }).notice, c.notice, line: c.line)
        }
    }
}
