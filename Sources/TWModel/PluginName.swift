/// Plugin, registration and recipe names: `[a-z][a-z0-9-]{0,63}`.
public func isValidPluginName(_ name: String) -> Bool {
    let bytes = Array(name.utf8)
    guard let first = bytes.first, bytes.count <= 64, first >= 0x61 && first <= 0x7A else { return false }
    for byte in bytes.dropFirst() {
        let ok = (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D
        if !ok { return false }
    }
    return true
}
