import Foundation
import TWSwiftSource
import Testing

@testable import TWHost

/// swiftcn's components that take classes and were outside the reader's
/// table: each is a surface of its recipe and the classes passed, as the
/// component's `body` applies them (each test names the swiftcn source).
@Suite("swiftcn parity: the remaining components that take classes", .removesTemporaryDirectories)
struct SwiftCNComponentTableTests {
    static func modifiers(_ record: SurfaceRecord?) -> [String] {
        record?.surface.chain.map(\.modifier.swiftCode) ?? []
    }

    static let gallery = """
        import SwiftUI

        struct Gallery: View {
            @State private var tab = 0
            @State private var notes = ""
            @State private var fraction = 0.5
            @State private var selection: Int?
            let options: [Option] = []
            var body: some View {
                VStack {
                    CNAspectRatio(4 / 3, classes: "bg-accent rounded-lg") { Color.red }
                    CNAspectRatio { Color.blue }
                    CNAvatar(accessibilityLabel: "Ada", classes: "w-12 h-12") { Text("A") }
                    CNTabs(selection: $tab, classes: "h-[180]") { Text("One").tag(0) }
                    CNTextarea("Notes", text: $notes, classes: "h-[120]")
                    CNCommand(options, selection: $selection, classes: "h-[240]") { _ in }
                    CNScrollArea(classes: "h-[100]") { Text("s") }
                    CNMessageScroller(options, classes: "h-[240]") { option in Text("m") }
                    CNCarousel(options, selection: $selection, classes: "h-[160]") { option in Text("c") }
                    CNResizable(fraction: $fraction, classes: "h-[160]") { Text("l") } second: { Text("r") }
                }
            }
        }
        """

    // swiftcn Sources/SwiftCN/Display.swift: CNAspectRatio applies `cn-aspect-[\(ratio)]` then the
    // classes, under `.cnAspectUtilities()` (ComponentUtilities.swift: `.aspectRatio(ratio, contentMode:
    // .fit)`); the ratio's default is 16 / 9. CNAvatar applies `avatar` (whose recipe starts with
    // `cn-avatar-crop`) under `.cnAvatarUtilities()`. The ratio and the avatar image are layout slots
    // (after the frame), the crop a decoration slot (after the background): ComponentUtilities.swift.
    @Test("CNAspectRatio and CNAvatar: their recipe classes and the utilities they install")
    func displayComponents() throws {
        let resolution = try SwiftSource.resolve(Self.gallery, path: "G.swift")
        let p = "G.swift:Gallery.body/"
        let ratio = try #require(resolution.record(p + "0"))
        #expect(ratio.allDiagnostics.isEmpty)
        #expect(
            Self.modifiers(ratio) == [
                ".aspectRatio(1.3333333333333333, contentMode: .fit)",
                ".background(Color(red: 0.935, green: 0.935, blue: 0.947), in: .rect(cornerRadius: 12))",
                ".clipShape(.rect(cornerRadius: 12))",
            ])
        let byDefault = try #require(resolution.record(p + "1"))
        #expect(Self.modifiers(byDefault) == [".aspectRatio(1.7777777777777777, contentMode: .fit)"])
        let avatar = try #require(resolution.record(p + "2"))
        #expect(avatar.allDiagnostics.isEmpty)
        #expect(
            Self.modifiers(avatar) == [
                ".foregroundStyle(Color(red: 0.09, green: 0.09, blue: 0.09))", ".frame(width: 48, height: 48)",
                ".aspectRatio(contentMode: .fit)",
                ".background(Color(red: 0.935, green: 0.935, blue: 0.947), in: .capsule)",
                ".clipShape(RoundedRectangle(cornerRadius: 10000))",
            ])
    }

    // swiftcn Sources/SwiftCN/Navigation.swift (CNTabs: `tabs`), Input.swift (CNTextarea:
    // `textarea min-h-[100]`), Command.swift (CNCommand: `command min-h-[180]`), Scrolling.swift
    // (CNScrollArea: `scroll-area`; CNMessageScroller: the classes alone; CNCarousel: `carousel`),
    // Resizable.swift (CNResizable: `resizable`). None takes its classes first: a leading argument is
    // a title, a ratio or the data.
    @Test("CNTabs, CNTextarea, CNCommand, CNScrollArea, CNMessageScroller, CNCarousel, CNResizable")
    func containerComponents() throws {
        let resolution = try SwiftSource.resolve(Self.gallery, path: "G.swift")
        let p = "G.swift:Gallery.body/"
        let expected: [(Int, String, [String])] = [
            (3, "CNTabs", [".frame(height: 180)", ".tint(Color(red: 0.09, green: 0.09, blue: 0.09))"]),
            (
                4, "CNTextarea",
                [
                    ".padding(12)", ".frame(height: 120)", ".frame(minHeight: 100)",
                    ".background(Color(red: 0.98, green: 0.98, blue: 0.98), in: .rect(cornerRadius: 8))",
                    ".overlay { RoundedRectangle(cornerRadius: 8).strokeBorder(Color(red: 0.88, green: 0.88, blue: 0.88), lineWidth: 1) }",
                    ".clipShape(.rect(cornerRadius: 8))",
                ]
            ),
            (
                5, "CNCommand",
                [
                    ".frame(height: 240)", ".frame(minHeight: 180)",
                    ".background(Color(red: 1, green: 1, blue: 1), in: .rect(cornerRadius: 12))",
                    ".clipShape(.rect(cornerRadius: 12))",
                ]
            ),
            (
                6, "CNScrollArea",
                [".foregroundStyle(Color(red: 0.09, green: 0.09, blue: 0.09))", ".frame(height: 100)"]
            ),
            (7, "CNMessageScroller", [".frame(height: 240)"]),
            (8, "CNCarousel", [".foregroundStyle(Color(red: 0.09, green: 0.09, blue: 0.09))", ".frame(height: 160)"]),
            (9, "CNResizable", [".foregroundStyle(Color(red: 0.09, green: 0.09, blue: 0.09))", ".frame(height: 160)"]),
        ]
        for (index, type, modifiers) in expected {
            let record = try #require(resolution.record(p + "\(index)"))
            #expect(record.node.type == type)
            #expect(record.allDiagnostics.isEmpty, "\(type)")
            #expect(Self.modifiers(record) == modifiers, "\(type)")
        }
        // Every class string is a surface: no note of the reader says one was not read.
        #expect(resolution.surfaces.flatMap(\.findings).map(\.message) == [])
    }

    // The same components through the real binary: a class passed to one is checked at its column.
    @Test("twhost check reads the classes passed to these components: an unknown one is an error there")
    func checkReadsTheClasses() throws {
        let source = """
            import SwiftUI

            struct Gallery: View {
                @State private var tab = 0
                @State private var notes = ""
                var body: some View {
                    VStack {
                        CNTabs(selection: $tab, classes: "h-[180] tab-bar") { Text("One").tag(0) }
                        CNTextarea("Notes", text: $notes, classes: "h-[120]")
                        CNAvatar(accessibilityLabel: "Ada", classes: "w-12 h-12") { Text("A") }
                    }
                }
            }
            """
        let root = try SwiftSource.folder(["Gallery.swift": source], label: "swiftcn-components")
        let result = try twhost(["check", "Gallery.swift"], directory: root)
        #expect(
            result.stdout == """
                Gallery.swift:8:55: error[unknown-class] unknown class 'tab-bar'
                1 error(s), 0 warning(s), 0 note(s) in 1 file(s), 3 surface(s)

                """)
        #expect(result.status == 1)
    }
}
