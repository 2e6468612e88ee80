import BuoyButton
import BuoyCore
import BuoyDrawing
import BuoyWayland

/// The button's face: its icon, label and badge drawn by children, and
/// the buffer it is painted into.
extension ButtonInstance {
    /// Takes the face's and the badge's images once their children have
    /// drawn them, and has one drawn when the face or the badge, its colour
    /// or the scale changed (`FaceDrawing`). `clickGlyph` is shown in place
    /// of the face while a click type is armed from this button.
    func updateFace(_ wakeup: Wakeup, now: Double, clickGlyph: Glyph?, log: Logger) {
        var face: FaceDrawing.Wanted?
        var badgeText: FaceDrawing.Wanted?
        if layer != nil {
            let scale = self.scale
            let look = ButtonLook(diameter: spec.button.size, color: spec.button.color, opacity: 1)
            face = FaceDrawing.Wanted(
                face: clickGlyph.map { ButtonFace.icon($0.iconName) } ?? spec.button.face,
                color: spec.button.glyphColor,
                side: look.faceSide(scale: scale),
                iconTheme: spec.menu.iconTheme, font: spec.menu.font, iconScale: scale.ceiling)
            badgeText = FaceDrawing.Wanted(
                face: badge.map(ButtonFace.label) ?? .glyph, color: spec.button.badgeTextColor,
                side: look.badgeTextSide(scale: scale), iconTheme: nil, font: spec.menu.font,
                iconScale: scale.ceiling)
        }
        faceDrawing.update(wakeup, wanted: face, now: now, label: label, log: log)
        badgeDrawing.update(wakeup, wanted: badgeText, now: now, label: "\(label) badge", log: log)
    }

    /// The badge as it is drawn: its colour and the text's image, if a badge is set.
    var drawnBadge: ButtonBadge? {
        badge.map { _ in
            ButtonBadge(
                color: spec.button.badgeColor, text: badgeDrawing.image, fades: spec.button.badgeFades)
        }
    }

    /// The button's look in `appearance`.
    func look(_ appearance: ButtonAppearance) -> ButtonLook {
        ButtonLook(
            diameter: spec.button.size, color: spec.button.color, opacity: appearance.opacity,
            shape: spec.button.shape, pressed: appearance.pressDepth, glyphColor: spec.button.glyphColor,
            dwell: appearance.dwell)
    }

    /// The face's buffer for `look`: the one painted last if nothing it
    /// shows changed, else a free one painted now; nil while both buffers
    /// are still on screen (the next frame tries again).
    func paintedFace(_ look: ButtonLook, scale: BufferScale, turns: Int, log: Logger) -> ShmBuffer? {
        let faceImage = faceDrawing.image
        let badge = drawnBadge
        if let painted, painted.look == look, painted.faceImage == faceImage, painted.badge == badge,
            painted.scale == scale, painted.turns == turns
        {
            return painted.buffer
        }
        let side = look.bufferSide(scale: scale)
        let free: ShmBuffer?
        do { free = try buffers.free(width: side, height: side) } catch {
            log.error("\(label): \(error)")
            return nil
        }
        guard let buffer = free else { return nil }
        ButtonPainter.paint(
            look, face: faceImage, badge: badge, scale: scale, quarterTurns: turns, into: buffer.data,
            stride: buffer.stride)
        buffer.releasePages()
        painted = (look, faceImage, badge, scale, turns, buffer)
        return buffer
    }

    /// Shows the face's image, `look.imageSide` logical px square, on `face`
    /// with its top-left at `topLeft`.
    func show(_ buffer: ShmBuffer, on face: Subsurface, look: ButtonLook, at topLeft: Point) {
        let side = Int(look.imageSide)
        face.show(buffer, size: (side, side))
        face.setPosition(x: Int(topLeft.x), y: Int(topLeft.y))
    }
}
