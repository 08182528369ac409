import TWHost

/// Two snapshots (the input split at its first 0x00) diffed in every format.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDiff(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: start, count: count))
    let parts = bytes.split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false)
    guard parts.count == 2, let base = try? RegistrySnapshot.read(Array(parts[0]), file: "base.json"),
        let head = try? RegistrySnapshot.read(Array(parts[1]), file: "head.json")
    else { return 0 }
    precondition(RegistryDiff.compare(base, base).isEmpty, "a snapshot differs from itself")
    let sides = (
        DiffSide(label: "base.json", snapshot: base, origin: .file("base.json")),
        DiffSide(label: "head.json", snapshot: head, origin: .file("head.json"))
    )
    guard let report = try? RegistryDiff.report(base: sides.0, head: sides.1) else {
        preconditionFailure("a diff without an allowlist cannot fail")
    }
    precondition(report.findings.allSatisfy { $0.location != nil }, "a finding without a location")
    _ = report.text(palette: .init(enabled: false))
    _ = report.json.serialized()
    _ = report.github
    _ = report.sarif.serialized()
    return 0
}
