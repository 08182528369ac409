import TWGrammar
import TWModel

/// A named recipe: classes, optionally extending a built-in recipe's
/// definition (the seeds' `TWStyle(TWStyle.defaultStyle(for: name)!, …)`).
public struct RecipeDefinition: Hashable, Sendable {
    public var classes: TWClasses
    /// A built-in recipe whose definition is read first. Reading the built-in
    /// definition is not a reference by name, so it is no cycle.
    public var extends: String?
    public init(classes: TWClasses, extends: String? = nil) {
        self.classes = classes
        self.extends = extends
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
        for name in overrides.colors { merged.colors[name] = other.colors[name] }
        for name in overrides.radii { merged.radii[name] = other.radii[name] }
        for name in overrides.fontSizes { merged.fontSizes[name] = other.fontSizes[name] }
        return merged
    }
}

/// The built-in recipes (R-CTRL-1). Button recipes choose a native style
/// (`style-*`), which applies to `.buttonStyle(.tw(…))` surfaces only.
public enum BuiltinRecipes {
    public static let definitions: [String: String] = [
        "card": "rounded-xl border bg-card text-card-foreground shadow-sm p-6",
        "button-primary": "style-bordered-prominent tint-primary font-medium",
        "button-secondary": "style-bordered-prominent tint-secondary font-medium",
        "button-destructive": "style-bordered-prominent tint-destructive font-medium",
        "button-outline": "style-bordered font-medium",
        "button-ghost": "style-borderless font-medium",
        "button-link": "style-link font-medium",
    ]
    /// The Swift API's names for them.
    public static let swiftNames: [String: String] = [
        "primaryButton": "button-primary", "secondaryButton": "button-secondary",
        "destructiveButton": "button-destructive", "outlineButton": "button-outline",
    ]
}
