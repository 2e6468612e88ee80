import Glibc

/// Reads environment variables; the one place buoy's I/O modules call getenv.
package enum Environment {
    package static func string(_ name: String) -> String? {
        // withCString hands getenv the string's own bytes; the implicit
        // conversion would copy them into a new array, through standard-
        // library code that nothing else in a session runs (64 KiB of text).
        guard let value = name.withCString({ getenv($0) }) else { return nil }
        let string = String(cString: value)
        return string.isEmpty ? nil : string
    }

    package static func int(_ name: String) -> Int? {
        string(name).flatMap { Int($0) }
    }
}
