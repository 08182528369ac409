import TWGrammar
import TWModel

/// A named recipe: classes, optionally extending a built-in recipe's
/// definition (the seeds' `TWStyle(TWStyle.defaultStyle(for: name)!, …)`).
public struct RecipeDefinition: Hashable, Sendable {
    public var classes: TWClasses
    /// A built-in recipe whose definition is read first. Reading the built-in
    /// definition is not a reference by name, so it is no cycle.
    public var extends: String?
    /// Whether the classes stand for typed `TWStyle` values (`"w-[42]": .w(84)`):
    /// swiftcn applies those as properties, so they are the built-in classes,
    /// never an app's utility or registration of the same prefix.
    public var typed = false
    public init(classes: TWClasses, extends: String? = nil, typed: Bool = false) {
        self.classes = classes
        self.extends = extends
        self.typed = typed
    }
}

/// Rules in force for a subtree (R-RULES-1…3): defaults for `.tw` surfaces and
/// `.tw` buttons, named recipes, the theme, and the plugin scope.
public struct Rules: Hashable, Sendable {
    public var view: TWClasses?
    public var button: TWClasses?
    public var named: [String: RecipeDefinition]
    public var theme: Theme

    public init(
        view: TWClasses? = nil, button: TWClasses? = nil, named: [String: RecipeDefinition] = [:],
        theme: Theme = .standard
    ) {
        self.view = view
        self.button = button
        self.named = named
        self.theme = theme
    }

    /// Subtree rules merged into these (`.twRules { rules in … }`): named
    /// recipes and theme entries are added or replaced one by one.
    public func merging(_ other: Rules, overrides: RuleOverrides) -> Rules {
        var merged = self
        if overrides.view { merged.view = other.view }
        if overrides.button { merged.button = other.button }
        for (name, recipe) in other.named { merged.named[name] = recipe }
        merged.theme = merged.theme.merging(other.theme, overrides: overrides.theme)
        return merged
    }
}

/// Which fields a subtree's rules set, so that merging only touches them.
public struct RuleOverrides: Hashable, Sendable {
    public var view = false
    public var button = false
    public var theme = ThemeOverrides()
    public init() {}
}

/// Which theme entries a rules object sets.
public struct ThemeOverrides: Hashable, Sendable {
    public var spacingUnit = false
    public var colors: Set<String> = []
    public var radii: Set<String> = []
    public var fontSizes: Set<String> = []
    public init() {}
}

extension Theme {
    package func merging(_ other: Theme, overrides: ThemeOverrides) -> Theme {
        var merged = self
        if overrides.spacingUnit { merged.spacingUnit = other.spacingUnit }
        for name in overrides.colors {
            merged.colors[name] = other.colors[name]
            merged.darkColors[name] = other.darkColors[name]
        }
        for name in overrides.radii { merged.radii[name] = other.radii[name] }
        for name in overrides.fontSizes { merged.fontSizes[name] = other.fontSizes[name] }
        return merged
    }
}

/// The built-in recipes (R-CTRL-1): swiftcn's catalogue (`Recipes.swift`),
/// written as classes. Button recipes choose a native style (`style-*`, seed
/// 003), which applies to `.buttonStyle(.tw(…))` surfaces only. swiftcn's
/// private `cn-tint-[primary]` is `tint-primary` here and `cn-mono` is
/// `font-mono`; the motion recipes name the `cn-spin` and `cn-shimmer`
/// utilities, which exist only where swiftcn's spinner and skeleton install
/// them. docs/Classes.md ("swiftcn parity") lists what differs.
public enum BuiltinRecipes {
    public static let definitions: [String: String] = [
        // swiftcn's button base (Recipes.swift) shapes the label inside the native style: padding, type,
        // a label color, the corner shape and `control-motion`; its pressed: and disabled: opacities and its
        // hover:bg-accent are left out, as seed 003 gives the press, disabled and background to Apple.
        "button-primary":
            "style-bordered-prominent tint-primary px-4 py-2 text-sm font-semibold text-onPrimary rounded-md hover:opacity-92 control-motion",
        "button-secondary":
            "style-bordered-prominent tint-secondary px-4 py-2 text-sm font-semibold text-onAccent rounded-md hover:opacity-85 control-motion",
        "button-destructive":
            "style-bordered-prominent tint-destructive px-4 py-2 text-sm font-semibold text-onDestructive rounded-md hover:opacity-92 control-motion",
        "button-outline": "style-bordered px-4 py-2 text-sm font-semibold text-foreground rounded-md control-motion",
        "button-ghost": "style-borderless px-4 py-2 text-sm font-semibold text-foreground rounded-md control-motion",
        "button-link":
            "style-link px-0 py-2 text-sm font-semibold text-primary rounded-md hover:opacity-80 control-motion",
        "button-group": "bg-surface rounded-md",
        "card": "p-6 bg-surface text-foreground rounded-lg border shadow-sm",
        "card-header": "p-6 pb-0",
        "card-content": "p-6",
        "card-footer": "p-6 pt-0",
        "card-title": "text-lg font-semibold",
        "card-description": "text-sm text-mutedForeground",
        "field": "",
        "field-group": "",
        "field-label": "text-sm font-medium",
        "field-description": "text-xs text-mutedForeground",
        "field-error": "text-xs text-destructive",
        "field-invalid": "border border-destructive focus:border-destructive",
        "input": "px-3 py-2 bg-background border rounded-md focus:border-primary control-motion disabled:opacity-45",
        "toggle": "text-sm disabled:opacity-45",
        "label": "text-sm",
        "control-motion": "animate-smooth duration-150",
        "disclosure-motion": "animate-spring duration-250",
        "feedback-motion": "animate-smooth duration-200",
        "badge": "px-2 py-1 text-xs font-semibold bg-primary text-onPrimary rounded-full",
        "alert": "p-4 bg-surface text-foreground border rounded-lg",
        "alert-title": "text-sm font-semibold",
        "alert-description": "text-sm text-mutedForeground",
        "avatar": "w-10 h-10 bg-accent text-onAccent rounded-full",
        "breadcrumb": "text-sm text-mutedForeground",
        "bubble": "px-4 py-3 bg-accent text-onAccent rounded-xl",
        "message": "py-2 text-foreground",
        "message-meta": "text-xs text-mutedForeground",
        "attachment": "p-3 bg-surface border rounded-lg",
        "item": "p-4 bg-surface border rounded-lg",
        "item-title": "text-sm font-medium",
        "item-description": "text-sm text-mutedForeground",
        "empty": "p-8 w-full text-center text-mutedForeground rounded-lg border",
        "empty-title": "text-lg font-semibold text-foreground",
        "empty-description": "text-sm text-mutedForeground",
        "kbd": "font-mono px-2 py-1 text-xs bg-accent text-mutedForeground border rounded-sm",
        "marker": "py-2 text-xs text-mutedForeground",
        "typography": "text-base text-foreground",
        "separator": "bg-border",
        "spinner": "w-5 h-5 text-primary",
        "spinner-motion": "cn-spin-[0.9]",
        "progress": "tint-primary",
        "slider": "tint-primary",
        "checkbox": "w-full text-sm tint-primary disabled:opacity-45",
        "switch": "text-sm tint-primary disabled:opacity-45",
        "radio-group": "text-sm tint-primary",
        "select": "text-sm tint-primary",
        "date-picker": "tint-primary",
        "calendar": "p-3 bg-surface text-foreground border rounded-lg",
        "calendar-heading": "text-sm font-semibold",
        "calendar-weekday": "text-xs text-mutedForeground",
        "calendar-day":
            "px-0 py-0 text-sm font-medium rounded-md hover:bg-accent focus:bg-accent pressed:opacity-80 disabled:opacity-35 control-motion",
        "calendar-selected": "bg-primary text-onPrimary hover:bg-primary focus:bg-primary",
        "calendar-today": "border border-primary",
        "calendar-outside": "text-mutedForeground",
        "dropdown-content": "p-1 w-[240] bg-surface text-foreground rounded-lg border shadow-md",
        "dropdown-item":
            "px-2 py-2 text-sm rounded-md hover:bg-accent focus:bg-accent pressed:opacity-80 disabled:opacity-40 animate-none",
        "dropdown-label": "px-2 py-2 text-sm font-semibold",
        "textarea": "p-3 bg-background border rounded-md focus:border-primary disabled:opacity-45 control-motion",
        "input-group": "px-3 bg-background border rounded-md focus:border-primary disabled:opacity-45 control-motion",
        "input-group-field": "text-sm py-2",
        "input-otp": "font-mono text-xl",
        "accordion": "text-foreground",
        "accordion-item": "py-3",
        "collapsible": "text-foreground",
        "menu": "text-sm text-foreground",
        "dialog": "p-6 min-w-[320] max-w-[480] bg-surface text-foreground rounded-lg",
        "dialog-title": "text-lg font-semibold",
        "dialog-description": "text-sm text-mutedForeground",
        "dialog-footer": "pt-4",
        "presentation-dialog": "p-6 bg-surface text-foreground rounded-xl border shadow-md",
        "presentation-sheet": "p-6 bg-surface text-foreground border shadow-md",
        "drawer": "p-6 bg-surface text-foreground",
        "presentation-scrim": "bg-[#000000] opacity-35",
        "presentation-motion": "animate-spring duration-300",
        "popover": "p-4 bg-surface text-foreground rounded-lg border shadow-md",
        "popover-motion": "animate-smooth duration-150",
        "command": "bg-surface rounded-lg",
        "command-search": "px-4 py-1 min-h-[48] bg-surface border-0 focus:border-0 rounded-none",
        "command-item": "px-3 py-2 min-h-[36] text-sm rounded-md pressed:opacity-80 disabled:opacity-45",
        "combobox": "px-3 py-2 bg-background border rounded-md",
        "pagination": "text-sm",
        "scroll-area": "text-foreground",
        "skeleton": "bg-accent rounded-md",
        "skeleton-motion": "cn-shimmer-[1.6]",
        "toast": "p-4 bg-surface text-foreground border rounded-lg shadow-md",
        "table": "bg-surface text-foreground rounded-lg border w-full",
        "data-table": "bg-surface rounded-lg border w-full",
        "table-row": "hover:bg-accent animate-none",
        "table-row-selected": "bg-accent",
        "table-cell": "px-4 py-3 text-sm",
        "table-header": "px-4 py-3 text-xs font-medium text-mutedForeground bg-accent",
        "table-caption": "pt-2 text-xs text-mutedForeground",
        "tabs": "tint-primary",
        "sidebar": "bg-surface text-foreground",
        "sidebar-list": "bg-surface",
        "sidebar-item-label": "text-sm font-medium",
        "sidebar-motion": "animate-smooth duration-250",
        "sidebar-scrim": "bg-[#000000] opacity-35",
        "sidebar-header": "p-2 w-full",
        "sidebar-content": "p-2 w-full",
        "sidebar-footer": "p-2 w-full",
        "sidebar-group": "w-full",
        "sidebar-group-label": "px-2 py-2 text-xs font-medium text-mutedForeground",
        "sidebar-menu": "w-full",
        "sidebar-menu-button": "px-2 py-2 w-full font-medium hover:bg-accent focus:bg-accent animate-none",
        "sidebar-menu-selected": "bg-accent text-onAccent hover:bg-accent",
        "sidebar-menu-badge": "px-2 py-1 text-xs bg-background text-mutedForeground rounded-sm",
        "sidebar-menu-sub": "pl-4 w-full",
        "sidebar-trigger": "text-mutedForeground hover:text-foreground",
        "carousel": "text-foreground",
        "chart": "p-4 bg-surface rounded-lg border tint-primary",
        "questionnaire": "p-6 bg-surface rounded-lg border",
        "resizable": "text-foreground",
        "resizable-handle": "text-border hover:text-primary control-motion",
        "tooltip": "text-xs",
        "hover-card": "p-4 bg-surface text-foreground border shadow-md rounded-lg",
        "toggle-selected": "bg-primary text-onPrimary",
        "toggle-unselected": "bg-surface text-foreground border",
    ]

    /// Recipes that name a utility only some views install (swiftcn's spinner
    /// and skeleton): offered as suggestions only where that utility is in scope.
    public static let scopedUtility: [String: String] = ["spinner-motion": "cn-spin", "skeleton-motion": "cn-shimmer"]

    /// Minimum heights swiftcn gives some recipes per platform: touch targets
    /// of 44 pt on iOS; 36 pt fields and 32 pt toggles and buttons elsewhere.
    public static func platformClasses(_ name: String, _ platform: RenderEnvironment.Platform) -> String? {
        let iOS = platform == .ios
        switch name {
        case "input", "input-group", "input-group-field": return iOS ? "min-h-[44]" : "min-h-[36]"
        case "checkbox": return iOS ? "min-w-[44] min-h-[44]" : "min-h-[32]"
        case "switch": return iOS ? "min-h-[44]" : "min-h-[32]"
        case "command-item", "sidebar-menu-button": return iOS ? "min-h-[44]" : nil
        // Ghost and link labels already keep this height through their native style (seed 003).
        case "button-primary", "button-secondary", "button-destructive", "button-outline":
            return iOS ? "min-h-[44]" : "min-h-[32]"
        default: return nil
        }
    }

    /// A built-in recipe's classes on a platform, or nil.
    public static func classes(_ name: String, _ platform: RenderEnvironment.Platform) -> [TWClasses]? {
        guard let base = definitions[name] else { return nil }
        guard let extra = platformClasses(name, platform) else { return [TWClasses(base)] }
        return [TWClasses(base), TWClasses(extra)]
    }

    /// The Swift API's names for them.
    public static let swiftNames: [String: String] = [
        "primaryButton": "button-primary", "secondaryButton": "button-secondary",
        "destructiveButton": "button-destructive", "outlineButton": "button-outline",
    ]
}
