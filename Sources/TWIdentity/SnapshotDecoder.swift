import Glibc
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
    /// The enumeration values seen so far, each checked once.
    private var known = KnownValues()

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
        var positions = RegistrySnapshot.Positions(file: file)
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
        // One registration a line in a file twhost wrote: room for all of
        // them at once, and for their positions.
        var lines = 0
        if let base = bytes.baseAddress {
            var at = UnsafeRawPointer(base + index)
            let end = UnsafeRawPointer(base + bytes.count)
            // memchr scans many bytes a step; a byte loop here cost 4 % of `diff`.
            while at < end, let newline = memchr(at, 0x0A, end - at) {
                lines += 1
                at = UnsafeRawPointer(newline) + 1
            }
        }
        out.reserveCapacity(lines)
        positions.reserve(lines)
        try array { (decoder: inout SnapshotDecoder) throws(NotPlain) in
            let (line, column) = (decoder.line, decoder.index - decoder.lineStart + 1)
            let entry = try decoder.entry()
            // Keys are unique: a second one is the general reader's error to report.
            guard positions.record(entry.kind, entry.name, line: line, column: column) else { throw NotPlain() }
            out.append(entry)
        }
        return out
    }

    /// One registration, with the fields and checks of `RegistrySnapshot.read`.
    ///
    /// Each field is read into a local of its own and moved into the entry at
    /// the end: no entry is copied on the way.
    private mutating func entry() throws(NotPlain) -> RegistrySnapshot.Entry {
        var seen: UInt32 = 0
        var name: String?
        var plugin: String?
        var kind: RegistrySnapshot.Kind?
        var form: String?
        var phase: String?
        var order: Int?
        var conflictKey: String?
        var argumentType: String?
        var defaultArgument: String?
        var activeStructure: String?
        var inactiveStructure: String?
        var activeModifier: String?
        var inactiveModifier: String?
        var probeError: String?
        var classes: String?
        var probes: [String]?
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
            case .form: form = try decoder.string()
            case .phase: phase = try decoder.string()
            case .order: order = try decoder.integer()
            case .conflictKey: conflictKey = try decoder.string()
            case .argumentType: argumentType = try decoder.string()
            case .default: defaultArgument = try decoder.optionalString()
            case .structure:
                try decoder.pair(&activeStructure, &inactiveStructure)
                structure = true
            case .modifier: try decoder.pair(&activeModifier, &inactiveModifier)
            case .probeError: probeError = try decoder.optionalString()
            case .classes: classes = try decoder.string()
            case .probes:
                var list: [String] = []
                try decoder.array { (decoder: inout SnapshotDecoder) throws(NotPlain) in
                    list.append(try decoder.string())
                }
                probes = list
            default: throw NotPlain()
            }
        }
        // A source scope's registration is version 2, which the general reader owns.
        guard let name, let plugin, let kind, !RegistrySnapshot.Scope.isScope(plugin) else { throw NotPlain() }
        var entry = RegistrySnapshot.Entry(name: name, plugin: plugin, kind: kind)
        // Only the fields the kind has, each as the general reader requires it;
        // a field of another kind is read (so it is valid JSON) and dropped, as there.
        switch kind {
        case .modifier:
            guard let order, conflictKey != nil, structure,
                form.map({ known.form($0) }) ?? false,
                phase.map({ known.phase($0) }) ?? false,
                argumentType.map({ known.argumentType($0) }) ?? false
            else { throw NotPlain() }
            entry.form = form
            entry.phase = phase
            entry.order = order
            entry.conflictKey = conflictKey
            entry.argumentType = argumentType
            entry.defaultArgument = defaultArgument
            entry.activeStructure = activeStructure
            entry.inactiveStructure = inactiveStructure
            entry.activeModifier = activeModifier
            entry.inactiveModifier = inactiveModifier
            entry.probeError = probeError
        case .recipe:
            guard classes != nil else { throw NotPlain() }
            entry.classes = classes
        case .utility, .animation:
            guard probes != nil else { throw NotPlain() }
            entry.probes = probes
        }
        return entry
    }

    /// Forms, phases and argument types already found valid: a snapshot
    /// repeats a handful of them thousands of times, and comparing with the
    /// last one seen is cheaper than parsing the enumeration again.
    private struct KnownValues {
        private var lastForm = ""
        private var lastType = ""

        mutating func form(_ text: String) -> Bool {
            if text == lastForm && !text.isEmpty { return true }
            guard RegistrationForm(rawValue: text) != nil else { return false }
            lastForm = text
            return true
        }

        mutating func argumentType(_ text: String) -> Bool {
            if text == lastType && !text.isEmpty { return true }
            guard ArgumentType(rawValue: text) != nil else { return false }
            lastType = text
            return true
        }

        func phase(_ text: String) -> Bool { ChainPhase(registrationPhase: text) != nil }
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
                // The caller matched the length; a key is never empty here.
                guard let base = bytes.baseAddress else { return false }
                return memcmp(text.utf8Start, base, bytes.count) == 0
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
        JSONParser.skipWhitespace(in: bytes, index: &index, line: &line, lineStart: &lineStart)
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
        if index < bytes.count,
            bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")
        {
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
        var bits: UInt8 = 0
        while index < bytes.count {
            let b = bytes[index]
            if b == UInt8(ascii: "\"") {
                index += 1
                let raw = UnsafeBufferPointer(rebasing: bytes[start..<index - 1])
                // ASCII is UTF-8 as it stands: decoding repairs nothing, so it
                // skips the validating initializer, which costs several times more.
                if bits < 0x80 { return String(decoding: raw, as: UTF8.self) }
                guard let s = String(validating: raw, as: UTF8.self) else { throw NotPlain() }
                return s
            }
            if b == UInt8(ascii: "\\") { return try escapedString(from: start) }
            if b < 0x20 { throw NotPlain() }
            bits |= b
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
