import TWHost
import Testing

@testable import TWModel
@testable import TWResolution

/// Each step of the built-in styling (`StyleEmission`) on its own: what it
/// writes, for which properties, and what it warns about on older systems.
@Suite("Style emission steps", .removesTemporaryDirectories)
struct StyleEmissionTests {
    static func emission(
        _ assignments: [(StyleProperty, StyleValue)], os: Int? = nil, platform: RenderEnvironment.Platform = .ios,
        text: Bool = false, nativeButton: Bool = false
    ) -> StyleEmission {
        var values = PropertyTable<StyleValue>()
        for (property, value) in assignments { values[property] = value }
        let target = StyleEmitter.Target(
            environment: RenderEnvironment(platform: platform, osVersion: os), text: text, nativeButton: nativeButton)
        return StyleEmission(values, theme: Theme(), target: target)
    }

    static func code(_ e: StyleEmission) -> String { ModifierIR(e.out.map(\.node)).swiftCode }

    @Test("font: a size gives the whole system font; without one, weight is a modifier from iOS 16")
    func font() {
        var sized = Self.emission([(.fontSize, .points(18)), (.fontWeight, .member("bold"))])
        sized.font()
        #expect(Self.code(sized) == ".font(.system(size: 18, weight: .bold))")
        #expect(sized.out.map(\.properties) == [[.fontSize, .fontWeight]])

        var modern = Self.emission([(.fontWeight, .member("bold"))], os: 16)
        modern.font()
        #expect(Self.code(modern) == ".fontWeight(.bold)")
        #expect(modern.warnings.isEmpty)

        var folded = Self.emission([(.fontWeight, .member("bold"))], os: 15)
        folded.font()
        #expect(Self.code(folded) == ".font(.system(.body).weight(.bold))")
        #expect(folded.warnings.map(\.code) == [.unavailableAPI])

        var onText = Self.emission([(.fontWeight, .member("bold")), (.italic, .member("true"))], os: 13, text: true)
        onText.font()
        #expect(Self.code(onText) == ".fontWeight(.bold).italic()")
        #expect(onText.warnings.isEmpty)
    }

    @Test("text layout: tracking stays a Text method; line modifiers end the Text")
    func textLayout() {
        var e = Self.emission([(.tracking, .points(1)), (.lineSpacing, .points(4))], os: 15, text: true)
        e.textLayout()
        #expect(Self.code(e) == ".tracking(1).lineSpacing(4)")
        #expect(!e.text)

        // swiftcn tracks only the Text `.tw` is written on: on a view nothing, on every version.
        for os in [15, 26] {
            var onView = Self.emission([(.tracking, .points(1))], os: os)
            onView.textLayout()
            #expect(onView.out.isEmpty)
            #expect(onView.warnings.map(\.code) == [.textOnlyClass])
        }

        var limit = Self.emission([(.lineLimit, StyleValue.none), (.textAlignment, .member("center"))])
        limit.textLayout()
        #expect(Self.code(limit) == ".multilineTextAlignment(.center).lineLimit(.none)")
    }

    @Test("foreground: foregroundStyle where the system has it, foregroundColor before")
    func foreground() {
        let red = ColorValue(red: 1, green: 0, blue: 0, name: "red")
        var modern = Self.emission([(.foreground, .color(red))])
        modern.foreground()
        #expect(Self.code(modern) == ".foregroundStyle(Color.red)")
        var old = Self.emission([(.foreground, .color(red))], os: 14)
        old.foreground()
        #expect(Self.code(old) == ".foregroundColor(Color.red)")
    }

    @Test(
        "padding: all edges, one axis, one edge, or EdgeInsets",
        arguments: [
            ([16.0, 16, 16, 16], ".padding(16)"),
            ([nil, 8, nil, 8], ".padding(.horizontal, 8)"),
            ([4, nil, 4, nil], ".padding(.vertical, 4)"),
            ([nil, nil, 2, nil], ".padding(.bottom, 2)"),
            ([1, 2, nil, nil], ".padding(.init(top: 1, leading: 2, bottom: 0, trailing: 0))"),
        ] as [([Double?], String)])
    func padding(_ edges: [Double?], _ expected: String) {
        let properties: [StyleProperty] = [.paddingTop, .paddingLeading, .paddingBottom, .paddingTrailing]
        var e = Self.emission(zip(properties, edges).compactMap { p, v in v.map { (p, StyleValue.points($0)) } })
        e.padding()
        #expect(Self.code(e) == expected)
    }

    @Test("frame: fixed size, then the fill a bound wraps, then the bounds")
    func frame() {
        var e = Self.emission([(.width, .infinity), (.maxWidth, .points(320)), (.height, .points(44))])
        e.frame()
        #expect(Self.code(e) == ".frame(height: 44).frame(maxWidth: .infinity).frame(maxWidth: 320)")
        #expect(e.out.map(\.properties) == [[.height], [.width], [.maxWidth]])
    }

    @Test("background, border and corners share the corner shape; clipping comes last")
    func decoration() {
        let blue = ColorValue(red: 0, green: 0, blue: 1, name: "blue")
        var e = Self.emission([(.background, .color(blue)), (.cornerRadius, .points(8)), (.borderWidth, .points(1))])
        e.background()
        e.border()
        e.corners()
        #expect(
            Self.code(e)
                == ".background(Color.blue, in: .rect(cornerRadius: 8))"
                + ".overlay { RoundedRectangle(cornerRadius: 8).strokeBorder(Color(red: 0.88, green: 0.88, blue: 0.88), lineWidth: 1) }"
                + ".clipShape(.rect(cornerRadius: 8))")
        var old = Self.emission([(.background, .color(blue)), (.cornerRadius, .points(9999))], os: 14)
        old.background()
        #expect(Self.code(old) == ".background(Capsule().fill(Color.blue))")
    }

    @Test("corners on a natively styled button: its border shape, or a warning where there is none")
    func buttonCorners() {
        var e = Self.emission([(.cornerRadius, .points(9999))], nativeButton: true)
        e.corners()
        #expect(Self.code(e) == ".buttonBorderShape(.capsule)")
        var old = Self.emission([(.cornerRadius, .points(6))], os: 14, nativeButton: true)
        old.corners()
        #expect(old.out.isEmpty)
        #expect(old.warnings.map(\.code) == [.unavailableAPI])
    }

    @Test("shadow, effects, tint and control size (extraLarge is large before iOS 17)")
    func effectsAndControls() {
        var e = Self.emission(
            [
                (.shadow, .shadow(ShadowToken(radius: 4, y: 2, opacity: 0.25))), (.opacity, .number(0.5)),
                (.rotation, .number(45)), (.offsetY, .points(3)),
                (.tint, .color(ColorValue(red: 0, green: 0, blue: 1, name: "blue"))),
                (.controlSize, .member("extraLarge")),
            ], os: 16)
        e.shadow()
        e.effects()
        e.tint()
        e.controlSize()
        #expect(
            Self.code(e)
                == ".shadow(color: Color.black.opacity(0.25), radius: 4, x: 0, y: 2).opacity(0.5)"
                + ".rotationEffect(.degrees(45)).offset(x: 0, y: 3).tint(Color.blue).controlSize(.large)")
        #expect(e.warnings.isEmpty)
    }
}
