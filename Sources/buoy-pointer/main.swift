// buoy-pointer: a virtual pointer the e2e tests steer through stdin.
//
// One command per line (move, down, up, click, drag, sleep, size, quit); each is answered
// with `ok` or `error: ...` once a roundtrip shows the compositor has processed it.
// Positions are the first output's logical pixels; with `--layout`, the whole layout's.
import DriverSupport

runDriver(Driver.self)
