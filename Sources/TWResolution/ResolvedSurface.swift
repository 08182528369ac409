import TWModel
import TWSupport

/// One modifier of a surface's chain, in application order.
public struct ChainEntry: Hashable, Sendable {
    public enum Origin: Hashable, Sendable {
        case registration(name: String, plugin: String)
        /// A registration written inline in a Swift source, and where.
        case source(name: String, location: SourceLocation)
        case builtin(property: String)
    }
    /// Copy-on-write storage: a chain entry is copied into every surface
    /// that has it (the interned path hands the same memoised entries to
    /// thousands of surfaces), and a copy is then one retain, not one per field.
    private final class Storage: @unchecked Sendable {
        // @unchecked: a storage shared by two entries is never written (every
        // setter copies it first, `unique()`), so threads only read it; for
        // the same reason no two accesses can overlap (no dynamic checks).
        @exclusivity(unchecked) var phase: ChainPhase
        @exclusivity(unchecked) var origin: Origin
        @exclusivity(unchecked) var active: Bool?
        @exclusivity(unchecked) var modifier: ModifierIR
        @exclusivity(unchecked) var className: String?
        @exclusivity(unchecked) var rendered: RenderedEntry?

        init(phase: ChainPhase, origin: Origin, active: Bool?, modifier: ModifierIR, className: String?) {
            self.phase = phase
            self.origin = origin
            self.active = active
            self.modifier = modifier
            self.className = className
        }

        func copy() -> Storage {
            let copy = Storage(phase: phase, origin: origin, active: active, modifier: modifier, className: className)
            copy.rendered = rendered
            return copy
        }
    }

    private var storage: Storage

    /// The storage, copied first if another entry shares it.
    private mutating func unique() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        return storage
    }

    public var phase: ChainPhase {
        get { storage.phase }
        _modify { yield &unique().phase }
    }
    public var origin: Origin {
        get { storage.origin }
        _modify { yield &unique().origin }
    }
    /// Registrations only: whether the slot's class is present and won.
    public var active: Bool? {
        get { storage.active }
        _modify { yield &unique().active }
    }
    public var modifier: ModifierIR {
        get { storage.modifier }
        _modify { yield &unique().modifier }
    }
    /// The class that set this entry, if any.
    public var className: String? {
        get { storage.className }
        _modify { yield &unique().className }
    }
    /// The entry as the JSON report writes it, when it was rendered once for
    /// many surfaces (the interned path's memoised entries). Not part of the
    /// entry's value: equality and hashing ignore it.
    package var rendered: RenderedEntry? {
        get { storage.rendered }
        _modify { yield &unique().rendered }
    }

    public init(phase: ChainPhase, origin: Origin, active: Bool?, modifier: ModifierIR, className: String?) {
        storage = Storage(phase: phase, origin: origin, active: active, modifier: modifier, className: className)
    }

    public static func == (a: ChainEntry, b: ChainEntry) -> Bool {
        if a.storage === b.storage { return true }
        return a.phase == b.phase && a.origin == b.origin && a.active == b.active && a.modifier == b.modifier
            && a.className == b.className
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(phase)
        hasher.combine(origin)
        hasher.combine(active)
        hasher.combine(modifier)
        hasher.combine(className)
    }
}

/// A chain entry's JSON object, rendered once and shared by every surface
/// whose chain holds the entry.
package final class RenderedEntry: Sendable {
    package let bytes: [UInt8]
    package init(_ entry: ChainEntry) {
        let w = ByteWriter()
        entry.writeJSON(to: w)
        bytes = w.bytes
    }
}

extension ChainEntry {
    /// One chain entry as a JSON object (SPEC §7), from its memoised
    /// rendering when it has one.
    package func writeJSON(to w: ByteWriter) {
        if let rendered { return w.append(bytes: rendered.bytes) }
        w.append("{\"phase\": \"")
        w.append(phase.rawValue)
        switch origin {
        case .registration(let name, let plugin):
            w.append("\", \"origin\": \"registration\", \"name\": ")
            w.appendJSONString(name)
            w.append(", \"plugin\": ")
            w.appendJSONString(plugin)
            w.append(active == true ? ", \"active\": true, \"modifier\": " : ", \"active\": false, \"modifier\": ")
        case .source(let name, let location):
            w.append("\", \"origin\": \"source\", \"name\": ")
            w.appendJSONString(name)
            w.append(", \"plugin\": null, \"location\": ")
            location.writeJSON(to: w)
            w.append(active == true ? ", \"active\": true, \"modifier\": " : ", \"active\": false, \"modifier\": ")
        case .builtin(let property):
            w.append("\", \"origin\": \"builtin\", \"property\": ")
            w.appendJSONString(property)
            w.append(", \"class\": ")
            w.appendJSONString(className)
            w.append(", \"modifier\": ")
        }
        modifier.writeSwiftCodeJSON(to: w)
        w.append("}")
    }
}

/// The animation a surface applies (R-ANIM-1).
public struct ResolvedAnimation: Hashable, Sendable {
    /// SwiftUI code, or nil when no explicit animation applies.
    public var modifier: String?
    /// What chose it: "animate-spring", "native animation", "preset settle (plugin motion)".
    public var source: String
    /// Why it is off, when it is.
    public var note: String?
}

/// Which class won a property or conflict key.
public struct Winner: Hashable, Sendable {
    /// `padding-top`, or `conflict key orientation`.
    public var key: String
    public var className: String
    public var conditions: [String]
}

/// A resolved `.tw` surface: its chain, status, identity and findings.
public struct ResolvedSurface: Hashable, Sendable {
    public var source: SurfaceSource
    public var decorated: Bool
    public var chain: [ChainEntry]
    public var animation: ResolvedAnimation?
    /// For button surfaces: the native style used, if any (`borderedProminent` …),
    /// after the platform's fallbacks.
    public var nativeButtonStyle: String?
    /// The native style the classes asked for, when a fallback replaced it.
    public var requestedButtonStyle: String?
    public var diagnostics: [Diagnostic]
    /// The structural signature (R-ID-1).
    public var signature: StructuralSignature
    public var matches: [ClassMatch]
    public var winners: [Winner]

    /// The SHA-256 digest of the signature.
    public var identity: String { signature.identity }
    public var errors: Int { diagnostics.filter { $0.severity == .error }.count }
    public var warnings: Int { diagnostics.filter { $0.severity == .warning }.count }
}
