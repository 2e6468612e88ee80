import Glibc

/// Reads environment variables; the one place buoy's I/O modules call getenv.
public enum Environment {
    public static func string(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        let string = String(cString: value)
        return string.isEmpty ? nil : string
    }

    public static func int(_ name: String) -> Int? {
        string(name).flatMap { Int($0) }
    }
}
