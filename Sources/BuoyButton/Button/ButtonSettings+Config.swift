import BuoyConfig
import BuoyCore
import BuoyGestures

extension ButtonSettings {
    /// The settings of the button `spec` describes: what the controller
    /// takes from the config (`ButtonSettingsTests` holds the defaults of
    /// the two to each other).
    public init(_ spec: ButtonSpec) {
        let button = spec.button
        self.init(
            size: button.size, margin: button.margin, shape: button.shape, snapMode: spec.snap.to,
            snapDuration: spec.snap.duration, tuck: button.tuck,
            fade: IdleFade.Settings(
                activeOpacity: button.opacity, idleOpacity: button.idleOpacity, idleDelay: button.idleDelay,
                fadeDuration: button.fade),
            gestures: GestureSettings(
                dragThreshold: spec.gestures.dragThreshold, doubleTapWindow: spec.gestures.doubleTapWindow,
                longPressDelay: spec.gestures.longPressDelay, hasDoubleTap: spec.actions.doubleTap != nil,
                hasLongPress: spec.actions.longPress != nil, draggable: button.draggable,
                touchDragThreshold: spec.gestures.touchDragThreshold,
                touchDoubleTapWindow: spec.gestures.touchDoubleTapWindow,
                flicks: Set(
                    FlickDirection.allCases.filter { spec.actions[ButtonGesture(flick: $0)] != nil })
            ), removable: button.removable, feedback: button.feedback, position: button.position)
    }
}
