// swift-tools-version:6.0
import PackageDescription

// A program that uses buoy's pure core as a library: `make example` builds
// and runs it.
let package = Package(
    name: "FloatingButton",
    dependencies: [.package(name: "buoy", path: "../..")],
    targets: [
        .executableTarget(name: "FloatingButton", dependencies: [.product(name: "BuoyKit", package: "buoy")])
    ]
)
