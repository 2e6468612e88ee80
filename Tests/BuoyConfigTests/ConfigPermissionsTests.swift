import XCTest

@testable import BuoyConfig

final class ConfigPermissionsTests: XCTestCase {
    private let passwd = """
        root:x:0:0:root:/root:/bin/bash
        ann:x:1000:1000:Ann:/home/ann:/bin/sh
        bob:x:1001:1001:Bob:/home/bob:/bin/sh
        cat:x:1002:100:Cat:/home/cat:/bin/sh
        dan:x:1003:1003:Dan:/home/dan:/bin/sh
        eve:x:1004:1000:Eve:/home/eve:/bin/sh

        """
    private let group = """
        root:x:0:
        users:x:100:
        ann:x:1000:
        bob:x:1001:bob
        staff:x:1002:
        cat:x:1005:
        dan:x:1003:eve
        bobs:x:1006:bob

        """

    func testWhoseFilesAreRefused() {
        let path = "/c.toml"
        let chmod = "it runs shell commands as you; fix it with: chmod go-w /c.toml"
        let byGroup = "/c.toml: refusing to use a config writable by its group (mode 664): " + chmod
        // uid: the user buoy runs as; the file's owner, group and mode.
        let cases: [(uid: UInt32, owner: UInt32, group: UInt32, mode: UInt32, problem: String?, line: UInt)] =
            [
                (1001, 1001, 1001, 0o644, nil, #line),
                (1001, 0, 0, 0o644, nil, #line),  // a system-wide file
                (
                    1001, 1000, 1000, 0o644,
                    "/c.toml: refusing to use a config owned by uid 1000, not by you (uid 1001) or root: it runs"
                        + " shell commands as you; chown it to yourself", #line
                ),
                // Issue 34 §2.3: group-writable in the user's private group, as umask 002 saves it.
                (1001, 1001, 1001, 0o664, nil, #line),  // bob, listed as its member too
                (1003, 1003, 1003, 0o664, byGroup, #line),  // dan's group lists eve
                (1000, 1000, 1000, 0o664, byGroup, #line),  // ann's is eve's primary group as well
                (1002, 1002, 1005, 0o664, byGroup, #line),  // cat's namesake, of which cat is no member
                (1002, 1002, 100, 0o664, byGroup, #line),  // cat's primary group, "users"
                (1001, 1001, 1006, 0o664, byGroup, #line),  // bob is its only member, but not its namesake
                (1001, 1001, 4242, 0o664, byGroup, #line),  // a group not in /etc/group
                (4242, 4242, 1001, 0o664, byGroup, #line),  // a user not in /etc/passwd
                (0, 0, 0, 0o664, nil, #line),
                (
                    1001, 1001, 1001, 0o666,
                    "/c.toml: refusing to use a config writable by group and others (mode 666): " + chmod,
                    #line
                ),
                (
                    1001, 1001, 1001, 0o646,
                    "/c.toml: refusing to use a config writable by others (mode 646): " + chmod, #line
                ),
            ]
        for c in cases {
            let problem = ConfigPermissions.problem(
                path: path, owner: c.owner, group: c.group, mode: c.mode, fileType: 0o100000, uid: c.uid
            ) {
                ConfigPermissions.Accounts(passwd: passwd, group: group)
            }
            XCTAssertEqual(problem, c.problem, line: c.line)
        }
    }

    /// A config that leads to a device, a FIFO or a socket is refused
    /// without advice to chmod it: through a link to /dev/null, chmod
    /// would change the device's mode (issue 40).
    func testWhatIsNotAFileIsNotToBeChmodded() {
        let cases: [(UInt32, String, UInt)] = [
            (0o020000, "a character device", #line), (0o060000, "a block device", #line),
            (0o010000, "a FIFO", #line), (0o140000, "a socket", #line),
        ]
        for (fileType, kind, line) in cases {
            let problem = ConfigPermissions.problem(
                path: "/c.toml", owner: 0, group: 0, mode: 0o666, fileType: fileType, uid: 1001
            ) { nil }
            XCTAssertEqual(
                problem,
                "/c.toml: refusing to use a config writable by group and others (mode 666): it runs shell"
                    + " commands as you, and it is \(kind), not a file; give a file", line: line)
        }
    }

    func testTheAccountsAreReadOnlyForAGroupWritableFileAndUnreadableOnesRefuseIt() {
        var asked = 0
        for mode: UInt32 in [0o644, 0o600, 0o646] {
            _ = ConfigPermissions.problem(
                path: "/c", owner: 7, group: 7, mode: mode, fileType: 0o100000, uid: 7
            ) {
                asked += 1
                return nil
            }
        }
        XCTAssertEqual(asked, 0)
        let problem = ConfigPermissions.problem(
            path: "/c", owner: 7, group: 7, mode: 0o664, fileType: 0o100000, uid: 7
        ) { nil }
        XCTAssertNotNil(problem)
    }
}
