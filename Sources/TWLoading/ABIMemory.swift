/// Copies of the ABI's C structs that never go through Swift's type metadata.
///
/// Swift uniques the metadata of imported C types by name across the whole
/// process: the host and every Swift plugin share one `tw_plugin_descriptor`
/// metadata, with the layout of whichever image asked for it first — possibly
/// a plugin built for another minor, with a different size. Unspecialized
/// generic code (what a debug build runs: `initialize(to:)`, `load(as:)`,
/// `allocate(capacity:)`) copies by that size. So the structs of the ABI are
/// copied here as bytes, with the size this image was compiled with (the
/// header's `TW_SIZEOF_*`), and only read through concrete, non-generic code.
enum ABIMemory {
    /// Fills `known` bytes at `destination` with the first `min(size, known)`
    /// bytes at `source` and zeros after them: a struct a plugin of another
    /// minor handed over, read into this host's layout.
    static func copy(_ source: UnsafeRawPointer, size: Int, into destination: UnsafeMutableRawPointer, known: Int) {
        destination.initializeMemory(as: UInt8.self, repeating: 0, count: known)
        destination.copyMemory(from: source, byteCount: min(max(size, 0), known))
    }

    /// New memory, never freed, holding the `byteCount` bytes of `value`.
    /// - Parameter byteCount: the struct's size in this image, `TW_SIZEOF_*`.
    static func permanent<T>(_ value: T, byteCount: Int) -> UnsafeMutablePointer<T> {
        let memory = UnsafeMutableRawPointer.allocate(byteCount: byteCount, alignment: 8)
        withUnsafeBytes(of: value) { bytes in
            // FFI boundary: the bytes of a value are never an empty buffer.
            memory.copyMemory(from: bytes.baseAddress!, byteCount: byteCount)
        }
        return memory.assumingMemoryBound(to: T.self)
    }
}
