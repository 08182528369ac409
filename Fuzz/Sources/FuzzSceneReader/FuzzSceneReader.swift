import TWHost

/// Scene files from arbitrary bytes: read, resolve (no plugins) and report.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSceneReader(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: start, count: count))
    var reader = SceneReader()
    guard let scene = try? reader.read(bytes) else { return 0 }
    guard let resolution = try? SceneResolver.resolve(scene, plugins: []) else { return 0 }
    _ = SceneReport.json(resolution, environment: scene.environment)
    _ = SceneReport.text(resolution, palette: .init(enabled: false))
    return 0
}
