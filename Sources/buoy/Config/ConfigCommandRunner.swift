import BuoyCommandLine
import BuoyConfig
import BuoyFiles
import SystemCalls

/// `buoy config`: the file I/O around `ConfigEdit`, which decides. A
/// one-shot command, so it may block: it is never part of the poll loop.
enum ConfigCommandRunner {
    /// Runs `command` on the `--config` file or the user's own; returns the
    /// exit status. Refusals go to stderr as `path:line:col: error: ...`.
    static func run(_ command: ConfigCommand, explicitPath: String?) -> Int32 {
        let loader = ConfigLoader(explicitPath: explicitPath, log: Logger(verbosity: 0))
        switch command {
        case .help:
            print(ConfigCommand.usage)
            return 0
        case .path:
            // As bytes: a path that is not UTF-8 prints as given.
            _ = try? FileDescriptor.standardOutput.writeAll(SystemPath.bytes(loader.primaryPath) + [0x0A])
            return 0
        case .get(let key):
            // What buoy reads now, which may be a system-wide file.
            let path = loader.path
            return finish(
                read(path).flatMap { bytes in
                    ConfigEdit.reading(key, in: bytes, path: path).mapError { Refusal("\($0)") }
                }.map { print($0) })
        case .edit(let edit):
            return finish(loader.editTarget.mapError { Refusal("\($0)") }.flatMap { write(edit, to: $0) })
        }
    }

    private static func finish(_ result: Result<Void, Refusal>) -> Int32 {
        guard case .failure(let message) = result else { return 0 }
        printError(message.message)
        return 1
    }

    /// Why nothing was read or written: one message for stderr.
    private struct Refusal: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }

    /// The file's bytes, or nil when there is none.
    private static func read(_ path: String) -> Result<[UInt8]?, Refusal> {
        ConfigFileWriter.read(path, named: path).mapError { Refusal("\($0)") }
    }

    /// Applies `edit` to `target` with the writer edit mode uses too,
    /// waiting for another writer to finish, and syncing the file to the disk.
    private static func write(_ edit: ConfigEdit, to target: ConfigEditTarget) -> Result<Void, Refusal> {
        ConfigFileWriter.write(
            edit, to: target, expecting: nil, wait: ConfigFileWriter.commandWait, durable: true
        ).map { written in
            if let system = written.startedFrom {
                printError("buoy config: started \(target.path) from \(system), the system-wide config")
            }
        }.mapError { Refusal("\($0)") }
    }
}
