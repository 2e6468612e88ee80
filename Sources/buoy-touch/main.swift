// buoy-touch: touch (and pointer and keys) through KWin's org_kde_kwin_fake_input, for the
// e2e tests. Coordinates are global logical pixels.
//
// One command per line (down, motion, up, cancel, frame, tap, drag, move, pointer-down,
// pointer-up, click, pointer-drag, key, sleep, quit); each is answered with `ok` or
// `error: ...` once a roundtrip shows the compositor has processed it.
import DriverSupport

runDriver(Driver.self)
