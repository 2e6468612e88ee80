import BuoyConfig
import BuoyCore
import XCTest

@testable import BuoyArtist
@testable import BuoyDrawing

/// Issue 43: on a 360 px portrait phone an 8-item panel lost its labels'
/// second lines ("Volume up" read "Volume"), and "Terminal" was cut on both
/// sides. Every label is whole at every width from 320 px, in four
/// languages: the grid reflows to fewer columns or the roomier side, the
/// labels wrap within their tiles, and no glyph is cut.
final class PhonePanelTests: XCTestCase {
    /// Eight items as a phone's menu has them, per language.
    private let languages: [(String, [String], UInt)] = [
        (
            "en",
            [
                "Right click", "Undo", "Volume up", "Device", "Mute", "Terminal", "Brightness down",
                "Notifications",
            ],
            #line
        ),
        (
            "de",
            [
                "Rechtsklick", "Rückgängig", "Lauter", "Gerät", "Stumm", "Terminal", "Bildschirmfoto",
                "Sperren",
            ],
            #line
        ),
        (
            "ru",
            [
                "Правый клик", "Отменить", "Громче", "Устройство", "Без звука", "Терминал", "Снимок экрана",
                "Блокировка",
            ],
            #line
        ),
        ("ja", ["右クリック", "元に戻す", "音量を上げる", "デバイス", "ミュート", "端末", "スクリーンショット", "通知"], #line),
    ]

    /// Phones upright from 320 px and on their side (640 × 360 and up),
    /// tablets and desktops.
    private var outputs: [Size] {
        stride(from: 320, through: 1920, by: 40).flatMap { width -> [Size] in
            let w = Double(width)
            let upright = Size(width: w, height: min(2 * w, 1440))
            return w < 640 ? [upright] : [upright, Size(width: w, height: max(360, w * 9 / 16))]
        }
    }

    /// Where a phone's button rests: phone.toml's 72 px in a corner, and a
    /// first run's 56 px at the middle of an edge.
    private func buttons(in usable: Rect) -> [(String, Rect)] {
        let corner = RestPosition.corner(.bottomRight).origin(in: usable, size: 72, margin: 16)
        let right = RestPosition.edge(.right, fraction: 0.5).origin(in: usable, size: 56, margin: 8)
        let left = RestPosition.edge(.left, fraction: 0.5).origin(in: usable, size: 56, margin: 8)
        let bottom = RestPosition.edge(.bottom, fraction: 0.5).origin(in: usable, size: 56, margin: 8)
        return [
            ("bottom-right", Rect(origin: corner, size: Size(width: 72, height: 72))),
            ("right", Rect(origin: right, size: Size(width: 56, height: 56))),
            ("left", Rect(origin: left, size: Size(width: 56, height: 56))),
            ("bottom", Rect(origin: bottom, size: Size(width: 56, height: 56))),
        ]
    }

    func testEveryLabelIsWholeOnAPanelAtEveryWidthFrom320Px() {
        // phone.toml's sizes and the defaults.
        let looks: [(itemSize: Double, rowHeight: Double)] = [(48, 56), (Menu().itemSize, Menu().rowHeight)]
        var measured: [String: (size: Size, cut: Bool)] = [:]
        var painted: [String: [String]] = [:]
        func paintedLines(_ text: String, _ width: Double) -> [String] {
            let key = "\(width) \(text)"
            if let known = painted[key] { return known }
            let lines = MenuPainter.paintedLines(text, font: Menu().font, pillWidth: width)
            painted[key] = lines
            return lines
        }
        func measure(_ text: String, _ width: Double?) -> (size: Size, cut: Bool) {
            let key = "\(width) \(text)"
            if let known = measured[key] { return known }
            let result = MenuPainter.measuredLabel(
                text, font: Menu().font, wrapWidth: width, breakingWords: true)
            measured[key] = result
            return result
        }
        for (language, labels, line) in languages {
            for output in outputs {
                let usable = Rect(origin: Point(x: 0, y: 0), size: output)
                for (position, button) in buttons(in: usable) {
                    for look in looks {
                        let arrangement = MenuArrangement(
                            kind: .panel, button: button, usable: usable, count: labels.count,
                            itemSize: look.itemSize, spacing: 12, minRowHeight: look.rowHeight)
                        let sizes = MenuPainter.measureLabels(
                            labels, font: Menu().font, arrangement: arrangement)
                        let layout = arrangement.arrange(labels: sizes)
                        let what =
                            "\(language) \(Int(output.width))×\(Int(output.height)) \(position) \(look)"
                        guard let panel = layout.panel else { return XCTFail(what, line: line) }
                        XCTAssertTrue(
                            inside(panel.frame, usable.insetBy(12)), "\(what): \(panel.frame)", line: line)
                        for (i, item) in layout.items.enumerated() {
                            let pill = item.label
                            // Painted, the label wraps to its pill (a word too long for any
                            // cell broken inside): there it is whole, on two lines at most.
                            let painted = measure(labels[i], pill.width)
                            XCTAssertFalse(painted.cut, "\(what): \(labels[i]) cut in \(pill)", line: line)
                            XCTAssertEqual(pill.width, sizes[i].width, "\(what): \(labels[i])", line: line)
                            XCTAssertGreaterThanOrEqual(
                                pill.height, painted.size.height, "\(what): \(labels[i])", line: line)
                            XCTAssertTrue(inside(pill, item.target), "\(what): \(labels[i])", line: line)
                            // A word that fits on a line of its cell is not broken inside
                            // ("Notificatio-ns" at 360 px, issue 43). Japanese breaks between
                            // any two characters, as it is written.
                            guard language != "ja" else { continue }
                            let lines = paintedLines(labels[i], pill.width)
                            for (before, after) in zip(lines, lines.dropFirst())
                            where before.last?.isWhitespace == false && after.first?.isWhitespace == false {
                                let word =
                                    String(before.split(separator: " ").last ?? "")
                                    + (after.split(separator: " ").first ?? "")
                                // Its text, with the 3 px its cell keeps on each side.
                                let fits =
                                    measure(word, nil).size.width - 2 * MenuPainter.labelPadding.width
                                    <= item.target.width - 2 * 3
                                XCTAssertFalse(fits, "\(what): \(lines) in \(item.target.width)", line: line)
                            }
                        }
                    }
                }
            }
        }
    }

    private func inside(_ r: Rect, _ outer: Rect) -> Bool {
        r.minX >= outer.minX - 1e-9 && r.maxX <= outer.maxX + 1e-9 && r.minY >= outer.minY - 1e-9
            && r.maxY <= outer.maxY + 1e-9
    }
}
