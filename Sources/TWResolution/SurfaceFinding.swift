import TWModel

/// Findings of resolution that are about what SwiftUI would do with a
/// surface, each owning its code, severity, part and message text.
enum SurfaceFinding {
    /// `pressed:`/`active:` on a natively styled button (R-STATE-2).
    case pressedOnNativeStyle(classText: String, innerText: String)
    /// `pressed:`/`active:` on a view whose pressed state nobody supplies (R-STATE-2).
    case pressedWithoutState(classText: String, innerText: String)
    /// A variant that would switch a button's native style (R-STATE-2): the style stays.
    case variantChangesNativeStyle(classText: String, innerText: String, kept: String?)
    /// A plugin preset whose curve does not take some parameters it sets.
    case invalidPreset(name: String, plugin: String, function: String, dropped: [String], className: String?)
    /// A registration's modifiers use an API the platform version does not have.
    case unavailableInRegistration(
        api: SwiftUIAPI, environment: RenderEnvironment, registration: String, plugin: String)
    /// A class in `.twAnimation(…)` that does more than choose the animation: ignored.
    case ignoredByAnimation(classText: String, innerText: String)
    /// An API the platform version does not have: written another way (`instead`), or left out.
    case unavailableAPI(api: SwiftUIAPI, environment: RenderEnvironment, instead: String?, property: StyleProperty)

    var diagnostic: Diagnostic {
        switch self {
        case .pressedOnNativeStyle(let classText, let innerText):
            return Diagnostic(
                .warning, "variant-no-effect",
                "'\(innerText)': pressed:/active: has no effect here: the button's native style owns its pressed appearance",
                className: classText, part: "variant")
        case .pressedWithoutState(let classText, let innerText):
            return Diagnostic(
                .warning, "variant-no-effect",
                "'\(innerText)': pressed:/active: has no effect here: only plain buttons and views given an explicit pressed state have one",
                className: classText, part: "variant",
                hint:
                    "pass TWState(isPressed:) (a scene node's \"state\": {\"pressed\": …}) or use .buttonStyle(.tw(…))")
        case .variantChangesNativeStyle(let classText, let innerText, let kept):
            let style = kept.map { ".\($0)" } ?? "its plain style"
            return Diagnostic(
                .warning, "variant-no-effect",
                "'\(innerText)': a variant never changes a button's native style; the button keeps \(style)",
                className: classText, part: "variant",
                hint: "choose the style with a base class; variants change only the label")
        case .invalidPreset(let name, let plugin, let function, let dropped, let className):
            return Diagnostic(
                .warning, "invalid-preset",
                "preset \(name) (plugin \(plugin)): \(function) takes no \(dropped.map { String($0.prefix { $0 != " " }) }.joined(separator: " or ")); \(dropped.joined(separator: ", ")) left out",
                className: className, part: "value",
                hint: "fix the preset in the plugin: twhost plugins check reports it as invalid-preset")
        case .unavailableAPI(let api, let environment, let instead, let property):
            let platform = Availability.platformName(environment.platform)
            let needs =
                api.availability.minimum(on: environment.platform) == nil
                ? "does not exist on \(platform)" : "needs \(api.availability.describe(on: environment.platform))"
            let outcome = instead.map { "written \($0)" } ?? "left out: no earlier equivalent"
            return Diagnostic(
                .warning, "unavailable-api",
                "\(api.rawValue) \(needs); on \(platform) \(environment.osVersion) the \(property.group) styling is \(outcome)",
                className: nil, part: "target", hint: "raise --os-version (the app's deployment target) to use it")
        case .unavailableInRegistration(let api, let environment, let registration, let plugin):
            let platform = Availability.platformName(environment.platform)
            let needs =
                api.availability.minimum(on: environment.platform) == nil
                ? "does not exist on \(platform)" : "needs \(api.availability.describe(on: environment.platform))"
            return Diagnostic(
                .warning, "unavailable-api",
                "\(registration) (plugin \(plugin)) writes \(api.rawValue), which \(needs): on \(platform) \(environment.osVersion) this chain does not compile",
                className: registration, part: "target",
                hint: "raise --os-version (the app's deployment target), or use a plugin version that supports it")
        case .ignoredByAnimation(let classText, let innerText):
            let via = innerText == classText ? "" : " (from '\(classText)')"
            return Diagnostic(
                .warning, "ignored-class",
                "'\(innerText)'\(via) is ignored: .twAnimation applies only animation classes (animate-*, duration-*, delay-*) and decorates nothing",
                className: classText, part: "root", hint: "move styling classes to .tw(…)")
        }
    }
}
