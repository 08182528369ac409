// swift-tools-version:6.0
// A Swift twhost plugin, ready to copy. It depends on this repository by path;
// in your own project, point the path (or a URL) at your twhost checkout.
import PackageDescription

let package = Package(
    name: "HelloPlugin",
    products: [
        // Built as libHello.so: the file twhost loads with `--plugins hello`.
        .library(name: "Hello", type: .dynamic, targets: ["Hello"])
    ],
    dependencies: [
        .package(name: "twhost", path: "../..")
    ],
    targets: [
        .target(name: "Hello", dependencies: [.product(name: "TWPluginKit", package: "twhost")]),
        // The test runs libHello.so through the twhost binary (TWPluginTesting).
        .testTarget(name: "HelloTests", dependencies: [.product(name: "TWPluginTesting", package: "twhost")]),
    ]
)
