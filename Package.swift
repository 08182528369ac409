// swift-tools-version:6.0
import Foundation
import PackageDescription

/// The Swift toolchain's host libraries (SwiftSyntax, SwiftParser), which the
/// toolchain ships beside the compiler in `usr/lib/swift/host`. Found from the
/// `swiftc` on PATH with symlinks resolved, never from a fixed machine path,
/// so that twhost parses Swift with the same parser as the compiler that
/// builds it. Only the `TWSwiftSource` target uses it.
let swiftHostLibraries: String = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    var tried: [String] = []
    for directory in path.split(separator: ":") where directory.hasPrefix("/") {
        let candidate = "\(directory)/swiftc"
        guard FileManager.default.isExecutableFile(atPath: candidate) else { continue }
        let compiler = URL(fileURLWithPath: candidate).resolvingSymlinksInPath()
        let host = compiler.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("lib/swift/host").standardizedFileURL.path
        tried.append(host)
        if FileManager.default.fileExists(atPath: host + "/SwiftParser.swiftmodule") { return host }
    }
    let looked = tried.isEmpty ? "no swiftc found on PATH" : "looked in " + tried.joined(separator: ", ")
    FileHandle.standardError.write(
        Data(
            ("error: twhost needs the Swift toolchain's host libraries (SwiftParser, SwiftSyntax) in "
                + "<toolchain>/usr/lib/swift/host beside swiftc; \(looked). Put a Swift 6 toolchain's "
                + "usr/bin first on PATH.\n").utf8))
    exit(1)
}()

let package = Package(
    name: "twhost",
    products: [
        .executable(name: "twhost", targets: ["twhost-cli"]),
        .executable(name: "twhost-swift", targets: ["twhost-swift"]),
        .library(name: "TWHost", targets: ["TWHost"]),
        .library(name: "TWPluginKit", targets: ["TWPluginKit"]),
        // The Swift source reader, for the fuzz targets (it links the toolchain's host libraries).
        .library(name: "TWSwiftSource", targets: ["TWSwiftSource"]),
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
        // The host, one target per stage; each depends only on the stages
        // before it and on what they share (docs/Architecture.md):
        // Support → Model → Grammar | Loading → Registry → Resolution → Scenes → Identity,
        // with Platform (over Model) beside Resolution, Checking and Scaffold on top.
        .target(name: "TWSupport", path: "Sources/TWSupport"),
        .target(name: "TWModel", dependencies: ["TWSupport"], path: "Sources/TWModel"),
        .target(name: "TWGrammar", dependencies: ["TWModel"], path: "Sources/TWGrammar"),
        .target(
            name: "TWLoading", dependencies: ["TWSupport", "TWModel", "TWPluginAPI", "CFFI", "CTWContainment"],
            path: "Sources/TWLoading"),
        .target(name: "TWRegistry", dependencies: ["TWModel", "TWLoading"], path: "Sources/TWRegistry"),
        .target(name: "TWPlatform", dependencies: ["TWSupport", "TWModel"], path: "Sources/TWPlatform"),
        .target(
            name: "TWResolution", dependencies: ["TWSupport", "TWModel", "TWGrammar", "TWLoading", "TWRegistry"],
            path: "Sources/TWResolution"),
        .target(
            name: "TWScenes",
            dependencies: [
                "TWSupport", "TWModel", "TWGrammar", "TWLoading", "TWRegistry", "TWResolution", "TWPlatform",
            ], path: "Sources/TWScenes"),
        .target(
            name: "TWIdentity",
            dependencies: [
                "TWSupport", "TWModel", "TWGrammar", "TWRegistry", "TWResolution", "TWScenes",
            ], path: "Sources/TWIdentity"),
        .target(
            name: "TWChecking",
            dependencies: [
                "TWSupport", "TWModel", "TWLoading", "TWResolution",
            ], path: "Sources/TWChecking"),
        .target(name: "TWScaffold", dependencies: ["TWSupport", "TWModel"], path: "Sources/TWScaffold"),
        // `twhost preview`: surfaces drawn as HTML from their modifier IR.
        .target(
            name: "TWPreview", dependencies: ["TWSupport", "TWModel", "TWResolution", "TWScenes"],
            path: "Sources/TWPreview"),
        // The public umbrella: `import TWHost` re-exports every stage's public API.
        .target(
            name: "TWHost",
            dependencies: [
                "TWPluginAPI", "TWSupport", "TWModel", "TWGrammar", "TWLoading", "TWRegistry", "TWPlatform",
                "TWResolution", "TWScenes", "TWIdentity", "TWChecking", "TWScaffold",
            ], path: "Sources/TWHost"),
        .target(name: "TWPluginKit", dependencies: ["TWPluginAPI"], path: "Sources/TWPluginKit"),
        // Reads SwiftUI sources with the toolchain's own parser. The only target
        // with the host libraries' flags; only `twhost-swift` and the tests link it, so
        // TWHost, TWPluginKit and packages that depend on them stay flag-free.
        // Its sources import the host modules `@_implementationOnly` (no public
        // type holds a SwiftSyntax type), so importing TWSwiftSource needs no -I;
        // the compiler's warning about that attribute without library evolution
        // is expected (library evolution would need TWHost built the same way).
        .target(
            name: "TWSwiftSource",
            dependencies: [
                "TWSupport", "TWModel", "TWGrammar", "TWLoading", "TWResolution", "TWPlatform", "TWScenes",
                "TWChecking",
            ], path: "Sources/TWSwiftSource",
            swiftSettings: [.unsafeFlags(["-I", swiftHostLibraries])],
            linkerSettings: [
                .unsafeFlags([
                    "-L", swiftHostLibraries, "-lSwiftParser", "-lSwiftSyntax", "-Xlinker", "-rpath", "-Xlinker",
                    swiftHostLibraries,
                ])
            ]),
        // For plugins' own tests: runs a built plugin through the real twhost and diffs chains.
        .target(name: "TWPluginTesting", path: "Sources/TWPluginTesting"),
        // The language server (`twhost lsp`): JSON-RPC over stdio, documents, and one handler per request.
        .target(
            name: "TWLanguageServer", dependencies: ["TWSupport", "TWHost", "TWSwiftSource"],
            path: "Sources/TWLanguageServer"),
        // The command line: options, commands, output. It links no Swift source
        // reader: what reads Swift comes in through `SwiftFrontEnd`.
        .target(name: "TWCommandLine", dependencies: ["TWHost", "TWPreview"], path: "Sources/TWCommandLine"),
        // `twhost`: every command that reads no Swift source, without the host
        // libraries; the others run `twhost-swift` in its place.
        .executableTarget(name: "twhost-cli", dependencies: ["TWCommandLine"], path: "Sources/twhost-cli"),
        // `twhost-swift`: every command, with the Swift source reader and the language server.
        .executableTarget(
            name: "twhost-swift",
            dependencies: ["TWCommandLine", "TWHost", "TWPreview", "TWSwiftSource", "TWLanguageServer"],
            path: "Sources/twhost-swift"),
        // Release-build benchmarks, run by Scripts/bench.sh (never by the tests).
        .executableTarget(
            name: "twhost-bench", dependencies: ["TWHost", "TWSwiftSource"], path: "Sources/twhost-bench"),
        .target(name: "Material", dependencies: ["TWPluginAPI", "TWPluginKit"], path: "Plugins/Material"),
        .target(name: "Motion", dependencies: ["TWPluginAPI", "TWPluginKit"], path: "Plugins/Motion"),
        .target(
            name: "Typography", dependencies: ["TWPluginAPI"], path: "Plugins/Typography",
            cSettings: [.unsafeFlags(["-fvisibility=hidden"])]),
        .target(name: "Twin", dependencies: ["TWPluginAPI", "TWPluginKit"], path: "Tests/Fixtures/SwiftTwin"),
        .testTarget(
            name: "TWHostTests",
            dependencies: [
                "TWHost", "TWPluginAPI", "CTWContainment", "TWSupport", "TWModel", "TWLoading", "TWRegistry",
                "TWResolution", "TWScenes",
                "TWIdentity", "TWChecking", "TWPreview", "TWSwiftSource", "TWLanguageServer",
                "TWCommandLine", "twhost-cli", "twhost-swift",
            ], path: "Tests/TWHostTests"),
        .testTarget(
            name: "TWPluginKitTests", dependencies: ["TWPluginAPI", "TWPluginKit", "TWPluginTesting"],
            path: "Tests/TWPluginKitTests"),
    ]
)
