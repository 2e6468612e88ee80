/// A reply of the running buoy: the status line (`ok`, `ok: message` or
/// `error: message`) and the payload lines after it. The server writes it
/// (`text`), `buoy msg` reads it (`parse`).
package struct ControlReply: Equatable, Sendable {
    package var ok: Bool
    package var message: String?
    package var payload: String

    package init(ok: Bool, message: String?, payload: String) {
        self.ok = ok
        self.message = message
        self.payload = payload
    }

    /// Config diagnostics as a reply, one line each (path:line:col: message,
    /// without the source line and caret): failed with the first error as
    /// the status line and the rest as the payload, or ok with the warnings
    /// as the payload.
    package init(ok: Bool, diagnostics: [String]) {
        let lines = diagnostics.flatMap {
            $0.split(separator: "\n").filter { !$0.hasPrefix(" ") }.map(String.init)
        }
        self.init(
            ok: ok, message: ok ? nil : lines.first,
            payload: lines.dropFirst(ok ? 0 : 1).joined(separator: "\n"))
    }

    /// The reply as the server writes it: the status line (line breaks in
    /// its message made spaces, so it stays one line; an error without a
    /// message says "failed"), then the payload, ending in a newline.
    package var text: String {
        let status =
            ok
            ? message.map { "ok: " + Self.oneLine($0) } ?? "ok"
            : "error: " + Self.oneLine(message ?? "failed")
        guard !payload.isEmpty else { return status + "\n" }
        return status + "\n" + payload + (payload.hasSuffix("\n") ? "" : "\n")
    }

    /// Splits a reply into its status line and payload, or says why it is
    /// not a reply.
    package static func parse(_ bytes: [UInt8]) -> Result<ControlReply, UsageError> {
        guard !bytes.isEmpty else {
            return .failure(UsageError("the running buoy closed the connection without replying"))
        }
        let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
        let status = String(decoding: bytes[..<newline], as: UTF8.self)
        let payload = newline < bytes.endIndex ? String(decoding: bytes[(newline + 1)...], as: UTF8.self) : ""
        if status == "ok" { return .success(ControlReply(ok: true, message: nil, payload: payload)) }
        if status.hasPrefix("ok: ") {
            return .success(ControlReply(ok: true, message: String(status.dropFirst(4)), payload: payload))
        }
        if status.hasPrefix("error: ") {
            return .success(ControlReply(ok: false, message: String(status.dropFirst(7)), payload: payload))
        }
        let shown = status.count > 80 ? String(status.prefix(80)) + "..." : status
        return .failure(UsageError("unexpected reply from the running buoy: \"\(shown)\""))
    }

    private static func oneLine(_ message: String) -> String {
        String(
            String.UnicodeScalarView(message.unicodeScalars.map { $0 == "\n" || $0 == "\r" ? " " : $0 }))
    }
}
