import Foundation
import TWSwiftSource
import Testing

@testable import TWHost

/// The Swift reader against code written for swiftcn: `#if`, chains on
/// `self`, swiftcn's components and typed API, run-time fragments, rule
/// conditions, identity, lifecycle names and precise class locations.
/// Tests that pin one of swiftcn's behaviours name swiftcn's source or test.
@Suite("Swift sources: swiftcn's code", .removesTemporaryDirectories)
struct SwiftcnReaderTests {
    /// Every node of a file's scene with its `.tw` classes, in document order.
    static func classes(_ file: SwiftSourceFile) -> [String: String] {
        var out: [String: String] = [:]
        var stack = file.scene.map { [$0.root] } ?? []
        while let node = stack.popLast() {
            if let tw = node.tw { out[node.path] = words(tw) }
            if let b = node.buttonStyle { out[node.path + " buttonStyle"] = words(b) }
            stack += node.children
        }
        return out
    }

    /// The classes' text with single spaces between classes.
    static func words(_ classes: TWClasses?) -> String {
        (classes?.description ?? "").split(separator: " ").joined(separator: " ")
    }

    static func items(_ node: JSONNode?, _ key: String) -> [JSONNode] {
        guard let node, let f = ResolveOutput.field(node, key), case .array(let a) = f.value else { return [] }
        return a
    }

    static func number(_ node: JSONNode?, _ key: String) -> Double? {
        guard let node, let f = ResolveOutput.field(node, key), case .number(let n) = f.value else { return nil }
        return n
    }

    static func modifiers(_ record: SurfaceRecord?) -> [String] {
        record?.surface.chain.map(\.modifier.swiftCode) ?? []
    }

    @Test("#if: the platform's clause only; DEBUG read as both clauses, marked in the path")
    func buildConditions() throws {
        let source = """
            import SwiftUI

            struct Root: View {
                var body: some View {
                    VStack {
                        #if os(macOS)
                            Text("mac").tw("p-[4]")
                        #elseif os(tvOS)
                            Text("tv").tw("p-[5]")
                        #else
                            Text("phone").tw("p-[6]")
                        #endif
                        #if DEBUG
                            Text("debug").tw("p-[8]")
                        #else
                            Text("release").tw("p-[9]")
                        #endif
                        Text("status")
                        #if os(iOS)
                            .tw("p-[7]")
                        #endif
                    }
                }
            }

            #if DEBUG
                struct Banner: View {
                    var body: some View { Text("b").tw("p-[3]") }
                }
            #endif
            """
        let ios = SwiftSources.read(path: "Root.swift", bytes: Array(source.utf8), platform: .ios)
        #expect(
            Self.classes(ios) == [
                "Root.swift:Root.body/0": "p-[6]", "Root.swift:Root.body/1[#if DEBUG]": "p-[8]",
                "Root.swift:Root.body/2[#if !DEBUG]": "p-[9]", "Root.swift:Root.body/3": "p-[7]",
                "Root.swift:Banner.body[#if DEBUG]": "p-[3]",
            ])
        let mac = SwiftSources.read(path: "Root.swift", bytes: Array(source.utf8), platform: .macos)
        #expect(Self.classes(mac)["Root.swift:Root.body/0"] == "p-[4]")
        #expect(Self.classes(mac)["Root.swift:Root.body/3"] == nil)
        let tv = SwiftSources.read(path: "Root.swift", bytes: Array(source.utf8), platform: .tvos)
        #expect(Self.classes(tv)["Root.swift:Root.body/0"] == "p-[5]")
        // The command line's --platform decides, iOS by default.
        let dir = try SwiftSource.folder(["Root.swift": source], label: "if-platform")
        let out = try twhost(["resolve", "--format", "json", "--platform", "macos", dir + "/Root.swift"])
        #expect(out.status == 0, "\(out.stderr)")
        let json = try ResolveOutput(out.stdout)
        #expect(json.modifiers(dir + "/Root.swift:Root.body/0") == [".padding(4)"])
    }

    @Test("chains on self, on the implicit self, on a ViewModifier's content and in View extensions")
    func selfChains() throws {
        let source = """
            import SwiftUI

            struct Card: View {
                var body: some View { Text("x").tw("p-[1]") }
                var chrome: some View { self.tw("p-[2]") }
                func framed() -> some View { tw("p-[3]") }
            }

            struct Pad: ViewModifier {
                func body(content: Content) -> some View { content.tw("p-[4]") }
            }

            extension View {
                func titled() -> some View { padding().tw("p-[5]") }
            }
            """
        let resolution = try SwiftSource.resolve(source, path: "Card.swift")
        #expect(
            resolution.surfaces.map(\.path) == [
                "Card.swift:Card.body", "Card.swift:Card.chrome", "Card.swift:Card.framed()",
                "Card.swift:Pad.body(content:)", "Card.swift:View.titled()",
            ])
        #expect(resolution.surfaces.map(\.node.type) == ["Text", "Card", "Card", "content", "View"])
        #expect(resolution.surfaces.map { Self.modifiers($0) } == (1...5).map { [".padding(\($0))"] })
        #expect(resolution.record("Card.swift:View.titled()")?.node.native == ["padding"])
    }

    /// swiftcn `Sources/SwiftCN/Badge.swift`, `Card.swift`, `Table.swift`: a
    /// component's body applies `.tw(cn(recipe, variant, classes))`.
    @Test("swiftcn's components: recipe, variant or flag, then the classes passed")
    func components() throws {
        let source = """
            import SwiftUI

            struct Screen: View {
                @State private var selected = false
                let rows: [Row]
                var body: some View {
                    VStack {
                        CNBadge("New")
                        CNBadge("Late", variant: .destructive, classes: "p-[2]")
                        CNBadge("p-[3]") { Text("custom") }
                        CNCard("p-[10]") { Text("body") }
                        CNTableRow(isSelected: selected) { CNTableCell("w-[48]") { Text("a") } }
                        CNDataTable(rows, selection: .constant([]), sortOrder: .constant([])) { }
                        CNSkeleton { Text("loading") }
                        Button("Share") {}.buttonStyle(.twNative("p-[4]"))
                        Button("Done") {}.buttonStyle(.twNative)
                    }
                }
            }
            """
        let file = SwiftSource.read(source, path: "Screen.swift")
        let p = "Screen.swift:Screen.body/"
        #expect(
            Self.classes(file) == [
                p + "0": "badge", p + "1": "badge bg-destructive text-onDestructive p-[2]", p + "2": "badge p-[3]",
                p + "3": "card p-0 w-full p-[10]", p + "4": "table-row table-row-selected",
                p + "4/0": "table-cell w-[48]",
                p + "5": "table", p + "6": "feedback-motion skeleton skeleton-motion",
                p + "7 buttonStyle": "p-[4]", p + "8 buttonStyle": "glass",
            ])
        // `isSelected: selected` is a condition of the row's surface.
        let row = try #require(file.scene?.root.children.first?.children[4])
        #expect(row.conditions.map(\.text) == ["selected"])
        #expect(Self.words(row.combinations.first?.tw) == "table-row")
    }

    @Test("a run-time value glued to a class's text is one dynamic-classes note, never an unknown class")
    func gluedFragment() throws {
        let source = """
            import SwiftUI

            struct Spin: View {
                @State private var preset = "spring"
                var duration = 300.0
                var body: some View {
                    Text("x").tw("animate-\\(preset) duration-\\(Int(duration))ms p-[2]")
                }
            }
            """
        let resolution = try SwiftSource.resolve(source, path: "Spin.swift")
        let record = try #require(resolution.record("Spin.swift:Spin.body"))
        #expect(Self.words(record.node.tw) == "p-[2]")
        #expect(record.allDiagnostics.map(\.code.rawValue) == ["dynamic-classes", "dynamic-classes"])
        #expect(
            record.allDiagnostics.map(\.message) == [
                "`animate-\\(preset)` is known only at run time (a run-time value glued to a class's text; the class is known only at run time); its classes are not checked",
                "`duration-\\(Int(duration))ms` is known only at run time (a run-time value glued to a class's text; the class is known only at run time); its classes are not checked",
            ])
        #expect(Self.modifiers(record) == [".padding(2)"])
    }

    @Test(".twRules(c ? a : b) with static rule sets: the subtree under each, as a condition")
    func conditionalRules() throws {
        let source = """
            import SwiftUI

            struct List1: View {
                @State private var compact = false
                static let tight = TWGlobalRules(named: ["row": "p-[1]"])
                static let roomy = TWGlobalRules(named: ["row": "p-[8]"])
                var body: some View {
                    VStack { Text("a").tw("row") }
                        .twRules(compact ? Self.tight : Self.roomy)
                }
            }
            """
        let resolution = try SwiftSource.resolve(source, path: "L.swift")
        #expect(
            resolution.surfaces.map(\.path) == [
                "L.swift:List1.body[when compact]/0", "L.swift:List1.body[when !compact]/0",
            ])
        #expect(Self.modifiers(resolution.surfaces.first) == [".padding(1)"])
        #expect(Self.modifiers(resolution.surfaces.last) == [".padding(8)"])
        #expect(resolution.surfaces.flatMap(\.allDiagnostics).isEmpty)
    }

    /// swiftcn `Sources/SwiftCN/Utilities.swift`: `.w` takes points,
    /// `.duration`/`.delay` seconds, `.text` a `TWText` size; `Tokens.swift`'s `TWText`.
    @Test("swiftcn's typed TWStyle API with its units")
    func typedStyles() throws {
        let source = """
            import SwiftUI

            struct Typed: View {
                var body: some View {
                    VStack {
                        Text("a").tw(.text(.xxxl), .w(100), .paddingPoints(8))
                        Text("b").tw(.fullWidth, .radius(6), .fg(.mutedForeground), .bgColor(.indigo))
                        Text("c").tw(.animation(.spring), .duration(0.3), .delay(0.1))
                        Text("d").tw(.p(3), .minH(48), .border(.border, width: 2), .focus(.bg(.accent)))
                        Text("e").tw(.offset(x: 4, y: -2), .lineSpacing(6), .glassInteractive)
                    }
                }
            }
            """
        let file = SwiftSource.read(source, path: "T.swift")
        let p = "T.swift:Typed.body/"
        #expect(
            Self.classes(file) == [
                p + "0": "text-3xl w-[100] p-[8]",
                p + "1": "w-full rounded-[6] text-muted-foreground bg-[\\(Color.indigo)]",
                p + "2": "animate-spring duration-300 delay-100",
                p + "3": "p-3 min-h-[48] border-[2] border-border focus:bg-accent",
                p + "4": "offset-[4,-2] line-spacing-[6] glass-interactive",
            ])
    }

    /// swiftcn `Sources/SwiftCN/Utilities.swift`: `.fontSize(points)` is
    /// `.font(.system(size:))`; `.font(_ font: Font)` sets a SwiftUI `Font`,
    /// which no class names: a note, and the rest of the style is read.
    @Test("TWStyle.fontSize is points; TWStyle.font(Font) a note, never an invalid font class")
    func typedFonts() throws {
        let source = """
            import SwiftUI

            struct Fonts: View {
                var body: some View {
                    VStack {
                        Text("a").tw(.fontSize(14), .p(2))
                        Text("b").tw("title")
                    }
                    .twRules(TWGlobalRules(named: ["title": TWStyle(.font(.headline), .p(2))]))
                }
            }
            """
        let resolution = try SwiftSource.resolve(source, path: "F.swift")
        let a = resolution.record("F.swift:Fonts.body/0")
        #expect(Self.modifiers(a) == [".font(.system(size: 14))", ".padding(8)"])
        #expect(a?.allDiagnostics.isEmpty == true)
        let b = resolution.record("F.swift:Fonts.body/1")
        #expect(Self.modifiers(b) == [".padding(8)"])
        #expect(b?.allDiagnostics.isEmpty == true)
        #expect(
            resolution.diagnostics.map { "\($0.code.rawValue) \($0.message)" } == [
                "dynamic-classes `.font(.headline)` is known only at run time (TWStyle.font(_:) sets a SwiftUI Font, which twhost's classes do not name); its classes are not checked"
            ])
    }

    /// swiftcn `Sources/SwiftCN/Tokens.swift`: `TWState` is supplied by the
    /// caller; an explicit `isPressed: false` is a state given, off.
    @Test("an explicit TWState(isPressed: false) supplies the state: no variant-no-effect")
    func explicitState() throws {
        let source = """
            import SwiftUI

            struct Hold: View {
                var body: some View {
                    VStack {
                        Text("a").tw("pressed:opacity-50", state: TWState(isPressed: false))
                        Text("b").tw("pressed:opacity-50")
                    }
                }
            }
            """
        let resolution = try SwiftSource.resolve(source, path: "H.swift")
        #expect(resolution.record("H.swift:Hold.body/0")?.allDiagnostics.map(\.code.rawValue) == [])
        #expect(resolution.record("H.swift:Hold.body/1")?.allDiagnostics.map(\.code.rawValue) == ["variant-no-effect"])
    }

    @Test("unstable-structure: AnyView ternaries, early returns, guard, switch and branches in view closures")
    func unstableFactories() throws {
        let source = """
            import SwiftUI

            struct Reg: View {
                var body: some View {
                    Text("a").tw("lift glow early late pick").twRules(TWGlobalRules(modifiers: [
                        "lift": .view { view, active in active ? AnyView(view.shadow(radius: 4)) : AnyView(view) },
                        "glow": .view { view, active in Group { if active { view.shadow(radius: 2) } } },
                        "early": .view { view, active in
                            if active { return AnyView(view.blur(radius: 2)) }
                            return AnyView(view)
                        },
                        "late": .view { view, active in
                            guard active else { return AnyView(view) }
                            return AnyView(view.opacity(0.5))
                        },
                        "pick": .view { view, active in
                            switch active {
                            case true: return AnyView(view.blur(radius: 1))
                            case false: return AnyView(view)
                            }
                        },
                        "same": .view { view, active in AnyView(view.opacity(active ? 1 : 0.5)) },
                    ]))
                }
            }
            """
        let file = SwiftSource.read(source, path: "R.swift")
        let unstable = (file.scene?.root.findings ?? []).filter { $0.code.rawValue == "unstable-structure" }
        #expect(unstable.map(\.className) == ["lift", "glow", "early", "late", "pick"])
        #expect(
            unstable.first?.message
                == "'lift' returns a different structure on different paths (active ? AnyView(view.shadow(radius: 4)) : AnyView(view)): toggling it resets child state"
        )
    }

    /// Seed 004: the four lifecycle modifiers; any other name observes nothing.
    @Test("an unknown lifecycle name in Swift gets unknown-lifecycle with did you mean, in check")
    func lifecycleNames() throws {
        let source = """
            import SwiftUI

            struct Life: View {
                var body: some View {
                    Text("x").onViewDidAppearz {}
                }
            }
            """
        let dir = try SwiftSource.folder(["Life.swift": source], label: "lifecycle")
        let out = try twhost(["check", dir + "/Life.swift"])
        #expect(out.status == 0)
        #expect(
            out.stdout
                == "\(dir)/Life.swift:5:9: warning[unknown-lifecycle] 'onViewDidAppearz' is not a lifecycle modifier (onViewWillAppear, onViewDidLoad, onViewWillDisappear, onViewDidDisappear): it observes nothing — did you mean 'onViewWillAppear'?\n0 error(s), 1 warning(s), 0 note(s) in 1 file(s), 0 surface(s)\n"
        )
    }

    @Test("a finding about a class points at the class inside the literal, with its extent, in every format")
    func classLocations() throws {
        let source = """
            import SwiftUI

            struct Loc: View {
                var body: some View {
                    Text("é").tw("p-[2] bg-nope")
                    // after
                }
            }
            """
        let dir = try SwiftSource.folder(["Loc.swift": source], label: "class-locations")
        let path = dir + "/Loc.swift"
        let text = try twhost(["check", path])
        #expect(text.status == 1)
        #expect(text.stdout.hasPrefix("\(path):5:30: error[invalid-argument] 'bg-nope': expected a color"))
        let json = try twhost(["check", "--format", "json", path])
        let finding = try #require(Self.items(try JSONParser.parse(Array(json.stdout.utf8)), "findings").first)
        #expect(Self.number(finding, "line") == 5)
        #expect(Self.number(finding, "column") == 30)
        #expect(Self.number(finding, "endColumn") == 37)
        // SARIF and GitHub count UTF-16 code units: "é" is two bytes and one unit.
        let sarif = try twhost(["check", "--format", "sarif", path])
        let region = try #require(sarif.stdout.range(of: "\"region\": {"))
        #expect(
            sarif.stdout[region.upperBound...].prefix(200).split(whereSeparator: \.isWhitespace).joined(separator: " ")
                .hasPrefix("\"startLine\": 5, \"startColumn\": 29, \"endColumn\": 36 }"), "\(sarif.stdout)")
        let github = try twhost(["check", "--format", "github", path])
        #expect(
            github.stdout.hasPrefix("::error file=\(path),line=5,col=29,endColumn=36,title=twhost invalid-argument::"))
    }

    /// swiftcn `Sources/SwiftCN/Theme.swift`: `TWTheme(colors:)` merged over
    /// the defaults, installed with `.twTheme(_:)` for a subtree.
    @Test(".twTheme(TWTheme(colors:)) read statically: a custom token resolves in that subtree only")
    func themes() throws {
        let source = """
            import SwiftUI

            extension TWColor { static let brand = TWColor("brand") }

            struct Themed: View {
                static let theme = TWTheme(colors: [.brand: TWAdaptiveColor(light: .indigo, dark: .purple)])
                var body: some View {
                    VStack {
                        VStack { Text("in").tw("bg-brand") }.twTheme(Self.theme)
                        Text("out").tw("bg-brand")
                    }
                }
            }
            """
        let resolution = try SwiftSource.resolve(source, path: "Th.swift")
        let inside = try #require(resolution.record("Th.swift:Themed.body/0/0"))
        #expect(inside.allDiagnostics.isEmpty)
        #expect(Self.modifiers(inside) == [".background(Color.indigo)"])
        let outside = try #require(resolution.record("Th.swift:Themed.body/1"))
        #expect(outside.allDiagnostics.map(\.code.rawValue) == ["invalid-argument"])
    }

    /// The realistic swiftcn app of Tests/Fixtures/swift/SwiftcnApp uses every form above.
    @Test("the swiftcn fixture app: 0 errors, the expected warnings and notes, exact surfaces")
    func fixtureApp() throws {
        let app = "Tests/Fixtures/swift/SwiftcnApp/Sources"
        let check = try twhost(["check", "--format", "json", app], directory: TestPaths.repository)
        #expect(check.status == 0, "\(check.stdout)")
        let root = try JSONParser.parse(Array(check.stdout.utf8))
        let codes = Self.items(root, "findings").map { ResolveOutput.string($0, "code") ?? "" }
        #expect(codes == ["unknown-lifecycle", "dynamic-classes", "unstable-structure"], "\(check.stdout)")
        let summary = ResolveOutput.field(root, "summary")
        #expect(Self.number(summary, "errors") == 0)
        #expect(Self.number(summary, "surfaces") == 37)
        let out = try twhost(["resolve", "--format", "json", app], directory: TestPaths.repository)
        #expect(out.status == 0, "\(out.stderr)")
        let json = try ResolveOutput(out.stdout)
        let root1 = app + "/Views/RootView.swift:RootView.body"
        // SettingsPanel: components whose own recipes the native styles leave unpainted (a warning in the
        // surface, none from check), a toggle selected by its binding, menu items and a tooltip trigger.
        let panel = app + "/Views/SettingsPanel.swift:SettingsPanel.body"
        #expect(
            json.modifiers(panel + "/2").prefix(3) == [
                ".font(.subheadline)", ".fontWeight(.semibold)", ".foregroundStyle(Color(red: 1, green: 1, blue: 1))",
            ])
        #expect(
            json.modifiers(panel + "/3/2").prefix(2) == [
                ".font(.subheadline)", ".foregroundStyle(Color(red: 0.78, green: 0.12, blue: 0.15))",
            ])
        #expect(json.modifiers(panel + "/4").first == ".font(.caption)")
        #expect(
            json.modifiers(panel + "/5").prefix(3) == [
                ".font(.subheadline)", ".fontWeight(.semibold)",
                ".foregroundStyle(Color(red: 0.09, green: 0.09, blue: 0.09))",
            ])
        // `#if os(macOS)` … `#else`: the iOS clause.
        #expect(json.modifiers(root1 + "/0").first == ".padding(6)")
        // A file under `#if DEBUG`, with the custom token of the app's `TWTheme` (mint).
        #expect(
            json.modifiers(app + "/Views/DebugBanner.swift:DebugBanner.body[#if DEBUG]").prefix(2) == [
                ".padding(3)", ".background(Color.mint)",
            ])
        // CNBadge: recipe from the rules, then `classes:` with the token `brand` (indigo).
        #expect(json.modifiers(root1 + "/2").first == ".padding(2)")
        #expect(json.modifiers(root1 + "/2").contains { $0.hasPrefix(".background(Color.indigo") })
        // `.twRules { if compact { … } else { … } }` and `.twRules(compact ? a : b)`.
        let tight = ".padding(.init(top: 2, leading: 4, bottom: 2, trailing: 4))"
        let roomy = ".padding(.init(top: 6, leading: 8, bottom: 6, trailing: 8))"
        #expect(json.modifiers(root1 + "/11[when compact]/0/0").first == tight)
        #expect(json.modifiers(root1 + "/11[when !compact]/0/0").first == roomy)
        #expect(json.modifiers(root1 + "/12[when compact]/0") == [tight])
        #expect(json.modifiers(root1 + "/12[when !compact]/0") == [roomy])
        // Groups and shared elements (AlbumGrid): the grid is `group/albums`, each tile a `group`.
        let grid = app + "/Views/AlbumGrid.swift:AlbumGrid.body"
        #expect(
            json.modifiers(grid + "/0") == [
                ".matchedGeometryEffect(id: album.id, in: groupNamespace /* group/albums */, properties: .frame, anchor: .center, isSource: true)",
                ".clipShape(.rect(cornerRadius: 12))",
            ])
        #expect(json.modifiers(grid + "/1/0/0/0") == [".padding(8)", ".clipShape(.rect(cornerRadius: 8))"])
        #expect(
            json.modifiers(grid + "/1/0/0/0/0") == [
                ".matchedGeometryEffect(id: album.id, in: groupNamespace /* group/albums */, properties: .frame, anchor: .center, isSource: false)"
            ])
        #expect(json.modifiers(grid + "/1/0/0") == [".frame(minHeight: 44)"])
        // Chains on a ViewModifier's content and on the implicit self of a View extension.
        #expect(json.modifiers(app + "/Views/RootView.swift:Highlight.body(content:)").first == ".padding(2)")
        #expect(
            json.modifiers(app + "/Views/RootView.swift:View.sectionTitle()") == [
                ".font(.system(size: 17, weight: .semibold))"
            ])
    }
}
