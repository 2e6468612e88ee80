import BuoyCommandLine
import BuoyCore
import XCTest

final class InvocationTests: XCTestCase {
    private func invocation(
        _ mode: Invocation.Mode = .run, config: String? = nil, verbosity: Int = 0, replace: Bool = false,
        json: Bool = false
    ) -> Invocation {
        var invocation = Invocation()
        invocation.mode = mode
        invocation.configPath = config
        invocation.verbosity = verbosity
        invocation.replace = replace
        invocation.json = json
        return invocation
    }

    func testArguments() {
        let cases: [([String], Result<Invocation, UsageError>, UInt)] = [
            ([], .success(invocation()), #line),
            (["-v"], .success(invocation(.version)), #line),
            (["--version"], .success(invocation(.version)), #line),
            (["-h"], .success(invocation(.help)), #line),
            (["--check", "-c", "/tmp/x.toml"], .success(invocation(.check, config: "/tmp/x.toml")), #line),
            (["--config=/a b"], .success(invocation(config: "/a b")), #line),
            (["-d"], .success(invocation(verbosity: 1)), #line),
            (["-dd"], .success(invocation(verbosity: 2)), #line),
            (["-d", "--debug", "-d"], .success(invocation(verbosity: 3)), #line),
            (["--replace", "-d"], .success(invocation(verbosity: 1, replace: true)), #line),
            (["--print-default-config"], .success(invocation(.printDefaultConfig)), #line),
            (
                ["msg", "--button", "k", "hide"], .success(invocation(.message(["--button", "k", "hide"]))),
                #line
            ),
            // msg takes every word after it, flags included: they are the command's.
            (["msg", "-v"], .success(invocation(.message(["-v"]))), #line),
            (["doctor"], .success(invocation(.doctor)), #line),
            (["doctor", "--config", "/c.toml"], .success(invocation(.doctor, config: "/c.toml")), #line),
            (["doctor", "--config=/c.toml"], .success(invocation(.doctor, config: "/c.toml")), #line),
            (["doctor", "--json"], .success(invocation(.doctor, json: true)), #line),
            (
                ["doctor", "--json", "-c", "/c"], .success(invocation(.doctor, config: "/c", json: true)),
                #line
            ),
            (["--json"], .failure(UsageError("unknown argument \"--json\"; see buoy --help")), #line),
            (["doctor", "-c"], .failure(UsageError("-c needs a path")), #line),
            (
                ["doctor", "-d"],
                .failure(UsageError("buoy doctor takes only --json and --config PATH, not \"-d\"")),
                #line
            ),
            (
                ["doctor", "doctor"],
                .failure(UsageError("buoy doctor takes only --json and --config PATH, not \"doctor\"")), #line
            ),
            // doctor is a command only as the first word.
            (["-d", "doctor"], .failure(UsageError("unknown argument \"doctor\"; see buoy --help")), #line),
            (["-c"], .failure(UsageError("-c needs a path")), #line),
            (["--config", ""], .failure(UsageError("--config needs a path")), #line),
            (["-vv"], .failure(UsageError("unknown argument \"-vv\"; see buoy --help")), #line),
            (["-dx"], .failure(UsageError("unknown argument \"-dx\"; see buoy --help")), #line),
            (["run"], .failure(UsageError("unknown argument \"run\"; see buoy --help")), #line),
            // The picker's child, which buoy starts; alone, or not at all.
            (["__list-applications"], .success(invocation(.listApplications)), #line),
            (
                ["-d", "__list-applications"],
                .failure(UsageError("unknown argument \"__list-applications\"; see buoy --help")), #line
            ),
        ]
        for (arguments, expected, line) in cases {
            XCTAssertEqual(Invocation.parse(arguments), expected, "\(arguments)", line: line)
        }
    }

    /// The help shows every command of its own.
    func testTheHelpShowsEverySubcommand() {
        for subcommand in Invocation.Subcommand.allCases {
            XCTAssertTrue(
                Invocation.usage.contains("       buoy \(subcommand.rawValue) "), subcommand.rawValue)
        }
    }

    /// The help names every command of `buoy msg`, from the one list of them.
    func testTheHelpListsEveryCommand() {
        for name in ControlCommand.names {
            XCTAssertTrue(Invocation.usage.contains(name), name)
            XCTAssertTrue(Invocation.messageUsage.contains(name), name)
        }
    }
}
