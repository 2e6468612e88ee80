import BuoyFiles
import Glibc

/// buoy's drawing helper, `buoy-draw`: the one program that links Pango
/// and librsvg, started for each drawing job (`DrawJob`). buoy never loads
/// a font or decodes an icon itself, and the helper starts from a clean
/// process image: it holds only its job, its report and the files it draws
/// into, and dies with buoy.
package enum DrawingHelper {
    package static let name = "buoy-draw"

    /// Where `make install` puts it, from the directory of buoy's binary
    /// (`$(PREFIX)/bin` to `$(PREFIX)/libexec/buoy`).
    static let installed = "../libexec/buoy/" + name

    /// How long one SVG icon may take to render, in milliseconds.
    package static let svgTimeout: Int32 = 2000

    /// Where to look for the helper, best first, for the program at
    /// `executable`: beside it (the build tree, and the helper starting one
    /// of its own), then where `make install` puts it.
    package static func candidates(beside executable: String) -> [String] {
        guard let slash = executable.lastIndex(of: "/") else { return [] }
        let directory = String(executable[...slash])
        return [directory + name, directory + installed]
    }

    /// The first of `candidates` that `isExecutable`; nil if none is.
    package static func locate(beside executable: String, isExecutable: (String) -> Bool) -> String? {
        candidates(beside: executable).first(where: isExecutable)
    }

    /// Starts the helper on `job`, with `files` (its descriptors from
    /// `HelperFiles.first` on) to draw into.
    package static func start(_ job: DrawJob, files: [Int32], reaping: ChildReaping) throws(ChildStartError)
        -> ChildJob
    {
        let executable = Files.executablePath
        guard let program = locate(beside: executable, isExecutable: { access($0, X_OK) == 0 }) else {
            let tried = candidates(beside: executable).joined(separator: " or ")
            throw ChildStartError(description: "no drawing helper at \(tried)")
        }
        // Its parent's pid, so that it can tell whether it outlived it.
        return try ChildJob(
            program: program, arguments: [String(getpid())], input: job.bytes, files: files, reaping: reaping)
    }
}
