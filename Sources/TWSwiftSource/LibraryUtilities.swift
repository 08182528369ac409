import TWModel
import TWScenes

/// swiftcn's scoped native utilities: registrations its library installs only
/// around the views that use them, never in an app's global rules. A view
/// method (`.cnTextUtilities()`) installs them for the subtree it wraps, as a
/// `.twRules { … }` would; a component (`CNSpinner`) installs them around its
/// own styling, so its recipe and the classes passed to it can name them.
///
/// They are read as registrations of that subtree — origin `source`, at the
/// call that installs them — with what each one's closure does in swiftcn's
/// sources (`Sources/SwiftCN/ComponentUtilities.swift`, `Loading.swift`,
/// `Display.swift`). As in swiftcn, a modifier of the same name already in
/// force — the app's own registration above them, or a loaded plugin's — is
/// kept: the library's is installed only where there is none.
enum LibraryUtilities {
    /// One registration: its form and what its closure produces.
    struct Utility {
        var form: RegistrationForm
        var phase: ChainPhase
        var argumentType: ArgumentType = .none
        var defaultArgument: String? = nil
        var body: InlineModifierTemplate.Body
    }

    /// The utilities by name.
    static let utilities: [String: Utility] = [
        // `cn-mono`: the monospaced design while selected, none otherwise.
        "cn-mono": Utility(
            form: .view, phase: .content,
            body: .chain([
                .init(
                    kind: .modifier, name: "fontDesign",
                    arguments: [.init(nil, .whenActive(.fixed(.member("monospaced")), .source("nil")))])
            ])),
        // `cn-spin-[seconds]`: one turn per period; 0 stops it.
        "cn-spin": Utility(
            form: .argument, phase: .effects, argumentType: .number, defaultArgument: "0",
            body: .chain([
                .init(
                    kind: .modifier, name: "modifier",
                    arguments: [.init(nil, .initializer("CNSpinModifier", [.init("duration", .argument)]))])
            ])),
        // `cn-shimmer-[seconds]`: a band of light crossing the view per period; 0 stops it.
        "cn-shimmer": Utility(
            form: .argument, phase: .effects, argumentType: .number, defaultArgument: "0",
            body: .chain([
                .init(
                    kind: .modifier, name: "modifier",
                    arguments: [.init(nil, .initializer("CNShimmerModifier", [.init("duration", .argument)]))])
            ])),
        // `cn-aspect-[ratio]`: the ratio, fitted, after padding and frames (phase `.layout`).
        "cn-aspect": Utility(
            form: .argument, phase: .layout, argumentType: .points,
            body: .chain([
                .init(
                    kind: .modifier, name: "aspectRatio",
                    arguments: [.init(nil, .argument), .init("contentMode", .fixed(.member("fit")))])
            ])),
        // `cn-tint-[color]`: a `Color` or a theme token as the native tint; inactive, no tint.
        "cn-tint": Utility(
            form: .argument, phase: .effects, argumentType: .color, defaultArgument: nil,
            body: .chain([
                .init(
                    kind: .modifier, name: "modifier",
                    arguments: [
                        .init(
                            nil,
                            .initializer("CNTintModifier", [.init("color", .argument), .init("token", .source("nil"))]))
                    ])
            ])),
        // `cn-avatar-crop`: a circle while selected, no corner otherwise (structure stays), outside
        // the background (phase `.decoration`).
        "cn-avatar-crop": Utility(
            form: .view, phase: .decoration,
            body: .chain([
                .init(
                    kind: .modifier, name: "clipShape",
                    arguments: [
                        .init(
                            nil,
                            .initializer(
                                "RoundedRectangle",
                                [.init("cornerRadius", .whenActive(.fixed(.number(10_000)), .fixed(.number(0))))]))
                    ])
            ])),
        // `cn-avatar-image`: fills the frame while selected, fits otherwise (phase `.layout`).
        "cn-avatar-image": Utility(
            form: .view, phase: .layout,
            body: .chain([
                .init(
                    kind: .modifier, name: "aspectRatio",
                    arguments: [.init("contentMode", .whenActive(.fixed(.member("fill")), .fixed(.member("fit"))))])
            ])),
    ]

    /// swiftcn's public utility values (`CNUtilities.tint`) by their Swift
    /// names: an app that registers one under a name of its own
    /// (`"cn-tint": CNUtilities.tint`) gets the library's utility.
    static let members: [String: Utility] = {
        var out: [String: Utility] = [:]
        let names = [
            "CNUtilities.tint": "cn-tint", "CNUtilities.avatarCrop": "cn-avatar-crop",
            "CNUtilities.avatarImage": "cn-avatar-image", "CNUtilities.aspect": "cn-aspect",
            "CNUtilities.monospaced": "cn-mono",
            "CNLoadingUtilities.spin": "cn-spin", "CNLoadingUtilities.shimmer": "cn-shimmer",
        ]
        for (member, name) in names { out[member] = utilities[name] }
        return out
    }()

    /// One utility registered as `name`, written at `location`.
    static func modifier(named name: String, _ u: Utility, at location: SourceLocation) -> InlineModifier {
        InlineModifier(
            name: name, form: u.form, phase: u.phase, order: 0, conflictKey: name, argumentType: u.argumentType,
            defaultArgument: u.defaultArgument, template: InlineModifierTemplate(body: u.body), unstableReason: nil,
            location: location)
    }

    /// View methods that install utilities for the subtree they wrap (`ComponentUtilities.swift`).
    static let methods: [String: [String]] = [
        "cnTextUtilities": ["cn-mono"], "cnAspectUtilities": ["cn-aspect"],
        "cnAvatarUtilities": ["cn-avatar-crop", "cn-avatar-image"],
    ]

    /// Components that install utilities around their own styling (`Loading.swift`, `Display.swift`,
    /// `Input.swift`, `ComponentParts.swift`).
    static let components: [String: [String]] = [
        "CNSpinner": ["cn-shimmer", "cn-spin"], "CNSkeleton": ["cn-shimmer", "cn-spin"],
        "CNAspectRatio": ["cn-aspect"], "CNAvatar": ["cn-avatar-crop", "cn-avatar-image"],
        "CNTypography": ["cn-mono"], "CNInputOTP": ["cn-mono"], "CNKbd": ["cn-mono"],
    ]

    /// The rules that install `names`, merged into the inherited ones, written at `location`.
    static func rules(_ names: [String], at location: SourceLocation) -> SceneRules {
        var rules = SceneRules()
        rules.location = location
        for name in names {
            guard let u = utilities[name] else { continue }
            var modifier = modifier(named: name, u, at: location)
            // swiftcn installs each only where the rules have no modifier of its name.
            modifier.yieldsToExisting = true
            rules.inline.modifiers.append(modifier)
        }
        return rules
    }
}
