import TWHost

/// Two snapshots (the input split at its first 0x00) diffed in every format.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDiff(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: start, count: count))
    let parts = bytes.split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false)
    guard parts.count == 2, let base = try? RegistrySnapshot.read(Array(parts[0])),
        let head = try? RegistrySnapshot.read(Array(parts[1]))
    else { return 0 }
    let findings = RegistryDiff.compare(base, head)
    precondition(RegistryDiff.compare(base, base).isEmpty, "a snapshot differs from itself")
    let report = DiffReport(baseLabel: "base", headLabel: "head", findings: findings, stale: [])
    _ = report.text(palette: .init(enabled: false))
    _ = report.json.serialized()
    _ = report.github
    _ = report.sarif.serialized()
    return 0
}
