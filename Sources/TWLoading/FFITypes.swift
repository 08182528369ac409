import CFFI
import TWModel

/// libffi type descriptions for the ABI's argument types. Struct types are
/// built once and never freed: a prepared `ffi_cif` points at them for the
/// life of the process.
enum FFITypes {
    /// The libffi type of a factory's fourth parameter, or nil for `none`.
    static func type(for argument: ArgumentType) -> UnsafeMutablePointer<ffi_type>? {
        switch argument {
        case .none: return nil
        case .number, .points, .angle, .seconds: return twffi_type_double()
        case .bool: return twffi_type_uint8()
        case .string: return twffi_type_pointer()
        case .color: return color
        case .vector: return vector
        case .animation: return animation
        case .custom: return payload
        }
    }

    // FFI boundary: created once and never freed. They are not read-only:
    // libffi fills in a struct type's size and alignment the first time a cif
    // that uses it is prepared. That happens only while a plugin loads, and
    // PluginLoader loads one file at a time under its lock, so those writes
    // never race; once set, nothing writes them again.
    nonisolated(unsafe) static let color = makeStruct(Array(repeating: twffi_type_double(), count: 4))
    nonisolated(unsafe) static let vector = makeStruct(Array(repeating: twffi_type_double(), count: 3))
    nonisolated(unsafe) static let animation = makeStruct(
        [twffi_type_sint32(), twffi_type_sint32()] + Array(repeating: twffi_type_double(), count: 5))
    nonisolated(unsafe) static let payload = makeStruct(
        [twffi_type_sint64(), twffi_type_double(), twffi_type_pointer()])

    /// An `FFI_TYPE_STRUCT` with the given members; libffi computes size and
    /// alignment when the first cif using it is prepared.
    private static func makeStruct(_ members: [UnsafeMutablePointer<ffi_type>?]) -> UnsafeMutablePointer<ffi_type> {
        let elements = UnsafeMutablePointer<UnsafeMutablePointer<ffi_type>?>.allocate(capacity: members.count + 1)
        elements.initialize(from: members + [nil], count: members.count + 1)
        let type = UnsafeMutablePointer<ffi_type>.allocate(capacity: 1)
        type.initialize(to: ffi_type())
        type.pointee.size = 0
        type.pointee.alignment = 0
        type.pointee.type = twffi_struct_type_code()
        type.pointee.elements = elements
        return type
    }
}
