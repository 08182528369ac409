import Glibc

/// Why a C string from a plugin was refused.
enum CStringProblem: Error, Equatable, Sendable {
    case null
    case empty
    case unterminated(limit: Int)
    case invalidUTF8

    var reason: String {
        switch self {
        case .null: return "is NULL"
        case .empty: return "is empty"
        case .unterminated(let limit): return "has no terminating NUL within \(limit) bytes"
        case .invalidUTF8: return "is not valid UTF-8"
        }
    }
}

/// Copies a NUL-terminated UTF-8 string that a plugin handed over, reading at
/// most `limit` bytes.
func copyPluginString(
    _ pointer: UnsafePointer<CChar>?, limit: Int = Int(TW_MAX_STRING_LENGTH_VALUE), allowEmpty: Bool = false
) -> Result<String, CStringProblem> {
    guard let pointer else { return .failure(.null) }
    let length = strnlen(pointer, limit + 1)
    if length > limit { return .failure(.unterminated(limit: limit)) }
    if length == 0 && !allowEmpty { return .failure(.empty) }
    let bytes = UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self)
    guard let string = String(validating: UnsafeBufferPointer(start: bytes, count: length), as: UTF8.self) else {
        return .failure(.invalidUTF8)
    }
    return .success(string)
}

/// Copies a C string leniently (for messages): invalid UTF-8 is repaired.
func copyMessage(_ pointer: UnsafePointer<CChar>?, limit: Int = 4096) -> String? {
    guard let pointer else { return nil }
    let length = strnlen(pointer, limit)
    let bytes = UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self)
    return String(decoding: UnsafeBufferPointer(start: bytes, count: length), as: UTF8.self)
}

let TW_MAX_STRING_LENGTH_VALUE: Int32 = 65536

/// Raw bytes as a C string (NULs dropped, one appended), which need not be UTF-8.
func withCString<R>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) -> R) -> R {
    let terminated = bytes.filter { $0 != 0 } + [0]
    return terminated.withUnsafeBufferPointer { buffer in
        buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: terminated.count, body)  // never empty
    }
}
