import TWLoading
import TWModel

/// Findings of resolution about what SwiftUI would do with a surface — its
/// target, states, native style, slots, animation and the APIs of the OS
/// version — each owning its code, part, message and hint.
enum SurfaceFinding: DiagnosticKind {
    /// `pressed:`/`active:` on a natively styled button (R-STATE-2).
    case pressedOnNativeStyle(classText: String, innerText: String)
    /// `pressed:`/`active:` on a view whose pressed state nobody supplies (R-STATE-2).
    case pressedWithoutState(classText: String, innerText: String)
    /// A variant that would switch a button's native style (R-STATE-2): the style stays.
    case variantChangesNativeStyle(classText: String, innerText: String, kept: String?)
    /// A native button style the platform or version lacks (R-CTRL-1); `reason`
    /// is `NativeButtonStyles.resolve`'s, which names the fallback.
    case nativeStyleFallback(reason: String)
    /// A text, image or shape registration on a surface that is not that native source (R-TARGET-2).
    case unsupportedTarget(
        classText: String, innerText: String, registration: String, target: SourceTarget, source: SurfaceSource,
        environment: RenderEnvironment)
    /// A background, border or shadow on a natively styled button (R-CTRL-1).
    case notPainted(classText: String, innerText: String, style: String, property: StyleProperty)
    /// A registration's default that does not decode in the theme in force.
    case invalidDefault(registration: String, defaultArgument: String, reason: String)
    /// A factory that described no valid modifier.
    case factoryFailed(registration: String, plugin: String, error: FactoryCallError)
    /// A factory whose structure differs inactive and active (R-ID-3).
    case unstableStructure(registration: String)
    /// A plugin preset whose curve does not take some parameters it sets.
    case invalidPreset(name: String, origin: String, function: String, dropped: [String], className: String?)
    /// A registration's modifiers use an API the platform version does not have.
    case unavailableInRegistration(
        api: SwiftUIAPI, environment: RenderEnvironment, registration: String, plugin: String)
    /// A class in `.twAnimation(…)` that does more than choose the animation: ignored.
    case ignoredByAnimation(classText: String, innerText: String)
    /// An API the platform version does not have: written another way (`instead`), or left out.
    case unavailableAPI(api: SwiftUIAPI, environment: RenderEnvironment, instead: String?, property: StyleProperty)
    /// A group variant with no enclosing group it refers to, and no group state given: it never applies.
    case groupVariantWithoutGroup(classText: String, innerText: String, variant: Variant)
    /// A shared element with no enclosing group to pair in: no `matchedGeometryEffect`.
    case sharedWithoutGroup(classText: String, innerText: String, group: String)
    /// Tracking on a surface that is not the Text value itself: swiftcn applies it only there.
    case trackingNeedsText

    /// The diagnostic, about the class (or registration) the finding names.
    var diagnostic: Diagnostic { diagnostic(className: className) }

    /// The top-level class, or the registration, the finding is about.
    var className: String? {
        switch self {
        case .pressedOnNativeStyle(let classText, _), .pressedWithoutState(let classText, _),
            .variantChangesNativeStyle(let classText, _, _), .unsupportedTarget(let classText, _, _, _, _, _),
            .notPainted(let classText, _, _, _), .ignoredByAnimation(let classText, _),
            .groupVariantWithoutGroup(let classText, _, _), .sharedWithoutGroup(let classText, _, _):
            return classText
        case .invalidDefault(let registration, _, _), .factoryFailed(let registration, _, _),
            .unstableStructure(let registration), .unavailableInRegistration(_, _, let registration, _):
            return registration
        case .invalidPreset(_, _, _, _, let className): return className
        case .nativeStyleFallback, .unavailableAPI, .trackingNeedsText: return nil
        }
    }

    var code: DiagnosticCode {
        switch self {
        case .pressedOnNativeStyle, .pressedWithoutState, .variantChangesNativeStyle: return .variantNoEffect
        case .nativeStyleFallback: return .nativeStyleFallback
        case .unsupportedTarget: return .unsupportedTarget
        case .notPainted: return .notPainted
        case .invalidDefault: return .invalidArgument
        case .factoryFailed: return .factoryFailed
        case .unstableStructure: return .unstableStructure
        case .invalidPreset: return .invalidPreset
        case .unavailableInRegistration, .unavailableAPI: return .unavailableAPI
        case .ignoredByAnimation: return .ignoredClass
        case .groupVariantWithoutGroup, .sharedWithoutGroup: return .noEnclosingGroup
        case .trackingNeedsText: return .textOnlyClass
        }
    }

    var part: Diagnostic.Part? {
        switch self {
        case .pressedOnNativeStyle, .pressedWithoutState, .variantChangesNativeStyle, .groupVariantWithoutGroup:
            return .variant
        case .sharedWithoutGroup: return .root
        case .nativeStyleFallback, .unsupportedTarget, .notPainted, .unavailableInRegistration, .unavailableAPI,
            .trackingNeedsText:
            return .target
        case .invalidDefault, .invalidPreset: return .value
        case .factoryFailed, .unstableStructure, .ignoredByAnimation: return .root
        }
    }

    var message: String {
        switch self {
        case .pressedOnNativeStyle(_, let innerText):
            return
                "'\(innerText)': pressed:/active: has no effect here: the button's native style owns its pressed appearance"
        case .pressedWithoutState(_, let innerText):
            return
                "'\(innerText)': pressed:/active: has no effect here: only plain buttons and views given an explicit pressed state have one"
        case .variantChangesNativeStyle(_, let innerText, let kept):
            let style = kept.map { ".\($0)" } ?? "its plain style"
            return "'\(innerText)': a variant never changes a button's native style; the button keeps \(style)"
        case .nativeStyleFallback(let reason): return reason
        case .unsupportedTarget(_, let innerText, let registration, let target, let source, let environment):
            let what =
                source.wrapped
                ? "\(source.kind == .image ? "an" : "a") \(source.kind.rawValue) already wrapped by "
                    + (source.wrapper.map {
                        NativeSourceMethods.whyItWraps($0, kind: source.kind, environment: environment)
                    } ?? "native modifiers")
                : "\(source.targetName == "image" ? "an" : "a") \(source.targetName)"
            return
                "'\(innerText)': \(registration) is \(target == .image ? "an" : "a") \(target.rawValue) registration and cannot apply to \(what)"
        case .notPainted(_, let innerText, let style, let property):
            let drawn = property == .shadow ? "shadow" : property == .background ? "background" : "border"
            return "'\(innerText)' is not painted: the native \(style) style draws the button's \(drawn)"
        case .invalidDefault(let registration, let defaultArgument, let reason):
            return "default '\(defaultArgument)' of \(registration) is invalid in this theme: \(reason)"
        case .factoryFailed(let registration, let plugin, let error):
            return "\(registration) (plugin \(plugin)): \(error.description)"
        case .unstableStructure(let registration):
            return
                "\(registration) returns a different structure when inactive than when active: its class toggling resets child state"
        case .invalidPreset(let name, let origin, let function, let dropped, _):
            let parameters = dropped.map { String($0.prefix { $0 != " " }) }.joined(separator: " or ")
            return
                "preset \(name) (\(origin)): \(function) takes no \(parameters); \(dropped.joined(separator: ", ")) left out"
        case .unavailableAPI(let api, let environment, let instead, let property):
            let platform = Availability.platformName(environment.platform)
            let outcome = instead.map { "written \($0)" } ?? "left out: no earlier equivalent"
            return
                "\(api.rawValue) \(Self.needs(api, environment)); on \(platform) \(environment.osVersion) the \(property.group) styling is \(outcome)"
        case .unavailableInRegistration(let api, let environment, let registration, let plugin):
            let platform = Availability.platformName(environment.platform)
            return
                "\(registration) (plugin \(plugin)) writes \(api.rawValue), which \(Self.needs(api, environment)): on \(platform) \(environment.osVersion) this chain does not compile"
        case .ignoredByAnimation(let classText, let innerText):
            let via = innerText == classText ? "" : " (from '\(classText)')"
            return
                "'\(innerText)'\(via) is ignored: .twAnimation applies only animation classes (animate-*, duration-*, delay-*) and decorates nothing"
        case .groupVariantWithoutGroup(_, let innerText, let variant):
            return
                "'\(innerText)': \(variant.rawValue): has no effect here: no enclosing \(Self.marker(variant.group ?? "")) gives it a state"
        case .sharedWithoutGroup(_, let innerText, let group):
            return
                "'\(innerText)': no enclosing \(Self.marker(group)) to pair the shared element in: no matchedGeometryEffect"
        case .trackingNeedsText:
            return
                "the tracking styling is left out: tracking applies only when .tw is written directly on a Text value (swiftcn logs an error here)"
        }
    }

    var hint: String? {
        switch self {
        case .pressedWithoutState:
            return "pass TWState(isPressed:) (a scene node's \"state\": {\"pressed\": …}) or use .buttonStyle(.tw(…))"
        case .variantChangesNativeStyle: return "choose the style with a base class; variants change only the label"
        case .unstableStructure: return "change values, do not branch: return the same modifier with a neutral value"
        case .invalidPreset: return "fix the preset in the plugin: twhost plugins check reports it as invalid-preset"
        case .unavailableAPI: return "raise --os-version (the app's deployment target) to use it"
        case .unavailableInRegistration:
            return "raise --os-version (the app's deployment target), or use a plugin version that supports it"
        case .ignoredByAnimation: return "move styling classes to .tw(…)"
        case .groupVariantWithoutGroup(_, _, let variant):
            let given = variant.group == "" ? " (a scene node's \"state\": {\"groupHover\": …})" : ""
            return
                "mark an enclosing view with \(Self.marker(variant.group ?? "")), or pass --state \(variant.rawValue)\(given) when the group is outside what is read"
        case .sharedWithoutGroup(_, _, let group):
            return "mark an enclosing view with \(Self.marker(group))"
        case .trackingNeedsText: return "write .tw(…) directly on the Text, before any other modifier"
        case .pressedOnNativeStyle, .nativeStyleFallback, .unsupportedTarget, .notPainted, .invalidDefault,
            .factoryFailed:
            return nil
        }
    }

    public var deploymentTarget: Int? {
        switch self {
        case .unavailableAPI(let api, let environment, _, _),
            .unavailableInRegistration(let api, let environment, _, _):
            return api.availability.firstDeploymentTarget(on: environment.platform)
        default:
            return nil
        }
    }

    /// `group` for the nearest group, `group/hero` for a named one.
    private static func marker(_ group: String) -> String { group.isEmpty ? "'group'" : "'group/\(group)'" }

    /// "needs iOS 16", or "does not exist on tvOS".
    private static func needs(_ api: SwiftUIAPI, _ environment: RenderEnvironment) -> String {
        let platform = Availability.platformName(environment.platform)
        return api.availability.minimum(on: environment.platform) == nil
            ? "does not exist on \(platform)" : "needs \(api.availability.describe(on: environment.platform))"
    }
}
