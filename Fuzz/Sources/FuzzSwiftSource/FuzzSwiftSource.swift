import TWHost
import TWSwiftSource

/// Swift sources from arbitrary bytes: read with the toolchain's parser,
/// resolve (no plugins) and report; a file that does not parse must come back
/// with diagnostics, never a crash, and no two surfaces of a file share a path.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSwiftSource(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: start, count: count))
    let file = SwiftSources.read(path: "Fuzz.swift", bytes: bytes)
    guard let scene = file.scene else {
        precondition(!file.diagnostics.isEmpty, "a file that is not read must say why")
        return 0
    }
    guard let resolution = try? SceneResolver.resolve(scene, plugins: []) else { return 0 }
    // A surface's path names one surface.
    var paths = Set<String>()
    for surface in resolution.surfaces {
        precondition(paths.insert(surface.path).inserted, "two surfaces at one path")
    }
    _ = SceneReport.json(resolution, environment: scene.environment)
    _ = SceneReport.text(resolution, palette: .init(enabled: false))
    return 0
}
