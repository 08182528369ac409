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

    // swiftcn Sources/SwiftCN/View+TW.swift (TWModifier.body: the group is published with
    // `transformEnvironment(\.twGroups)` around the layer's content, in the layer's own state, and
    // a layer reads the groups of the layers outside it): a `.tw("group", state:)` layer outside a
    // `.tw` of the same view is that view's group in each state; a `group` layer inside one is not.
    @Test("a group whose state depends on a condition: the group variants inside follow it in each combination")
    func conditionalGroup() throws {
        let source = """
            import SwiftCN
            import SwiftUI

            struct Tile: View {
                @State private var hovered = false
                var body: some View {
                    VStack {
                        Text("a").tw("group-hover:opacity-50").tw("group", state: TWState(isHovered: hovered))
                        Text("b").tw("group", state: TWState(isHovered: hovered)).tw("group-hover:opacity-50")
                        Text("c").tw("p-1 group-hover:p-2")
                    }
                    .tw("group", state: TWState(isPressed: hovered))
                }
            }
            """
        let folder = try SwiftSource.folder(["Tile.swift": source], label: "group-conditional")
        let result = try twhost(["resolve", "Tile.swift"], directory: folder)
        #expect(result.status == 0, "\(result.stderr)")
        // "a": its inner layer has the outer layer's group, hovered or not with `hovered`. "b": the
        // group-hover layer is outside its group; the VStack's group encloses it, pressed, never
        // hovered. "c": the same chain whether the VStack's group is pressed or not.
        #expect(
            result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) == [
                "Tile.swift:7:9: Tile.body  VStack  (view, decorated)  identity 9106a31d44f82b3a",
                "  (no modifiers)",
                "  conditions: hovered  // 2 combinations, one identity",
                "  when !hovered: same chain",
                "",
                "Tile.swift:8:13: Tile.body/0+1  Text  (view, decorated)  identity 9106a31d44f82b3a",
                "  (no modifiers)",
                "  conditions: hovered  // 2 combinations, one identity",
                "  when !hovered: same chain",
                "",
                "Tile.swift:8:13: Tile.body/0  Text  (text, decorated)  identity 9613910fae73343f",
                "  .opacity(0.5)  // style · built-in opacity ← group-hover:opacity-50",
                "  conditions: hovered  // 2 combinations, one identity",
                "  when !hovered:",
                "    - .opacity(0.5)  // style · built-in opacity ← group-hover:opacity-50",
                "",
                "Tile.swift:9:13: Tile.body/1+1  Text  (view, decorated)  identity 9106a31d44f82b3a",
                "  (no modifiers)",
                "",
                "Tile.swift:9:13: Tile.body/1  Text  (text, decorated)  identity 9613910fae73343f",
                "  (no modifiers)",
                "  conditions: hovered  // 2 combinations, one identity",
                "  when !hovered: same chain",
                "",
                "Tile.swift:10:13: Tile.body/2  Text  (text, decorated)  identity 9613910fae73343f",
                "  .padding(4)  // style · built-in padding ← p-1",
                "",
                "6 surface(s): 6 decorated, 0 undecorated; 0 error(s), 0 warning(s)",
                "",
            ])
        // JSON: the inner layer of "a" names the condition and its chain in each combination.
        let json = try twhost(["resolve", "--format", "json", "Tile.swift"], directory: folder)
        #expect(
            json.stdout.contains(
                #""combinations": [{"when": {"hovered":true}, "status": "decorated", "identity": "9613910fae73343f19ceb0415cd0465df0a688b88eaa86374748455c02156b14", "chain": [{"phase": "style", "origin": "builtin", "property": "opacity", "class": "group-hover:opacity-50", "modifier": ".opacity(0.5)"}], "animation": null}, {"when": {"hovered":false}, "status": "decorated", "identity": "9613910fae73343f19ceb0415cd0465df0a688b88eaa86374748455c02156b14", "chain": [], "animation": null}]"#
            ))
    }

    // swiftcn Sources/SwiftCN/SharedElement.swift (TWGroupContext: `group-hover/hero:` reads the
    // nearest group named hero, an unnamed variant the nearest group): two conditional groups, one
    // inside the other, give the view inside both the product of their conditions.
    @Test("nested conditional groups: each variant follows its own group's condition, combinations in order")
    func nestedConditionalGroups() throws {
        let source = """
            import SwiftCN
            import SwiftUI

            struct N: View {
                @State private var a = false
                @State private var b = false
                var body: some View {
                    VStack {
                        HStack {
                            Text("x").tw("group-hover/hero:opacity-50 group-active:font-bold")
                        }
                        .tw("group", state: TWState(isPressed: b))
                    }
                    .tw("group/hero", state: TWState(isHovered: a))
                }
            }
            """
        let folder = try SwiftSource.folder(["N.swift": source], label: "group-nested")
        let result = try twhost(["resolve", "N.swift"], directory: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex { $0.hasPrefix("N.swift:10:17: N.body/0/0 ") })
        #expect(
            Array(lines[(start + 1)...]) == [
                "  .fontWeight(.bold)  // style · built-in font ← group-active:font-bold",
                "  .opacity(0.5)       // style · built-in opacity ← group-hover/hero:opacity-50",
                "  conditions: a, b  // 4 combinations, one identity",
                "  when a, !b:",
                "    - .fontWeight(.bold)  // style · built-in font ← group-active:font-bold",
                "  when !a, b:",
                "    - .opacity(0.5)  // style · built-in opacity ← group-hover/hero:opacity-50",
                "  when !a, !b:",
                "    - .fontWeight(.bold)  // style · built-in font ← group-active:font-bold",
                "    - .opacity(0.5)  // style · built-in opacity ← group-hover/hero:opacity-50",
                "",
                "3 surface(s): 3 decorated, 0 undecorated; 0 error(s), 0 warning(s)",
                "",
            ])
    }

    // The same condition on the group and on the view inside it: when it is false the group is not
    // hovered, so the view's `group-hover:` class of that branch does not apply.
    @Test("a condition shared by a group and a view inside it: each combination under the group's state of it")
    func sharedCondition() throws {
        let source = """
            import SwiftCN
            import SwiftUI

            struct S: View {
                @State private var a = false
                var body: some View {
                    VStack {
                        Text("x").tw(a ? "p-1" : "group-hover:opacity-50")
                    }
                    .tw("group", state: TWState(isHovered: a))
                }
            }
            """
        let folder = try SwiftSource.folder(["S.swift": source], label: "group-shared-condition")
        let result = try twhost(["resolve", "S.swift"], directory: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex { $0.hasPrefix("S.swift:8:13: S.body/0 ") })
        #expect(
            Array(lines[(start + 1)...]) == [
                "  .padding(4)  // style · built-in padding ← p-1",
                "  conditions: a  // 2 combinations, one identity",
                "  when !a:",
                "    - .padding(4)  // style · built-in padding ← p-1",
                "",
                "2 surface(s): 2 decorated, 0 undecorated; 0 error(s), 0 warning(s)",
                "",
            ])
    }

    // swiftcn Sources/SwiftCN/SharedElement.swift: `twShared(_:in:properties:anchor:isSource:)` is
    // `matchedGeometryEffect` in a namespace the app owns, with no animation under Reduce Motion; it
    // takes no classes. twhost says so where it is written and resolves the view's own `.tw`.
    @Test(".twShared(…) is a note where it is written, never a skipped site; the view's .tw resolves")
    func twShared() throws {
        let source = """
            import SwiftCN
            import SwiftUI

            struct Hero: View {
                @Namespace private var ns
                var body: some View {
                    VStack {
                        Image("cover").twShared("cover", in: ns)
                        Text("t").tw("p-2").twShared("title", in: ns, properties: .size, isSource: false)
                    }
                }
            }
            """
        let folder = try SwiftSource.folder(["Hero.swift": source], label: "tw-shared")
        let result = try twhost(["check", "Hero.swift"], directory: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let note =
            "is swiftcn's matchedGeometryEffect(id:in:properties:anchor:isSource:) in the app's own namespace (without animation under Reduce Motion); it takes no classes, so it is no surface here, and which view it pairs with is known only at run time — nothing to do; the shared-[id] classes inside a group are the form twhost resolves and checks"
        #expect(
            result.stdout.split(separator: "\n").map(String.init) == [
                "Hero.swift:8:28: note[dynamic-classes] `.twShared(\"cover\", in: ns)` " + note,
                "Hero.swift:9:33: note[dynamic-classes] `.twShared(\"title\", in: ns)` " + note,
                "0 error(s), 0 warning(s), 2 note(s) in 1 file(s), 1 surface(s)",
            ])
        let json = try twhost(["resolve", "--format", "json", "Hero.swift"], directory: folder)
        let resolved = try ResolveOutput(json.stdout)
        #expect(resolved.modifiers("Hero.swift:Hero.body/1") == [".padding(8)"])
    }
}
