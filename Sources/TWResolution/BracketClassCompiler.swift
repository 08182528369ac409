import TWGrammar
import TWModel

/// The common form of a class written once — `[variant:]…[-]root-[value]`
/// with a built-in root and a plain literal value (`w-[137px]`,
/// `hover:bg-[#84b633]`, `-rotate-[12deg]`) — compiled for the interned path
/// straight from its bytes: no `ParsedClass`, no expander, one string for the
/// value. The value itself is decoded by the built-in root's own handler, so
/// numbers, units and colours are read exactly as everywhere else.
///
/// It answers only where the answer is certain to be the general one
/// (`ClassExpander.topLevel` read by `InternedTables.generalDraft`); anything
/// else — an escape or `_` in the value, nested brackets, a `/N` opacity, an
/// unknown or `pressed:` variant, a scope with registrations or recipes that
/// could claim the class, a negation the root does not take, a value the
/// handler refuses — is nil, and the general path decides (and reports). A
/// test compares both on thousands of random and edge-case classes.
enum BracketClassCompiler {
    /// The class's one effect, or nil when the general path must read it.
    static func draft(_ word: String, scope: ResolutionScope) -> InternedTables.Draft? {
        // Bracket-named recipes are looked up before built-ins (R-PREC-1, G-5):
        // with any in scope, the general path. Registrations (R-PREC-2/3) are
        // looked up by the class's root and body below.
        guard !scope.hasBracketRecipes else { return nil }
        return word.utf8.withContiguousStorageIfAvailable { draft(word, bytes: $0, scope: scope) } ?? nil
    }

    private static func draft(_ word: String, bytes: UnsafeBufferPointer<UInt8>, scope: ResolutionScope)
        -> InternedTables.Draft?
    {
        let count = bytes.count
        guard count >= 4, bytes[count - 1] == UInt8(ascii: "]") else { return nil }
        // Printable ASCII only (no marker of a typed value, no controls, no
        // spaces); one bracket pair, closing the class; the variants split on
        // every ':' before it.
        var open = -1
        var conditions: [Variant] = []
        var pieceStart = 0
        for i in 0..<(count - 1) {
            let b = bytes[i]
            guard b > 0x20 && b < 0x7F, b != UInt8(ascii: "]") else { return nil }
            if open >= 0 {
                // `\` and `_` are escapes (G-4); a second '[' nests.
                guard b != UInt8(ascii: "["), b != UInt8(ascii: "\\"), b != UInt8(ascii: "_") else { return nil }
            } else if b == UInt8(ascii: "[") {
                open = i
            } else if b == UInt8(ascii: ":") {
                guard i > pieceStart,
                    let variant = Variant(
                        name: String(decoding: UnsafeBufferPointer(rebasing: bytes[pieceStart..<i]), as: UTF8.self)),
                    variant != .pressed, !variant.isGroup
                else { return nil }
                conditions.append(variant)
                pieceStart = i + 1
            }
        }
        // A value of at least one byte.
        guard open >= 0, open + 1 < count - 1 else { return nil }
        var start = pieceStart
        let negative = bytes[start] == UInt8(ascii: "-")
        if negative { start += 1 }
        // `root-[`: a root of at least one byte, then '-'.
        guard open - start >= 2, bytes[open - 1] == UInt8(ascii: "-") else { return nil }
        let root = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<(open - 1)]), as: UTF8.self)
        // `animate-[name]` may name a plugin preset; a utility prefix takes the class.
        guard root != "animate", let handler = BuiltinUtilities.roots[root] else { return nil }
        let registry = scope.registry
        guard registry.utilities.isEmpty || registry.utility(prefix: root) == nil else { return nil }
        // A registration named by the root (a bracket prefix) or by the whole body claims the class.
        if !registry.modifiers.isEmpty {
            let body = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<count]), as: UTF8.self)
            guard registry.modifier(named: root) == nil, registry.modifier(named: body) == nil else { return nil }
        }
        if negative && !BuiltinUtilities.negatable.contains(root) { return nil }
        let value = String(decoding: UnsafeBufferPointer(rebasing: bytes[(open + 1)..<(count - 1)]), as: UTF8.self)
        let input = BuiltinUtilities.Input(
            key: nil, argument: .literal(value), bracketOpacity: nil, negative: negative, theme: scope.rules.theme)
        guard case .success(let assignments) = handler(input),
            !assignments.contains(where: { $0.property == .nativeButtonStyle })
        else { return nil }
        return InternedTables.Draft(
            rank: Variant.packedRank(of: conditions), conditions: conditions, classText: word,
            assignments: assignments)
    }
}
