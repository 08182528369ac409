import TWSupport

/// What a surface's identity hashes (R-ID-1): its target, then one part per
/// slot that is part of SwiftUI's structure, with the built-in styling after
/// the source and content slots (`insertBuiltinStyle`). Built from typed parts, rendered and hashed once
/// when it is made, and read back from those parts, never from its text.
///
/// Every stage that needs a signature makes it here: the general resolution
/// (`PreparedStyle.fillSlots`), the interned path, a scene's animation-only
/// surface, and `twhost diff`'s identity from a snapshot's probed structures.
public struct StructuralSignature: Hashable, Sendable {
    /// One slot of the structure: `phase|name|structure`.
    public struct Slot: Hashable, Sendable {
        public let phase: ChainPhase?
        public let name: String
        /// What the slot's modifier does to the structure (`ModifierIR.structure`).
        public let structure: String
        /// The slot's line, rendered once (most slots are inactive and memoised).
        let line: String

        package init(phase: ChainPhase?, name: String, structure: String) {
            self.phase = phase
            self.name = name
            self.structure = structure
            line = "\(phase?.rawValue ?? "")|\(name)|\(structure)"
        }
    }

    public enum Part: Hashable, Sendable {
        /// The surface's target (`view`, `text`, `button` …); always first.
        case target(String)
        /// The built-in styling, one step whatever it sets.
        case builtinStyle
        case slot(Slot)
        /// A `.twAnimation` with no `.tw`: no chain, only the animation.
        case animation

        /// This part's line of the signature's text.
        public var line: String {
            var text = ""
            append(to: &text)
            return text
        }

        fileprivate func append(to text: inout String) {
            switch self {
            case .target(let name):
                text += "target:"
                text += name
            case .builtinStyle: text += "style|builtin"
            case .slot(let slot): text += slot.line
            case .animation: text += "animation"
            }
        }

        fileprivate var utf8Count: Int {
            switch self {
            case .target(let name): return 7 + name.utf8.count
            case .builtinStyle: return 13
            case .slot(let slot): return slot.line.utf8.count
            case .animation: return 9
            }
        }
    }

    /// The parts, their text and its digest, behind one reference: every
    /// surface record carries a signature, and each copy of a record retains
    /// it once, not once per field.
    private final class Storage: Sendable {
        let parts: [Part]
        let text: String
        let identity: String
        init(parts: [Part], text: String, identity: String) {
            self.parts = parts
            self.text = text
            self.identity = identity
        }
    }

    private let storage: Storage

    public var parts: [Part] { storage.parts }
    /// The parts, one line each: what is hashed.
    public var text: String { storage.text }
    /// SHA-256 of `text`, 64 lowercase hex digits.
    public var identity: String { storage.identity }

    /// - Parameter digest: the hash of the text; a scope passes its cache of
    ///   SHA-256 digests (many surfaces share one signature).
    package init(_ parts: [Part], digest: (String) -> String = SHA256.hex) {
        var text = ""
        var count = parts.count
        for part in parts { count += part.utf8Count }
        text.reserveCapacity(count)
        for (i, part) in parts.enumerated() {
            if i > 0 { text += "\n" }
            part.append(to: &text)
        }
        storage = Storage(parts: parts, text: text, identity: digest(text))
    }

    /// The same signature behind a reference of its own: for a thread that
    /// hands it to its own surfaces (`InactiveSlotChains`), so that threads
    /// do not count references on one object.
    /// The identity is a string of its own too: a report appends it for every surface.
    package func separateCopy() -> StructuralSignature {
        let identity = String(decoding: Array(storage.identity.utf8), as: UTF8.self)
        return StructuralSignature(storage: Storage(parts: storage.parts, text: storage.text, identity: identity))
    }

    private init(storage: Storage) { self.storage = storage }

    /// The signature of a surface with no chain, only an animation.
    package static let animationOnly = StructuralSignature([.animation])

    /// Inserts the built-in styling, one line, after the source and content
    /// slots — before the first layout, decoration or effects slot, or at the
    /// end when there is none. Its stages are structurally fixed and each slot
    /// line names its phase, so this one place for the line identifies the
    /// structure as well as a line per stage would, and keeps the identities
    /// of surfaces with source, content and effects slots unchanged.
    package static func insertBuiltinStyle(into parts: inout [Part]) {
        let firstOutside = parts.firstIndex {
            if case .slot(let slot) = $0, let phase = slot.phase { return phase > .content }
            return false
        }
        parts.insert(.builtinStyle, at: firstOutside ?? parts.count)
    }

    /// The target the signature starts with.
    public var target: String? {
        if case .target(let name)? = parts.first { return name }
        return nil
    }

    public static func == (a: StructuralSignature, b: StructuralSignature) -> Bool {
        a.storage === b.storage || a.text == b.text
    }
    public func hash(into hasher: inout Hasher) { hasher.combine(text) }
}
