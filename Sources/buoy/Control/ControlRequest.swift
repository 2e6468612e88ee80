import BuoyCommandLine
import BuoyCore
import BuoyWayland

/// A request waiting for its reply; its client waits until `reply` or until
/// this object goes away (which closes the connection without an answer).
final class ControlRequest {
    let message: ControlMessage
    private let connection: ControlConnection
    private weak var server: ControlServer?
    private var replied = false

    init(message: ControlMessage, connection: ControlConnection, server: ControlServer) {
        self.message = message
        self.connection = connection
        self.server = server
    }

    deinit {
        if !replied { server?.drop(connection) }
    }

    /// Queues the status line (`ok`, `ok: message` or `error: message`) and
    /// the payload, written without waiting; the connection closes once they
    /// are written. Only the first call counts. A client that has gone away
    /// is ignored.
    func reply(ok: Bool, message: String? = nil, payload: String? = nil) {
        reply(ControlReply(ok: ok, message: message, payload: payload ?? ""))
    }

    /// Answers with config diagnostics (`ControlReply(ok:diagnostics:)`).
    func reply(ok: Bool, diagnostics: [String]) {
        reply(ControlReply(ok: ok, diagnostics: diagnostics))
    }

    private func reply(_ reply: ControlReply) {
        guard !replied else { return }
        replied = true
        server?.send(reply.text, on: connection, now: monotonicNow())
    }
}
