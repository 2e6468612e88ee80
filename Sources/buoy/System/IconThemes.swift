import BuoyCore
import BuoyDrawing
import BuoyWayland

extension IconQuery {
    /// Icons looked up in `theme` at `size` buffer px and the integer
    /// `scale`, in the icon directories buoy's environment names (the
    /// drawing helper searches them: reading the themes costs memory that
    /// would otherwise stay in buoy).
    init(theme: String?, size: Int, scale: Int, known: [String: String] = [:], stamp: Int = 0) {
        self.init(
            theme: theme, size: size, scale: scale,
            baseDirectories: IconLookup.baseDirectories(
                home: Environment.string("HOME"), dataHome: Environment.string("XDG_DATA_HOME"),
                dataDirs: Environment.string("XDG_DATA_DIRS")),
            known: known, stamp: stamp)
    }
}
