import TWModel
import TWSupport

/// Reads a registry snapshot straight from its bytes, in one pass, into
/// entries, without a general JSON tree: what `twhost diff` spends most of
/// its time on for large registries.
///
/// It accepts only what `RegistrySnapshot.read` accepts, and builds exactly
/// what that reader builds; anything else — invalid JSON, a missing or
/// mistyped field, a duplicate key or registration, an unknown member, a
/// number written other than as a plain integer — makes it answer nil, and
/// `read` reads the file again with the general JSON reader, which owns every
/// error message. A file `twhost registry` wrote never takes that path; a
/// hand-edited one may, and then costs what it always did.
struct SnapshotDecoder {
    /// What the file says, before the entries are put in canonical order.
    struct Contents {
        var plugins: [RegistrySnapshot.Plugin]
        var entries: [RegistrySnapshot.Entry]
        var positions: RegistrySnapshot.Positions
    }

    /// Thrown inside the decoder: the file needs the general reader.
    private struct NotPlain: Error {}

    private let bytes: UnsafeBufferPointer<UInt8>
    /// The same bytes as an array, for the general reader's string decoding.
    private let source: [UInt8]
    private let file: String
    private var index = 0
    private var line = 1
    private var lineStart = 0

    /// The contents of a well-formed snapshot, or nil when the general
    /// reader must read it (to accept it, or to say what is wrong).
    static func decode(_ bytes: [UInt8], file: String) -> Contents? {
        bytes.withUnsafeBufferPointer { buffer in
            var decoder = SnapshotDecoder(bytes: buffer, source: bytes, file: file)
            return try? decoder.snapshot()
        }
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, source: [UInt8], file: String) {
        self.bytes = bytes
        self.source = source
        self.file = file
    }

    // MARK: the snapshot's shape

    private mutating func snapshot() throws(NotPlain) -> Contents {
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { index = 3 }
        var version = false
        var plugins: [RegistrySnapshot.Plugin]?
        var entries: [RegistrySnapshot.Entry]?
        var positions = RegistrySnapshot.Positions()
        skipWhitespace()
        try object { (decoder: inout SnapshotDecoder, key: Key) throws(NotPlain) in
            switch key {
            case .twhostRegistry where !version:
                // Only the plain `1`: other spellings of a number go the general way.
                try decoder.expect(UInt8(ascii: "1"))
                version = true
            case .plugins where plugins == nil:
                plugins = try decoder.plugins(&positions)
            case .registrations where entries == nil:
                entries = try decoder.registrations(&positions)
            default: throw NotPlain()
            }
        }
        skipWhitespace()
        guard version, let plugins, let entries, index == bytes.count else { throw NotPlain() }
        return Contents(plugins: plugins, entries: entries, positions: positions)
    }

    private mutating func plugins(_ positions: inout RegistrySnapshot.Positions) throws(NotPlain)
        -> [RegistrySnapshot.Plugin]
    {
        var out: [RegistrySnapshot.Plugin] = []
        try array { (decoder: inout SnapshotDecoder) throws(NotPlain) in
            let at = decoder.location
            var name: String?
            var version: String?
            var abi: String?
            try decoder.object { (decoder: inout SnapshotDecoder, key: Key) throws(NotPlain) in
                switch key {
                case .name where name == nil: name = try decoder.string()
                case .version where version == nil: version = try decoder.string()
                case .abi where abi == nil: abi = try decoder.string()
                default: throw NotPlain()
                }
            }
            guard let name, let version, let abi else { throw NotPlain() }
            out.append(RegistrySnapshot.Plugin(name: name, version: version, abi: abi))
            if positions.plugins[name] == nil { positions.plugins[name] = at }
        }
        return out
    }

    private mutating func registrations(_ positions: inout RegistrySnapshot.Positions) throws(NotPlain)
        -> [RegistrySnapshot.Entry]
    {
        var out: [RegistrySnapshot.Entry] = []
        try array { (decoder: inout SnapshotDecoder) throws(NotPlain) in
            let at = decoder.location
            let entry = try decoder.entry()
            // Keys are unique: a second one is the general reader's error to report.
            let key = entry.key
            guard positions.entries[key] == nil else { throw NotPlain() }
            positions.entries[key] = at
            out.append(entry)
        }
        return out
    }

    /// One registration, with the fields and checks of `RegistrySnapshot.read`.
    private mutating func entry() throws(NotPlain) -> RegistrySnapshot.Entry {
        var seen: UInt32 = 0
        var name: String?
        var plugin: String?
        var kind: RegistrySnapshot.Kind?
        var fields = RegistrySnapshot.Entry(name: "", plugin: "", kind: .modifier)
        var order: Int?
        var structure = false
        try object { (decoder: inout SnapshotDecoder, key: Key) throws(NotPlain) in
            guard seen & key.bit == 0 else { throw NotPlain() }
            seen |= key.bit
            switch key {
            case .name: name = try decoder.string()
            case .plugin: plugin = try decoder.string()
            case .kind:
                guard let k = RegistrySnapshot.Kind(rawValue: try decoder.string()) else { throw NotPlain() }
                kind = k
            case .form: fields.form = try decoder.string()
            case .phase: fields.phase = try decoder.string()
            case .order: order = try decoder.integer()
            case .conflictKey: fields.conflictKey = try decoder.string()
            case .argumentType: fields.argumentType = try decoder.string()
            case .default: fields.defaultArgument = try decoder.optionalString()
            case .structure:
                try decoder.pair(&fields.activeStructure, &fields.inactiveStructure)
                structure = true
            case .modifier: try decoder.pair(&fields.activeModifier, &fields.inactiveModifier)
            case .probeError: fields.probeError = try decoder.optionalString()
            case .classes: fields.classes = try decoder.string()
            case .probes:
                var probes: [String] = []
                try decoder.array { (decoder: inout SnapshotDecoder) throws(NotPlain) in
                    probes.append(try decoder.string())
                }
                fields.probes = probes
            default: throw NotPlain()
            }
        }
        guard let name, let plugin, let kind else { throw NotPlain() }
        var entry = RegistrySnapshot.Entry(name: name, plugin: plugin, kind: kind)
        // Only the fields the kind has, each as the general reader requires it;
        // a field of another kind is read (so it is valid JSON) and dropped, as there.
        switch kind {
        case .modifier:
            guard let form = fields.form, RegistrationForm(rawValue: form) != nil,
                let phase = fields.phase, ["source", "content", "effects"].contains(phase),
                let order, fields.conflictKey != nil,
                let type = fields.argumentType, ArgumentType(rawValue: type) != nil,
                structure
            else { throw NotPlain() }
            entry.form = form
            entry.phase = phase
            entry.order = order
            entry.conflictKey = fields.conflictKey
            entry.argumentType = type
            entry.defaultArgument = fields.defaultArgument
            entry.activeStructure = fields.activeStructure
            entry.inactiveStructure = fields.inactiveStructure
            entry.activeModifier = fields.activeModifier
            entry.inactiveModifier = fields.inactiveModifier
            entry.probeError = fields.probeError
        case .recipe:
            guard let classes = fields.classes else { throw NotPlain() }
            entry.classes = classes
        case .utility, .animation:
            guard let probes = fields.probes else { throw NotPlain() }
            entry.probes = probes
        }
        return entry
    }

    // MARK: JSON, strictly

    /// The members a snapshot has; any other key goes to the general reader.
    private enum Key: Int {
        case twhostRegistry, plugins, registrations
        case name, version, abi, plugin, kind, form, phase, order, conflictKey, argumentType, `default`
        case structure, modifier, probeError, classes, probes, active, inactive

        var bit: UInt32 { 1 << UInt32(rawValue) }

        init?(_ bytes: UnsafeBufferPointer<UInt8>) {
            // Compared as bytes: no String is made for a key.
            func equals(_ text: StaticString) -> Bool {
                text.withUTF8Buffer { $0.elementsEqual(bytes) }
            }
            switch bytes.count {
            case 3: if equals("abi") { self = .abi } else { return nil }
            case 4:
                if equals("name") {
                    self = .name
                } else if equals("kind") {
                    self = .kind
                } else if equals("form") {
                    self = .form
                } else {
                    return nil
                }
            case 5:
                if equals("phase") { self = .phase } else if equals("order") { self = .order } else { return nil }
            case 6:
                if equals("plugin") {
                    self = .plugin
                } else if equals("probes") {
                    self = .probes
                } else if equals("active") {
                    self = .active
                } else {
                    return nil
                }
            case 7:
                if equals("plugins") {
                    self = .plugins
                } else if equals("version") {
                    self = .version
                } else if equals("default") {
                    self = .default
                } else if equals("classes") {
                    self = .classes
                } else {
                    return nil
                }
            case 8:
                if equals("modifier") {
                    self = .modifier
                } else if equals("inactive") {
                    self = .inactive
                } else {
                    return nil
                }
            case 9: if equals("structure") { self = .structure } else { return nil }
            case 10: if equals("probeError") { self = .probeError } else { return nil }
            case 11: if equals("conflictKey") { self = .conflictKey } else { return nil }
            case 12: if equals("argumentType") { self = .argumentType } else { return nil }
            case 13: if equals("registrations") { self = .registrations } else { return nil }
            case 14: if equals("twhostRegistry") { self = .twhostRegistry } else { return nil }
            default: return nil
            }
        }
    }

    /// Where the value at the cursor starts, as the general reader counts it.
    private var location: SourceLocation {
        SourceLocation(file: file, line: line, column: index - lineStart + 1)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D: index += 1
            case 0x0A:
                index += 1
                line += 1
                lineStart = index
            default: return
            }
        }
    }

    private mutating func expect(_ byte: UInt8) throws(NotPlain) {
        guard index < bytes.count, bytes[index] == byte else { throw NotPlain() }
        index += 1
    }

    /// `{ "key": value, … }`, each value read by `member` (which must consume it).
    private mutating func object(
        _ member: (inout SnapshotDecoder, Key) throws(NotPlain) -> Void
    ) throws(NotPlain) {
        try expect(UInt8(ascii: "{"))
        skipWhitespace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "}") {
            index += 1
            return
        }
        while true {
            skipWhitespace()
            guard let key = Key(try rawString()) else { throw NotPlain() }
            skipWhitespace()
            try expect(UInt8(ascii: ":"))
            skipWhitespace()
            try member(&self, key)
            skipWhitespace()
            guard index < bytes.count else { throw NotPlain() }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            try expect(UInt8(ascii: "}"))
            return
        }
    }

    /// `[ value, … ]`, each value read by `item`, which starts at the value.
    private mutating func array(_ item: (inout SnapshotDecoder) throws(NotPlain) -> Void) throws(NotPlain) {
        try expect(UInt8(ascii: "["))
        skipWhitespace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "]") {
            index += 1
            return
        }
        while true {
            skipWhitespace()
            try item(&self)
            skipWhitespace()
            guard index < bytes.count else { throw NotPlain() }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            try expect(UInt8(ascii: "]"))
            return
        }
    }

    /// `{"active": …, "inactive": …}`, each a string or null, either missing.
    private mutating func pair(_ active: inout String?, _ inactive: inout String?) throws(NotPlain) {
        var a: String??
        var i: String??
        try object { (decoder: inout SnapshotDecoder, key: Key) throws(NotPlain) in
            switch key {
            case .active where a == nil: a = .some(try decoder.optionalString())
            case .inactive where i == nil: i = .some(try decoder.optionalString())
            default: throw NotPlain()
            }
        }
        active = a ?? nil
        inactive = i ?? nil
    }

    /// A plain integer (`0` or `-?[1-9][0-9]*`) within Int32, as `order` must be.
    private mutating func integer() throws(NotPlain) -> Int {
        var negative = false
        if index < bytes.count && bytes[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        let start = index
        var value = 0
        while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39, index - start < 11 {
            value = value * 10 + Int(bytes[index] - 0x30)
            index += 1
        }
        let digits = index - start
        guard digits > 0, digits <= 10, !(digits > 1 && bytes[start] == 0x30), value <= Int(Int32.max) else {
            throw NotPlain()
        }
        // A fraction or an exponent is a number this path does not read.
        if index < bytes.count, [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(bytes[index]) {
            throw NotPlain()
        }
        return negative ? -value : value
    }

    private mutating func optionalString() throws(NotPlain) -> String? {
        if index + 4 <= bytes.count && bytes[index] == UInt8(ascii: "n") {
            guard bytes[index + 1] == UInt8(ascii: "u"), bytes[index + 2] == UInt8(ascii: "l"),
                bytes[index + 3] == UInt8(ascii: "l")
            else { throw NotPlain() }
            index += 4
            return nil
        }
        return try string()
    }

    private mutating func string() throws(NotPlain) -> String {
        try expect(UInt8(ascii: "\""))
        let start = index
        while index < bytes.count {
            let b = bytes[index]
            if b == UInt8(ascii: "\"") {
                index += 1
                guard let s = String(validating: UnsafeBufferPointer(rebasing: bytes[start..<index - 1]), as: UTF8.self)
                else { throw NotPlain() }
                return s
            }
            if b == UInt8(ascii: "\\") { return try escapedString(from: start) }
            if b < 0x20 { throw NotPlain() }
            index += 1
        }
        throw NotPlain()
    }

    /// A string with escapes, decoded by the general JSON reader's own string
    /// reader (the same escapes, surrogate pairs and UTF-8 check).
    private mutating func escapedString(from start: Int) throws(NotPlain) -> String {
        do {
            let (value, end) = try JSONParser.string(in: source, quoteAt: start - 1)
            index = end
            return value
        } catch {
            throw NotPlain()
        }
    }

    /// The bytes between the quotes of a key without escapes or control
    /// characters; a key with either goes to the general reader.
    private mutating func rawString() throws(NotPlain) -> UnsafeBufferPointer<UInt8> {
        try expect(UInt8(ascii: "\""))
        let start = index
        while index < bytes.count {
            let b = bytes[index]
            if b == UInt8(ascii: "\"") {
                index += 1
                return UnsafeBufferPointer(rebasing: bytes[start..<index - 1])
            }
            if b == UInt8(ascii: "\\") || b < 0x20 { throw NotPlain() }
            index += 1
        }
        throw NotPlain()
    }
}
