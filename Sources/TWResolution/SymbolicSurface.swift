import TWGrammar
import TWModel

/// Resolves a surface whose classes hold symbolic values: bracket values from
/// a Swift source that are known only at run time (`tilt-[\(angle)]`).
///
/// Identity never depends on values (R-ID-1), so a symbolic value can stand in
/// for any value of its type. Each one is typed (from the source, else from the
/// registration or built-in utility that receives it) and the surface is
/// resolved twice, with two different probe values of that type. The chain is
/// the first resolution's, where every value that equals its probe in the first
/// run (and the other probe in the second) is shown as the Swift expression,
/// and every other value that differs between the runs — something a factory
/// computed from the value — is shown as `/* computed from … */`. The
/// structure, and so the identity, is that of a real value.
///
/// A symbolic value whose type nothing tells is left in place: the class is a
/// `dynamic-classes` note and is not checked, never guessed.
public enum SymbolicSurface {
    /// Whether the classes hold a symbolic value anywhere.
    public static func containsSymbolic(_ classes: TWClasses) -> Bool {
        classes.segments.contains { segment in
            switch segment {
            case .text: return false
            case .value(let v):
                if case .symbolic = v { return true }
                return false
            case .fragment(let f): return containsSymbolic(f)
            }
        }
    }

    /// `SurfaceResolver.resolve` for classes that may hold symbolic values.
    public static func resolve(
        _ classes: TWClasses, source: SurfaceSource, state: SurfaceState = SurfaceState(), scope: ResolutionScope,
        lenient: Bool = false, includeDefaults: Bool = true
    ) -> ResolvedSurface {
        let options = SurfaceResolver.Options(lenient: lenient, includeDefaults: includeDefaults, detail: .reported)
        guard containsSymbolic(classes) else {
            return SurfaceResolver.resolve(classes, source: source, state: state, scope: scope, options: options)
        }
        let types = bracketTypes(classes, scope: scope)
        var symbols: [Probe] = []
        var index = 0
        let first = substitute(classes, types: types, index: &index, depth: 0, probes: &symbols, run: 0)
        index = 0
        var unused: [Probe] = []
        let second = substitute(classes, types: types, index: &index, depth: 0, probes: &unused, run: 1)
        for (i, probe) in unused.enumerated() where i < symbols.count { symbols[i].other = probe.value }
        let a = SurfaceResolver.resolve(
            first, source: source, state: state, scope: scope, options: options)
        let b = SurfaceResolver.resolve(
            second, source: source, state: state, scope: scope, options: options)
        return merge(a, b, symbols: symbols)
    }

    /// One symbolic value and the probes standing in for it.
    struct Probe {
        var symbol: SymbolicValue
        var value: TypedValue
        var other: TypedValue?
    }

    /// The type each bracketed symbolic value takes, in order of appearance:
    /// its own, else the receiving registration's, else the built-in
    /// utility's; nil when nothing tells.
    static func bracketTypes(_ classes: TWClasses, scope: ResolutionScope) -> [ArgumentType?] {
        var out: [ArgumentType?] = []
        for token in ClassTokenizer.tokenize(classes) {
            guard case .symbolic(let symbol)? = token.typedArgument else { continue }
            if case .success(let parsed) = ParsedClass.parse(token), let root = parsed.root,
                scope.registry.modifier(named: root)?.argumentType == .custom
            {
                // A payload of the app's own type: passed as it is, never probed.
                out.append(nil)
                continue
            }
            if let own = symbol.type, probeable(own) {
                out.append(own)
                continue
            }
            guard case .success(let parsed) = ParsedClass.parse(token), let root = parsed.root else {
                out.append(nil)
                continue
            }
            if let registration = scope.registry.modifier(named: root), !registration.form.isExactTag {
                out.append(probeable(registration.argumentType) ? registration.argumentType : nil)
            } else if scope.registry.utility(prefix: root) != nil {
                out.append(nil)
            } else {
                out.append(builtinTypes[root])
            }
        }
        return out
    }

    /// Built-in bracket utilities whose argument has one type.
    static let builtinTypes: [String: ArgumentType] = [
        "bg": .color, "tint": .color, "glass-tint": .color, "border": .color, "animate": .animation, "rotate": .angle,
        "duration": .seconds, "delay": .seconds, "opacity": .number, "scale": .number, "p": .points, "px": .points,
        "py": .points, "pt": .points, "pb": .points, "pl": .points, "pr": .points, "w": .points, "h": .points,
        "size": .points, "min-w": .points, "max-w": .points, "min-h": .points, "max-h": .points, "rounded": .points,
        "blur": .points, "translate-x": .points, "translate-y": .points, "tracking": .points, "leading": .points,
        "shared": .string,
    ]

    static func probeable(_ type: ArgumentType) -> Bool {
        switch type {
        case .number, .points, .angle, .seconds, .color, .string, .animation: return true
        case .none, .bool, .vector, .custom: return false
        }
    }

    /// A value of `type` that stands for symbol `index` in run 0 or 1: numbers
    /// no class would write, colors and strings with a name no theme has.
    static func probe(_ type: ArgumentType, index: Int, run: Int) -> TypedValue? {
        let scalar = (run == 0 ? 0.318_309 : 0.414_213) + Double(index) * 0.000_001
        switch type {
        case .number: return .number(scalar)
        case .points: return .points(scalar)
        case .angle: return .angle(scalar)
        case .seconds: return .seconds(scalar)
        case .color:
            return .color(
                ColorValue(red: scalar, green: scalar, blue: scalar, alpha: 1, name: "twhost-probe-\(run)-\(index)"))
        case .string: return .string("twhost-probe-\(run)-\(index)")
        // A curve that prints its duration: the two runs differ, so the chain shows the expression.
        case .animation: return .animation(AnimationValue(curve: .linear, duration: scalar))
        case .none, .bool, .vector, .custom: return nil
        }
    }

    /// The classes with each typed symbolic value inside brackets replaced by
    /// its probe; untyped ones stay (the expander reports them).
    static func substitute(
        _ classes: TWClasses, types: [ArgumentType?], index: inout Int, depth: Int, probes: inout [Probe], run: Int
    ) -> TWClasses {
        var depth = depth
        var out: [TWClasses.Segment] = []
        for segment in classes.segments {
            switch segment {
            case .text(let text):
                for byte in text.utf8 {
                    if byte == UInt8(ascii: "[") { depth += 1 }
                    if byte == UInt8(ascii: "]") && depth > 0 { depth -= 1 }
                }
                out.append(segment)
            case .value(.symbolic(let symbol)) where depth > 0:
                let type = index < types.count ? types[index] : nil
                index += 1
                if let type, let value = probe(type, index: probes.count, run: run) {
                    probes.append(Probe(symbol: symbol, value: value))
                    out.append(.value(value))
                } else {
                    out.append(segment)
                }
            case .value:
                out.append(segment)
            case .fragment(let fragment):
                out.append(
                    .fragment(substitute(fragment, types: types, index: &index, depth: 0, probes: &probes, run: run)))
            }
        }
        return TWClasses(segments: out)
    }

    static func merge(_ a: ResolvedSurface, _ b: ResolvedSurface, symbols: [Probe]) -> ResolvedSurface {
        var out = a
        if a.chain.count == b.chain.count {
            out.chain = zip(a.chain, b.chain).map { x, y in
                var entry = x
                entry.modifier = ModifierIR(merge(x.modifier.nodes, y.modifier.nodes, symbols: symbols))
                entry.className = entry.className.map { rename($0, symbols) }
                return entry
            }
        } else {
            out.chain = a.chain.map { x in
                var entry = x
                entry.modifier = ModifierIR(merge(x.modifier.nodes, x.modifier.nodes, symbols: symbols))
                entry.className = entry.className.map { rename($0, symbols) }
                return entry
            }
        }
        if var animation = out.animation, let code = animation.modifier, code != b.animation?.modifier {
            var replaced = code
            for probe in symbols {
                if case .animation(let value) = probe.value {
                    replaced = replaced.replacingOccurrences(
                        of: value.swiftCode, with: probe.symbol.text)
                }
            }
            animation.modifier = replaced
            out.animation = animation
        }
        out.diagnostics = a.diagnostics.map { d in
            var d = d
            d.message = rename(d.message, symbols)
            d.className = d.className.map { rename($0, symbols) }
            d.hint = d.hint.map { rename($0, symbols) }
            return d
        }
        return out
    }

    /// Probe values in text (messages, class names) back to the expressions.
    static func rename(_ text: String, _ symbols: [Probe]) -> String {
        var text = text
        for probe in symbols {
            text = text.replacingOccurrences(
                of: "\\(" + probe.value.displayText + ")", with: "\\(" + probe.symbol.text + ")")
        }
        return text
    }

    static func merge(_ a: [IRNode], _ b: [IRNode], symbols: [Probe]) -> [IRNode] {
        guard a.count == b.count else { return a.map { merge($0, $0, symbols: symbols) } }
        return zip(a, b).map { merge($0, $1, symbols: symbols) }
    }

    static func merge(_ a: IRNode, _ b: IRNode, symbols: [Probe]) -> IRNode {
        var node = a
        node.arguments = merge(a.arguments, b.kind == a.kind && b.name == a.name ? b.arguments : a.arguments, symbols)
        return node
    }

    static func merge(_ a: [IRArgument], _ b: [IRArgument], _ symbols: [Probe]) -> [IRArgument] {
        let other = a.count == b.count ? b : a
        return zip(a, other).map { x, y in IRArgument(x.label, merge(x.value, y.value, symbols)) }
    }

    static func merge(_ a: IRValue, _ b: IRValue, _ symbols: [Probe]) -> IRValue {
        for probe in symbols {
            guard let other = probe.other else { continue }
            if matches(a, probe.value) && matches(b, other) { return .symbolic(probe.symbol.text, standsFor: a) }
        }
        switch (a, b) {
        case (.call(let n, let x), .call(let m, let y)) where n == m:
            // An Angle expression stands for the whole `.degrees(…)`; a number inside it stays a number.
            return .call(n, merge(x, y, symbols))
        case (.tuple(let x), .tuple(let y)):
            return .tuple(merge(x, y, symbols))
        case (.content(let x), .content(let y)):
            return .content(merge(x, y, symbols: symbols))
        default:
            if a == b { return a }
            var names: [String] = []
            for probe in symbols where !names.contains(probe.symbol.text) { names.append(probe.symbol.text) }
            let from = names.joined(separator: ", ")
            return .symbolic("/* computed from \(from) */", standsFor: a)
        }
    }

    /// Whether an IR value is what a factory records for `value`.
    static func matches(_ ir: IRValue, _ value: TypedValue) -> Bool {
        switch (ir, value) {
        case (.number(let x), .number(let v)), (.number(let x), .points(let v)), (.number(let x), .seconds(let v)):
            return x == v
        case (.call(let name, let args), .angle(let d)):
            guard (name == "degrees" || name == "radians"), args.count == 1, case .number(let x) = args[0].value
            else { return false }
            return name == "degrees" ? x == d : abs(x * 180 / Double.pi - d) < 1e-9
        case (.color(let c), .color(let v)): return c == v
        case (.string(let s), .string(let v)): return s == v
        case (.animation(let x), .animation(let v)): return x == v
        default: return false
        }
    }
}
