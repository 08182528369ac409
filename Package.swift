// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "twhost",
    products: [
        .executable(name: "twhost", targets: ["twhost-cli"]),
        .library(name: "TWHost", targets: ["TWHost"]),
        .library(name: "TWPluginKit", targets: ["TWPluginKit"]),
        .library(name: "TWPluginTesting", targets: ["TWPluginTesting"]),
        .library(name: "Material", type: .dynamic, targets: ["Material"]),
        .library(name: "Motion", type: .dynamic, targets: ["Motion"]),
        .library(name: "Typography", type: .dynamic, targets: ["Typography"]),
        // A test fixture: the TWPluginKit twin of Tests/Fixtures/plugins/twin.c (libTwin.so).
        .library(name: "Twin", type: .dynamic, targets: ["Twin"]),
    ],
    targets: [
        // The plugin ABI: one C header, usable from C and Swift.
        .target(name: "TWPluginAPI", path: "Sources/TWPluginAPI"),
        // libffi from Debian's libffi-dev, plus inline accessors for its globals.
        .systemLibrary(
            name: "CFFI", path: "Sources/CFFI", pkgConfig: "libffi",
            providers: [.apt(["libffi-dev"])]),
        // Containment of plugin code in process: the crash handler, exit
        // hook and watchdog, in C because a signal handler must be.
        .target(name: "CTWContainment", dependencies: ["TWPluginAPI"], path: "Sources/CTWContainment"),
        .target(name: "TWHost", dependencies: ["TWPluginAPI", "CFFI", "CTWContainment"], path: "Sources/TWHost"),
        .target(name: "TWPluginKit", dependencies: ["TWPluginAPI"], path: "Sources/TWPluginKit"),
        // For plugins' own tests: runs a built plugin through the real twhost and diffs chains.
        .target(name: "TWPluginTesting", path: "Sources/TWPluginTesting"),
        .executableTarget(name: "twhost-cli", dependencies: ["TWHost"], path: "Sources/twhost-cli"),
        // Release-build benchmarks, run by Scripts/bench.sh (never by the tests).
        .executableTarget(name: "twhost-bench", dependencies: ["TWHost"], path: "Sources/twhost-bench"),
        .target(name: "Material", dependencies: ["TWPluginKit"], path: "Plugins/Material"),
        .target(name: "Motion", dependencies: ["TWPluginKit"], path: "Plugins/Motion"),
        .target(
            name: "Typography", dependencies: ["TWPluginAPI"], path: "Plugins/Typography",
            cSettings: [.unsafeFlags(["-fvisibility=hidden"])]),
        .target(name: "Twin", dependencies: ["TWPluginKit"], path: "Tests/Fixtures/SwiftTwin"),
        .testTarget(
            name: "TWHostTests", dependencies: ["TWHost", "TWPluginAPI"], path: "Tests/TWHostTests"),
        .testTarget(
            name: "TWPluginKitTests", dependencies: ["TWPluginKit", "TWPluginTesting"], path: "Tests/TWPluginKitTests"),
    ]
)
