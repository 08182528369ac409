import TWHost

/// Class lists from arbitrary bytes: text, and text with typed values built
/// from the input, resolved strictly and leniently on every target.
let scope = ResolutionScope(registry: PluginRegistry(plugins: []))

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzClassParser(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: start, count: count))
    guard let mode = bytes.first else { return 0 }
    var segments: [TWClasses.Segment] = []
    // Mode 0: one text segment. Otherwise: 0xFF splits the rest into pieces,
    // each either text or a typed value chosen by its first byte.
    let rest = Array(bytes.dropFirst())
    if mode % 2 == 0 {
        segments = [.text(String(decoding: rest, as: UTF8.self))]
    } else {
        for piece in rest.split(separator: 0xFF, omittingEmptySubsequences: false) {
            guard let kind = piece.first else { continue }
            let body = Array(piece.dropFirst())
            let text = String(decoding: body, as: UTF8.self)
            let number = body.prefix(8).reduce(0.0) { $0 * 256 + Double($1) } - 1e6
            switch kind % 8 {
            case 0: segments.append(.value(.number(number)))
            case 1: segments.append(.value(.string(text)))
            case 2: segments.append(.value(.angle(number)))
            case 3: segments.append(.value(.color(ColorValue(red: Double(kind) / 255, green: 0.5, blue: 1, alpha: 1))))
            case 4: segments.append(.fragment(TWClasses(text)))
            case 5: segments.append(.value(.points(kind > 200 ? .infinity : number)))
            case 6: segments.append(.value(.animation(AnimationValue(curve: .spring, duration: number))))
            default: segments.append(.text(text))
            }
        }
    }
    let classes = TWClasses(segments: segments)
    for kind in SurfaceSource.Kind.allCases {
        let strict = SurfaceResolver.resolve(
            classes, source: SurfaceSource(kind), scope: scope, options: .init(memoised: false))
        let lenient = SurfaceResolver.resolve(
            classes, source: SurfaceSource(kind), scope: scope, options: .init(lenient: true, memoised: false))
        // Structure never depends on validity.
        precondition(strict.identity == lenient.identity, "identity changed with strictness")
        _ = strict.chain.map(\.modifier.swiftCode)
    }
    _ = SurfaceReport.explain(
        classes, SurfaceResolver.resolve(classes, source: SurfaceSource(.view), scope: scope),
        palette: .init(enabled: false))
    return 0
}
