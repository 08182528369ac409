import Foundation
import Testing

@testable import TWHost

/// swiftcn's groups and shared elements in scenes and Swift files, through the
/// real `twhost` binary: a `group` marker's state drives its subtree's
/// `group-*` variants, and `shared-[id]` pairs in the enclosing group.
@Suite("groups and shared elements: twhost resolve", .removesTemporaryDirectories)
struct GroupSceneTests {
    static let scene = #"""
        {"scene": 1, "root": {"type": "VStack", "tw": "group/hero p-4", "state": {"hover": true}, "children": [
          {"type": "HStack", "tw": "group p-2", "state": {"pressed": true}, "children": [
            {"type": "Text", "tw": "group-hover/hero:opacity-50 group-active:font-bold group-hover:p-1"},
            {"type": "Image", "tw": "shared-[cover] shared-size w-10"},
            {"type": "Image", "tw": "shared-[cover]/hero shared-follower"}
          ]},
          {"type": "Text", "tw": "group-active:font-bold group-hover:p-1"}
        ]},
        "environment": {"platform": "ios", "osVersion": 18}}
        """#

    @Test("a scene: each surface's group variants and shared elements, exact chains")
    func scene() throws {
        let result = try resolveScene(Self.scene)
        #expect(result.status == 0, "\(result.stderr)")
        let out = try ResolveOutput(result.stdout)
        // The markers themselves draw nothing.
        #expect(out.modifiers("/") == [".padding(16)"])
        #expect(out.modifiers("/0") == [".padding(8)"])
        // Inside both: hero is hovered, the nearest (unnamed) group is pressed, not hovered.
        #expect(out.modifiers("/0/0") == [".fontWeight(.bold)", ".opacity(0.5)"])
        #expect(out.diagnostics("/0/0") == [])
        #expect(
            out.modifiers("/0/1") == [
                ".matchedGeometryEffect(id: \"cover\", in: groupNamespace, properties: .size, anchor: .center, isSource: true)",
                ".frame(width: 40)",
            ])
        #expect(
            out.modifiers("/0/2") == [
                ".matchedGeometryEffect(id: \"cover\", in: groupNamespace /* group/hero */, properties: .frame, anchor: .center, isSource: false)"
            ])
        // Directly inside hero: hero is the nearest group, hovered, not pressed.
        #expect(out.modifiers("/1") == [".padding(4)"])
    }

    @Test("a scene without a group: the variants and the shared element are notes, exit 0")
    func withoutGroup() throws {
        let scene = #"{"scene": 1, "root": {"type": "Text", "tw": "p-2 group-hover:p-4 shared-[x]"}}"#
        let result = try resolveScene(scene)
        #expect(result.status == 0, "\(result.stderr)")
        let out = try ResolveOutput(result.stdout)
        #expect(out.modifiers("/") == [".padding(8)"])
        #expect(out.diagnostics("/") == ["no-enclosing-group", "no-enclosing-group"])
        // A group state given on the command line stands for a group outside the scene.
        let given = try ResolveOutput(try resolveScene(scene, ["--state", "groupHover"]).stdout)
        #expect(given.modifiers("/") == [".padding(16)"])
        #expect(given.diagnostics("/") == ["no-enclosing-group"])
    }

    @Test("a group variant toggling keeps the identity")
    func identity() throws {
        func identity(_ hover: Bool) throws -> String? {
            let scene = #"""
                {"scene": 1, "root": {"type": "VStack", "tw": "group", "state": {"hover": \#(hover)}, "children": [
                  {"type": "Text", "tw": "p-2 group-hover:p-4 group-hover:bg-primary"}]}}
                """#
            let out = try ResolveOutput(try resolveScene(scene).stdout)
            #expect(out.modifiers("/0").count == (hover ? 2 : 1))
            return ResolveOutput.string(out.surface("/0"), "identity")
        }
        let on = try identity(true)
        #expect(on != nil)
        #expect(on == (try identity(false)))
    }

    @Test("a Swift file: the group of an enclosing view drives the variants of the views inside it")
    func swiftFile() throws {
        let source = """
            import SwiftCN
            import SwiftUI

            struct Tile: View {
                var body: some View {
                    VStack {
                        Text("Title").tw("text-sm group-hover:font-semibold")
                        Image("cover").resizable().tw("shared-[cover] rounded-md")
                    }
                    .tw("group p-3", state: TWState(isHovered: true))
                }
            }
            """
        let folder = try SwiftSource.folder(["Tile.swift": source], label: "group-swift")
        let result = try twhost(["resolve", "--format", "json", folder + "/Tile.swift"])
        #expect(result.status == 0, "\(result.stderr)")
        let out = try ResolveOutput(result.stdout)
        let base = folder + "/Tile.swift:Tile.body"
        #expect(out.modifiers(base) == [".padding(12)"])
        #expect(out.modifiers(base + "/0") == [".font(.subheadline)", ".fontWeight(.semibold)"])
        #expect(
            out.modifiers(base + "/1") == [
                ".matchedGeometryEffect(id: \"cover\", in: groupNamespace, properties: .frame, anchor: .center, isSource: true)",
                ".clipShape(.rect(cornerRadius: 8))",
            ])
    }
}
