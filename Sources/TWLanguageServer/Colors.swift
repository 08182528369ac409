import TWHost
import TWSwiftSource

/// Colour classes: a root and a theme colour or a bracketed hex or rgb value
/// (`bg-primary`, `text-red/50`, `tint-[#ff8800]`, `glow-[rgb(0,0,255)]`).
enum Colors {
    /// The class up to its colour (`hover:bg-`) and the colour, when the rest
    /// of the class after some `-` is one.
    static func split(_ name: String, theme: Theme) -> (prefix: String, color: ColorValue)? {
        let body = ClassText.body(name)
        var i = body.startIndex
        while let dash = body[i...].firstIndex(of: "-") {
            let rest = String(body[body.index(after: dash)...])
            var value = rest
            if rest.hasPrefix("["), rest.hasSuffix("]"), rest.count > 2 { value = String(rest.dropFirst().dropLast()) }
            if dash > body.startIndex, let color = ArgumentDecoder.color(value, theme: theme),
                rest.hasPrefix("[") || theme.color(named: rest) != nil
            {
                return (ClassText.variants(name) + String(body[...dash]), color)
            }
            i = body.index(after: dash)
        }
        return nil
    }

    static func hex(_ c: ColorValue) -> String {
        func byte(_ v: Double) -> String {
            let n = Int((max(0, min(1, v)) * 255).rounded())
            let h = String(n, radix: 16, uppercase: true)
            return h.count == 1 ? "0" + h : h
        }
        return "#" + byte(c.red) + byte(c.green) + byte(c.blue) + (c.alpha < 1 ? byte(c.alpha) : "")
    }
}

extension LanguageServer {
    func colorJSON(_ c: ColorValue) -> JSONValue {
        .object([
            ("red", .number(c.red)), ("green", .number(c.green)), ("blue", .number(c.blue)),
            ("alpha", .number(c.alpha)),
        ])
    }

    /// Colour classes that resolve without a finding, with their colours.
    func documentColors(_ params: JSONNode?) throws(RPCError) -> JSONValue {
        let doc = try document(params)
        let a = analysis(doc)
        let theme = workspace.scope.rules.theme
        var out: [JSONValue] = []
        for tokens in a.tokens {
            for t in tokens {
                guard let (_, color) = Colors.split(t.text, theme: theme) else { continue }
                let alone = SurfaceResolver.resolve(
                    TWClasses(t.text), source: SurfaceSource(.view), scope: workspace.scope)
                guard alone.decorated, alone.errors == 0 else { continue }
                out.append(.object([("range", rangeJSON(t.start..<t.end, doc)), ("color", colorJSON(color))]))
            }
        }
        return .array(out)
    }

    /// The class with a chosen colour: the theme colour of that value when
    /// there is one, and the bracketed hex value.
    func colorPresentations(_ params: JSONNode?) throws(RPCError) -> JSONValue {
        let doc = try document(params)
        guard let r = range(params?["range"], in: doc), let c = params?["color"], let red = c["red"]?.double,
            let green = c["green"]?.double, let blue = c["blue"]?.double
        else { throw RPCError(.invalidParams, "'range' and 'color' are needed") }
        let theme = workspace.scope.rules.theme
        guard let (prefix, _) = Colors.split(doc.text(r), theme: theme) else { return .array([]) }
        let color = ColorValue(red: red, green: green, blue: blue, alpha: c["alpha"]?.double ?? 1)
        var labels: [String] = []
        let hex = Colors.hex(color)
        for name in theme.colors.keys.sorted() where theme.colors[name].map(Colors.hex) == hex {
            labels.append(prefix + name)
        }
        labels.append(prefix + "[" + hex.lowercased() + "]")
        return .array(
            labels.map { label in
                .object([
                    ("label", .string(label)),
                    ("textEdit", .object([("range", rangeJSON(r, doc)), ("newText", .string(label))])),
                ])
            })
    }
}
