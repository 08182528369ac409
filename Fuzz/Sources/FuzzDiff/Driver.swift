import FuzzSupport

@_cdecl("FuzzDiff_main")
public func fuzzerMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv) { data, size in fuzzDiff(data, size) }
}
