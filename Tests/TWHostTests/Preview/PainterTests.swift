import Testing

@testable import TWHost
@testable import TWPreview

/// The drawing as HTML, without a browser: the order of the elements, what is
/// listed as not drawn, and that input text never becomes markup.
@Suite("preview drawing")
struct PainterTests {
    static func entry(_ nodes: [IRNode], active: Bool? = nil) -> ChainEntry {
        ChainEntry(
            phase: .style, origin: .builtin(property: "test"), active: active, modifier: ModifierIR(nodes),
            className: nil)
    }

    @Test("each modifier wraps what came before, in application order")
    func order() {
        let chain = [
            Self.entry([.modifier("padding", [IRArgument(nil, .number(16))])]),
            Self.entry([.modifier("background", [IRArgument(nil, .color(ColorValue(red: 0, green: 0, blue: 1)))])]),
            Self.entry([.modifier("opacity", [IRArgument(nil, .number(0.5))])]),
        ]
        let drawing = Painter.draw(chain, content: .text("Hi"), buttonStyle: nil)
        #expect(
            drawing.html
                == "<div class=\"m\" style=\"opacity:0.5\"><div class=\"m\" style=\"isolation:isolate\">"
                + "<div class=\"layer behind\"><div class=\"shape\" style=\"background:rgb(0 0 255);border-radius:0\"></div></div>"
                + "<div class=\"m\" style=\"padding:16px 16px 16px 16px\"><span class=\"text\">Hi</span></div></div></div>"
        )
        #expect(drawing.notDrawn == [] && drawing.notVisual == [])
    }

    @Test("a modifier with no drawing is listed, never dropped, and the rest of the chain is still drawn")
    func notDrawn() {
        let chain = [
            Self.entry([.modifier("trim", [IRArgument("from", .number(0)), IRArgument("to", .number(0.7))])]),
            Self.entry([.modifier("rotationEffect", [IRArgument(nil, .symbolic("angle", standsFor: nil))])]),
            Self.entry([.modifier("accessibilityIdentifier", [IRArgument(nil, .string("save"))])]),
            Self.entry([.modifier("padding", [IRArgument(nil, .member("horizontal")), IRArgument(nil, .number(8))])]),
        ]
        let drawing = Painter.draw(chain, content: .text("x"), buttonStyle: "glass")
        #expect(
            drawing.notDrawn == [
                ".buttonStyle(.glass)", ".trim(from: 0, to: 0.7)", ".rotationEffect(angle) (value known at run time)",
            ])
        #expect(drawing.notVisual == [".accessibilityIdentifier(\"save\")"])
        #expect(
            drawing.html == "<div class=\"m\" style=\"padding:0px 8px 0px 8px\"><span class=\"text\">x</span></div>")
    }

    @Test("theme tokens draw as the value their scheme resolved; named system colours go through a custom property")
    func tokens() {
        // A token is resolved for the color scheme before it is drawn (the page's dark view is a dark resolution).
        let primary = Theme.standard.colors["primary"]
        #expect(primary.map(Appearance.css) == "rgb(23 23 23)")
        #expect(primary.map { Appearance.css($0.withOpacity(0.5)) } == "rgb(23 23 23 / 0.5)")
        // A system colour keeps its name: dark appearance sets its property.
        let blue = Theme.standard.colors["blue"]
        #expect(blue.map(Appearance.css) == "var(--tw-blue, rgb(0 122 255))")
        #expect(Appearance.darkDeclarations.contains("--tw-blue:#0a84ff;"))
        // A name that is not a plain token is not put into CSS.
        #expect(Appearance.css(ColorValue(red: 1, green: 0, blue: 0, name: "x);background:url(y")) == "rgb(255 0 0)")
    }

    @Test("input text is escaped wherever the page shows it")
    func escaping() {
        #expect(HTML.escape("<b a=\"1\">'&'</b>\u{1}") == "&lt;b a=&quot;1&quot;&gt;&#39;&amp;&#39;&lt;/b&gt;\u{FFFD}")
        let drawing = Painter.draw([], content: .placeholder(type: "<Field>", label: "</span><i>"), buttonStyle: nil)
        #expect(drawing.html == "<span class=\"placeholder\">&lt;Field&gt; “&lt;/span&gt;&lt;i&gt;”</span>")
    }
}
