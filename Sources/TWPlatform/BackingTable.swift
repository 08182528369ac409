import TWModel
import TWSupport

/// What UIKit/AppKit type backs a SwiftUI view on one platform (seed 004's
/// correspondence table).
public enum BackingCell: Hashable, Sendable {
    /// Backed by this type.
    case type(String)
    /// Backed by the first type whose minimum OS version is met, newest first.
    case versioned([(minimum: Int, type: String)])
    /// The table says "?": not known, never guessed.
    case unknown
    /// The table says "-": no such backing on this platform.
    case none

    public static func == (a: BackingCell, b: BackingCell) -> Bool {
        switch (a, b) {
        case (.type(let x), .type(let y)): return x == y
        case (.versioned(let x), .versioned(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.minimum == $1.minimum && $0.type == $1.type }
        case (.unknown, .unknown), (.none, .none): return true
        default: return false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .type(let t): hasher.combine(t)
        case .versioned(let v): for e in v { hasher.combine(e.minimum); hasher.combine(e.type) }
        case .unknown: hasher.combine(1)
        case .none: hasher.combine(0)
        }
    }

    /// The type at an OS version, if known and present.
    func resolve(osVersion: Int) -> String? {
        switch self {
        case .type(let t): return t
        case .versioned(let entries): return entries.first { osVersion >= $0.minimum }?.type
        case .unknown, .none: return nil
        }
    }

    /// As the seed writes it: `UICollectionView(>=16) UITableView(<16)`, `?`, `-`.
    var text: String {
        switch self {
        case .type(let t): return t
        case .versioned(let entries):
            // Newest first; the last entry covers everything below the one before it.
            return entries.enumerated().map { i, e in
                i == 0 ? "\(e.type) (≥ \(e.minimum))" : "\(e.type) (< \(entries[i - 1].minimum))"
            }.joined(separator: ", ")
        case .unknown: return "?"
        case .none: return "-"
        }
    }
}

/// One row: a SwiftUI view (and style) and its backing per platform.
public struct BackingRow: Hashable, Sendable {
    public var view: String
    public var style: String?
    public var ios: BackingCell
    public var macos: BackingCell
    public var tvos: BackingCell

    public func cell(_ platform: RenderEnvironment.Platform) -> BackingCell {
        switch platform {
        case .ios: return ios
        case .macos: return macos
        case .tvos: return tvos
        }
    }
}

/// The correspondence table as data, with the styles a view gets when the
/// scene names none, and the types that are view controllers.
public enum BackingTable {
    public static let rows: [BackingRow] = [
        BackingRow(
            view: "ScrollView", style: nil, ios: .type("UIScrollView"), macos: .type("NSScrollView"),
            tvos: .type("UIScrollView")),
        BackingRow(
            view: "List", style: nil, ios: .versioned([(16, "UICollectionView"), (0, "UITableView")]),
            macos: .type("NSTableView"),
            tvos: .type("UITableView")),
        BackingRow(
            view: "Form", style: nil, ios: .versioned([(16, "UICollectionView"), (0, "UITableView")]), macos: .unknown,
            tvos: .type("UITableView")),
        BackingRow(
            view: "TextField", style: nil, ios: .type("UITextField"), macos: .type("NSTextField"),
            tvos: .type("UITextField")),
        BackingRow(
            view: "SecureField", style: nil, ios: .type("UITextField"), macos: .type("NSTextField"),
            tvos: .type("UITextField")),
        BackingRow(view: "Slider", style: nil, ios: .type("UISlider"), macos: .type("NSSlider"), tvos: .none),
        BackingRow(view: "Stepper", style: nil, ios: .type("UIStepper"), macos: .type("NSStepper"), tvos: .none),
        BackingRow(view: "Picker", style: "wheel", ios: .type("UIPickerView"), macos: .type("NSButton"), tvos: .none),
        BackingRow(
            view: "Picker", style: "inline", ios: .type("UIPickerView"), macos: .unknown,
            tvos: .type("UISegmentedControl")),
        BackingRow(
            view: "Picker", style: "segmented", ios: .type("UISegmentedControl"), macos: .type("NSSegmentedControl"),
            tvos: .type("UISegmentedControl")),
        BackingRow(view: "Picker", style: "menu", ios: .unknown, macos: .type("NSButton"), tvos: .none),
        BackingRow(
            view: "DatePicker", style: nil, ios: .type("UIDatePicker"), macos: .type("NSDatePicker"), tvos: .none),
        BackingRow(view: "MultiDatePicker", style: nil, ios: .type("UICalendarView"), macos: .none, tvos: .none),
        BackingRow(
            view: "ColorPicker", style: nil, ios: .type("UIColorWell"), macos: .type("NSColorWell"), tvos: .none),
        BackingRow(view: "Toggle", style: "switch", ios: .type("UISwitch"), macos: .type("NSSwitch"), tvos: .none),
        BackingRow(view: "Toggle", style: "button", ios: .type("UIButton"), macos: .type("NSButton"), tvos: .none),
        BackingRow(view: "Toggle", style: "checkbox", ios: .none, macos: .type("NSButton"), tvos: .none),
        BackingRow(view: "TextEditor", style: nil, ios: .type("UITextView"), macos: .type("NSTextView"), tvos: .none),
        BackingRow(view: "Button", style: nil, ios: .none, macos: .type("NSButton"), tvos: .none),
        BackingRow(
            view: "ProgressView", style: "linear", ios: .type("UIProgressView"), macos: .type("NSProgressIndicator"),
            tvos: .type("UIProgressView")),
        BackingRow(
            view: "ProgressView", style: "circular", ios: .type("UIActivityIndicatorView"),
            macos: .type("NSProgressIndicator"),
            tvos: .type("UIActivityIndicatorView")),
        BackingRow(
            view: "TabView", style: nil, ios: .type("UITabBarController"), macos: .type("NSTabView"),
            tvos: .type("UITabBarController")),
        BackingRow(
            view: "NavigationView", style: "doubleColumn", ios: .type("UISplitViewController"),
            macos: .type("NSSplitView"),
            tvos: .none),
        BackingRow(
            view: "NavigationView", style: "stack", ios: .type("UINavigationController"), macos: .none,
            tvos: .type("UINavigationController")),
        BackingRow(
            view: "NavigationStack", style: nil, ios: .type("UINavigationController"), macos: .unknown,
            tvos: .type("UINavigationController")),
        BackingRow(
            view: "NavigationSplitView", style: nil, ios: .type("UISplitViewController"), macos: .type("NSSplitView"),
            tvos: .none),
    ]

    /// The style SwiftUI uses when none is set, per platform.
    public static func defaultStyle(view: String, platform: RenderEnvironment.Platform) -> String? {
        switch (view, platform) {
        case ("Toggle", .macos): return "checkbox"
        case ("Toggle", _): return "switch"
        case ("Picker", _): return "menu"
        case ("ProgressView", _): return "circular"
        case ("NavigationView", .macos): return "doubleColumn"
        case ("NavigationView", _): return "stack"
        default: return nil
        }
    }

    /// The style whose backing is the view's default Cocoa type (CocoaUI's
    /// `DefaultCocoaViewBridging`): `.cocoa { }` reaches that type only.
    public static func defaultCocoaStyle(view: String, platform: RenderEnvironment.Platform) -> String? {
        switch (view, platform) {
        case ("Toggle", _): return "switch"
        case ("Picker", _): return "wheel"
        case ("ProgressView", _): return "linear"
        case ("NavigationView", .macos): return "doubleColumn"
        case ("NavigationView", _): return "stack"
        default: return nil
        }
    }

    public static let viewControllers: Set<String> = [
        "UITabBarController", "UISplitViewController", "UINavigationController",
    ]

    public static func styles(of view: String) -> [String] { rows.filter { $0.view == view }.compactMap(\.style) }

    public static func row(view: String, style: String?) -> BackingRow? {
        rows.first { $0.view == view && $0.style == style }
            ?? (style == nil ? nil : rows.first { $0.view == view && $0.style == nil })
    }

    /// The table as Markdown, as docs/Platforms.md shows it.
    public static var markdown: String {
        var out = "| SwiftUI | style | iOS | macOS | tvOS |\n|---|---|---|---|---|\n"
        for row in rows {
            out += "| \(row.view) | \(row.style ?? "-") | \(row.ios.text) | \(row.macos.text) | \(row.tvos.text) |\n"
        }
        return out
    }
}

extension BackingTable {
    /// The table as JSON: cells are a type, `{"versions": [...]}`, "?" or "-".
    public static var json: JSONValue {
        func cell(_ c: BackingCell) -> JSONValue {
            switch c {
            case .type(let t): return .string(t)
            case .versioned(let entries):
                return .object([
                    (
                        "versions",
                        .array(
                            entries.map {
                                .object([("minimum", .number(Double($0.minimum))), ("type", .string($0.type))])
                            })
                    )
                ])
            case .unknown: return .string("?")
            case .none: return .string("-")
            }
        }
        return .object([
            (
                "rows",
                .array(
                    rows.map { row in
                        .object([
                            ("view", .string(row.view)), ("style", row.style.map(JSONValue.string) ?? .null),
                            ("ios", cell(row.ios)), ("macos", cell(row.macos)), ("tvos", cell(row.tvos)),
                        ])
                    })
            )
        ])
    }
}
