/// Where libwayland looks for the display (wayland-client's
/// `connect_to_socket`), for `buoy doctor`'s one line when nothing answers.
package struct DisplaySocket: Equatable, Sendable {
    /// `$WAYLAND_DISPLAY`, nil when unset.
    package var display: String?
    /// `$XDG_RUNTIME_DIR`, nil when unset.
    package var runtimeDirectory: String?

    package init(display: String?, runtimeDirectory: String?) {
        self.display = display
        self.runtimeDirectory = runtimeDirectory
    }

    /// The display's name, with libwayland's default.
    package var name: String { display ?? "wayland-0" }

    /// The socket: the name itself when it is a path, else the name in the
    /// runtime directory; nil when there is none to look in (libwayland
    /// would then log a line of its own, so doctor does not try).
    package var path: String? {
        if name.hasPrefix("/") { return name }
        guard let runtimeDirectory, runtimeDirectory.hasPrefix("/") else { return nil }
        return runtimeDirectory + "/" + name
    }

    /// The line doctor exits with when the compositor took the connection
    /// and did not answer within `seconds` (a stopped sway).
    package func noAnswer(within seconds: Double) -> String {
        let shown = seconds == seconds.rounded() ? "\(Int(seconds))" : "\(seconds)"
        return
            "buoy doctor: the Wayland display \"\(name)\" (\(path ?? name)) took the connection and did not"
            + " answer within \(shown) s"
    }

    /// The line doctor exits with: `reason` is why connecting to `path`
    /// failed (strerror's words).
    package func cannotConnect(_ reason: String) -> String {
        let tried: String
        switch (display, path) {
        case (_, nil):
            tried = runtimeDirectory == nil ? "XDG_RUNTIME_DIR is not set" : "XDG_RUNTIME_DIR is not a path"
        case (nil, let path?): tried = "WAYLAND_DISPLAY is not set; tried \(path)"
        case (_, let path?): tried = path
        }
        return "buoy doctor: cannot connect to the Wayland display \"\(name)\" (\(tried)): \(reason)"
    }
}
