// SwiftPM links an executable's entry point as `FuzzDiff_main`; here it hands
// control to libFuzzer's driver with this target's LLVMFuzzerTestOneInput.
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> Int32
) -> Int32

@_cdecl("FuzzDiff_main")
public func fuzzerMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var count = argc
    var vector = argv
    return runFuzzerDriver(&count, &vector) { data, size in fuzzDiff(data, size) }
}
