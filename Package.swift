// swift-tools-version:6.0
import PackageDescription

// The pure modules (BuoyCore, BuoyGestures, BuoyButton, BuoyConfig, BuoyCommandLine) depend on no C
// module and read no clock; the dependency lists below are what keeps them so.
// Resident memory is one of buoy's goals (peak RSS <= 10 MB on every build
// path), and these link choices are worth about 4 MB of it (bench/results.md),
// so they are made here, where a plain `swift build -c release`, which is what
// packagers run, takes them too:
// - the Swift standard library linked statically (-static-stdlib): no
//   libswiftCore.so and friends to map and relocate at start;
// - no PIE: a position-dependent executable needs no start-up relocations,
//   which would dirty its data pages;
// - libstdc++'s archive, not libstdc++.so: the static runtime's -lstdc++
//   finds packaging/link/libstdc++.so first, a linker script that names
//   libstdc++.a, so only the parts the Swift runtime uses are kept and
//   libstdc++.so's symbol tables are never paged in;
// - no exported symbols: the static runtime's link flags export every public
//   symbol of buoy's own modules (2,308 of them), whose dynamic symbol tables
//   the loader then reads for every library it binds (200 KiB resident);
// - identical functions folded where their address is never taken (safe
//   ICF): 53 KB less text, about 100 KiB less resident;
// - buoy's code in the order of packaging/link/buoy.order (`make order`): the
//   2,100 functions a session runs first, each in its own section
//   (-function-sections), then the rest. Scattered over 5 MB, they kept 4 MB
//   of text resident; together, 3 MB: about 1.1 MB less peak RSS.
// - the functions LLVM emits without a symbol (`.L__unnamed_N`, `.Lobjectdestroy`, key-path
//   accessors: 342 of them, 20 KB), which no order can name, kept together beside the ordered
//   ones by packaging/link/buoy-unnamed.ld. Left among the rest, the few that opening a menu
//   runs kept a dozen 64 KiB windows of text resident: 0.6 MB of peak RSS. Only with Swift
//   6.3 and later (swift.org's ships lld 21): the lld 17.0.0 of Debian's swiftlang 6.0.3
//   (trixie) and 6.2.3 (sid) aborts on an INSERT script beside the `--defsym main=buoy_main`
//   that SwiftPM adds to an executable ("cast<OutputDesc>() argument of incompatible type"
//   while sorting sections), so those builds go without it.
// - buoy only: libgcc's unwinder linked in (-static-libgcc). Nothing in buoy unwinds (the
//   runtime's C++ throws no exception and Swift errors are returned), yet libgcc_s.so.1,
//   which the static runtime names, kept 100 KiB resident only by being loaded.
// The linker is lld, which swift.org's toolchains and Debian's swiftlang both
// ship (/usr/libexec/swift/bin): the system ld takes neither ICF nor an order,
// and gold, which took both, is leaving binutils and is not in Debian's swiftlang.
let symbolOrder = Context.packageDirectory + "/packaging/link/buoy.order"
#if compiler(>=6.3)
    let unnamedFunctionsScript = [
        "-Xlinker", "-T", "-Xlinker", Context.packageDirectory + "/packaging/link/buoy-unnamed.ld",
    ]
#else
    let unnamedFunctionsScript: [String] = []
#endif
let residentMemoryLinkerFlags = [
    "-use-ld=lld", "-static-stdlib", "-Xclang-linker", "-no-pie", "-L",
    Context.packageDirectory + "/packaging/link",
    "-Xlinker", "--no-export-dynamic", "-Xlinker", "--icf=safe",
    // A build ID: what Debian's dh_strip files the debug symbols under (buoy-dbgsym).
    "-Xlinker", "--build-id",
]

// buoy's own code optimised for size in release builds: the kernel maps an
// executable's code in 64 KiB around each page it runs, so a smaller text is
// less resident memory (-Osize: 150 KB less text, 300 KiB less resident).
// Each function in a section of its own, for the symbol order above.
let small: [SwiftSetting] = [
    .unsafeFlags(["-Osize", "-Xfrontend", "-function-sections"], .when(configuration: .release))
]

let package = Package(
    name: "buoy",
    products: [
        .executable(name: "buoy", targets: ["buoy"]),
        // The pure core for other programs, one `import BuoyKit`: see Examples/FloatingButton.
        .library(name: "BuoyKit", targets: ["BuoyKit"]),
        .executable(name: "buoy-draw", targets: ["buoy-draw"]),
    ],
    targets: [
        .systemLibrary(
            name: "CWaylandClient", pkgConfig: "wayland-client", providers: [.apt(["libwayland-dev"])]),
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        // Text and SVG icons, linked only by the drawing helper (buoy-draw), never by buoy.
        .systemLibrary(name: "CPango", pkgConfig: "pangocairo", providers: [.apt(["libpango1.0-dev"])]),
        .systemLibrary(name: "CRsvg", pkgConfig: "librsvg-2.0", providers: [.apt(["librsvg2-dev"])]),
        .systemLibrary(
            name: "CXKBCommon", pkgConfig: "xkbcommon", providers: [.apt(["libxkbcommon-dev"])]),
        .target(name: "CWaylandProtocols", dependencies: ["CWaylandClient"]),
        .target(name: "CLinux"),
        // The one seam for read, write, close and spawn (FileDescriptor, Errno): buoy's and the drivers'.
        .target(name: "SystemCalls", dependencies: ["CLinux"], swiftSettings: small),

        // libm: Double.squareRoot() and friends lower to it.
        .target(name: "BuoyCore", swiftSettings: small, linkerSettings: [.linkedLibrary("m")]),
        .target(name: "BuoyGestures", dependencies: ["BuoyCore"], swiftSettings: small),
        .target(name: "BuoyConfig", dependencies: ["BuoyCore"], swiftSettings: small),
        .target(
            name: "BuoyButton", dependencies: ["BuoyCore", "BuoyGestures", "BuoyConfig"], swiftSettings: small
        ),
        // Re-exports the three above; buoy itself does not depend on it.
        .target(name: "BuoyKit", dependencies: ["BuoyCore", "BuoyGestures", "BuoyButton"]),
        .target(name: "BuoyServices", dependencies: ["BuoyCore"], swiftSettings: small),
        .target(
            name: "BuoyAccessibility",
            dependencies: ["BuoyCore", "BuoyServices", "BuoyButton", "BuoyConfig"],
            swiftSettings: small),
        // The executable's pure parts (its arguments, buoy msg's decisions and replies, which
        // instances the outputs call for), testable without a display.
        .target(
            name: "BuoyCommandLine", dependencies: ["BuoyCore", "BuoyButton", "BuoyConfig"],
            swiftSettings: small),
        // Reads and directory listings that buoy and its drawing helper share, and buoy's one
        // atomic write and lock (AtomicFile, FileLock).
        .target(name: "BuoyFiles", dependencies: ["SystemCalls"], swiftSettings: small),
        .target(
            name: "BuoyDrawing", dependencies: ["CCairo", "CLinux", "BuoyCore", "BuoyFiles", "SystemCalls"],
            swiftSettings: small),
        // What only the drawing helper links: Pango's labels and librsvg's icons.
        .target(
            name: "BuoyArtist",
            dependencies: [
                "CCairo", "CPango", "CRsvg", "CLinux", "BuoyCore", "BuoyFiles", "BuoyDrawing", "SystemCalls",
            ]),
        .executableTarget(
            name: "buoy-draw", dependencies: ["BuoyArtist"],
            linkerSettings: [.unsafeFlags(residentMemoryLinkerFlags)]),
        .target(
            name: "BuoyWayland",
            dependencies: [
                "CWaylandClient", "CWaylandProtocols", "CXKBCommon", "CLinux", "BuoyCore", "BuoyFiles",
                "SystemCalls",
            ], swiftSettings: small),
        .executableTarget(
            name: "buoy",
            dependencies: [
                "BuoyCore", "BuoyGestures", "BuoyButton", "BuoyCommandLine", "BuoyConfig", "BuoyDrawing",
                "BuoyFiles", "BuoyWayland", "BuoyServices", "BuoyAccessibility", "SystemCalls",
            ],
            swiftSettings: small,
            linkerSettings: [
                .unsafeFlags(
                    residentMemoryLinkerFlags + [
                        // A name the code no longer has only costs memory (`make bench` counts them).
                        "-Xlinker", "--symbol-ordering-file=" + symbolOrder, "-Xlinker",
                        "--no-warn-symbol-ordering", "-Xclang-linker", "-static-libgcc",
                    ] + unnamedFunctionsScript)
            ]),
        // Test drivers the e2e tests steer through stdin: a virtual pointer (wlroots), and
        // touch, pointer and keys through KWin's fake input. DriverSupport is their loop.
        .target(name: "DriverSupport", dependencies: ["CWaylandClient", "SystemCalls"]),
        .executableTarget(
            name: "buoy-pointer", dependencies: ["CWaylandClient", "CWaylandProtocols", "DriverSupport"]),
        .executableTarget(
            name: "buoy-touch",
            dependencies: ["CWaylandClient", "CWaylandProtocols", "DriverSupport"]),

        .testTarget(name: "BuoyCoreTests", dependencies: ["BuoyCore", "BuoyCommandLine"]),
        .testTarget(name: "BuoyGesturesTests", dependencies: ["BuoyGestures"]),
        .testTarget(name: "BuoyButtonTests", dependencies: ["BuoyButton"]),
        .testTarget(
            name: "BuoyCommandLineTests",
            dependencies: ["BuoyCommandLine", "BuoyCore", "BuoyButton", "BuoyConfig"]),
        .testTarget(name: "BuoyConfigTests", dependencies: ["BuoyConfig"]),
        .testTarget(
            name: "BuoyDrawingTests",
            dependencies: [
                "BuoyDrawing", "BuoyArtist", "BuoyFiles", "BuoyConfig", "CCairo", "CLinux", "SystemCalls",
            ]),
        .testTarget(name: "SystemCallsTests", dependencies: ["SystemCalls"]),
        .testTarget(name: "BuoyWaylandTests", dependencies: ["BuoyWayland", "CXKBCommon"]),
        .testTarget(
            name: "BuoyServicesTests", dependencies: ["BuoyServices", "BuoyCore", "BuoyAccessibility"]),
        .testTarget(
            name: "BuoyAccessibilityTests",
            dependencies: ["BuoyAccessibility", "BuoyServices", "BuoyCore", "BuoyButton", "BuoyConfig"]),
        .testTarget(name: "BuoyFilesTests", dependencies: ["BuoyFiles", "SystemCalls"]),
    ]
)
