import Testing

@testable import TWHost

/// Every argument type crosses libffi into a C factory and comes back in the IR.
@Suite("Typed factory dispatch through libffi", .removesTemporaryDirectories)
struct TypedDispatchTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var registration: String
        var value: TypedValue
        var expected: IRValue
        var testDescription: String { registration }
    }

    static let cases: [Case] = [
        Case(registration: "probe-number", value: .number(-2.75), expected: .number(-2.75)),
        Case(registration: "probe-points", value: .points(12), expected: .number(12)),
        Case(registration: "probe-angle", value: .angle(8), expected: .number(8)),
        Case(registration: "probe-seconds", value: .seconds(0.22), expected: .number(0.22)),
        Case(registration: "probe-bool", value: .bool(true), expected: .bool(true)),
        Case(registration: "probe-string", value: .string("a b_c [x]"), expected: .string("a b_c [x]")),
        Case(
            registration: "probe-color", value: .color(ColorValue(red: 0.25, green: 0.5, blue: 0.75, alpha: 0.125)),
            expected: .color(ColorValue(red: 0.25, green: 0.5, blue: 0.75, alpha: 0.125))),
        Case(
            registration: "probe-vector", value: .vector(0.5, -1, 3),
            expected: .tuple([IRArgument("x", .number(0.5)), IRArgument("y", .number(-1)), IRArgument("z", .number(3))])
        ),
        Case(
            registration: "probe-animation",
            value: .animation(AnimationValue(curve: .spring, response: 0.4, dampingFraction: 0.8, delay: 0.1)),
            expected: .animation(AnimationValue(curve: .spring, response: 0.4, dampingFraction: 0.8, delay: 0.1))),
    ]

    @Test("struct and scalar arguments round-trip", arguments: cases)
    func roundTrip(_ c: Case) throws {
        let plugin = try FixturePlugins.echo()
        let registration = try #require(plugin.modifiers.first { $0.name == c.registration })
        let ir = try registration.makeModifier(active: true, value: c.value).get()
        #expect(ir.nodes.count == 1)
        let node = try #require(ir.nodes.first)
        #expect(node.name == "probe")
        #expect(node.arguments.first == IRArgument("active", .bool(true)))
        #expect(node.arguments.dropFirst().first == IRArgument("value", c.expected))
    }

    @Test("the animation curve code crosses as an int32 inside the struct")
    func animationCurve() throws {
        let plugin = try FixturePlugins.echo()
        let registration = try #require(plugin.modifiers.first { $0.name == "probe-animation" })
        let ir = try registration.makeModifier(active: false, value: .animation(AnimationValue(curve: .bouncy))).get()
        #expect(ir.nodes[0].arguments.last == IRArgument("curve", .number(8)))
        #expect(ir.nodes[0].arguments.first == IRArgument("active", .bool(false)))
    }

    @Test("a custom payload from the plugin's parser reaches its factory by value")
    func customPayload() throws {
        let plugin = try FixturePlugins.echo()
        let registration = try #require(plugin.modifiers.first { $0.name == "probe-payload" })
        let value = try registration.parseArgument("hello world", theme: Theme()).get()
        #expect(value == .payload(PayloadValue(tag: 42, number: 11, text: "hello world")))
        let ir = try registration.makeModifier(active: true, value: value).get()
        #expect(
            ir.nodes[0].arguments == [
                IRArgument("active", .bool(true)), IRArgument("tag", .number(42)), IRArgument("number", .number(11)),
                IRArgument("text", .string("hello world")),
            ])
        guard case .failure(let failure) = registration.parseArgument("bad", theme: Theme()) else {
            Issue.record("the parser's rejection was lost")
            return
        }
        #expect(failure.message == "fixture rejects 'bad'")
    }

    @Test("a value of the wrong type is refused before any call")
    func wrongType() throws {
        let plugin = try FixturePlugins.echo()
        let registration = try #require(plugin.modifiers.first { $0.name == "probe-color" })
        #expect(
            registration.makeModifier(active: true, value: .number(1))
                == .failure(.argumentTypeMismatch(expected: .color, got: .number)))
    }

    @Test("builder misuse fails the call with a clear error")
    func builderMisuse() throws {
        let plugin = try FixturePlugins.echo()
        let registration = try #require(plugin.modifiers.first { $0.name == "probe-unbalanced" })
        #expect(registration.makeModifier(active: true, value: nil) == .failure(.builderMisuse("1 node(s) left open")))
    }

    @Test("Swift kit plugins dispatch through the same ABI")
    func swiftKitPlugins() throws {
        let plugins = try FixturePlugins.shipped(["material", "motion", "typography"])
        let registry = PluginRegistry(plugins: plugins)
        let tilt = try #require(registry.modifier(named: "tilt"))
        #expect(tilt.order == 10)
        #expect(tilt.conflictKey == "orientation")
        #expect(
            try tilt.makeModifier(active: true, value: .angle(8)).get().swiftCode
                == ".rotation3DEffect(.degrees(8), axis: (x: 0, y: 1, z: 0))")
        let frosted = try #require(registry.modifier(named: "frosted"))
        #expect(
            try frosted.makeModifier(active: false, value: nil).get().swiftCode
                == ".background { RoundedRectangle(cornerRadius: 20).fill(.ultraThinMaterial).opacity(0) }")
        let inset = try #require(registry.modifier(named: "inset"))
        #expect(inset.phase == .content)
        #expect(try inset.makeModifier(active: true, value: .points(8)).get().swiftCode == ".padding(8)")
        let material = try #require(registry.modifier(named: "material"))
        let thick = try material.parseArgument("thick", theme: Theme()).get()
        #expect(
            try material.makeModifier(active: true, value: thick).get().swiftCode
                == ".background { RoundedRectangle(cornerRadius: 20).fill(.thickMaterial).opacity(1) }")
        #expect((try? material.parseArgument("glassy", theme: Theme()).get()) == nil)
        let kern = try #require(registry.modifier(named: "kern"))
        #expect(kern.phase == .source)
        #expect(try kern.makeModifier(active: true, value: .points(1.5)).get().swiftCode == ".kerning(1.5)")
        let trim = try #require(registry.modifier(named: "trim"))
        #expect(trim.defaultValue == .number(1))
        #expect(try trim.makeModifier(active: false, value: .number(1)).get().swiftCode == ".trim(from: 0, to: 1)")
        let surface = try #require(registry.utility(prefix: "surface"))
        #expect(try surface.expand("4", theme: Theme()).get() == "p-[16] bg-surface rounded-[16]")
        #expect((try? surface.expand("lots", theme: Theme()).get()) == nil)
        let settle = try #require(registry.animation(named: "settle"))
        #expect(settle.make(seconds: 0.25) == AnimationValue(curve: .spring, duration: 0.25, bounce: 0.15))
    }
}
