import TWHost

/// Registry snapshots from arbitrary bytes: read, write back, read again.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSnapshotReader(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: start, count: count))
    guard let snapshot = try? RegistrySnapshot.read(bytes) else { return 0 }
    // Both layouts: the file twhost writes (one entry per line) and the
    // pretty-printed one of earlier releases.
    for written in [snapshot.fileText, snapshot.json.serialized()] {
        guard let again = try? RegistrySnapshot.read(Array(written.utf8)) else {
            preconditionFailure("a snapshot twhost wrote could not be read back")
        }
        precondition(again == snapshot, "a snapshot changed through a write and a read")
        precondition(again.misorder == nil, "a snapshot twhost wrote is not in canonical order")
    }
    _ = snapshot.text
    return 0
}
