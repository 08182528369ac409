// swift-tools-version:6.0
// libFuzzer targets for twhost, built by Scripts/fuzz.sh with
// -sanitize=fuzzer,address. Each target exports LLVMFuzzerTestOneInput;
// libFuzzer supplies main.
import PackageDescription

let fuzz: [String] = ["FuzzClassParser", "FuzzSceneReader", "FuzzSnapshotReader", "FuzzDiff", "FuzzSwiftSource"]

let package = Package(
    name: "TWHostFuzz",
    dependencies: [.package(name: "twhost", path: "..")],
    targets: [.target(name: "FuzzSupport", path: "Sources/FuzzSupport")]
        + fuzz.map { name in
            .executableTarget(
                name: name,
                dependencies: ["FuzzSupport", .product(name: "TWHost", package: "twhost")]
                    + (name == "FuzzSwiftSource" ? [.product(name: "TWSwiftSource", package: "twhost")] : []),
                path: "Sources/\(name)", swiftSettings: [.unsafeFlags(["-parse-as-library"])])
        }
)
