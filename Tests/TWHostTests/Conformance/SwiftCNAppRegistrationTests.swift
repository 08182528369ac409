import Foundation
import Testing

@testable import TWHost

/// Registrations an app writes with swiftcn's native factories (its
/// `TWNativeUtility` forms, `Sources/SwiftCN/NativeUtility.swift`) and
/// swiftcn's own utility values registered by the app: read as the library
/// applies them, through the real binary. A factory the reader cannot follow
/// is a registered class with an opaque slot and one note, never an error.
@Suite("swiftcn parity: app registrations", .removesTemporaryDirectories)
struct SwiftCNAppRegistrationTests {
    /// Writes `source` as `name` in a fresh folder and runs `twhost` on it there.
    static func run(_ arguments: [String], _ name: String, _ source: String) throws -> ProcessResult {
        let folder = TestPaths.temporaryDirectory("app-registrations")
        try source.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
        return try twhost(arguments + [name], directory: folder)
    }

    static let factories = """
        import SwiftCN
        import SwiftUI

        private struct Lean: ViewModifier {
            let degrees: Double
            func body(content: Content) -> some View { content.rotationEffect(.degrees(degrees)) }
        }

        private struct Nudge: ViewModifier {
            let distance: CGFloat
            func body(content: Content) -> some View { content.offset(x: distance) }
        }

        private struct Glow: ViewModifier {
            let radius: Double
            func body(content: Content) -> some View { content.shadow(radius: radius) }
        }

        private struct Badge: Sendable, Equatable {
            let alpha: Double
        }

        struct Gallery: View {
            @State private var on = false
            let badge = Badge(alpha: 0.5)
            private var rules: TWGlobalRules {
                TWGlobalRules(modifiers: [
                    "lean": .argument(default: "0", order: 5) { argument, _ in
                        argument.degrees.map { Lean(degrees: $0) }
                    },
                    "nudge": .modifier { active, _ in Nudge(distance: active ? 24 : 0) },
                    "drift": .argument(default: "0") { argument, _ in
                        guard let points = argument.points else { return nil }
                        return Nudge(distance: points)
                    },
                    "fade": .value(default: Badge(alpha: 1)) { view, badge in view.opacity(badge.alpha) },
                    "glow": .modifier { active, _ in
                        let radius = active ? 6.0 : 0
                        return Glow(radius: radius)
                    },
                    "shift": .argument(
                        default: CGFloat.zero, parse: { argument, theme in argument.points.map { $0 * theme.spacingUnit } }
                    ) { view, distance in view.offset(x: distance) },
                ])
            }
            var body: some View {
                VStack {
                    Text("a").tw("p-2 lean-[12deg]")
                    Text("b").tw("lean-[nope]")
                    Text("c").tw("lean-[50%]")
                    Text("d").tw(on ? "nudge" : "p-1")
                    Text("e").tw("drift-[6]")
                    Text("f").tw("p-3 fade-[\\(badge)]")
                    Text("g").tw("fade-[3]")
                    Text("h").tw("p-1 glow")
                    Text("i").tw("shift-[3]")
                }
                .twRules(rules)
            }
        }

        struct BadDefault: View {
            var body: some View {
                Text("x").tw("lean-[5]")
                    .twRules(TWGlobalRules(modifiers: ["lean": .argument(default: "sideways") { argument, _ in
                        argument.degrees.map { Lean(degrees: $0) }
                    }]))
            }
        }
        """

    // swiftcn Tests/SwiftCNTests/NativeUtilityTests.swift · invalidTagsAndArgumentsFailStrictParsing
    // (`tilt-[nope]`, `tilt-[50%]` fail: `argument.degrees` reads neither) and
    // invalidInactiveArgumentsFailBeforeRendering (`.argument(default: "invalid")`: `tilt-[5]` fails);
    // NativeUtilityRenderingTests.swift · registryAllowsNativeModifierFactoriesAndCallerAnimations
    // (`.modifier { active, _ in … }` is a registered class whose slot keeps one identity);
    // InterpolationTests.swift · literalsAndCompositionRetainNativePayloads (a payload of the app's own
    // type reaches the slot; padding 12 beside it).
    @Test("check: swiftcn's native factories are read, an unreadable one is one note, bad arguments are errors")
    func checkFactories() throws {
        let result = try Self.run(["check"], "Gallery.swift", Self.factories)
        #expect(result.status == 1)
        #expect(
            result.stdout.split(separator: "\n").map(String.init) == [
                "Gallery.swift:37:21: note[dynamic-classes] 'glow' is registered by the app, but its closure is not read statically (its closure is more than one expression): its classes are accepted; its slot shows as `AnyView(/* glow: the app's factory, not read statically */)`, and what it applies — so whether toggling it keeps the view's structure — is not known",
                "Gallery.swift:49:27: error[invalid-argument] 'lean-[nope]': expected an angle (8, 8deg, 0.5rad, 0.25turn), got 'nope'",
                "Gallery.swift:50:27: error[invalid-argument] 'lean-[50%]': expected an angle (8, 8deg, 0.5rad, 0.25turn), got '50%'",
                "Gallery.swift:54:27: error[invalid-argument] 'fade-[3]': custom payloads are read by the plugin's parser",
                // One fault, one error: the class that uses the registration reports its default.
                "Gallery.swift:64:23: error[invalid-argument] 'lean-[5]': its default argument 'sideways' is invalid: expected an angle (8, 8deg, 0.5rad, 0.25turn), got 'sideways'",
                "4 error(s), 0 warning(s), 1 note(s) in 1 file(s), 10 surface(s)",
            ])
    }

    // swiftcn Tests/SwiftCNTests/NativeUtilityTests.swift · invalidInactiveArgumentsFailBeforeRendering
    // (`.argument(default: "invalid")`: parsing `tilt-[5]` throws `unknownClass("tilt-[5]")`) and
    // Sources/SwiftCN/NativeUtility.swift (`TWNativeArgumentFactory.validate` checks the default where a
    // class uses the registration; `apply` leaves the content as it is when the default makes no modifier).
    @Test("an invalid default: one error per class that uses it, none on a surface that does not")
    func invalidDefault() throws {
        let source = """
            import SwiftCN
            import SwiftUI

            private struct Lean: ViewModifier {
                let degrees: Double
                func body(content: Content) -> some View { content.rotationEffect(.degrees(degrees)) }
            }

            struct Tilted: View {
                var body: some View {
                    VStack {
                        Text("x").tw("lean-[5]")
                        Text("y").tw("p-1")
                    }
                    .twRules(TWGlobalRules(modifiers: ["lean": .argument(default: "sideways") { argument, _ in
                        argument.degrees.map { Lean(degrees: $0) }
                    }]))
                }
            }
            """
        let check = try Self.run(["check"], "Tilted.swift", source)
        #expect(check.status == 1)
        #expect(
            check.stdout.split(separator: "\n").map(String.init) == [
                "Tilted.swift:12:27: error[invalid-argument] 'lean-[5]': its default argument 'sideways' is invalid: expected an angle (8, 8deg, 0.5rad, 0.25turn), got 'sideways'",
                "1 error(s), 0 warning(s), 0 note(s) in 1 file(s), 2 surface(s)",
            ])
        let resolved = try Self.run(["resolve", "--format", "json"], "Tilted.swift", source)
        let output = try ResolveOutput(resolved.stdout)
        let p = "Tilted.swift:Tilted.body/"
        #expect(ResolveOutput.string(output.surface(p + "0"), "status") == "undecorated")
        #expect(ResolveOutput.string(output.surface(p + "1"), "status") == "decorated")
        #expect(output.diagnostics(p + "1") == [])
        // The inactive slot makes no modifier: the default it would be made from is invalid.
        #expect(output.chain(p + "1").map(\.modifier) == [".padding(4)", ""])
    }

    // swiftcn Sources/SwiftCN/NativeUtility.swift (`.modifier` applies `content.modifier(make(active, theme))`,
    // `.argument(default:) { argument, theme in M? }` the modifier made from the argument) and
    // Tests/SwiftCNTests/NativeUtilityRenderingTests.swift · registryAllowsNativeModifierFactoriesAndCallerAnimations.
    @Test("resolve: the slots as swiftcn applies them; a payload's member is computed by the app; the opaque slot")
    func resolveFactories() throws {
        let result = try Self.run(["resolve", "--format", "json"], "Gallery.swift", Self.factories)
        #expect(result.status == 1)
        let output = try ResolveOutput(result.stdout)
        let p = "Gallery.swift:Gallery.body/"
        let inactive = [
            ".modifier(Nudge(distance: 0))", ".opacity(/* badge.alpha: computed by the app from the Badge */)",
            "AnyView(/* glow: the app's factory, not read statically */)", ".modifier(Nudge(distance: 0))",
            ".offset(x: 0)",
        ]
        #expect(output.modifiers(p + "0") == [".padding(8)"] + inactive + [".modifier(Lean(degrees: 12))"])
        #expect(
            output.modifiers(p + "3") == [
                ".modifier(Nudge(distance: 0))", ".opacity(/* badge.alpha: computed by the app from the Badge */)",
                "AnyView(/* glow: the app's factory, not read statically */)", ".modifier(Nudge(distance: 24))",
                ".offset(x: 0)", ".modifier(Lean(degrees: 0))",
            ])
        // `.modifier { … }` keeps one structure: toggling `on` keeps the view's identity.
        let combinations = output.combinations(p + "3")
        #expect(combinations.count == 2)
        #expect(Set(combinations.map(\.identity)).count == 1)
        #expect(output.modifiers(p + "4").first == ".modifier(Nudge(distance: 6))")
        // The payload is passed natively: the class is valid, padding 12 beside it.
        #expect(ResolveOutput.string(output.surface(p + "5"), "status") == "decorated")
        #expect(output.modifiers(p + "5").first == ".padding(12)")
        #expect(output.chain(p + "5").first { $0.name == "fade" }?.active == true)
        // The opaque slot is accepted and shows as such.
        #expect(ResolveOutput.string(output.surface(p + "7"), "status") == "decorated")
        #expect(
            output.chain(p + "7").filter { $0.name == "glow" }.map(\.modifier) == [
                "AnyView(/* glow: the app's factory, not read statically */)"
            ])
        #expect(output.chain(p + "7").first { $0.name == "glow" }?.active == true)
        // NativeUtilityRenderingTests.swift · registeredFactoriesProduceTheNativePixels: `shift-[3]` whose
        // `parse:` multiplies by the theme's spacing unit is never shown as `.offset(x: 3)`.
        let shift = output.chain(p + "8").first { $0.name == "shift" }
        #expect(shift?.active == true)
        #expect(shift?.modifier == ".offset(x: /* distance: computed by the app's parse: closure */)")
    }

    static let library = """
        import SwiftCN
        import SwiftUI

        struct Controls: View {
            var body: some View {
                VStack {
                    Image(systemName: "arrow.clockwise").tw("spinner-motion")
                    Rectangle().tw("skeleton-motion h-[12]")
                    Toggle("Wi-Fi", isOn: .constant(true)).tw("cn-tint-[\\(Color.indigo)]")
                    Toggle("AirDrop", isOn: .constant(true)).tw("cn-tint-[nonexistent]")
                    Image("avatar").tw("cn-avatar-crop cn-avatar-image")
                }
                .twRules(TWGlobalRules(modifiers: [
                    "cn-spin": CNLoadingUtilities.spin, "cn-shimmer": CNLoadingUtilities.shimmer,
                    "cn-tint": CNUtilities.tint, "cn-avatar-crop": CNUtilities.avatarCrop,
                    "cn-avatar-image": CNUtilities.avatarImage,
                ]))
            }
        }
        """

    // swiftcn Tests/SwiftCNTests/CatalogBehaviorTests.swift · recipesHaveNoUnknownUtilities… (with
    // `cn-spin: CNLoadingUtilities.spin` and `cn-shimmer: CNLoadingUtilities.shimmer` registered,
    // `spinner-motion` and `skeleton-motion` parse) and nativeTintAcceptsTypedColorsAndChecksNamedTokens
    // (`cn-tint-[\(Color.indigo)]` parses, a token the theme lacks does not); Sources/SwiftCN/
    // ComponentUtilities.swift and Loading.swift for what each utility applies.
    @Test("swiftcn's CNUtilities and CNLoadingUtilities registered by the app are the library's utilities")
    func libraryMembers() throws {
        let check = try Self.run(["check"], "Controls.swift", Self.library)
        #expect(check.status == 1)
        #expect(
            check.stdout.split(separator: "\n").map(String.init) == [
                "Controls.swift:10:58: error[invalid-argument] 'cn-tint-[nonexistent]': no theme color 'nonexistent' (and 'nonexistent' is not a #rgb, #rgba, #rrggbb or #rrggbbaa literal)",
                "1 error(s), 0 warning(s), 0 note(s) in 1 file(s), 5 surface(s)",
            ])
        let resolved = try Self.run(["resolve", "--format", "json"], "Controls.swift", Self.library)
        let output = try ResolveOutput(resolved.stdout)
        let p = "Controls.swift:Controls.body/"
        #expect(
            output.chain(p + "0").filter { $0.active == true }.map(\.modifier) == [
                ".modifier(CNSpinModifier(duration: 0.9))"
            ])
        #expect(
            output.chain(p + "1").filter { $0.active == true }.map(\.modifier) == [
                ".modifier(CNShimmerModifier(duration: 1.6))"
            ])
        #expect(
            output.chain(p + "2").filter { $0.active == true }.map(\.modifier) == [
                ".modifier(CNTintModifier(color: Color.indigo, token: nil))"
            ])
        #expect(
            output.chain(p + "4").filter { $0.active == true }.map(\.modifier) == [
                ".aspectRatio(contentMode: .fill)", ".clipShape(RoundedRectangle(cornerRadius: 10000))",
            ])
        #expect(
            output.chain(p + "0").first { $0.name == "cn-tint" }?.modifier
                == ".modifier(CNTintModifier(color: nil, token: nil))")
    }

    static let utilities = """
        import SwiftCN
        import SwiftUI

        private struct Stamp: Sendable, Equatable {
            let alpha: Double
        }

        struct Utilities: View {
            let stamp = Stamp(alpha: 0.3)
            var body: some View {
                VStack {
                    Text("a").tw("rotate-[0] hover:spin-[15deg]", state: TWState(isHovered: true))
                        .twRules(TWGlobalRules(utilities: ["spin": TWUtility { argument, _ in
                            guard let degrees = argument.degrees else { return nil }
                            return TWStyle(.rotate(degrees * 3), "rounded-[10]")
                        }]))
                    Text("b").tw("echo-[2]").twRules(TWGlobalRules(utilities: ["echo": TWUtility { _, _ in .classes("echo-[2]") }]))
                    Text("c").tw("w-[40]").twRules(TWGlobalRules(named: ["w-[40]": .w(80)], utilities: ["w": TWUtility { _, _ in .w(30) }]))
                    Text("d").tw("w-[41]").twRules(TWGlobalRules(named: ["w-[40]": .w(80)], utilities: ["w": TWUtility { _, _ in .w(30) }]))
                    Text("e").tw("p-2 tone-[warm]").twRules(TWGlobalRules(utilities: ["tone": TWUtility { argument, _ in
                        switch argument.rawValue {
                        case "warm": return .opacity(0.9)
                        default: return nil
                        }
                    }]))
                    Text("f").tw("p-2 hover:mark-[\\(stamp)]").twRules(TWGlobalRules(utilities: ["mark": TWUtility { argument, _ in
                        guard let stamp = argument.value(as: Stamp.self) else { return nil }
                        return .opacity(stamp.alpha)
                    }]))
                }
            }
        }
        """

    // swiftcn Tests/SwiftCNTests/ArgumentTests.swift · customUtilitiesResolveLateAndRetainConditions
    // (`TWStyle(.rotate(degrees * 2), "rounded-[12]")`: rotation twice the argument, radius 12),
    // customCyclesFailAndExactNamedRulesTakePrecedence (`.classes("loop-[1]")` is recursive; a named
    // `"w-[42]": .w(84)` beats the utility `w`; `TWUtility { _, _ in .w(21) }` gives width 21) and
    // colonsUnderscoresAndEscapedUnderscoresReachTheFactory (a `switch` on `argument.rawValue`: a valid
    // class); InterpolationTests.swift · typedArgumentsRespectVariantsThemesAndCustomFactories
    // (`argument.value(as: Payload.self)`: a valid class).
    @Test("utilities: scaled values, constant closures, typed styles, cycles; the rest opaque, never an error")
    func utilityClosures() throws {
        let check = try Self.run(["check"], "Utilities.swift", Self.utilities)
        #expect(check.status == 1)
        #expect(
            check.stdout.split(separator: "\n").map(String.init) == [
                "Utilities.swift:17:27: error[recursive-utility] utility output is recursive: echo → echo",
                "Utilities.swift:20:87: note[dynamic-classes] the utility 'tone' is registered by the app, but its closure is not read statically (it switches on `argument.rawValue`): its classes are accepted; what they add is not shown in the chain or checked",
                "Utilities.swift:26:97: note[dynamic-classes] the utility 'mark' is registered by the app, but its closure is not read statically (it reads the argument as `Stamp`, a type of the app's): its classes are accepted; what they add is not shown in the chain or checked",
                "1 error(s), 0 warning(s), 2 note(s) in 1 file(s), 6 surface(s)",
            ])
        let resolved = try Self.run(["resolve", "--format", "json"], "Utilities.swift", Self.utilities)
        let output = try ResolveOutput(resolved.stdout)
        let p = "Utilities.swift:Utilities.body/"
        #expect(
            output.modifiers(p + "0") == [".clipShape(.rect(cornerRadius: 10))", ".rotationEffect(.degrees(45))"])
        #expect(output.modifiers(p + "2") == [".frame(width: 80)"])
        #expect(output.modifiers(p + "3") == [".frame(width: 30)"])
        #expect(output.modifiers(p + "4") == [".padding(8)"])
        #expect(ResolveOutput.string(output.surface(p + "5"), "status") == "decorated")
        #expect(output.modifiers(p + "5") == [".padding(8)"])
    }

    // swiftcn Tests/SwiftCNTests/CompositionRenderingTests.swift (targetFactoriesMatchNativeTextImageAndShape
    // and the animation-scope tests): a closure's parameter named like a binding of the enclosing body
    // (`let amount = CGFloat(2)` … `{ view, amount in view.offset(x: Double(amount) * 20) }`) is the
    // closure's value, never the outer one; `Double(…)` of it keeps the value.
    @Test("a closure's parameter shadows an enclosing binding of the same name; Double(…) keeps its value")
    func closureParametersShadowTheBody() throws {
        let source = """
            import SwiftUI

            struct Shadowed: View {
                var body: some View {
                    let amount = CGFloat(2)
                    return Text("P").tw("lp-[1] kern-[\\(amount)]").twRules(TWGlobalRules(modifiers: [
                        "lp": .value(default: Int.zero) { view, amount in view.offset(x: Double(amount) * 20) },
                        "kern": .textValue(default: CGFloat.zero) { text, amount in text.kerning(amount) },
                    ]))
                }
            }

            """
        let result = try Self.run(["resolve"], "Shadowed.swift", source)
        #expect(
            result.stdout == """
                Shadowed.swift:6:16: Shadowed.body  Text  (text, decorated)  identity 81cd5d6fbbaada8a
                  .kerning(2)     // source · kern (inline, Shadowed.swift:8:21) · active
                  .offset(x: 20)  // effects · lp (inline, Shadowed.swift:7:19) · active

                1 surface(s): 1 decorated, 0 undecorated; 0 error(s), 0 warning(s)

                """)
        #expect(result.status == 0)
    }

    // swiftcn Tests/SwiftCNTests/CompositionRenderingTests.swift (modifierPhasesMatchNativeOrder) and
    // Sources/SwiftCN/View+TW.swift (`TWPhaseModifier`): each phase's built-in stage runs, then its slots —
    // a content slot's padding is inside the background, a layout slot sits after padding and frames,
    // a decoration slot outside the background and before the built-in effects; a Text keeps `Text`'s own
    // font method under a content slot.
    @Test("phases: content, layout, decoration and effects slots follow their stage of the built-in styling")
    func phasesFollowTheirStage() throws {
        let source = """
            import SwiftUI

            struct Stages: View {
                private var rules: TWGlobalRules {
                    TWGlobalRules(modifiers: [
                        "hug": .view(phase: .content) { view, active in view.padding(active ? 3 : 0) },
                        "ring": .view(phase: .decoration) { view, active in view.padding(active ? 9 : 0) },
                        "lift": .view(phase: .layout) { view, active in view.offset(y: active ? -2 : 0) },
                        "fade": .view { view, active in view.blur(radius: active ? 1 : 0) },
                    ])
                }
                var body: some View {
                    VStack {
                        Text("A").tw("fade hug ring lift w-[40] p-[5] bg-[#00f] font-bold opacity-50")
                        Text("B").tw("p-[5] bg-[#00f] font-bold opacity-50")
                    }
                    .twRules(rules)
                }
            }

            """
        let result = try Self.run(["resolve"], "Stages.swift", source)
        #expect(
            result.stdout == """
                Stages.swift:14:13: Stages.body/0  Text  (text, decorated)  identity f57f9f59cb7ed9af
                  .fontWeight(.bold)                             // style · built-in font ← font-bold
                  .padding(3)                                    // content · hug (inline, Stages.swift:6:20) · active
                  .padding(5)                                    // style · built-in padding ← p-[5]
                  .frame(width: 40)                              // style · built-in frame ← w-[40]
                  .offset(y: -2)                                 // layout · lift (inline, Stages.swift:8:21) · active
                  .background(Color(red: 0, green: 0, blue: 1))  // style · built-in background ← bg-[#00f]
                  .padding(9)                                    // decoration · ring (inline, Stages.swift:7:21) · active
                  .opacity(0.5)                                  // style · built-in opacity ← opacity-50
                  .blur(radius: 1)                               // effects · fade (inline, Stages.swift:9:21) · active

                Stages.swift:15:13: Stages.body/1  Text  (text, decorated)  identity f57f9f59cb7ed9af
                  .fontWeight(.bold)                             // style · built-in font ← font-bold
                  .padding(0)                                    // content · hug (inline, Stages.swift:6:20) · inactive
                  .padding(5)                                    // style · built-in padding ← p-[5]
                  .offset(y: 0)                                  // layout · lift (inline, Stages.swift:8:21) · inactive
                  .background(Color(red: 0, green: 0, blue: 1))  // style · built-in background ← bg-[#00f]
                  .padding(0)                                    // decoration · ring (inline, Stages.swift:7:21) · inactive
                  .opacity(0.5)                                  // style · built-in opacity ← opacity-50
                  .blur(radius: 0)                               // effects · fade (inline, Stages.swift:9:21) · inactive

                2 surface(s): 2 decorated, 0 undecorated; 0 error(s), 0 warning(s)

                """)
        #expect(result.status == 0)
        // A phase that is not one of swiftcn's four is not guessed.
        let unknown = try Self.run(
            ["check"], "Unknown.swift",
            source.replacingOccurrences(of: "phase: .layout", with: "phase: chosenPhase"))
        #expect(
            unknown.stdout.split(separator: "\n").first.map(String.init)
                == "Unknown.swift:8:21: note[dynamic-classes] the phase of 'lift' is not read statically; what it adds is not checked"
        )
    }

    // swiftcn Tests/SwiftCNTests/NativeUtilityTests.swift (preparedSlotOrderTracksRegistryEditsWithoutLeakingSelections:
    // a registration removed from `rules.modifiers` has no slot), NativeUtilityRenderingTests.swift
    // (registeredFactoriesProduceTheNativePixels: an inactive `.argument(default:parse:)` slot gets the default,
    // `parse:` runs only for a selected class) and MotionRenderingTests.swift (composedClassAnimation…: `.disabled`
    // reaches the styling through `isEnabled`, so only when written after `.tw`).
    @Test("removed registrations have no slot; an inactive parse: slot gets the default; .disabled after .tw")
    func registryEditsDefaultsAndDisabled() throws {
        let source = """
            import SwiftUI

            struct Q: View {
                static var rules: TWGlobalRules {
                    var rules = TWGlobalRules(modifiers: ["glow": .view(order: 20) { view, active in view.shadow(radius: active ? 4 : 0) }])
                    rules.modifiers["first"] = .view(phase: .content) { view, _ in view.padding(1) }
                    rules.modifiers.removeValue(forKey: "first")
                    rules.modifiers["second"] = .view { view, _ in view.padding(2) }
                    rules.modifiers["second"] = nil
                    rules.modifiers["nudge"] = .argument(default: CGFloat.zero, parse: { argument, theme in argument.points.map { $0 * theme.spacingUnit } }) { view, distance in view.offset(x: distance) }
                    return rules
                }
                var body: some View {
                    VStack {
                        Text("x").tw("p-4")
                        Text("y").tw("p-4 nudge-[2]")
                        Text("before").disabled(true).tw("opacity-20 disabled:opacity-50")
                        Text("after").tw("opacity-20 disabled:opacity-50").disabled(true)
                    }.twRules(Self.rules)
                }
            }

            """
        let result = try Self.run(["resolve"], "Q.swift", source)
        #expect(
            result.stdout == """
                Q.swift:15:13: Q.body/0  Text  (text, decorated)  identity 9f8d6c1cb238529d
                  .padding(16)        // style · built-in padding ← p-4
                  .offset(x: 0)       // effects · nudge (inline, Q.swift:10:36) · inactive
                  .shadow(radius: 0)  // effects · glow (inline, Q.swift:5:55) · inactive

                Q.swift:16:13: Q.body/1  Text  (text, decorated)  identity 21f3e0fa19566186
                  .padding(16)                                                      // style · built-in padding ← p-4
                  .offset(x: /* distance: computed by the app's parse: closure */)  // effects · nudge (inline, Q.swift:10:36) · active
                  .shadow(radius: 0)                                                // effects · glow (inline, Q.swift:5:55) · inactive

                Q.swift:17:13: Q.body/2  Text  (text, decorated)  identity 9f8d6c1cb238529d
                  .opacity(0.2)       // style · built-in opacity ← opacity-20
                  .offset(x: 0)       // effects · nudge (inline, Q.swift:10:36) · inactive
                  .shadow(radius: 0)  // effects · glow (inline, Q.swift:5:55) · inactive

                Q.swift:18:13: Q.body/3  Text  (text, decorated)  identity 9f8d6c1cb238529d
                  .opacity(0.5)       // style · built-in opacity ← disabled:opacity-50
                  .offset(x: 0)       // effects · nudge (inline, Q.swift:10:36) · inactive
                  .shadow(radius: 0)  // effects · glow (inline, Q.swift:5:55) · inactive

                4 surface(s): 4 decorated, 0 undecorated; 0 error(s), 0 warning(s)

                """)
        #expect(result.status == 0)
    }

    // swiftcn Sources/SwiftCN/View+TW.swift (`TWModifier` reads `isEnabled` from the environment, which a
    // `.disabled` written on any ancestor sets for everything inside it).
    @Test("a .disabled on an ancestor disables the surfaces inside it: content, views used, closures before it")
    func ancestorDisabled() throws {
        let source = """
            import SwiftUI
            struct Row: View {
                var body: some View { Text("row").tw("p-2 disabled:opacity-10") }
            }
            struct S: View {
                @State var locked = false
                @State var shown = false
                var body: some View {
                    Form {
                        Text("a").tw("p-4 disabled:opacity-50")
                        Row()
                    }
                    .overlay { Text("o").tw("disabled:opacity-30") }
                    .disabled(locked)
                    .sheet(isPresented: $shown) { Text("s").tw("disabled:opacity-20") }
                }
            }
            struct T: View {
                var body: some View {
                    VStack { Row() }.disabled(true)
                }
            }

            """
        let result = try Self.run(["resolve"], "D.swift", source)
        #expect(
            result.stdout == """
                D.swift:10:13: S.body/0  Text  (text, decorated)  identity 9613910fae73343f
                  .padding(16)   // style · built-in padding ← p-4
                  .opacity(0.5)  // style · built-in opacity ← disabled:opacity-50
                  conditions: locked  // 2 combinations, one identity
                  when !locked:
                    - .opacity(0.5)  // style · built-in opacity ← disabled:opacity-50

                D.swift:3:27: S.body/1/0  Text  (text, decorated)  identity 9613910fae73343f
                  .padding(8)    // style · built-in padding ← p-2
                  .opacity(0.1)  // style · built-in opacity ← disabled:opacity-10
                  conditions: locked  // 2 combinations, one identity
                  when !locked:
                    - .opacity(0.1)  // style · built-in opacity ← disabled:opacity-10

                D.swift:13:20: S.body/2  Text  (text, decorated)  identity 9613910fae73343f
                  .opacity(0.3)  // style · built-in opacity ← disabled:opacity-30
                  conditions: locked  // 2 combinations, one identity
                  when !locked:
                    - .opacity(0.3)  // style · built-in opacity ← disabled:opacity-30

                D.swift:15:39: S.body/3  Text  (text, decorated)  identity 9613910fae73343f
                  (no modifiers)

                D.swift:3:27: T.body/0/0  Text  (text, decorated)  identity 9613910fae73343f
                  .padding(8)    // style · built-in padding ← p-2
                  .opacity(0.1)  // style · built-in opacity ← disabled:opacity-10

                5 surface(s): 5 decorated, 0 undecorated; 0 error(s), 0 warning(s)

                """)
        #expect(result.status == 0)
    }

    // swiftcn Sources/SwiftCN/ControlStyles.swift: a control adapter's classes are the field's styling, with
    // their animation as the `.tw` modifier's.
    @Test("a control adapter's animation is shown under its chain in the text report, as in JSON")
    func adapterAnimation() throws {
        let source = """
            import SwiftUI
            struct F: View {
                @State var text = ""
                var body: some View {
                    TextField("x", text: $text).textFieldStyle(.tw("p-2 animate-spring"))
                }
            }

            """
        let text = try Self.run(["resolve"], "F.swift", source)
        #expect(
            text.stdout == """
                F.swift:5:9: F.body  TextField  (view, decorated)  identity 9106a31d44f82b3a
                  .textFieldStyle(.tw())
                    .padding(8)  // style · built-in padding ← p-2
                    animation: .spring(duration: 0.3)  // animate-spring
                  backing: UITextField  // TextField on ios 18

                1 surface(s): 1 decorated, 0 undecorated; 0 error(s), 0 warning(s)

                """)
        let json = try Self.run(["resolve", "--format", "json"], "F.swift", source)
        #expect(
            json.stdout.contains(
                #""animation": {"modifier": ".spring(duration: 0.3)", "source": "animate-spring", "note": null}"#))
    }

    // swiftcn Sources/SwiftCN/ControlStyles.swift (`TextFieldStyle.tw(_:state:)` passes its state to the
    // field's styling) and Tests/SwiftCNTests/PresentationAndScrollingTests.swift's focused field probe: the
    // adapter's `state:` is the surface's state, a condition when not a literal.
    @Test("a control adapter's state: is the field's state")
    func adapterState() throws {
        let source = """
            import SwiftUI

            struct Fields: View {
                @State private var text = ""
                @State private var f = false
                var body: some View {
                    VStack {
                        TextField("A", text: $text).textFieldStyle(.tw("input", state: .init(isFocused: f)))
                        TextField("B", text: $text).textFieldStyle(.tw("input", state: TWState(isFocused: true)))
                    }
                }
            }

            """
        let result = try Self.run(["resolve", "--platform", "macos"], "U4.swift", source)
        #expect(
            result.stdout == """
                U4.swift:8:13: Fields.body/0  TextField  (view, decorated)  identity 9106a31d44f82b3a
                  .textFieldStyle(.tw())
                    .padding(.init(top: 8, leading: 12, bottom: 8, trailing: 12))             // style · built-in padding ← input
                    .frame(minHeight: 36)                                                     // style · built-in frame ← input
                    .background(Color(red: 0.98, green: 0.98, blue: 0.98), in: .rect(cornerRadius: 8))  // style · built-in background ← input
                    .overlay { RoundedRectangle(cornerRadius: 8).strokeBorder(Color(red: 0.09, green: 0.09, blue: 0.09), lineWidth: 1) }  // style · built-in border ← input
                    .clipShape(.rect(cornerRadius: 8))                                        // style · built-in cornerRadius ← input
                    animation: .smooth(duration: 0.15)  // animate-smooth
                  backing: NSTextField  // TextField on macos 15
                  conditions: f  // 2 combinations, one identity
                  when !f:
                    - .overlay { RoundedRectangle(cornerRadius: 8).strokeBorder(Color(red: 0.09, green: 0.09, blue: 0.09), lineWidth: 1) }  // style · built-in border ← input
                    + .overlay { RoundedRectangle(cornerRadius: 8).strokeBorder(Color(red: 0.88, green: 0.88, blue: 0.88), lineWidth: 1) }  // style · built-in border ← input

                U4.swift:9:13: Fields.body/1  TextField  (view, decorated)  identity 9106a31d44f82b3a
                  .textFieldStyle(.tw())
                    .padding(.init(top: 8, leading: 12, bottom: 8, trailing: 12))             // style · built-in padding ← input
                    .frame(minHeight: 36)                                                     // style · built-in frame ← input
                    .background(Color(red: 0.98, green: 0.98, blue: 0.98), in: .rect(cornerRadius: 8))  // style · built-in background ← input
                    .overlay { RoundedRectangle(cornerRadius: 8).strokeBorder(Color(red: 0.09, green: 0.09, blue: 0.09), lineWidth: 1) }  // style · built-in border ← input
                    .clipShape(.rect(cornerRadius: 8))                                        // style · built-in cornerRadius ← input
                    animation: .smooth(duration: 0.15)  // animate-smooth
                  backing: NSTextField  // TextField on macos 15

                2 surface(s): 2 decorated, 0 undecorated; 0 error(s), 0 warning(s)

                """)
        #expect(result.status == 0)
    }
}
