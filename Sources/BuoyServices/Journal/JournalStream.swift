/// A stream into the journal for one command's output, as `systemd-cat`
/// makes one: a connection to journald's stdout socket that opens with a
/// header, after which every line written is one journal entry under the
/// header's identifier. buoy makes one per command it starts while its own
/// stderr is the journal, so each command's output is tagged with what ran
/// it rather than mixed into buoy's own lines.
public enum JournalStream {
    /// Where journald listens for such streams.
    public static let socketPath = "/run/systemd/journal/stdout"

    /// The identifier a command's output is logged under: "buoy/" and what
    /// ran it, as the log names it ("buoy/tap", "buoy/menu item 2 (Files)"),
    /// with line breaks made spaces, since the header is line-based.
    public static func identifier(for reason: String) -> String {
        "buoy/" + String(reason.map { $0.isNewline ? " " : $0 })
    }

    /// The header: the identifier, an empty unit id, priority 6 (info), and
    /// then 0 for each of reading `<N>` level prefixes, forwarding to
    /// syslog, to the kernel log and to the console.
    public static func header(identifier: String) -> [UInt8] {
        Array((identifier + "\n\n6\n0\n0\n0\n0\n").utf8)
    }
}
