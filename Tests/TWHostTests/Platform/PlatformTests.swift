import Foundation
import Testing

@testable import TWHost

/// Seed 004's correspondence table, cell by cell, written out independently of
/// the data it checks: "?" is unknown, "-" is unavailable.
@Suite("Platform backing", .removesTemporaryDirectories)
struct PlatformTests {
    struct Cell: Sendable, CustomTestStringConvertible {
        var view: String
        var style: String?
        var platform: RenderEnvironment.Platform
        var os: Int
        var expected: String
        var testDescription: String { "\(view)/\(style ?? "-")/\(platform.rawValue) \(os)" }
    }

    static let seed: [(String, String?, String, String, String)] = [
        ("ScrollView", nil, "UIScrollView", "NSScrollView", "UIScrollView"),
        ("List", nil, "iOS16", "NSTableView", "UITableView"),
        ("Form", nil, "iOS16", "?", "UITableView"),
        ("TextField", nil, "UITextField", "NSTextField", "UITextField"),
        ("SecureField", nil, "UITextField", "NSTextField", "UITextField"),
        ("Slider", nil, "UISlider", "NSSlider", "-"),
        ("Stepper", nil, "UIStepper", "NSStepper", "-"),
        ("Picker", "wheel", "UIPickerView", "NSButton", "-"),
        ("Picker", "inline", "UIPickerView", "?", "UISegmentedControl"),
        ("Picker", "segmented", "UISegmentedControl", "NSSegmentedControl", "UISegmentedControl"),
        ("Picker", "menu", "?", "NSButton", "-"),
        ("DatePicker", nil, "UIDatePicker", "NSDatePicker", "-"),
        ("MultiDatePicker", nil, "UICalendarView", "-", "-"),
        ("ColorPicker", nil, "UIColorWell", "NSColorWell", "-"),
        ("Toggle", "switch", "UISwitch", "NSSwitch", "-"),
        ("Toggle", "button", "UIButton", "NSButton", "-"),
        ("Toggle", "checkbox", "-", "NSButton", "-"),
        ("TextEditor", nil, "UITextView", "NSTextView", "-"),
        ("Button", nil, "-", "NSButton", "-"),
        ("ProgressView", "linear", "UIProgressView", "NSProgressIndicator", "UIProgressView"),
        ("ProgressView", "circular", "UIActivityIndicatorView", "NSProgressIndicator", "UIActivityIndicatorView"),
        ("TabView", nil, "UITabBarController", "NSTabView", "UITabBarController"),
        ("NavigationView", "doubleColumn", "UISplitViewController", "NSSplitView", "-"),
        ("NavigationView", "stack", "UINavigationController", "-", "UINavigationController"),
        ("NavigationStack", nil, "UINavigationController", "?", "UINavigationController"),
        ("NavigationSplitView", nil, "UISplitViewController", "NSSplitView", "-"),
    ]

    static let cells: [Cell] = seed.flatMap { row -> [Cell] in
        var out: [Cell] = []
        if row.2 == "iOS16" {
            out.append(Cell(view: row.0, style: row.1, platform: .ios, os: 16, expected: "UICollectionView"))
            out.append(Cell(view: row.0, style: row.1, platform: .ios, os: 15, expected: "UITableView"))
            out.append(Cell(view: row.0, style: row.1, platform: .ios, os: 18, expected: "UICollectionView"))
        } else {
            out.append(Cell(view: row.0, style: row.1, platform: .ios, os: 18, expected: row.2))
        }
        out.append(Cell(view: row.0, style: row.1, platform: .macos, os: 15, expected: row.3))
        out.append(Cell(view: row.0, style: row.1, platform: .tvos, os: 18, expected: row.4))
        return out
    }

    @Test("every cell of the seed table, including ? and -, and both sides of iOS 16", arguments: cells)
    func cell(_ c: Cell) {
        let report = BackingResolver.resolve(
            view: c.view, style: c.style, cocoa: [CocoaRequest(typeName: nil)], lifecycle: [],
            environment: RenderEnvironment(platform: c.platform, osVersion: c.os))
        switch c.expected {
        case "?":
            #expect(report.status == .unknown)
            #expect(report.type == nil)
            #expect(report.cocoa.first?.called == nil)
        case "-":
            #expect(report.status == .unavailable)
            #expect(report.type == nil)
            #expect(report.cocoa.first?.called == false)
            #expect(report.cocoa.first?.reason.hasPrefix("unavailable:") == true)
        default:
            #expect(report.status == .known)
            #expect(report.type == c.expected)
        }
        #expect(report.style == c.style)
        #expect(!report.styleDefaulted)
    }

    @Test("the table covers every row of the seed and nothing else")
    func coverage() {
        #expect(BackingTable.rows.count == Self.seed.count)
        #expect(BackingTable.rows.map { "\($0.view)/\($0.style ?? "")" } == Self.seed.map { "\($0.0)/\($0.1 ?? "")" })
    }

    @Test(
        "Toggle: .cocoa(for: UISwitch) is not called on a button-style toggle; called for a switch on iOS and macOS; unavailable on tvOS"
    )
    func toggleCocoa() throws {
        let scene = #"""
            {"scene": 1, "root": {"type": "VStack", "children": [
              {"type": "Toggle", "style": "button", "cocoa": [{"for": "UISwitch"}, {"default": true}]},
              {"type": "Toggle", "style": "switch", "cocoa": [{"for": "UISwitch"}, {"for": "NSSwitch"}, {"default": true}]}
            ]}}
            """#
        func cocoa(_ platform: String, _ path: String) throws -> [(String?, Bool?, String)] {
            let result = try twhost(["resolve", "-", "--format", "json", "--platform", platform], input: scene)
            #expect(result.status == 0, "\(result.stderr)")
            let root = try JSONParser.parse(Array(result.stdout.utf8))
            guard let list = ResolveOutput.field(root, "backing"), case .array(let items) = list.value,
                let item = items.first(where: { ResolveOutput.string($0, "path") == path }),
                let backing = ResolveOutput.field(item, "backing"), let entries = ResolveOutput.field(backing, "cocoa"),
                case .array(let cocoa) = entries.value
            else { return [] }
            return cocoa.map { entry in
                var called: Bool?
                if let c = ResolveOutput.field(entry, "called"), case .bool(let b) = c.value { called = b }
                return (ResolveOutput.string(entry, "for"), called, ResolveOutput.string(entry, "reason") ?? "")
            }
        }
        let button = try cocoa("ios", "/0")
        #expect(button[0].1 == false)
        #expect(button[0].2 == "not called: Toggle with style button is backed by UIButton")
        #expect(
            button[1].2
                == "not called: the default type is UISwitch, but Toggle with style button is backed by UIButton")
        let ios = try cocoa("ios", "/1")
        #expect(ios.map(\.1) == [true, false, true])
        #expect(
            ios[1].2 == "not called: NSSwitch is an AppKit type; on ios Toggle with style switch is backed by UISwitch")
        let macos = try cocoa("macos", "/1")
        #expect(macos.map(\.1) == [false, true, true])
        #expect(
            macos[0].2.contains("UISwitch is a UIKit type; on macos Toggle with style switch is backed by NSSwitch"))
        let tvos = try cocoa("tvos", "/1")
        #expect(
            tvos.allSatisfy {
                $0.1 == false && $0.2.hasPrefix("unavailable: Toggle with style switch has no backing type on tvos")
            })
    }

    @Test("lifecycle modifiers observe the backing controller or the hosting controller")
    func lifecycle() {
        let tabs = BackingResolver.resolve(
            view: "TabView", style: nil, cocoa: [],
            lifecycle: ["onViewWillAppear", "onViewDidDisAppear", "onViewDidLod"],
            environment: RenderEnvironment())
        #expect(tabs.lifecycle.map(\.controller) == ["UITabBarController", "UITabBarController", nil])
        #expect(tabs.lifecycle[1].modifier == "onViewDidDisappear")
        #expect(tabs.lifecycle[2].reason == "unknown lifecycle modifier; did you mean 'onViewDidLoad'?")
        let text = BackingResolver.resolve(
            view: "Text", style: nil, cocoa: [], lifecycle: ["onViewDidLoad"],
            environment: RenderEnvironment(platform: .macos))
        #expect(text.status == .unlisted)
        #expect(text.lifecycle.first?.controller == "NSHostingController")
        let defaulted = BackingResolver.resolve(
            view: "Toggle", style: nil, cocoa: [], lifecycle: [], environment: RenderEnvironment(platform: .macos))
        #expect(defaulted.styleDefaulted && defaulted.style == "checkbox" && defaulted.type == "NSButton")
    }

    @Test(
        "button-link: .link on macOS, documented fallback with minimum height elsewhere; glass by OS version; no painting over"
    )
    func nativeButtons() {
        let mac = Engine.resolve(
            "button-link", .button, environment: RenderEnvironment(platform: .macos, osVersion: 15))
        #expect(mac.nativeButtonStyle == "link")
        #expect(mac.style.contains(".frame(minHeight: 32)"))
        #expect(mac.diagnostics.isEmpty)
        let ios = Engine.resolve("button-link", .button, environment: RenderEnvironment(platform: .ios, osVersion: 18))
        #expect(ios.nativeButtonStyle == "borderless")
        #expect(ios.requestedButtonStyle == "link")
        #expect(ios.style.contains(".frame(minHeight: 44)"))
        #expect(ios.codes == ["native-style-fallback"])
        #expect(Engine.resolve("button-ghost min-h-[60]", .button).style.contains(".frame(minHeight: 60)"))
        let glass25 = Engine.resolve("glass", .button, environment: RenderEnvironment(platform: .ios, osVersion: 25))
        let glass26 = Engine.resolve("glass", .button, environment: RenderEnvironment(platform: .ios, osVersion: 26))
        #expect(glass25.nativeButtonStyle == "bordered")
        #expect(glass26.nativeButtonStyle == "glass")
        #expect(
            Engine.resolve("glass-prominent", .button, environment: RenderEnvironment(platform: .macos, osVersion: 15))
                .nativeButtonStyle == "borderedProminent")
        let painted = Engine.resolve("button-primary bg-red border shadow-md", .button)
        #expect(painted.codes == ["not-painted", "not-painted", "not-painted"])
        #expect(
            !painted.style.contains {
                $0.hasPrefix(".background") || $0.hasPrefix(".overlay") || $0.hasPrefix(".shadow")
            })
    }

    @Test("docs/Platforms.md shows the table twhost knows, and `twhost platforms` prints it")
    func documentation() throws {
        let doc = try String(contentsOfFile: TestPaths.repository + "/docs/Platforms.md", encoding: .utf8)
        #expect(doc.contains(BackingTable.markdown))
        let printed = try twhost(["platforms"])
        #expect(printed.stdout == BackingTable.markdown)
        let json = try twhost(["platforms", "--format", "json"])
        #expect(json.stdout.contains("\"versions\""))
    }

    @Test("Examples/NativeControls.json: backing, cocoa and lifecycle per node")
    func nativeControlsExample() throws {
        let result = try twhost(["resolve", TestPaths.repository + "/Examples/NativeControls.json", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let out = try ResolveOutput(result.stdout)
        #expect(ResolveOutput.string(ResolveOutput.field(out.surface("/7")!, "backing"), "type") == "UIButton")
        #expect(ResolveOutput.string(ResolveOutput.field(out.surface("/9")!, "backing"), "type") == "UICollectionView")
        let ios15 = try ResolveOutput(
            try twhost([
                "resolve", TestPaths.repository + "/Examples/NativeControls.json", "--format", "json", "--os-version",
                "15",
            ]).stdout)
        #expect(ResolveOutput.string(ResolveOutput.field(ios15.surface("/9")!, "backing"), "type") == "UITableView")
        let mac = try twhost(["resolve", TestPaths.repository + "/Examples/NativeControls.json", "--platform", "macos"])
        #expect(mac.stdout.contains(".buttonStyle(.link)"))
    }
}
