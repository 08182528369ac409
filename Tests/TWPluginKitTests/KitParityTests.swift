import TWPluginAPI
import Testing

@testable import TWPluginKit

/// A custom argument for the tests: a count and a label.
struct Badge: TWCustomArgument, Equatable {
    var count: Int64
    var label: String
    init(count: Int64, label: String) {
        self.count = count
        self.label = label
    }
    init?(payload: TWPayload) {
        guard let label = payload.text else { return nil }
        self.init(count: payload.tag, label: label)
    }
    var payload: TWPayload { TWPayload(tag: count, number: Double(count) / 2, text: label) }
}

/// One registration per argument type and form, each driven through its C signature.
let parityPlugin = TWPlugin(
    name: "parity", version: "1.0.0",
    modifiers: [
        "a-number": .value(default: 1.0) { view, x in view.scaleEffect(x) },
        "b-points": .value(default: Points(2), phase: .content) { view, p in view.padding(p) },
        "c-angle": .value(default: Angle.degrees(-0.5), order: 3) { view, a in view.rotationEffect(a) },
        "d-seconds": .value(default: Seconds(0.25)) { view, s in
            view.modifier("animation", .animation(nil, .easeOut(duration: s.value)), .bool("value", true))
        },
        "e-bool": .value(default: false) { view, on in view.opacity(on ? 0.5 : 1) },
        "f-string": .value(default: "a b") { view, s in view.modifier("accessibilityIdentifier", .string(nil, s)) },
        "g-color": .value(default: Color.clear) { view, c in view.modifier("tint", .color(nil, c)) },
        "h-vector": .value(default: TWVector(x: 0, y: 1, z: 0)) { view, v in
            view.rotation3DEffect(.degrees(10), axis: (x: v.x, y: v.y, z: v.z))
        },
        "i-animation": .value(default: TWAnimationValue.snappy) { view, a in
            view.modifier("animation", .animation(nil, a), .bool("value", true))
        },
        "j-badge": .argument(
            default: "none", phase: .content,
            parse: { argument, _ in
                if argument.rawValue == "none" { return Badge(count: 0, label: "") }
                guard let n = argument.number, n >= 0, n < 100, n == n.rounded() else {
                    throw TWRejection("expected a count 0…99")
                }
                return Badge(count: Int64(n), label: "n\(Int(n))")
            }
        ) { view, badge in
            view.overlay { Capsule().fill(.white).opacity(badge.count > 0 ? 1 : 0) }
                .modifier("accessibilityIdentifier", .string(nil, badge.label))
        },
        "k-text": .text { text, _ in text.modifier("bold") },
        "l-image": .image { image, _ in image.resizable() },
        "m-shape": .shape { shape, active in shape.trim(from: 0, to: active ? 0.5 : 1) },
        "n-text-value": .textValue(default: Points.zero) { text, p in text.kerning(p) },
        "o-image-value": .imageValue(default: true) { image, on in image.modifier("antialiased", .bool(nil, on)) },
        "p-shape-value": .shapeValue(default: 1.0) { shape, end in shape.trim(from: 0, to: end) },
        "q-nothing-parsed": .argument(default: "x", parse: { argument, _ in argument.number }) { view, n in
            view.opacity(n)
        },
        "r-every-argument": .view { view, active in
            view.modifier(
                "custom", .number("n", 1.5), .bool("b", active), .string("s", "q\"uote"), .member("m", "center"),
                .color("c", .black.opacity(0.5)), .animation("a", .spring(response: 0.3, dampingFraction: 0.7)),
                .call("call", "init", .number("top", 4), .call(nil, "degrees", .number(nil, 8))),
                .tuple("tuple", .number("x", 0), .number("y", 1)),
                .content("content") {
                    NativeView.view("Ellipse").fill(.thinMaterial)
                    RoundedRectangle(cornerRadius: 4).offset(y: -1)
                },
                KitArgument(nil, .member("uppercase")))
        },
    ],
    animations: ["fade": TWAnimation { .easeOut(duration: $0 ?? 0.3) }]
)

@Suite("TWPluginKit exports every form and argument type of the C ABI")
struct KitParityTests {
    static let exported = ExportedRegistration.all(of: parityPlugin)

    func registration(_ name: String) throws -> ExportedRegistration {
        try #require(Self.exported.first { $0.name == name })
    }

    @Test("each registration carries its form, ABI type and default text")
    func exportedTypes() throws {
        let rows = Self.exported.map { "\($0.name) \($0.form) \($0.argumentType) \($0.defaultArgument ?? "nil")" }
        #expect(
            rows == [
                "a-number \(TW_FORM_VALUE) \(TW_ARG_NUMBER) 1",
                "b-points \(TW_FORM_VALUE) \(TW_ARG_POINTS) 2",
                "c-angle \(TW_FORM_VALUE) \(TW_ARG_ANGLE) -0.5deg",
                "d-seconds \(TW_FORM_VALUE) \(TW_ARG_SECONDS) 0.25",
                "e-bool \(TW_FORM_VALUE) \(TW_ARG_BOOL) false",
                "f-string \(TW_FORM_VALUE) \(TW_ARG_STRING) a b",
                "g-color \(TW_FORM_VALUE) \(TW_ARG_COLOR) #00000000",
                "h-vector \(TW_FORM_VALUE) \(TW_ARG_VECTOR) 0,1,0",
                "i-animation \(TW_FORM_VALUE) \(TW_ARG_ANIMATION) snappy",
                "j-badge \(TW_FORM_ARGUMENT) \(TW_ARG_CUSTOM) none",
                "k-text \(TW_FORM_TEXT) \(TW_ARG_NONE) nil",
                "l-image \(TW_FORM_IMAGE) \(TW_ARG_NONE) nil",
                "m-shape \(TW_FORM_SHAPE) \(TW_ARG_NONE) nil",
                "n-text-value \(TW_FORM_TEXT_VALUE) \(TW_ARG_POINTS) 0",
                "o-image-value \(TW_FORM_IMAGE_VALUE) \(TW_ARG_BOOL) true",
                "p-shape-value \(TW_FORM_SHAPE_VALUE) \(TW_ARG_NUMBER) 1",
                "q-nothing-parsed \(TW_FORM_ARGUMENT) \(TW_ARG_NUMBER) x",
                "r-every-argument \(TW_FORM_VIEW) \(TW_ARG_NONE) nil",
            ])
        let phases = Self.exported.map(\.registration.phase)
        #expect(phases[1] == TW_PHASE_CONTENT && phases[9] == TW_PHASE_CONTENT && phases[0] == TW_PHASE_EFFECTS)
        #expect(Self.exported[2].registration.order == 3)
        // Only the argument forms have a parser.
        #expect(Self.exported.filter { $0.registration.parse != nil }.map(\.name) == ["j-badge", "q-nothing-parsed"])
    }

    struct FactoryCase: Sendable, CustomTestStringConvertible {
        var name: String
        var argument: ExportedRegistration.CArgument
        var calls: [String]
        var testDescription: String { name }
    }

    static let factoryCases: [FactoryCase] = [
        FactoryCase(
            name: "a-number", argument: .double(1.5), calls: ["begin 1 nil scaleEffect", "number nil 1.5", "end"]),
        FactoryCase(name: "b-points", argument: .double(8), calls: ["begin 1 nil padding", "number nil 8.0", "end"]),
        FactoryCase(
            name: "c-angle", argument: .double(90),
            calls: ["begin 1 nil rotationEffect", "begin 3 nil degrees", "number nil 90.0", "end", "end"]),
        FactoryCase(
            name: "d-seconds", argument: .double(0.5),
            calls: [
                "begin 1 nil animation",
                "animation nil curve 3 duration 0.5 response -1.0 damping -1.0 bounce -1.0 delay 0.0",
                "boolean value true", "end",
            ]),
        FactoryCase(name: "e-bool", argument: .bool(true), calls: ["begin 1 nil opacity", "number nil 0.5", "end"]),
        FactoryCase(
            name: "f-string", argument: .string("héllo wörld"),
            calls: ["begin 1 nil accessibilityIdentifier", "string nil héllo wörld", "end"]),
        FactoryCase(
            name: "g-color", argument: .color(tw_color(r: 1, g: 0.5, b: 0, a: 0.25)),
            calls: ["begin 1 nil tint", "color nil (1.0, 0.5, 0.0, 0.25)", "end"]),
        FactoryCase(
            name: "h-vector", argument: .vector(tw_vector3(x: 1, y: 2, z: 3)),
            calls: [
                "begin 1 nil rotation3DEffect", "begin 3 nil degrees", "number nil 10.0", "end", "begin 5 axis nil",
                "number x 1.0", "number y 2.0", "number z 3.0", "end", "end",
            ]),
        FactoryCase(
            name: "i-animation",
            argument: .animation(
                tw_animation(
                    curve: TW_CURVE_BOUNCY, reserved: 0, duration: 0.4, response: -1, damping_fraction: -1,
                    bounce: 0.3, delay: 0.1)),
            calls: [
                "begin 1 nil animation",
                "animation nil curve 8 duration 0.4 response -1.0 damping -1.0 bounce 0.3 delay 0.1",
                "boolean value true", "end",
            ]),
        FactoryCase(
            name: "j-badge", argument: .payload(tw_payload(tag: 3, number: 1.5, text: nil)),
            calls: ["fail the host passed an argument of another type than this registration declares"]),
        FactoryCase(name: "k-text", argument: .none, calls: ["begin 1 nil bold", "end"]),
        FactoryCase(name: "l-image", argument: .none, calls: ["begin 1 nil resizable", "end"]),
        FactoryCase(
            name: "m-shape", argument: .none, calls: ["begin 1 nil trim", "number from 0.0", "number to 0.5", "end"]),
        FactoryCase(
            name: "n-text-value", argument: .double(1.5), calls: ["begin 1 nil kerning", "number nil 1.5", "end"]),
        FactoryCase(
            name: "o-image-value", argument: .bool(false),
            calls: ["begin 1 nil antialiased", "boolean nil false", "end"]),
        FactoryCase(
            name: "p-shape-value", argument: .double(0.7),
            calls: ["begin 1 nil trim", "number from 0.0", "number to 0.7", "end"]),
    ]

    @Test("each factory thunk reads its C argument and replays the chain", arguments: factoryCases)
    func factories(_ c: FactoryCase) throws {
        #expect(try registration(c.name).call(active: true, c.argument) == c.calls)
    }

    @Test("a custom payload goes out through the parser and comes back into the factory")
    func customPayload() throws {
        let badge = try registration("j-badge")
        #expect(badge.parse("7") == ["payload 7 3.5 n7"])
        #expect(badge.parse("none") == ["payload 0 0.0 "])
        #expect(badge.parse("7.5") == ["reject expected a count 0…99"])
        let label = "n7"
        let calls = label.withCString { badge.call(active: true, .payload(tw_payload(tag: 7, number: 3.5, text: $0))) }
        #expect(
            calls == [
                "begin 1 nil overlay", "begin 4 nil nil", "begin 2 nil Capsule", "end", "begin 1 nil fill",
                "color nil (1.0, 1.0, 1.0, 1.0)", "end", "begin 1 nil opacity", "number nil 1.0", "end", "end", "end",
                "begin 1 nil accessibilityIdentifier", "string nil n7", "end",
            ])
        // A parser that returns nil rejects with the argument named.
        #expect(try registration("q-nothing-parsed").parse("wide") == ["reject cannot read 'wide'"])
        #expect(try registration("q-nothing-parsed").parse("0.5") == ["number 0.5"])
    }

    @Test("every kind of argument has a public constructor and reaches the builder")
    func everyArgument() throws {
        let calls = try registration("r-every-argument").call(active: false)
        #expect(
            calls == [
                "begin 1 nil custom", "number n 1.5", "boolean b false", "string s q\"uote", "member m center",
                "color c (0.0, 0.0, 0.0, 0.5)",
                "animation a curve 5 duration -1.0 response 0.3 damping 0.7 bounce -1.0 delay 0.0",
                "begin 3 call init", "number top 4.0", "begin 3 nil degrees", "number nil 8.0", "end", "end",
                "begin 5 tuple nil", "number x 0.0", "number y 1.0", "end",
                "begin 4 content nil", "begin 2 nil Ellipse", "end", "begin 1 nil fill", "member nil thinMaterial",
                "end", "begin 2 nil RoundedRectangle", "number cornerRadius 4.0", "end", "begin 1 nil offset",
                "number x 0.0", "number y -1.0", "end", "end",
                "member nil uppercase", "end",
            ])
    }

    struct CurveCase: Sendable, CustomTestStringConvertible {
        var id: String
        var value: TWAnimationValue
        var c: String
        var testDescription: String { id }
    }

    static let curveCases: [CurveCase] = [
        CurveCase(
            id: "default", value: .default, c: "curve 0 duration -1.0 response -1.0 damping -1.0 bounce -1.0 delay 0.0"),
        CurveCase(
            id: "linear", value: .linear, c: "curve 1 duration -1.0 response -1.0 damping -1.0 bounce -1.0 delay 0.0"),
        CurveCase(
            id: "linear(duration:)", value: .linear(duration: 2),
            c: "curve 1 duration 2.0 response -1.0 damping -1.0 bounce -1.0 delay 0.0"),
        CurveCase(
            id: "easeIn", value: .easeIn, c: "curve 2 duration -1.0 response -1.0 damping -1.0 bounce -1.0 delay 0.0"),
        CurveCase(
            id: "easeIn(duration:)", value: .easeIn(duration: 0.2),
            c: "curve 2 duration 0.2 response -1.0 damping -1.0 bounce -1.0 delay 0.0"),
        CurveCase(
            id: "easeOut", value: .easeOut, c: "curve 3 duration -1.0 response -1.0 damping -1.0 bounce -1.0 delay 0.0"),
        CurveCase(
            id: "easeOut(duration:)", value: .easeOut(duration: 0.3),
            c: "curve 3 duration 0.3 response -1.0 damping -1.0 bounce -1.0 delay 0.0"),
        CurveCase(
            id: "easeInOut", value: .easeInOut,
            c: "curve 4 duration -1.0 response -1.0 damping -1.0 bounce -1.0 delay 0.0"),
        CurveCase(
            id: "easeInOut(duration:)", value: .easeInOut(duration: 0.8),
            c: "curve 4 duration 0.8 response -1.0 damping -1.0 bounce -1.0 delay 0.0"),
        CurveCase(
            id: "spring", value: .spring, c: "curve 5 duration -1.0 response -1.0 damping -1.0 bounce -1.0 delay 0.0"),
        CurveCase(
            id: "spring(duration:bounce:)", value: .spring(duration: 0.5, bounce: 0.15),
            c: "curve 5 duration 0.5 response -1.0 damping -1.0 bounce 0.15 delay 0.0"),
        CurveCase(
            id: "spring(duration:) keeps no bounce", value: .spring(duration: 0.5),
            c: "curve 5 duration 0.5 response -1.0 damping -1.0 bounce -1.0 delay 0.0"),
        CurveCase(
            id: "spring(response:dampingFraction:)", value: .spring(response: 0.4, dampingFraction: 0.8),
            c: "curve 5 duration -1.0 response 0.4 damping 0.8 bounce -1.0 delay 0.0"),
        CurveCase(
            id: "smooth", value: .smooth, c: "curve 6 duration -1.0 response -1.0 damping -1.0 bounce -1.0 delay 0.0"),
        CurveCase(
            id: "smooth(duration:extraBounce:)", value: .smooth(duration: 0.4, extraBounce: 0.1),
            c: "curve 6 duration 0.4 response -1.0 damping -1.0 bounce 0.1 delay 0.0"),
        CurveCase(
            id: "smooth(duration: nil)", value: .smooth(duration: nil),
            c: "curve 6 duration -1.0 response -1.0 damping -1.0 bounce -1.0 delay 0.0"),
        CurveCase(
            id: "snappy", value: .snappy, c: "curve 7 duration -1.0 response -1.0 damping -1.0 bounce -1.0 delay 0.0"),
        CurveCase(
            id: "snappy(duration:)", value: .snappy(duration: 0.3),
            c: "curve 7 duration 0.3 response -1.0 damping -1.0 bounce -1.0 delay 0.0"),
        CurveCase(
            id: "bouncy", value: .bouncy, c: "curve 8 duration -1.0 response -1.0 damping -1.0 bounce -1.0 delay 0.0"),
        CurveCase(
            id: "bouncy(extraBounce:)", value: .bouncy(extraBounce: 0.2),
            c: "curve 8 duration -1.0 response -1.0 damping -1.0 bounce 0.2 delay 0.0"),
        CurveCase(
            id: "delay", value: .easeOut(duration: 0.3).delay(0.1),
            c: "curve 3 duration 0.3 response -1.0 damping -1.0 bounce -1.0 delay 0.1"),
    ]

    @Test("every SwiftUI curve maps to its tw_animation, only with the parameters it takes", arguments: curveCases)
    func curves(_ c: CurveCase) {
        let host = RecordingHost()
        host.withParseResult { c.value.report(to: $0) }
        #expect(host.calls == ["animation " + c.c])
        // And back: what the host passes reads as the same value.
        #expect(TWAnimationValue(c.value.cValue) == c.value)
    }

    @Test("presets run with the duration classes' seconds, or nil")
    func presets() throws {
        var error: UnsafePointer<CChar>?
        let descriptor = try #require(parityPlugin.entry(hostMajor: 1, hostMinor: 0, error: &error)?.pointee)
        let preset = descriptor.animations[0]
        var out = tw_animation()
        preset.make(preset.context, 0.25, &out)
        #expect(out.curve == TW_CURVE_EASE_OUT && out.duration == 0.25 && out.bounce == -1)
        preset.make(preset.context, -1, &out)
        #expect(out.duration == 0.3)
        // A host of another major version is refused with a message.
        #expect(parityPlugin.entry(hostMajor: 2, hostMinor: 0, error: &error) == nil)
        #expect(error.map { String(cString: $0) } == "parity needs ABI 1.x, the host speaks 2.0")
    }
}
