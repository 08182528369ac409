import Foundation
import TWSwiftSource
import Testing

@testable import TWHost

/// The Swift source reader in process: what becomes a surface, its classes,
/// conditions, symbolic values, inline registrations and rules (SPEC §6b).
@Suite("Swift sources: reading", .removesTemporaryDirectories)
struct SwiftReaderTests {
    @Test("surfaces: base view, native modifiers before .tw, paths, locations and children")
    func surfaces() throws {
        let source = """
            import SwiftUI

            struct Card: View {
                var body: some View {
                    VStack {
                        Text("Title").bold().tw("kern-[1]")
                        Image(systemName: "bird").padding().tw("resize")
                        Circle().tw("trim-[0.5]")
                        Button("Go") {}.buttonStyle(.tw("button-primary"))
                        Toggle("On", isOn: .constant(true)).toggleStyle(.button).tw("p-2")
                    }
                    .tw("p-4")
                }
            }
            """
        let resolution = try SwiftSource.resolve(source, plugins: ["typography"], path: "Card.swift")
        #expect(
            resolution.surfaces.map(\.path) == (["", "/0", "/1", "/2", "/3", "/4"].map { "Card.swift:Card.body" + $0 }))
        #expect(resolution.surfaces.map(\.node.type) == ["VStack", "Text", "Image", "Circle", "Button", "Toggle"])
        let text = try #require(resolution.record("Card.swift:Card.body/0"))
        #expect(text.location == SourceLocation(file: "Card.swift", line: 6, column: 13))
        #expect(text.node.native == ["bold"])
        // Text.bold() returns Text: still a text source (R-TARGET-2).
        #expect(text.surface.source == SurfaceSource(.text))
        #expect(text.surface.decorated)
        #expect(text.surface.chain.first?.modifier.swiftCode == ".kerning(1)")
        let image = try #require(resolution.record("Card.swift:Card.body/1"))
        #expect(image.node.native == ["padding"])
        #expect(image.surface.decorated == false)
        #expect(image.surface.diagnostics.map(\.code.rawValue) == ["unsupported-target"])
        #expect(image.surface.diagnostics.first?.location == SourceLocation(file: "Card.swift", line: 7, column: 13))
        let circle = try #require(resolution.record("Card.swift:Card.body/2"))
        #expect(circle.surface.chain.first?.modifier.swiftCode == ".trim(from: 0, to: 0.5)")
        let button = try #require(resolution.record("Card.swift:Card.body/3"))
        #expect(button.surface.nativeButtonStyle == "borderedProminent")
        let toggle = try #require(resolution.record("Card.swift:Card.body/4"))
        #expect(toggle.node.style == "button")
        #expect(toggle.backing.type == "UIButton")
    }

    @Test("classes: cn with nil and conditions, its builder with if and for, constants, arrays and fragments")
    func classes() throws {
        let source = """
            import SwiftUI

            let shared: TWClasses = "rounded-lg"
            let sizes = ["p-1", "p-2"]

            struct Row: View {
                @State private var selected = false
                private static let base: TWClasses = "p-3 border"
                private let fragments: [TWClasses?] = ["shadow-md", nil]

                var body: some View {
                    VStack {
                        Text("a").tw(cn("card", selected ? "border-primary" : nil))
                        Text("b").tw(cn {
                            Self.base
                            shared
                            if selected { "opacity-50" }
                            for size in sizes { size }
                        })
                        Text("c").tw("\\(fragments) \\(Self.base) text-sm")
                        Text("d").tw(cn([shared, nil, "italic"]))
                    }
                }
            }
            """
        let resolution = try SwiftSource.resolve(source, path: "Row.swift")
        let a = try #require(resolution.record("Row.swift:Row.body/0"))
        #expect(a.node.conditions.map(\.text) == ["selected"])
        #expect(a.node.tw?.description == "card border-primary")
        #expect(a.node.combinations.map { $0.tw?.description } == ["card"])
        let b = try #require(resolution.record("Row.swift:Row.body/1"))
        #expect(b.node.tw?.description == "p-3 border rounded-lg opacity-50 p-1 p-2")
        #expect(b.node.combinations.map { $0.tw?.description } == ["p-3 border rounded-lg p-1 p-2"])
        let c = try #require(resolution.record("Row.swift:Row.body/2"))
        #expect(c.node.tw?.description == "shadow-md p-3 border text-sm")
        #expect(c.surface.decorated)
        let d = try #require(resolution.record("Row.swift:Row.body/3"))
        #expect(d.node.tw?.description == "rounded-lg italic")
        #expect(resolution.surfaces.allSatisfy { $0.allDiagnostics.isEmpty })
    }

    @Test("symbolic values inside brackets render as the Swift expression with a real identity")
    func symbolic() throws {
        let source = """
            import SwiftUI

            struct Tilted: View {
                @State private var angle = Angle.zero
                let width: CGFloat
                let height: CGFloat

                var body: some View {
                    VStack {
                        Text("a").tw("tilt-[\\(angle)] w-[\\(width)] elevation-[\\(height)]")
                        Text("b").tw("tilt-[8] w-[20] elevation-[4]")
                    }
                }
            }
            """
        let resolution = try SwiftSource.resolve(source, plugins: ["material", "motion"], path: "Tilted.swift")
        let a = try #require(resolution.record("Tilted.swift:Tilted.body/0"))
        let b = try #require(resolution.record("Tilted.swift:Tilted.body/1"))
        #expect(a.surface.decorated)
        #expect(
            a.surface.chain.map(\.modifier.swiftCode).contains(".rotation3DEffect(angle, axis: (x: 0, y: 1, z: 0))"))
        #expect(a.surface.chain.map(\.modifier.swiftCode).contains(".frame(width: width)"))
        // elevation computes y from its value: shown as computed, never as a probe number.
        #expect(
            a.surface.chain.map(\.modifier.swiftCode).contains(
                ".shadow(color: Color(red: 0, green: 0, blue: 0, opacity: 0.2), radius: height, x: 0, y: /* computed from angle, width, height */)"
            ))
        // Identity never depends on values (R-ID-1).
        #expect(a.surface.identity == b.surface.identity)
        #expect(a.surface.chain.first { $0.className != nil && $0.phase == .style }?.className == "w-[\\(width)]")
    }

    @Test("what cannot be known is a dynamic-classes note with its location, never a guess")
    func dynamic() throws {
        let source = """
            import SwiftUI

            struct Odd: View {
                var runtime: String
                var body: some View {
                    VStack {
                        Text("a").tw(classes(for: 3))
                        Text("b").tw(cn { runtime; "p-4" })
                        Text("c").tw("p-2 bg-[\\(mystery)]")
                        Text("d").tw("p-2 sparkle-[\\(level)]")
                        Text("e").tw("p-2 text-[\\(size)]")
                    }
                }
                func classes(for n: Int) -> String { "p-\\(n)" }
            }
            """
        let resolution = try SwiftSource.resolve(source, path: "Odd.swift")
        let a = try #require(resolution.record("Odd.swift:Odd.body/0"))
        #expect(
            a.allDiagnostics.map(\.message) == [
                "`classes(for: 3)` is known only at run time (a function call); its classes are not checked"
            ])
        #expect(a.allDiagnostics.map(\.severity) == [.note])
        #expect(a.allDiagnostics.first?.location == SourceLocation(file: "Odd.swift", line: 7, column: 26))
        let b = try #require(resolution.record("Odd.swift:Odd.body/1"))
        #expect(b.node.tw?.description == "p-4")
        #expect(b.allDiagnostics.map(\.code.rawValue) == ["dynamic-classes"])
        #expect(b.allDiagnostics.first?.location == SourceLocation(file: "Odd.swift", line: 8, column: 31))
        let c = try #require(resolution.record("Odd.swift:Odd.body/2"))
        // bg takes a color: an unknown name there is a symbolic color.
        #expect(c.surface.decorated)
        #expect(c.surface.chain.map(\.modifier.swiftCode) == [".padding(8)", ".background(mystery)"])
        #expect(c.allDiagnostics.isEmpty)
        // An unknown root is unknown whatever its value.
        let d = try #require(resolution.record("Odd.swift:Odd.body/3"))
        #expect(d.surface.decorated == false)
        #expect(d.allDiagnostics.map(\.message) == ["unknown class 'sparkle-[…]'"])
        // text-[…] is a size or a color: nothing tells which, so the class is a note and the rest applies.
        let e = try #require(resolution.record("Odd.swift:Odd.body/4"))
        #expect(e.surface.decorated)
        #expect(e.surface.chain.map(\.modifier.swiftCode) == [".padding(8)"])
        #expect(
            e.allDiagnostics.map(\.message) == [
                "'text-[\\(size)]': the type of size is not known statically, so this class is not checked"
            ])
        #expect(e.allDiagnostics.map(\.severity) == [.note])
    }

    @Test("conditions: one identity when only values change, identity-varies when a native style changes")
    func conditions() throws {
        let source = """
            import SwiftUI

            struct Flip: View {
                @State private var cond = false
                @State private var c = false
                var body: some View {
                    VStack {
                        Text("a").tw(cond ? "shadow-lg tilt-[8]" : nil)
                        Button("b") {}.buttonStyle(.tw(c ? "button-primary" : "button-outline"))
                    }
                }
            }
            """
        let resolution = try SwiftSource.resolve(source, plugins: ["material", "motion"], path: "Flip.swift")
        let a = try #require(resolution.record("Flip.swift:Flip.body/0"))
        #expect(a.combinations.map(\.values) == [[true], [false]])
        #expect(Set(a.combinations.map(\.surface.identity)).count == 1)
        #expect(a.allDiagnostics.isEmpty)
        let b = try #require(resolution.record("Flip.swift:Flip.body/1"))
        #expect(b.combinations.map { $0.buttonStyle?.nativeButtonStyle } == ["borderedProminent", "bordered"])
        let varies = b.findings.filter { $0.code == .identityVaries }
        #expect(varies.count == 1)
        #expect(varies.first?.severity == .error)
        #expect(
            varies.first?.message
                == ".buttonStyle(.tw(…)) changes structure with `c`: the native button style is .borderedProminent in one branch and .bordered in the other (two different style types); SwiftUI resets the view's child state whenever `c` changes"
        )
        #expect(varies.first?.location == SourceLocation(file: "Flip.swift", line: 9, column: 44))
        #expect(resolution.undecoratedCount == 0)
    }

    @Test("more than six conditions: 64 combinations and a note")
    func combinationsLimited() throws {
        let source = """
            import SwiftUI

            struct Many: View {
                @State var a = false, b = false, c = false, d = false, e = false, f = false, g = false
                var body: some View {
                    Text("x").tw(cn(a ? "p-1" : nil, b ? "p-2" : nil, c ? "p-3" : nil, d ? "p-4" : nil,
                                    e ? "p-5" : nil, f ? "p-6" : nil, g ? "p-8" : nil))
                }
            }
            """
        let resolution = try SwiftSource.resolve(source, path: "Many.swift")
        let record = try #require(resolution.record("Many.swift:Many.body"))
        #expect(record.node.conditions.count == 7)
        #expect(record.combinations.count == 64)
        #expect(record.combinations.allSatisfy { $0.values[6] })
        #expect(
            record.findings.map(\.message) == [
                "the classes depend on 7 conditions; the first 6 are varied (64 combinations), the others are taken as true"
            ])
    }

    @Test("inline registrations are read statically and shadow loaded plugins in their subtree")
    func inlineRegistrations() throws {
        let source = """
            import SwiftUI

            struct Lab: View {
                private var rules: TWGlobalRules {
                    TWGlobalRules(modifiers: [
                        "tilt": .value(default: 0.0, order: 10) { view, degrees in
                            view.rotation3DEffect(.degrees(degrees), axis: (x: 0, y: 1, z: 0))
                        },
                        "glow": .view(conflictKey: "light") { view, active in
                            view.shadow(color: .white.opacity(active ? 0.8 : 0), radius: 8)
                        },
                        "pad": .value(default: CGFloat.zero, phase: .content) { view, amount in view.padding(amount) },
                        "resize": .image { image, active in active ? image.resizable() : image },
                        "wobble": .view { view, active in
                            if active { view.rotationEffect(.degrees(2)) } else { view }
                        },
                    ])
                }

                var body: some View {
                    Text("x").tw("glow tilt-[3] pad-[4]").twRules(rules)
                }
            }
            """
        let resolution = try SwiftSource.resolve(source, plugins: ["motion"], path: "Lab.swift")
        let record = try #require(resolution.record("Lab.swift:Lab.body"))
        let chain = record.surface.chain.map { (SurfaceReport.entryLine($0)) }
        #expect(
            chain == [
                ".padding(0)  // content · inset (motion) · inactive",
                ".padding(4)  // content · pad (inline, Lab.swift:12:20) · active",
                ".shadow(color: Color.white.opacity(0.8), radius: 8)  // effects · glow (inline, Lab.swift:9:21) · active",
                ".rotationEffect(.degrees(0))  // effects · spin (motion) · inactive",
                "(no modifier)  // effects · wobble (inline, Lab.swift:14:23) · inactive",
                ".rotation3DEffect(.degrees(3), axis: (x: 0, y: 1, z: 0))  // effects · tilt (inline, Lab.swift:6:21) · active",
            ])
        let shadowed = resolution.diagnostics.filter { $0.code == .shadowedRegistration }
        #expect(shadowed.map(\.message) == ["modifier 'tilt' registered inline shadows the one of plugin 'motion'"])
        #expect(shadowed.first?.location == SourceLocation(file: "Lab.swift", line: 6, column: 21))
        // Branching on active is unstable on a general view, not on an image (it runs only when selected).
        let unstable = resolution.diagnostics.filter { $0.code == .unstableStructure }
        #expect(unstable.map(\.className) == ["wobble"])
        #expect(unstable.first?.location == SourceLocation(file: "Lab.swift", line: 14, column: 29))
        #expect(
            unstable.first?.message
                == "'wobble' returns a different structure on different paths (if active { … } else { … }): toggling it resets child state"
        )
    }

    @Test("the three .twRules forms: replace with a literal or a property, merge with a closure")
    func rulesForms() throws {
        let source = """
            import SwiftUI

            struct Screen: View {
                static let appRules = TWGlobalRules(named: ["tile": "card p-2"], view: "opacity-90")

                var body: some View {
                    VStack {
                        Text("a").tw("tile")
                        VStack {
                            Text("b").tw("tile")
                        }
                        .twRules { rules in
                            rules.named["tile"] = "card p-8"
                        }
                        VStack {
                            Text("c").tw("tile")
                        }
                        .twRules(TWGlobalRules(named: ["other": "p-1"]))
                    }
                    .twRules(Self.appRules)
                }
            }
            """
        let resolution = try SwiftSource.resolve(source, plugins: ["motion"], path: "Screen.swift")
        let a = try #require(resolution.record("Screen.swift:Screen.body/0"))
        #expect(a.surface.chain.map(\.modifier.swiftCode).contains(".padding(8)"))
        #expect(a.surface.chain.map(\.modifier.swiftCode).contains(".opacity(0.9)"))
        let b = try #require(resolution.record("Screen.swift:Screen.body/1/0"))
        #expect(b.surface.chain.map(\.modifier.swiftCode).contains(".padding(32)"))
        #expect(b.surface.chain.map(\.modifier.swiftCode).contains(".opacity(0.9)"))
        let c = try #require(resolution.record("Screen.swift:Screen.body/2/0"))
        // Replaced: no 'tile' and no view default — but the app's plugins stay in scope.
        #expect(c.surface.diagnostics.map(\.message) == ["unknown class 'tile'"])
        #expect(c.scopePlugins == ["motion"])
    }

    @Test("typed TWStyle values and explicit TWState")
    func styles() throws {
        let source = """
            import SwiftUI

            struct Field: View {
                @FocusState private var focused: Bool
                var body: some View {
                    TextField("Email", text: .constant(""))
                        .tw(.p(3), .border(.border), .rounded(.md), .focus(.border(.primary, width: 2)),
                            state: TWState(isFocused: focused))
                }
            }
            """
        let resolution = try SwiftSource.resolve(source, path: "Field.swift")
        let record = try #require(resolution.record("Field.swift:Field.body"))
        #expect(
            record.node.tw?.description == "p-3 border border-border rounded-md focus:border-[2] focus:border-primary")
        #expect(record.node.conditions.map(\.text) == ["focused"])
        #expect(record.node.state == SurfaceState([.focus]))
        // The state is written out: supplied when off too (swiftcn's TWState, Sources/SwiftCN/Tokens.swift).
        #expect(record.node.combinations.map(\.state) == [SurfaceState([], explicit: [.focus])])
        #expect(
            record.surface.chain.map(\.modifier.swiftCode).contains(
                ".overlay { RoundedRectangle(cornerRadius: 8).strokeBorder(Color(red: 0.09, green: 0.09, blue: 0.09), lineWidth: 2) }"
            ))
    }

    @Test("inline utilities and animation presets")
    func utilitiesAndAnimations() throws {
        let source = """
            import SwiftUI

            struct Motion: View {
                private let rules = TWGlobalRules(
                    utilities: [
                        "lean": TWUtility { argument, _ in
                            guard let degrees = argument.degrees else { return nil }
                            return .rotate(degrees)
                        },
                        "gap": TWUtility { argument, theme in
                            guard let units = argument.number, units >= 0,
                                  theme.space(CGFloat(units)).isFinite else { return nil }
                            return .paddingPoints(theme.space(CGFloat(units)))
                        },
                    ],
                    animations: ["settle": TWAnimation { duration in .spring(duration: duration, bounce: 0.15) }]
                )

                var body: some View {
                    Text("x").tw("lean-[3deg] gap-[3] animate-settle duration-250").twRules(rules)
                }
            }
            """
        let resolution = try SwiftSource.resolve(source, path: "Motion.swift")
        let record = try #require(resolution.record("Motion.swift:Motion.body"))
        #expect(record.surface.decorated)
        #expect(record.surface.chain.map(\.modifier.swiftCode) == [".padding(12)", ".rotationEffect(.degrees(3))"])
        #expect(record.surface.animation?.modifier == ".spring(duration: 0.25, bounce: 0.15)")
    }

    @Test("identity lints: row ids from positions, class strings or UUIDs, and branches that reset identity")
    func lints() throws {
        let source = """
            import SwiftUI

            struct Rows: View {
                @State private var items = ["a", "b"]
                private let styles = ["p-1", "p-2"]
                @State private var on = false

                var body: some View {
                    VStack {
                        ForEach(items.indices, id: \\.self) { i in Text(items[i]).tw("p-2") }
                        ForEach(0..<items.count, id: \\.self) { i in Text(items[i]).tw("p-2") }
                        ForEach(styles, id: \\.self) { style in Text("x").tw(style) }
                        Text("u").tw("p-1").id(UUID())
                        Text("v").tw("p-1").id("p-1")
                        if on {
                            Text("w").tw("p-1")
                        } else {
                            Text("w").tw("p-2")
                        }
                        ForEach(items.indices, id: \\.self) { i in Text(items[i]) }
                    }
                }
            }
            """
        let resolution = try SwiftSource.resolve(source, path: "Rows.swift")
        let all = (resolution.diagnostics + resolution.surfaces.flatMap(\.allDiagnostics)).filter {
            $0.code == .unstableRowID || $0.code == .branchResetsIdentity
        }.sorted {
            ($0.location ?? SourceLocation(file: "", line: 0, column: 0))
                < ($1.location ?? SourceLocation(file: "", line: 0, column: 0))
        }
        #expect(
            all.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0) \($0.code)" } == [
                "10:13 unstable-row-id", "11:13 unstable-row-id", "12:13 unstable-row-id", "13:32 unstable-row-id",
                "14:32 unstable-row-id", "15:13 branch-resets-identity",
            ])
        #expect(all.allSatisfy { $0.severity == .warning })
        #expect(
            all.first?.message
                == "ForEach over `items.indices`: rows are identified by position, so inserting, deleting or moving items in `items` gives one row's state to another"
        )
        #expect(
            all.first?.hint
                == "iterate the items themselves with a stable id: ForEach(items) { item in … } (Identifiable) or ForEach(items, id: \\.id)"
        )
        #expect(
            all[3].message
                == "`.id(UUID())`: a new identity on every render: SwiftUI resets the view's state each time the body runs"
        )
        #expect(
            all[5].message
                == "both branches of `if on` are the same Text with different classes: SwiftUI sees two different views and resets their state whenever `on` changes"
        )
        #expect(all[5].hint == "move the condition into the class string: one view with .tw(condition ? \"…\" : \"…\")")
    }

    @Test("a file that does not parse is reported with the parser's own diagnostics; invalid UTF-8 too")
    func unreadable() throws {
        let broken = SwiftSource.read(
            "struct A: View {\n    var body: some View {\n        Text(\"x\").tw(\"p-4\"\n    }\n}\n", path: "A.swift")
        #expect(broken.scene == nil)
        #expect(broken.diagnostics.allSatisfy { $0.code == .syntaxError && $0.severity == .error })
        #expect(broken.diagnostics.first?.location == SourceLocation(file: "A.swift", line: 3, column: 27))
        #expect(broken.diagnostics.first?.message == "expected ')' in function call")
        let binary = SwiftSources.read(path: "B.swift", bytes: [0x73, 0x74, 0xFF, 0xFE, 0x0A])
        #expect(binary.scene == nil)
        #expect(
            binary.diagnostics.map(\.message) == [
                "the file is not UTF-8: byte 0xFF at line 1, column 3 does not start a valid sequence"
            ])
    }

    @Test("hostile sources: long chains, deep nesting, cyclic constants and a megabyte file end, without a crash")
    func hostile() throws {
        func chain(_ count: Int) -> String {
            "struct C: View { var body: some View { Text(\"x\")" + String(repeating: ".padding()", count: count)
                + ".tw(\"p-4\") } }"
        }
        // A chain within the budget is read whole; a longer one is refused before the parser (docs/Security.md).
        let long = SwiftSource.read(chain(1_998), path: "C.swift")
        #expect(long.scene != nil)
        let surface = try SceneResolver.resolve(try #require(long.scene), plugins: []).surfaces
        #expect(surface.count == 1)
        #expect(surface.first?.node.native.count == 1_998)
        let refused = SwiftSource.read(chain(20_000), path: "C.swift")
        #expect(refused.scene == nil)
        #expect(refused.diagnostics.map(\.code) == [.parseLimit])
        let deep =
            "struct D: View { var body: some View { " + String(repeating: "VStack { ", count: 3_000) + "Text(\"x\")"
            + String(repeating: " }", count: 3_000) + " } }"
        let nested = SwiftSource.read(deep, path: "D.swift")
        // The parser's own nesting limit: a syntax error, not a stack overflow.
        #expect(nested.scene == nil)
        #expect(nested.diagnostics.map(\.message) == ["parsing has exceeded the maximum nesting level"])
        let cyclic = """
            let a: TWClasses = b
            let b: TWClasses = a
            struct E: View { var body: some View { Text("x").tw(a) } }
            """
        let e = try SwiftSource.resolve(cyclic, path: "E.swift")
        #expect(e.surfaces.count == 1)
        #expect(e.surfaces.first?.allDiagnostics.map(\.code.rawValue) == ["dynamic-classes"])
        let line =
            "Text(\"é ✓ 漢字 — a long label that makes the line longer than most\").tw(\"p-4 text-sm rounded-lg bg-accent\")\n"
        let big =
            "struct F: View { var body: some View { VStack {\n" + String(repeating: line, count: 9_000) + "} } }\n"
        #expect(big.utf8.count > 1_000_000)
        let f = try SwiftSource.resolve(big, path: "F.swift")
        #expect(f.surfaces.count == 9_000)
        #expect(f.surfaces.last?.location == SourceLocation(file: "F.swift", line: 9_001, column: 1))
    }
}

/// The reader's memo of views kept from a document's last pass (an editor's next change).
@Suite("Swift reader memo")
struct SwiftReaderMemoTests {
    /// Every node's surface state, depth first.
    static func states(_ node: SceneNode) -> [SurfaceState] {
        [node.state] + node.children.flatMap(states)
    }

    @Test("a kept view is not taken again when an ancestor's .disabled changes only its branches")
    func keepsEnvironmentValues() throws {
        let text = """
            import SwiftUI
            struct S: View {
                @State var busy = false
                var body: some View {
                    VStack { Text("a").tw("disabled:opacity-50") }.disabled(busy ? true : false)
                }
            }

            """
        let memo = DocumentMemo()
        let first = SwiftDocument(Array(text.utf8), forEdits: true)
        _ = SwiftSources.read(path: "S.swift", document: first, memo: memo)
        let start = try #require(text.utf8.firstRange(of: "true : false".utf8))
        let lower = text.utf8.distance(from: text.utf8.startIndex, to: start.lowerBound)
        let second = first.applying([
            SwiftDocument.Edit(range: lower..<(lower + 12), replacement: Array("false : true".utf8))
        ])
        let kept = SwiftSources.read(path: "S.swift", document: second, memo: memo)
        let fresh = SwiftSources.read(path: "S.swift", bytes: second.bytes)
        #expect(try #require(kept.scene?.root) == fresh.scene?.root)
    }

    @Test("a kept view is taken again only under the same states from the views around it")
    func keepsEnvironment() throws {
        let text = """
            import SwiftUI
            struct S: View {
                var body: some View {
                    VStack { Text("a").tw("disabled:opacity-50") }.disabled(true)
                }
            }

            """
        let memo = DocumentMemo()
        let first = SwiftDocument(Array(text.utf8), forEdits: true)
        let before = SwiftSources.read(path: "S.swift", document: first, memo: memo)
        let start = try #require(text.utf8.firstRange(of: "true)".utf8))
        let lower = text.utf8.distance(from: text.utf8.startIndex, to: start.lowerBound)
        let second = first.applying([SwiftDocument.Edit(range: lower..<(lower + 4), replacement: Array("false".utf8))])
        let kept = SwiftSources.read(path: "S.swift", document: second, memo: memo)
        let fresh = SwiftSources.read(path: "S.swift", bytes: second.bytes)
        let root = try #require(before.scene?.root)
        #expect(Self.states(root).contains { $0.active.contains(.disabled) })
        let keptRoot = try #require(kept.scene?.root)
        #expect(keptRoot == fresh.scene?.root)
        #expect(!Self.states(keptRoot).contains { $0.active.contains(.disabled) })
    }
}

extension SwiftReaderTests {
    @Test("a local let naming a view is read where it is used, with the use's own modifiers after its own")
    func localViews() throws {
        let source = """
            import SwiftUI

            struct Titled: View {
                var body: some View {
                    let title = Text("a").tw("p-4 bg-nope")
                    let framed = title.padding(2)
                    VStack {
                        framed.tw("opacity-50")
                        title
                    }
                }
            }

            """
        let dir = try SwiftSource.folder(["Titled.swift": source], label: "local-views")
        let resolve = try twhost(["resolve", "Titled.swift"], directory: dir)
        #expect(resolve.status == 1)
        #expect(
            resolve.stdout == """
                Titled.swift:8:13: Titled.body/0+1  Text  (view, decorated)  identity 9106a31d44f82b3a
                  .opacity(0.5)  // style · built-in opacity ← opacity-50

                Titled.swift:8:13: Titled.body/0  Text  (text, undecorated)  identity 9613910fae73343f
                  (no modifiers)
                  Titled.swift:8:13: error[invalid-argument] (value): 'bg-nope': expected a color (a theme color, [#rrggbb])

                Titled.swift:5:21: Titled.body/1  Text  (text, undecorated)  identity 9613910fae73343f
                  (no modifiers)
                  Titled.swift:5:21: error[invalid-argument] (value): 'bg-nope': expected a color (a theme color, [#rrggbb])

                3 surface(s): 1 decorated, 2 undecorated; 2 error(s), 0 warning(s)

                """)
        // A view used as it is reads its classes where it was written, not in the use's scope.
        let scoped = """
            import SwiftUI
            struct K: View {
                let items = [1, 2]
                var body: some View {
                    let c = "p-4"
                    let title = Text("a").tw(c)
                    ForEach(items, id: \\.self) { c in title }
                }
            }

            """
        let scopedDir = try SwiftSource.folder(["K.swift": scoped], label: "local-view-scope")
        let kept = try twhost(["resolve", "K.swift"], directory: scopedDir)
        #expect(kept.stdout.contains("  .padding(16)  // style · built-in padding ← p-4\n"))
        // check reports the class once, where it is written.
        let check = try twhost(["check", "--no-config", "Titled.swift"], directory: dir)
        #expect(check.status == 1)
        #expect(
            check.stdout == """
                Titled.swift:5:39: error[invalid-argument] 'bg-nope': expected a color (a theme color, [#rrggbb])
                1 error(s), 0 warning(s), 0 note(s) in 1 file(s), 3 surface(s)

                """)
    }
}

extension SwiftReaderTests {
    @Test("a view passed as .background's, .overlay's or .mask's argument is a child, read as the closure forms are")
    func viewArguments() throws {
        let source = """
            import SwiftUI

            struct Backed: View {
                var body: some View {
                    Text("a")
                        .background(Color.red.tw("p-4"))
                        .overlay(Text("o").tw("p-2 bg-nope"), alignment: .top)
                        .mask(Circle())
                        .background(Color.blue)
                }
            }

            """
        let dir = try SwiftSource.folder(["Backed.swift": source], label: "view-arguments")
        let resolve = try twhost(["resolve", "Backed.swift"], directory: dir)
        #expect(resolve.status == 1)
        #expect(
            resolve.stdout == """
                Backed.swift:6:25: Backed.body/0  Color  (view, decorated)  identity 9106a31d44f82b3a
                  .padding(16)  // style · built-in padding ← p-4

                Backed.swift:7:22: Backed.body/1  Text  (text, undecorated)  identity 9613910fae73343f
                  (no modifiers)
                  Backed.swift:7:22: error[invalid-argument] (value): 'bg-nope': expected a color (a theme color, [#rrggbb])

                2 surface(s): 1 decorated, 1 undecorated; 1 error(s), 0 warning(s)

                """)
        let check = try twhost(["check", "--no-config", "Backed.swift"], directory: dir)
        #expect(check.status == 1)
        #expect(check.stdout.hasPrefix("Backed.swift:7:40: error[invalid-argument] 'bg-nope'"))
    }
}

extension SwiftReaderTests {
    /// Each surface's place and path in `resolve`'s text report: its header up to the type.
    /// `twhost resolve` of one file of `source`: it exits 0, and its surfaces' heads (`surfaceHeads`).
    static func resolvedHeads(_ file: String, _ source: String, label: String) throws -> [String] {
        let dir = try SwiftSource.folder([file: source], label: label)
        let resolve = try twhost(["resolve", file], directory: dir)
        #expect(resolve.status == 0, "\(resolve.stderr)")
        return surfaceHeads(resolve.stdout.split(separator: "\n").map(String.init), file: file)
    }

    static func surfaceHeads(_ lines: [String], file: String) -> [String] {
        lines.filter { $0.hasPrefix(file + ":") }.map { line in
            String(line[..<(line.range(of: "  ")?.lowerBound ?? line.endIndex)])
        }
    }

    @Test("views passed as a view's arguments and both views of a ternary are read, none dropped")
    func argumentsAndTernaries() throws {
        let source = """
            import SwiftUI

            struct Listed: View {
                @State var flag = false
                var body: some View {
                    List {
                        Section(header: Text("H").tw("p-1")) {
                            NavigationLink(destination: Text("D").tw("p-2")) { Text("L").tw("p-3") }
                        }
                        AnyView(Text("any").tw("p-4"))
                        flag ? Text("a").tw("p-5") : Text("b").tw("p-6")
                    }
                }
            }

            """
        let dir = try SwiftSource.folder(["Listed.swift": source], label: "argument-views")
        let resolve = try twhost(["resolve", "Listed.swift"], directory: dir)
        #expect(resolve.status == 0)
        let lines = resolve.stdout.split(separator: "\n").map(String.init)
        let heads = Self.surfaceHeads(lines, file: "Listed.swift")
        #expect(
            heads == [
                "Listed.swift:7:29: Listed.body/0/0", "Listed.swift:8:45: Listed.body/0/1/0",
                "Listed.swift:8:68: Listed.body/0/1/1", "Listed.swift:10:21: Listed.body/1/0",
                "Listed.swift:11:20: Listed.body/2[when flag]", "Listed.swift:11:42: Listed.body/2[when !flag]",
            ])
        let paddings: [String] = lines.filter { $0.contains("← p-") }.map { $0.trimmingCharacters(in: .whitespaces) }
        let expected: [String] = (1...6).map { n in ".padding(\(n * 4))  // style · built-in padding ← p-\(n)" }
        #expect(paddings == expected)
    }
}

extension SwiftReaderTests {
    @Test("a stored property holding a view is read where the body uses it; a computed one stays a root")
    func storedViews() throws {
        let source = """
            import SwiftUI

            struct Headed: View {
                let header = Text("h").tw("p-4")
                var footer: some View { Text("f").tw("p-2") }
                @State var count = 0
                var body: some View {
                    VStack {
                        header.tw("opacity-50")
                        footer
                        Text("\\(count)")
                    }
                }
            }

            """
        let dir = try SwiftSource.folder(["Headed.swift": source], label: "stored-views")
        let resolve = try twhost(["resolve", "Headed.swift"], directory: dir)
        #expect(resolve.status == 0)
        let lines = resolve.stdout.split(separator: "\n").map(String.init)
        let heads = Self.surfaceHeads(lines, file: "Headed.swift")
        // The stored view's two layers at its use; the computed property's own root.
        #expect(
            heads == [
                "Headed.swift:5:29: Headed.footer", "Headed.swift:9:13: Headed.body/0+1",
                "Headed.swift:9:13: Headed.body/0",
            ])
        let modifiers: [String] = lines.filter { $0.contains("← ") }.map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(
            modifiers == [
                ".padding(8)  // style · built-in padding ← p-2",
                ".opacity(0.5)  // style · built-in opacity ← opacity-50",
                ".padding(16)  // style · built-in padding ← p-4",
            ])
    }
}

extension SwiftReaderTests {
    // A chain with a second `.tw` is two nodes, the first at the view's path and the second at
    // `+1` around it. Wherever the reader moves a view (alone in a body, into a group, into a
    // branch of a ternary, an `if`, a `switch` or an `#if`), each layer keeps its own path.
    @Test("the layers of a chain keep distinct paths wherever the view is read")
    func layerPathsAfterMoving() throws {
        let source = """
            import SwiftUI

            struct Alone: View {
                var body: some View {
                    Text("a").tw("p-1").tw("p-2").tw("p-3")
                }
            }

            struct Placed: View {
                @State var on = false
                var mode = 0
                var body: some View {
                    on ? Text("t").tw("p-1").tw("p-2") : Text("f").tw("p-3")
                    if on { Text("i").tw("p-1").tw("p-2") }
                    switch mode {
                    case 0: Text("s").tw("p-1").tw("p-2")
                    default: EmptyView()
                    }
                    #if DEBUG
                    Text("d").tw("p-1").tw("p-2")
                    #endif
                }
            }

            """
        let heads = try Self.resolvedHeads("Layers.swift", source, label: "layer-paths")
        #expect(
            heads == [
                "Layers.swift:5:9: Alone.body+2", "Layers.swift:5:9: Alone.body+1", "Layers.swift:5:9: Alone.body",
                "Layers.swift:13:14: Placed.body/0[when on]+1", "Layers.swift:13:14: Placed.body/0[when on]",
                "Layers.swift:13:46: Placed.body/0[when !on]",
                "Layers.swift:14:17: Placed.body/2+1", "Layers.swift:14:17: Placed.body/2",
                "Layers.swift:16:17: Placed.body/3+1", "Layers.swift:16:17: Placed.body/3",
                "Layers.swift:20:9: Placed.body/5[#if DEBUG]+1", "Layers.swift:20:9: Placed.body/5[#if DEBUG]",
            ])
    }
}

extension SwiftReaderTests {
    // A view's children come from its base (arguments, closures, the body of a view of the file used
    // there) and from its modifiers (views passed to them, their closures), in every layer of its
    // chain: each child has a number of its own, so no two surfaces share a path.
    @Test("a view's children from its closures, its body and its modifiers are numbered on, never from 0 again")
    func childNumbersAcrossClosuresAndLayers() throws {
        let source = """
            import SwiftUI

            struct Tile: View {
                var body: some View { Text("t").tw("p-1") }
            }

            struct Many: View {
                @State var shown = false
                var body: some View {
                    VStack { Text("a").tw("p-1") }.tw("p-1").overlay { Text("b").tw("p-2") }.tw("p-2")
                    VStack { Text("c").tw("p-1") }.background(Text("d").tw("p-3"))
                    Section { Text("e").tw("p-1") } header: { Text("h").tw("p-2") }
                    Tile().sheet(isPresented: $shown) { Text("s").tw("p-4") }
                }
            }

            """
        let heads = try Self.resolvedHeads("Many.swift", source, label: "child-numbers")
        #expect(
            heads == [
                "Many.swift:10:9: Many.body/0+1", "Many.swift:10:9: Many.body/0", "Many.swift:10:18: Many.body/0/0",
                "Many.swift:10:60: Many.body/0/1",
                "Many.swift:11:18: Many.body/1/0", "Many.swift:11:51: Many.body/1/1",
                "Many.swift:12:19: Many.body/2/0", "Many.swift:12:51: Many.body/2/1",
                "Many.swift:4:27: Many.body/3/0", "Many.swift:13:45: Many.body/3/1",
            ])
    }
}

extension SwiftReaderTests {
    // A ternary's views are at its number, each marked with when it is there; one inside another (in
    // parentheses), in an `#if`, an `if` or a `switch` keeps its marks below the outer ones, so each
    // view is read and has a path of its own.
    @Test("nested and enclosed ternaries: every view read, each with its marks")
    func nestedTernaries() throws {
        let source = """
            import SwiftUI

            struct N: View {
                @State var c = false
                @State var d = false
                var body: some View {
                    VStack {
                        c ? (d ? Text("a").tw("p-1") : Text("b").tw("p-2")) : Text("e").tw("p-3")
                        #if DEBUG
                        c ? Text("x").tw("p-1") : Text("y").tw("p-2")
                        #endif
                        if c { d ? Text("i").tw("p-1") : Text("j").tw("p-2") } else { Text("k").tw("p-3") }
                        switch c {
                        case true: d ? Text("s").tw("p-1") : Text("t").tw("p-2")
                        default: Text("u").tw("p-3")
                        }
                    }
                }
            }

            """
        let heads = try Self.resolvedHeads("N.swift", source, label: "nested-ternaries")
        #expect(
            heads == [
                "N.swift:8:22: N.body/0[when c][when d]", "N.swift:8:44: N.body/0[when c][when !d]",
                "N.swift:8:67: N.body/0[when !c]",
                "N.swift:10:17: N.body/3[#if DEBUG][when c]", "N.swift:10:39: N.body/3[#if DEBUG][when !c]",
                "N.swift:12:24: N.body/5[when d]", "N.swift:12:46: N.body/5[when !d]", "N.swift:12:75: N.body/7",
                "N.swift:14:28: N.body/8[when d]", "N.swift:14:50: N.body/8[when !d]", "N.swift:15:22: N.body/10",
            ])
    }
}
