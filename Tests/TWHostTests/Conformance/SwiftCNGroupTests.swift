import Foundation
import Testing

@testable import TWHost

/// swiftcn's groups and shared elements (`group`, `group/name`, `group-*:`
/// variants, `shared-*`) and its `bezel-*` classes, pinned against swiftcn's
/// sources and tests (each test names them).
@Suite("swiftcn parity: groups, shared elements and bezels")
struct SwiftCNGroupTests {
    static let unnamed = GroupContext.Scope(name: "", active: [])

    static func resolve(
        _ classes: TWClasses, _ kind: SurfaceSource.Kind = .view, state: Set<Variant> = [],
        groups: [GroupContext.Scope] = [], environment: RenderEnvironment = RenderEnvironment()
    ) -> ResolvedSurface {
        SurfaceResolver.resolve(
            classes, source: SurfaceSource(kind), state: SurfaceState(state, groups: GroupContext(groups)),
            scope: Engine.scope(environment: environment), options: .init())
    }

    // swiftcn Sources/SwiftCN/ClassParser.swift (utility: `group`, `group/` with an identifier) and
    // SharedElement.swift (TWGroupContext): a marker only publishes the surface's state to its subtree.
    @Test("group and group/name are markers: no modifier, no finding; a bad name is invalid-argument")
    func markers() {
        for classes in ["group", "group/hero", "group/card-1.a_b", "p-2 group/hero"] {
            let surface = Self.resolve(TWClasses(classes))
            #expect(surface.diagnostics.isEmpty, "\(classes)")
            #expect(surface.style == (classes.hasPrefix("p-2") ? [".padding(8)"] : []), "\(classes)")
        }
        #expect(Self.resolve("group/").codes == ["invalid-argument"])
        #expect(Self.resolve("group/hé").codes == ["invalid-argument"])
        #expect(Self.resolve("-group/hero").codes == ["invalid-argument"])
    }

    // swiftcn ClassParser.swift (groupCondition: group-hover, group-focus, group-active/group-pressed,
    // group-disabled, each with an optional /name) and StyleResolver.swift (a group condition matches
    // the state of the group it names; "" is the nearest group).
    @Test("group variants follow the enclosing group's state; a name picks the nearest group of that name")
    func variants() {
        let hovered = GroupContext.Scope(name: "", active: [.hover])
        #expect(Self.resolve("p-2 group-hover:p-4", groups: [hovered]).style == [".padding(16)"])
        #expect(Self.resolve("p-2 group-hover:p-4", groups: [Self.unnamed]).style == [".padding(8)"])
        // The surface's own hover is not its group's.
        #expect(Self.resolve("p-2 group-hover:p-4", state: [.hover], groups: [Self.unnamed]).style == [".padding(8)"])
        let hero = GroupContext.Scope(name: "hero", active: [.pressed, .disabled])
        let groups = [hero, Self.unnamed]
        #expect(Self.resolve("group-active/hero:opacity-50", groups: groups).style == [".opacity(0.5)"])
        #expect(Self.resolve("group-pressed/hero:opacity-50", groups: groups).style == [".opacity(0.5)"])
        #expect(Self.resolve("group-disabled/hero:opacity-50", groups: groups).style == [".opacity(0.5)"])
        // Unnamed: the nearest group, which is not pressed.
        #expect(Self.resolve("group-active:opacity-50", groups: groups).style == [])
        #expect(Self.resolve("group-focus/hero:opacity-50", groups: groups).style == [])
        #expect(Self.resolve("group-hover/hé:p-1").codes == ["unknown-variant"])
        #expect(Self.resolve("group-wiggle:p-1").codes == ["unknown-variant"])
    }

    // swiftcn Sources/SwiftCN/Style.swift (TWRule.priority and conditionCount count group conditions
    // with the surface's own) and StyleResolverTests.swift, disabledWinsOverPressAndHover.
    @Test("a group variant ranks as its state: group-disabled beats hover; equal ranks, the later wins")
    func ranking() {
        let all = GroupContext.Scope(name: "", active: [.hover, .disabled])
        #expect(Self.resolve("group-disabled:p-4 hover:p-1", state: [.hover], groups: [all]).style == [".padding(16)"])
        #expect(Self.resolve("group-hover:p-4 hover:p-1", state: [.hover], groups: [all]).style == [".padding(4)"])
        #expect(Self.resolve("hover:p-1 group-hover:p-4", state: [.hover], groups: [all]).style == [".padding(16)"])
        #expect(
            Self.resolve("group-hover:hover:p-3 group-hover:p-4", state: [.hover], groups: [all]).style == [
                ".padding(12)"
            ])
    }

    // swiftcn StyleResolver.swift: with no group state for its name, a group condition never matches.
    // twhost says so (a no-enclosing-group note); a group state given explicitly stands for a group
    // outside what is read.
    @Test("no enclosing group: the variant never applies, with a no-enclosing-group note")
    func withoutGroup() {
        let surface = Self.resolve("p-2 group-hover:p-4 group-hover:opacity-50")
        #expect(surface.style == [".padding(8)"])
        #expect(surface.codes == ["no-enclosing-group", "no-enclosing-group"])
        #expect(
            surface.diagnostics.first?.message
                == "'group-hover:p-4': group-hover: has no effect here: no enclosing 'group' gives it a state")
        #expect(surface.diagnostics.allSatisfy { $0.severity == .note })
        let named = Self.resolve("group-hover/hero:p-4", groups: [Self.unnamed])
        #expect(named.codes == ["no-enclosing-group"])
        #expect(named.diagnostics.first?.message.hasSuffix("no enclosing 'group/hero' gives it a state") == true)
        let given = Self.resolve("p-2 group-hover:p-4", state: [.groupHover])
        #expect(given.diagnostics.isEmpty)
        #expect(given.style == [".padding(16)"])
    }

    // swiftcn ClassParser.swift (`shared-[id]` with an optional `/group`, shared-frame|position|size,
    // shared-source|follower), SharedElement.swift (TWClassSharedElementModifier: matchedGeometryEffect
    // in the group's namespace) and View+TW.swift (applied in the layout phase, before padding and frame).
    @Test("shared-[id] is matchedGeometryEffect in the group's namespace, before padding and frame")
    func shared() {
        let frame = Self.resolve("p-2 w-10 shared-[cover] text-primary", groups: [Self.unnamed])
        #expect(frame.diagnostics.isEmpty)
        #expect(
            frame.style == [
                ".foregroundStyle(Color(red: 0.09, green: 0.09, blue: 0.09))",
                ".matchedGeometryEffect(id: \"cover\", in: groupNamespace, properties: .frame, anchor: .center, isSource: true)",
                ".padding(8)", ".frame(width: 40)",
            ])
        let hero = GroupContext.Scope(name: "hero", active: [])
        let follower = Self.resolve(
            "shared-[cover]/hero shared-size shared-follower", groups: [hero, Self.unnamed])
        #expect(
            follower.style == [
                ".matchedGeometryEffect(id: \"cover\", in: groupNamespace /* group/hero */, properties: .size, anchor: .center, isSource: false)"
            ])
        #expect(
            Self.resolve("shared-[a] shared-position shared-follower shared-source", groups: [hero]).style == [
                ".matchedGeometryEffect(id: \"a\", in: groupNamespace /* group/hero */, properties: .position, anchor: .center, isSource: true)"
            ])
        // The later shared-[…] replaces id and group together.
        #expect(
            Self.resolve("shared-[a]/nowhere shared-[b]", groups: [hero]).style == [
                ".matchedGeometryEffect(id: \"b\", in: groupNamespace /* group/hero */, properties: .frame, anchor: .center, isSource: true)"
            ])
        // The API's first releases: iOS 14, macOS 11, tvOS 14.
        let old = Self.resolve(
            "shared-[cover]", groups: [Self.unnamed], environment: RenderEnvironment(platform: .ios, osVersion: 13))
        #expect(old.style == [])
        // (The shipped plugins' slots add their own unavailable-api warnings on iOS 13.)
        let unavailable = old.diagnostics.filter { $0.message.hasPrefix("View.matchedGeometryEffect") }
        #expect(unavailable.map(\.code.rawValue) == ["unavailable-api"])
    }

    // swiftcn InterpolationTests.swift, typedArgumentsRespectVariantsThemesAndCustomFactories:
    // `shared-[\("cover")]/hero` has the id "cover".
    @Test("a String passed by interpolation is the id; another type is invalid-argument")
    func typedID() {
        let typed = TWClasses(segments: [.text("shared-["), .value(.string("cover")), .text("]/hero")])
        let hero = GroupContext.Scope(name: "hero", active: [])
        #expect(
            Self.resolve(typed, groups: [hero]).style == [
                ".matchedGeometryEffect(id: \"cover\", in: groupNamespace /* group/hero */, properties: .frame, anchor: .center, isSource: true)"
            ])
        let number = TWClasses(segments: [.text("shared-["), .value(.number(4)), .text("]")])
        #expect(Self.resolve(number, groups: [hero]).codes == ["invalid-argument"])
    }

    // swiftcn SharedElement.swift: without an ancestor group the element logs an error and applies
    // nothing; ClassParser.swift rejects ids and groups that are not identifiers.
    @Test("a shared element without a group is a note; bad ids and groups are invalid-argument")
    func sharedErrors() {
        let alone = Self.resolve("p-1 shared-[cover]")
        #expect(alone.style == [".padding(4)"])
        #expect(alone.codes == ["no-enclosing-group"])
        #expect(
            alone.diagnostics.first?.message
                == "'shared-[cover]': no enclosing 'group' to pair the shared element in: no matchedGeometryEffect")
        #expect(Self.resolve("shared-[cover]/hero", groups: [Self.unnamed]).codes == ["no-enclosing-group"])
        for bad in ["shared-[a_b]", "shared-[a]/", "shared-[a]/b/c", "shared-[é]", "-shared-[a]"] {
            #expect(Self.resolve(TWClasses(bad), groups: [Self.unnamed]).codes == ["invalid-argument"], "\(bad)")
        }
    }

    // swiftcn Tests/SwiftCNTests/StyleResolverTests.swift, buttonClassesSelectOneNativeStyle:
    // bezel-prominent alone chooses the prominent bezel and wins over an earlier recipe's; a variant
    // never switches the native style. TWButtonStyle.swift: bezel-* chooses the native style.
    @Test("bezel-* chooses the native button style alone; a variant's bezel has no effect")
    func bezels() {
        #expect(Self.resolve("bezel-prominent", .button).nativeButtonStyle == "borderedProminent")
        #expect(Self.resolve("bezel-bordered", .button).nativeButtonStyle == "bordered")
        #expect(Self.resolve("bezel-borderless", .button).nativeButtonStyle == "borderless")
        let outline = Self.resolve("button-outline bezel-prominent", .button)
        #expect(outline.nativeButtonStyle == "borderedProminent")
        // The outline recipe's label classes stay; only the bezel is the later class's.
        #expect(
            outline.style == [
                ".font(.subheadline)", ".fontWeight(.semibold)",
                ".foregroundStyle(Color(red: 0.09, green: 0.09, blue: 0.09))",
                ".padding(.init(top: 8, leading: 16, bottom: 8, trailing: 16))", ".frame(minHeight: 44)",
                ".buttonBorderShape(.roundedRectangle(radius: 8))",
            ])
        let hover = Self.resolve("hover:bezel-prominent", .button, state: [.hover, .focus, .pressed])
        #expect(hover.nativeButtonStyle == nil)
        #expect(hover.codes == ["variant-no-effect"])
        let link = Self.resolve("bezel-link", .button, environment: RenderEnvironment(platform: .macos))
        #expect(link.nativeButtonStyle == "link")
        #expect(link.style == [".frame(minHeight: 32)"])
    }
}
