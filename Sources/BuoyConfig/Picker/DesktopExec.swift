/// A `.desktop` file's `Exec` value as a shell command line: split into
/// arguments by the specification's quoting rules, without its field codes
/// (buoy opens no files or URLs), and quoted again for `/bin/sh -c`.
enum DesktopExec {
    /// The command line for `exec` (its string escapes already replaced);
    /// nil when a quote is not closed or no program is left.
    static func command(_ exec: String) -> String? {
        guard let arguments = arguments(exec), !arguments.isEmpty else { return nil }
        return arguments.map(shellQuoted).joined(separator: " ")
    }

    /// The arguments without field codes: `%%` is `%`; `%f %F %u %U %i %c
    /// %k` and the deprecated `%d %D %n %N %v %m` go, and an argument that
    /// was only field codes goes with them (`""` given as such stays).
    static func arguments(_ exec: String) -> [String]? {
        var arguments: [String] = []
        var current = ""
        var inArgument = false
        var quoted = false
        var hadFieldCode = false
        var characters = exec.makeIterator()
        func finish() {
            if inArgument, !(current.isEmpty && hadFieldCode) { arguments.append(current) }
            current = ""
            inArgument = false
            hadFieldCode = false
        }
        while let character = characters.next() {
            switch character {
            case "\"":
                quoted.toggle()
                inArgument = true
            case "\\" where quoted:
                guard let escaped = characters.next() else { return nil }
                current.append(escaped)
            case " " where !quoted, "\t" where !quoted:
                finish()
            case "%":
                inArgument = true
                guard let code = characters.next() else { return nil }
                if code == "%" { current.append("%") } else { hadFieldCode = true }
            default:
                current.append(character)
                inArgument = true
            }
        }
        guard !quoted else { return nil }
        finish()
        return arguments
    }

    /// `argument` as one word for `/bin/sh`: as it is when every character
    /// is safe there, else in single quotes.
    static func shellQuoted(_ argument: String) -> String {
        let safe = argument.unicodeScalars.allSatisfy { scalar in
            ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                || "_@%+=:,./-".unicodeScalars.contains(scalar)
        }
        if safe, !argument.isEmpty { return argument }
        return "'"
            + argument.split(separator: "'", omittingEmptySubsequences: false).joined(separator: #"'\''"#)
            + "'"
    }
}
