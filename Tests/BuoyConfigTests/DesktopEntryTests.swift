import XCTest

@testable import BuoyConfig

/// `DesktopEntryParser` on real-world `.desktop` files (Debian 12's), and
/// the `Exec` field codes and quoting of the Desktop Entry Specification.
final class DesktopEntryTests: XCTestCase {
    static let firefox = """
        [Desktop Entry]
        Name=Firefox ESR
        Comment=Browse the World Wide Web
        GenericName=Web Browser
        X-GNOME-FullName=Firefox ESR Web Browser
        Exec=/usr/lib/firefox-esr/firefox-esr %u
        Terminal=false
        X-MultipleArgs=false
        Type=Application
        Icon=firefox-esr
        Categories=Network;WebBrowser;
        MimeType=text/html;text/xml;application/xhtml+xml;x-scheme-handler/http;x-scheme-handler/https;
        StartupWMClass=Firefox-esr
        StartupNotify=true

        [Desktop Action new-window]
        Name=New Window
        Exec=/usr/lib/firefox-esr/firefox-esr --new-window %u

        """

    static let foot = """
        [Desktop Entry]
        Type=Application
        Exec=foot
        Icon=foot
        Terminal=false
        Categories=System;TerminalEmulator;
        Keywords=shell;prompt;command;commandline;

        Name=Foot
        GenericName=Terminal
        Comment=A wayland native terminal emulator

        """

    static let nautilus = """
        [Desktop Entry]
        Name[de]=Dateien
        Name[pt_BR]=Arquivos
        Name=Files
        Comment=Access and organize files
        Keywords=folder;manager;explore;disk;filesystem;nautilus;
        Exec=nautilus --new-window %U
        Icon=org.gnome.Nautilus
        Terminal=false
        Type=Application
        DBusActivatable=true
        StartupNotify=true
        Categories=GNOME;GTK;Utility;Core;FileManager;
        MimeType=inode/directory;application/x-7z-compressed;
        X-GNOME-UsesNotifications=true
        Actions=new-window;

        [Desktop Action new-window]
        Name=New Window
        Exec=nautilus --new-window

        """

    static let htop = """
        [Desktop Entry]
        Type=Application
        Version=1.0
        Name=Htop
        GenericName=Process Viewer
        Comment=Show System Processes
        Icon=htop
        Exec=htop
        Terminal=true
        Categories=System;Monitor;ConsoleOnly;

        """

    /// `text` with `old` replaced by `new`, which must be in it.
    private func with(_ text: String, _ old: String, _ new: String) -> String {
        XCTAssertTrue(text.contains(old), old)
        return text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0 == old ? new : String($0)
        }.joined(separator: "\n")
    }

    func testRealFiles() {
        let cases: [(String, String, [String], String?, DesktopEntry?, UInt)] = [
            (
                Self.firefox, "firefox-esr.desktop", [], nil,
                DesktopEntry(
                    id: "firefox-esr.desktop", name: "Firefox ESR", icon: "firefox-esr",
                    command: "/usr/lib/firefox-esr/firefox-esr"), #line
            ),
            (
                Self.foot, "foot.desktop", ["sway"], "en_GB.UTF-8",
                DesktopEntry(id: "foot.desktop", name: "Foot", icon: "foot", command: "foot"), #line
            ),
            (
                Self.nautilus, "org.gnome.Nautilus.desktop", ["GNOME"], nil,
                DesktopEntry(
                    id: "org.gnome.Nautilus.desktop", name: "Files", icon: "org.gnome.Nautilus",
                    command: "nautilus --new-window"), #line
            ),
            // The language's name, by the specification's matching.
            (
                Self.nautilus, "org.gnome.Nautilus.desktop", [], "de_DE.UTF-8",
                DesktopEntry(
                    id: "org.gnome.Nautilus.desktop", name: "Dateien", icon: "org.gnome.Nautilus",
                    command: "nautilus --new-window"), #line
            ),
            (
                Self.nautilus, "n.desktop", [], "pt_BR.UTF-8",
                DesktopEntry(
                    id: "n.desktop", name: "Arquivos", icon: "org.gnome.Nautilus",
                    command: "nautilus --new-window"),
                #line
            ),
            (
                Self.nautilus, "n.desktop", [], "fr_FR.UTF-8",
                DesktopEntry(
                    id: "n.desktop", name: "Files", icon: "org.gnome.Nautilus",
                    command: "nautilus --new-window"),
                #line
            ),
            // buoy runs commands without a terminal: htop would start and end unseen.
            (Self.htop, "htop.desktop", [], nil, nil, #line),
        ]
        for (text, id, desktops, locale, expected, line) in cases {
            XCTAssertEqual(
                DesktopEntryParser.parse(Array(text.utf8), id: id, desktops: desktops, locale: locale),
                expected,
                line: line)
        }
    }

    func testEntriesLeftOut() {
        let cases: [(String, [String], UInt)] = [
            (with(Self.foot, "Type=Application", "Type=Link"), [], #line),
            (with(Self.foot, "Type=Application", ""), [], #line),
            (with(Self.foot, "Terminal=false", "NoDisplay=true"), [], #line),
            (with(Self.foot, "Terminal=false", "Hidden=true"), [], #line),
            (with(Self.foot, "Name=Foot", ""), [], #line),
            (with(Self.foot, "Exec=foot", ""), [], #line),
            (with(Self.foot, "Exec=foot", #"Exec="foot"#), [], #line),
            (with(Self.foot, "Exec=foot", "Exec=%U"), [], #line),
            (with(Self.foot, "Terminal=false", "OnlyShowIn=GNOME;Unity;"), ["sway"], #line),
            (with(Self.foot, "Terminal=false", "OnlyShowIn=GNOME;Unity;"), [], #line),
            (with(Self.foot, "Terminal=false", "NotShowIn=KDE;"), ["KDE"], #line),
            (with(Self.foot, "Terminal=false", "NotShowIn=KDE;"), ["ubuntu", "KDE"], #line),
            ("[Desktop Action new]\n" + Self.foot, [], #line),
            ("Name=Foot\nExec=foot\nType=Application\n", [], #line),
            (with(Self.foot, "Name=Foot", "Name=Fo\u{0}ot"), [], #line),
            // A helper, no window of its own: foot-server.desktop (issue 43: offered as "Foot Server").
            (
                with(with(Self.foot, "Name=Foot", "Name=Foot Server"), "Exec=foot", "Exec=foot --server"), [],
                #line
            ),
            (with(Self.foot, "Exec=foot", "Exec=emacs --daemon"), [], #line),
        ]
        for (text, desktops, line) in cases {
            XCTAssertNil(
                DesktopEntryParser.parse(Array(text.utf8), id: "x.desktop", desktops: desktops), line: line)
        }
    }

    func testEntriesKept() {
        let cases: [(String, [String], UInt)] = [
            (with(Self.foot, "Terminal=false", "OnlyShowIn=GNOME;sway;"), ["sway"], #line),
            (with(Self.foot, "Terminal=false", "OnlyShowIn=GNOME;"), ["ubuntu", "GNOME"], #line),
            (with(Self.foot, "Terminal=false", "NotShowIn=KDE;"), ["sway"], #line),
            (with(Self.foot, "Terminal=false", "NotShowIn=KDE;"), [], #line),
            (with(Self.foot, "Terminal=false", "NoDisplay=false"), [], #line),
            ("# A comment\n\r\n" + Self.foot.split(separator: "\n").joined(separator: "\r\n"), [], #line),
        ]
        for (text, desktops, line) in cases {
            XCTAssertEqual(
                DesktopEntryParser.parse(Array(text.utf8), id: "x.desktop", desktops: desktops)?.command,
                "foot",
                line: line)
        }
    }

    /// `TryExec` names a program that must be there, by path or on `PATH`.
    func testTryExec() {
        let installed: Set<String> = ["foot", "/opt/App Dir/app"]
        let cases: [(String, Bool, UInt)] = [
            ("TryExec=foot", true, #line),
            ("TryExec=footclient", false, #line),
            (#"TryExec=/opt/App\sDir/app"#, true, #line),
            ("TryExec=/usr/bin/foot", false, #line),
        ]
        for (tryExec, kept, line) in cases {
            let entry = DesktopEntryParser.parse(
                Array(with(Self.foot, "Terminal=false", tryExec).utf8), id: "foot.desktop",
                installed: installed.contains)
            XCTAssertEqual(entry != nil, kept, line: line)
        }
    }

    func testNameIconAndSpacing() {
        let text = "[Desktop Entry]\nType = Application\nName = My\\sApp\\\\\nIcon=\nExec = app\n"
        XCTAssertEqual(
            DesktopEntryParser.parse(Array(text.utf8), id: "a.desktop"),
            DesktopEntry(id: "a.desktop", name: "My App\\", icon: nil, command: "app"))
    }

    /// `Exec` after the string escapes: the command line buoy runs.
    func testExec() {
        let cases: [(String, String?, UInt)] = [
            ("firefox-esr %u", "firefox-esr", #line),
            ("nautilus --new-window %U", "nautilus --new-window", #line),
            ("app %f %F %u %U %i %c %k", "app", #line),
            ("app %d %D %n %N %v %m", "app", #line),
            ("app --file=%f", "app --file=", #line),
            ("app 100%%", "app 100%", #line),
            ("app  --two   --spaces", "app --two --spaces", #line),
            ("\"/opt/My App/bin/app\" %F", "'/opt/My App/bin/app'", #line),
            (#"sh -c "echo \"quoted\" \$HOME \`x\` \\""#, #"sh -c 'echo "quoted" $HOME `x` \'"#, #line),
            (#"sh -c "echo it's""#, #"sh -c 'echo it'\''s'"#, #line),
            ("app \"\"", "app ''", #line),
            ("app a\"b c\"d", "app 'ab cd'", #line),
            ("env GDK_BACKEND=wayland app", "env GDK_BACKEND=wayland app", #line),
            ("app; rm -rf ~", "'app;' rm -rf '~'", #line),
            ("app \"unclosed", nil, #line),
            ("app \"ends in \\", nil, #line),
            ("app %", nil, #line),
            ("%U", nil, #line),
            ("", nil, #line),
        ]
        for (exec, expected, line) in cases {
            XCTAssertEqual(DesktopExec.command(exec), expected, line: line)
        }
    }

    /// The string escapes come first, then the quoting: `\\$` in the file is
    /// `\$` inside quotes, a `$`.
    func testExecEscapesThenQuoting() {
        let text = "[Desktop Entry]\nType=Application\nName=E\nExec=sh -c \"echo \\\\$HOME\"\n"
        XCTAssertEqual(
            DesktopEntryParser.parse(Array(text.utf8), id: "e.desktop")?.command, "sh -c 'echo $HOME'")
    }

    func testLocaleSuffixes() {
        let cases: [(String?, [String], UInt)] = [
            ("sr_RS.UTF-8@latin", ["sr_RS@latin", "sr_RS", "sr@latin", "sr"], #line),
            ("de_DE.UTF-8", ["de_DE", "de"], #line),
            ("pt_BR", ["pt_BR", "pt"], #line),
            ("fr", ["fr"], #line),
            ("ca@valencia", ["ca@valencia", "ca"], #line),
            ("C.UTF-8", [], #line),
            ("C", [], #line),
            ("POSIX", [], #line),
            ("", [], #line),
            (nil, [], #line),
        ]
        for (locale, expected, line) in cases {
            XCTAssertEqual(DesktopEntryParser.localeSuffixes(locale), expected, line: line)
        }
    }
}
