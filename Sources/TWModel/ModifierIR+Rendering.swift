import TWSupport

extension ModifierIR {
    /// SwiftUI call syntax, e.g. `.rotation3DEffect(.degrees(8), axis: (x: 0, y: 1, z: 0))`.
    public var swiftCode: String {
        var out = ""
        IRRenderer.renderChain(nodes, into: &out)
        return out
    }

    /// `swiftCode` as a JSON string literal, written straight into `w`: no
    /// string of the whole call is built.
    public func writeSwiftCodeJSON(to w: ByteWriter) {
        w.append("\"")
        var sink = JSONStringSink(writer: w)
        IRRenderer.renderChain(nodes, into: &sink)
        w.append("\"")
    }

    /// The structure only: node kinds, names, argument labels and value types,
    /// nesting — never values (R-ID-1).
    public var structure: String {
        var out = ""
        IRRenderer.renderStructure(nodes, into: &out)
        return out
    }
}

/// Where IR's call syntax is rendered: a String, or a JSON string's bytes.
protocol IRTextSink {
    mutating func write(_ text: String)
}

extension String: IRTextSink {
    mutating func write(_ text: String) { self += text }
}

/// Call syntax escaped into a JSON string literal as it is rendered.
struct JSONStringSink: IRTextSink {
    let writer: ByteWriter
    mutating func write(_ text: String) { writer.appendJSONStringContents(text) }
}

/// Renders IR as SwiftUI call syntax and as its structure (R-ID-1).
enum IRRenderer {
    static func renderChain<Sink: IRTextSink>(_ nodes: [IRNode], into out: inout Sink) {
        for (index, node) in nodes.enumerated() {
            if node.kind == .view && index > 0 { out.write("; ") }
            render(node, into: &out)
        }
    }

    static func render<Sink: IRTextSink>(_ node: IRNode, into out: inout Sink) {
        if node.kind == .modifier { out.write(".") }
        out.write(node.name)
        // The arguments read as a slice: no copy of the array.
        var arguments = node.arguments[...]
        var trailing: [IRNode]?
        if let last = arguments.last, last.label == nil, case .content(let nodes) = last.value {
            trailing = nodes
            arguments = arguments.dropLast()
        }
        if !arguments.isEmpty || trailing == nil {
            out.write("(")
            renderArguments(arguments, into: &out)
            out.write(")")
        }
        if let trailing {
            out.write(" { ")
            renderChain(trailing, into: &out)
            out.write(" }")
        }
    }

    static func renderArguments<Sink: IRTextSink>(_ arguments: ArraySlice<IRArgument>, into out: inout Sink) {
        for (index, argument) in arguments.enumerated() {
            if index > 0 { out.write(", ") }
            if let label = argument.label { out.write(label + ": ") }
            render(argument.value, into: &out)
        }
    }

    static func render<Sink: IRTextSink>(_ value: IRValue, into out: inout Sink) {
        switch value {
        case .number(let v): out.write(SwiftLiteral.number(v))
        case .bool(let b): out.write(b ? "true" : "false")
        case .string(let s): out.write(SwiftLiteral.string(s))
        case .color(let c): out.write(SwiftLiteral.color(c))
        case .member(let m): out.write("." + m)
        case .animation(let a): out.write(a.swiftCode)
        case .call(let name, let args):
            out.write("." + name + "(")
            renderArguments(args[...], into: &out)
            out.write(")")
        case .tuple(let args):
            out.write("(")
            renderArguments(args[...], into: &out)
            out.write(")")
        case .content(let nodes):
            out.write("{ ")
            renderChain(nodes, into: &out)
            out.write(" }")
        case .view(let nodes):
            renderChain(nodes, into: &out)
        case .chain(let values):
            for v in values { render(v, into: &out) }
        case .symbolic(let text, _): out.write(text)
        }
    }

    static func renderStructure(_ nodes: [IRNode], into out: inout String) {
        for (index, node) in nodes.enumerated() {
            if index > 0 { out += node.kind == .view ? ";" : "" }
            out += node.kind == .modifier ? "." : ""
            out += node.name + "("
            structure(node.arguments, into: &out)
            out += ")"
        }
    }

    static func structure(_ arguments: [IRArgument], into out: inout String) {
        for (index, argument) in arguments.enumerated() {
            if index > 0 { out += "," }
            out += (argument.label ?? "_") + ":"
            structure(argument.value, into: &out)
        }
    }

    static func structure(_ value: IRValue, into out: inout String) {
        switch value {
        case .number: out += "Number"
        case .bool: out += "Bool"
        case .string: out += "String"
        case .color: out += "Color"
        case .member: out += "Member"
        case .animation: out += "Animation"
        case .call(let name, let args):
            out += "." + name + "("
            structure(args, into: &out)
            out += ")"
        case .tuple(let args):
            out += "("
            structure(args, into: &out)
            out += ")"
        case .content(let nodes):
            out += "{"
            renderStructure(nodes, into: &out)
            out += "}"
        case .view(let nodes):
            out += "View("
            renderStructure(nodes, into: &out)
            out += ")"
        case .chain(let values):
            out += "Chain("
            structure(values.map { IRArgument(nil, $0) }, into: &out)
            out += ")"
        case .symbolic(_, let standsFor):
            if let standsFor { structure(standsFor, into: &out) } else { out += "Expr" }
        }
    }

}

/// Swift literal text for values: how numbers, strings and colors are
/// written in chains, messages and generated code.
package enum SwiftLiteral {
    /// Shortest round-tripping decimal; integral values without a fraction.
    package static func number(_ v: Double) -> String {
        if v.isNaN { return ".nan" }
        if v.isInfinite { return v < 0 ? "-.infinity" : ".infinity" }
        if v == v.rounded(), abs(v) < 1e15 {
            let i = Int64(v)
            return i == 0 ? "0" : String(i)
        }
        return String(v)
    }

    /// `number(tenThousandths / 10_000)` for a whole number of ten-thousandths
    /// (a colour component): written from the integer's digits between 0 and
    /// 1, where the shortest decimal of that quotient is those digits (a
    /// test compares all 10,001 of them with `number`).
    static func fourDecimals(_ tenThousandths: Double) -> String {
        guard tenThousandths >= 0 && tenThousandths <= 10_000 else { return number(tenThousandths / 10_000) }
        var k = Int(tenThousandths)
        if k == 0 { return "0" }
        if k == 10_000 { return "1" }
        var digits = 4
        while k % 10 == 0 {
            k /= 10
            digits -= 1
        }
        // "0." then `digits` digits of k, zero-padded on the left.
        return String(unsafeUninitializedCapacity: digits + 2) { out in
            out[0] = UInt8(ascii: "0")
            out[1] = UInt8(ascii: ".")
            for i in stride(from: digits + 1, through: 2, by: -1) {
                out[i] = UInt8(ascii: "0") + UInt8(k % 10)
                k /= 10
            }
            return digits + 2
        }
    }

    package static func string(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 {
                    out += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    static let systemColorNames: Set<String> = [
        "black", "white", "red", "orange", "yellow", "green", "mint", "teal", "cyan", "blue", "indigo", "purple",
        "pink", "brown", "gray", "clear",
    ]

    package static func color(_ c: ColorValue) -> String {
        if let name = c.name {
            let base = systemColorNames.contains(name) ? "Color.\(name)" : "Color(\"\(name)\")"
            return c.alpha == 1 || name == "clear" ? base : base + ".opacity(\(number(c.alpha)))"
        }
        // Four decimals are finer than 8-bit channels can tell apart.
        func component(_ v: Double) -> String { fourDecimals((v * 10_000).rounded()) }
        var s = "Color(red: \(component(c.red)), green: \(component(c.green)), blue: \(component(c.blue))"
        if c.alpha != 1 { s += ", opacity: \(component(c.alpha))" }
        return s + ")"
    }
}
