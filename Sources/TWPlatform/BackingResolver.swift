import TWModel
import TWSupport

/// Whether a `.cocoa` customization would be called, and why.
public struct CocoaOutcome: Hashable, Sendable {
    /// The requested type, or nil for the default type (`{"default": true}`).
    public var requested: String?
    /// nil when the table does not know the backing ("?").
    public var called: Bool?
    public var reason: String
}

/// Which view controller a lifecycle modifier observes.
public struct LifecycleOutcome: Hashable, Sendable {
    public var modifier: String
    public var controller: String?
    public var reason: String
}

/// What a node really becomes on a platform (SPEC §5).
public struct BackingReport: Hashable, Sendable {
    public enum Status: String, Hashable, Sendable {
        /// The table names the backing type.
        case known
        /// The table says "?".
        case unknown
        /// The table says "-": nothing backs it on this platform.
        case unavailable
        /// The view is not in the correspondence table.
        case unlisted
    }
    public var platform: RenderEnvironment.Platform
    public var osVersion: Int
    public var view: String
    public var style: String?
    /// The style was not in the scene: SwiftUI's default for the platform.
    public var styleDefaulted: Bool
    public var status: Status
    public var type: String?
    public var cocoa: [CocoaOutcome]
    public var lifecycle: [LifecycleOutcome]
    /// Findings about the node's `.cocoa` and lifecycle modifiers (`unknown-lifecycle`).
    public var diagnostics: [Diagnostic] = []

    /// "Toggle with style button"
    var subject: String { style.map { "\(view) with style \($0)" } ?? view }
}

public enum BackingResolver {
    public static let lifecycleModifiers = [
        "onViewWillAppear", "onViewDidLoad", "onViewWillDisappear", "onViewDidDisappear",
    ]

    public static func resolve(
        view: String, style requestedStyle: String?, cocoa: [CocoaRequest], lifecycle: [String],
        environment: RenderEnvironment
    ) -> BackingReport {
        let platform = environment.platform
        let styles = BackingTable.styles(of: view)
        var style = requestedStyle
        var defaulted = false
        if style == nil || !styles.contains(style ?? "") {
            if !styles.isEmpty {
                if style == nil {
                    style = BackingTable.defaultStyle(view: view, platform: platform)
                    defaulted = true
                }
            } else {
                style = nil
            }
        }
        let row = BackingTable.row(view: view, style: style)
        var report = BackingReport(
            platform: platform, osVersion: environment.osVersion, view: view, style: row?.style,
            styleDefaulted: defaulted,
            status: .unlisted, type: nil, cocoa: [], lifecycle: [])
        if let row {
            switch row.cell(platform) {
            case .unknown: report.status = .unknown
            case .none: report.status = .unavailable
            case let cell:
                report.status = .known
                report.type = cell.resolve(osVersion: environment.osVersion)
            }
        }
        for request in cocoa {
            report.cocoa.append(outcome(request, report: report, row: row, environment: environment))
        }
        for name in lifecycle {
            let outcome = lifecycleOutcome(name, report: report)
            report.lifecycle.append(outcome)
            if outcome.controller == nil {
                report.diagnostics.append(
                    PlatformFinding.unknownLifecycle(name: name, suggestion: lifecycleSuggestion(name)).diagnostic())
            }
        }
        return report
    }

    /// The four names are long and alike, so a misspelling may be further
    /// from them than the usual limit of 3 edits.
    static func lifecycleSuggestion(_ name: String) -> String? {
        Suggestion.nearest(to: name, in: lifecycleModifiers, limit: max(3, name.utf8.count / 3))
    }

    /// The view controller the lifecycle modifiers observe on a node: the
    /// one that backs it when it is a view controller (UITabBarController …),
    /// else the nearest hosting controller.
    static func observedController(_ report: BackingReport) -> String {
        if let type = report.type, BackingTable.viewControllers.contains(type) { return type }
        return report.platform == .macos ? "NSHostingController" : "UIHostingController"
    }

    /// `.cocoa(for: T.self)` with a view-controller type reaches the controller
    /// the lifecycle modifiers observe when T is that class or a superclass of
    /// it: CocoaUI's `CocoaViewController` (UIViewController on iOS and tvOS,
    /// NSViewController on macOS) or the platform's own base class. Seed 004's
    /// lifecycle example calls `.cocoa(for: CocoaViewController.self)` on a
    /// navigation destination and gets its hosting controller.
    static func controllerOutcome(_ wanted: String, report: BackingReport) -> CocoaOutcome? {
        let macOS = report.platform == .macos
        let base = macOS ? "NSViewController" : "UIViewController"
        let generic: Set<String> = [
            "CocoaViewController", "UIViewController", "NSViewController", "UIHostingController", "NSHostingController",
        ]
        guard generic.contains(wanted) || BackingTable.viewControllers.contains(wanted) else { return nil }
        let observed = observedController(report)
        let p = report.platform.rawValue
        if wanted == "CocoaViewController" || wanted == base || wanted == observed {
            let how = wanted == observed ? "" : " (a \(wanted == "CocoaViewController" ? base : wanted))"
            return CocoaOutcome(
                requested: wanted, called: true,
                reason: "called with the \(observed)\(how), the view controller the lifecycle modifiers observe")
        }
        if (wanted.hasPrefix("UI") && macOS) || (wanted.hasPrefix("NS") && !macOS) {
            return CocoaOutcome(
                requested: wanted, called: false,
                reason:
                    "not called: \(wanted) is \(wanted.hasPrefix("UI") ? "a UIKit" : "an AppKit") type; on \(p) the view controller is the \(observed)"
            )
        }
        return CocoaOutcome(
            requested: wanted, called: false,
            reason: "not called: the view controller the lifecycle modifiers observe here is the \(observed)")
    }

    static func framework(_ platform: RenderEnvironment.Platform) -> String { platform == .macos ? "AppKit" : "UIKit" }

    static func outcome(
        _ request: CocoaRequest, report: BackingReport, row: BackingRow?, environment: RenderEnvironment
    ) -> CocoaOutcome {
        let p = environment.platform.rawValue
        if let wanted = request.typeName, let controller = controllerOutcome(wanted, report: report) {
            return controller
        }
        switch report.status {
        case .unlisted:
            return CocoaOutcome(
                requested: request.typeName, called: false,
                reason:
                    "not called: \(report.view) has no \(framework(environment.platform)) backing in the correspondence table"
            )
        case .unknown:
            return CocoaOutcome(
                requested: request.typeName, called: nil,
                reason: "unknown: the table does not say what backs \(report.subject) on \(p)")
        case .unavailable:
            return CocoaOutcome(
                requested: request.typeName, called: false,
                reason: "unavailable: \(report.subject) has no backing type on \(p)")
        case .known:
            break
        }
        let actual = report.type ?? "?"
        guard let wanted = request.typeName else {
            // The default Cocoa type is the backing of the view's default-bridging style.
            let defaultStyle = BackingTable.defaultCocoaStyle(view: report.view, platform: environment.platform)
            let defaultType = BackingTable.row(view: report.view, style: defaultStyle)?.cell(environment.platform)
                .resolve(osVersion: environment.osVersion)
            guard let defaultType else {
                return CocoaOutcome(
                    requested: nil, called: false,
                    reason: "not called: \(report.view) has no default Cocoa type on \(p)")
            }
            if defaultType == actual {
                return CocoaOutcome(requested: nil, called: true, reason: "called with the \(actual)")
            }
            return CocoaOutcome(
                requested: nil, called: false,
                reason: "not called: the default type is \(defaultType), but \(report.subject) is backed by \(actual)")
        }
        if wanted == actual {
            return CocoaOutcome(requested: wanted, called: true, reason: "called with the \(actual)")
        }
        let uikit = wanted.hasPrefix("UI")
        let appkit = wanted.hasPrefix("NS")
        if (uikit && environment.platform == .macos) || (appkit && environment.platform != .macos) {
            return CocoaOutcome(
                requested: wanted, called: false,
                reason:
                    "not called: \(wanted) is \(uikit ? "a UIKit" : "an AppKit") type; on \(p) \(report.subject) is backed by \(actual)"
            )
        }
        return CocoaOutcome(
            requested: wanted, called: false, reason: "not called: \(report.subject) is backed by \(actual)")
    }

    static func lifecycleOutcome(_ name: String, report: BackingReport) -> LifecycleOutcome {
        let canonical = name == "onViewDidDisAppear" ? "onViewDidDisappear" : name
        guard lifecycleModifiers.contains(canonical) else {
            let hint = lifecycleSuggestion(name).map { "; did you mean '\($0)'?" } ?? ""
            return LifecycleOutcome(modifier: name, controller: nil, reason: "unknown lifecycle modifier\(hint)")
        }
        let observed = observedController(report)
        if observed == report.type {
            return LifecycleOutcome(
                modifier: canonical, controller: observed,
                reason: "\(report.subject) is backed by the \(observed) itself")
        }
        return LifecycleOutcome(
            modifier: canonical, controller: observed,
            reason: "\(report.view) is not a view controller: the nearest hosting controller")
    }
}
