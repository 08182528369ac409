import Testing

@testable import TWHost
@testable import TWScenes

/// A scene node's fields live in one copy-on-write box: writing a field of
/// a node that shares its box with another leaves the other as it was.
@Suite("Scene node storage")
struct SceneNodeStorageTests {
    static let base = SceneNode.Fields(type: "Text", path: "/0", jsonPath: "/root/children/0", line: 2, location: nil)

    /// One write per field of `SceneNode.Fields`, each to a value the base does not hold.
    static let writes: [@Sendable (inout SceneNode) -> Void] = [
        { $0.type = "Image" },
        { $0.id = "hero" },
        { $0.path = "/1" },
        { $0.jsonPath = "/root/children/1" },
        { $0.line = 9 },
        { $0.location = SourceLocation(file: "a.json", line: 9, column: 3) },
        { $0.text = "Hello" },
        { $0.label = "Save" },
        { $0.systemImage = "star" },
        { $0.style = "switch" },
        { $0.native.append("bold") },
        { $0.tw = TWClasses("p-4") },
        { $0.buttonStyle = TWClasses("bg-blue") },
        { $0.state = SurfaceState([.hover]) },
        { $0.rules = SceneRules() },
        { $0.twAnimation = TWClasses("animate-spin") },
        { $0.adapters.append(StyleAdapter(kind: .toggleStyle, base: "switch", classes: TWClasses("p-1"))) },
        { $0.cocoa.append(CocoaRequest(typeName: "UIButton")) },
        { $0.lifecycle.append("onAppear") },
        { $0.children.append(SceneNode(type: "Spacer", path: "/0/0", jsonPath: "/x", line: 3, location: nil)) },
        { $0.conditions.append(SurfaceCondition(text: "expanded", location: nil)) },
        { $0.combinations.append(SurfaceCombination(values: [false])) },
        {
            $0.findings.append(
                SceneFinding.unknownField(path: "/root", key: "tww", line: 2, suggestion: "tw").diagnostic())
        },
    ]

    /// Each stored property of the fields, by name, as text; the fields most
    /// nodes leave empty, held out of line, each as one of them.
    static func described(_ fields: SceneNode.Fields) -> [(String, String)] {
        func properties(_ value: Any) -> [(String, String)] {
            Mirror(reflecting: value).children.map { ($0.label ?? "?", String(reflecting: $0.value)) }
        }
        return properties(fields).filter { $0.0 != "seldom" }
            + properties(fields.seldom?.fields ?? SceneNode.SeldomFields())
    }

    @Test("writing any field of a shared node leaves the other copy untouched")
    func everyField() {
        let original = SceneNode(Self.base)
        let before = Self.described(original.fields)
        for (i, write) in Self.writes.enumerated() {
            var copy = original
            write(&copy)
            let after = Self.described(copy.fields)
            #expect(Self.described(original.fields).map(\.1) == before.map(\.1), "write \(i) reached the shared copy")
            #expect(zip(after, before).filter { $0.1 != $1.1 }.count == 1, "write \(i) changes exactly one field")
        }
        // Every field is written by one of the writes above: a field added to
        // `SceneNode.Fields` fails here until it has its write.
        var all = original
        for write in Self.writes { write(&all) }
        #expect(before.count == Self.writes.count)
        for ((label, old), (_, new)) in zip(before, Self.described(all.fields)) {
            #expect(old != new, "no write covers the field \(label)")
        }
        #expect(Self.described(original.fields).map(\.1) == before.map(\.1))
    }

    @Test("a node made from its fields reads them back, and a child written in place stays in its parent only")
    func fieldsRoundTrip() {
        var parent = SceneNode(Self.base)
        parent.children.append(SceneNode(type: "Spacer", path: "/0/0", jsonPath: "/x", line: 3, location: nil))
        let shared = parent
        parent.children[0].tw = TWClasses("p-2")
        #expect(parent.children[0].tw == TWClasses("p-2"))
        #expect(shared.children[0].tw == nil)
        #expect(SceneNode(parent.fields).children[0].tw == TWClasses("p-2"))
    }
}
