import FuzzSupport

@_cdecl("FuzzSwiftSource_main")
public func fuzzerMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv) { data, size in fuzzSwiftSource(data, size) }
}
