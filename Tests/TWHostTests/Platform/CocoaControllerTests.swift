import Foundation
import Testing

@testable import TWHost

/// `.cocoa(for:)` with view-controller types and unknown lifecycle modifiers (seed 004).
@Suite("Cocoa view controllers and lifecycle modifiers", .removesTemporaryDirectories)
struct CocoaControllerTests {
    /// Seed 004's lifecycle example: a navigation destination that asks for its
    /// CocoaViewController and hides the tab bar on appear.
    static let lifecycleExample = #"""
        {"scene": 1, "root": {"type": "TabView", "children": [
          {"type": "NavigationView", "children": [
            {"type": "List", "children": [
              {"type": "Text", "text": "Detail", "cocoa": [{"for": "CocoaViewController"}],
               "lifecycle": ["onViewWillAppear", "onViewWillDisappear"]}
            ]}
          ]}
        ]}}
        """#

    static func backing(_ out: JSONNode, _ path: String) -> JSONNode? {
        guard case .object(let top) = out.value, let list = top.first(where: { $0.key == "backing" })?.node,
            case .array(let items) = list.value
        else { return nil }
        return items.first { ResolveOutput.string($0, "path") == path }
    }

    @Test("seed 004: .cocoa(for: CocoaViewController.self) on a destination reaches its hosting controller")
    func lifecycleExample() throws {
        let result = try resolveScene(Self.lifecycleExample)
        #expect(result.status == 0)
        let root = try JSONParser.parse(Array(result.stdout.utf8))
        let record = try #require(Self.backing(root, "/0/0/0"))
        let backing = try #require(ResolveOutput.field(record, "backing"))
        guard case .array(let cocoa)? = ResolveOutput.field(backing, "cocoa")?.value,
            case .array(let lifecycle)? = ResolveOutput.field(backing, "lifecycle")?.value
        else {
            Issue.record("no cocoa or lifecycle in \(result.stdout)")
            return
        }
        guard case .bool(true)? = ResolveOutput.field(cocoa[0], "called")?.value else {
            Issue.record("not called: \(result.stdout)")
            return
        }
        #expect(
            ResolveOutput.string(cocoa[0], "reason")
                == "called with the UIHostingController (a UIViewController), the view controller the lifecycle modifiers observe"
        )
        // The lifecycle lines on the same node name the same controller.
        #expect(
            lifecycle.map { ResolveOutput.string($0, "controller") } == ["UIHostingController", "UIHostingController"])
        guard case .array(let diagnostics)? = ResolveOutput.field(record, "diagnostics")?.value else {
            Issue.record("no diagnostics field")
            return
        }
        #expect(diagnostics.isEmpty)
    }

    @Test("controller types per platform: CocoaViewController, UIViewController, UIHostingController, NSViewController")
    func controllerTypes() {
        func called(_ view: String, _ type: String, _ platform: RenderEnvironment.Platform) -> Bool? {
            BackingResolver.resolve(
                view: view, style: nil, cocoa: [CocoaRequest(typeName: type)], lifecycle: [],
                environment: RenderEnvironment(platform: platform)
            ).cocoa.first?.called
        }
        #expect(called("Text", "CocoaViewController", .ios) == true)
        #expect(called("Text", "UIViewController", .ios) == true)
        #expect(called("Text", "UIHostingController", .tvos) == true)
        #expect(called("Text", "NSViewController", .ios) == false)
        #expect(called("Text", "CocoaViewController", .macos) == true)
        #expect(called("Text", "NSViewController", .macos) == true)
        #expect(called("Text", "NSHostingController", .macos) == true)
        #expect(called("Text", "UIViewController", .macos) == false)
        // A view backed by a view controller: that controller, not a hosting one.
        #expect(called("TabView", "UITabBarController", .ios) == true)
        #expect(called("TabView", "UIViewController", .ios) == true)
        #expect(called("TabView", "UIHostingController", .ios) == false)
        let tabs = BackingResolver.resolve(
            view: "TabView", style: nil, cocoa: [CocoaRequest(typeName: "UIHostingController")],
            lifecycle: ["onViewDidLoad"], environment: RenderEnvironment())
        #expect(
            tabs.cocoa.first?.reason
                == "not called: the view controller the lifecycle modifiers observe here is the UITabBarController")
        #expect(tabs.lifecycle.first?.controller == "UITabBarController")
        // View types keep their backing rules.
        #expect(called("Toggle", "UISwitch", .ios) == true)
        #expect(called("Slider", "UISwitch", .ios) == false)
    }

    @Test("an unknown lifecycle modifier is an unknown-lifecycle warning in text and JSON, with did you mean")
    func unknownLifecycle() throws {
        let scene = #"""
            {"scene": 1, "root": {"type": "VStack", "children": [
              {"type": "List", "tw": "p-2", "lifecycle": ["onViewDidAppearz"]},
              {"type": "TabView", "lifecycle": ["onViewDidLod"]}
            ]}}
            """#
        let json = try resolveScene(scene)
        #expect(json.status == 0)
        let out = try ResolveOutput(json.stdout)
        #expect(out.diagnostics("/0") == ["unknown-lifecycle"])
        #expect(
            json.stdout.contains(
                #""code":"unknown-lifecycle","class":null,"part":null,"message":"'onViewDidAppearz' is not a lifecycle modifier (onViewWillAppear, onViewDidLoad, onViewWillDisappear, onViewDidDisappear): it observes nothing","hint":"did you mean 'onViewWillAppear'?""#
            ))
        let root = try JSONParser.parse(Array(json.stdout.utf8))
        let tabs = try #require(Self.backing(root, "/1"))
        #expect(json.stdout.contains(#""hint":"did you mean 'onViewDidLoad'?""#))
        #expect(ResolveOutput.field(tabs, "diagnostics") != nil)
        #expect(json.stdout.contains(#""warnings":2}"#))
        let text = try twhost(["resolve", "-"], input: scene)
        #expect(text.status == 0)
        #expect(
            text.stdout.contains(
                "  warning[unknown-lifecycle]: 'onViewDidLod' is not a lifecycle modifier (onViewWillAppear, onViewDidLoad, onViewWillDisappear, onViewDidDisappear): it observes nothing — did you mean 'onViewDidLoad'?"
            ))
        #expect(text.stdout.hasSuffix("1 surface(s): 1 decorated, 0 undecorated; 0 error(s), 2 warning(s)\n"))
    }
}
