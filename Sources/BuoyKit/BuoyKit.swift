// BuoyKit: buoy's pure core as one import, for other programs (see
// Examples/FloatingButton). It re-exports the modules that decide: geometry,
// snapping and placement (BuoyCore), the gesture recognizer (BuoyGestures),
// and the button's and the menu's controllers (BuoyButton). None of them
// imports C or reads a clock: the caller passes the time.
@_exported import BuoyButton
@_exported import BuoyCore
@_exported import BuoyGestures
