import TWSupport

/// What `twhost plugins check` is about to run, announced before each call
/// into plugin code. A child twhost sends each step to its parent over its
/// report channel, so that when plugin code kills the child the parent knows
/// which registration, which call and which class did it
/// (`factory-crashed: fade-[0.5] (SIGSEGV)`), and where to carry on.
///
/// ```swift
/// let step = CheckStep(unit: 0, registration: "fade", action: .factory, active: true,
///                      className: "fade-[0.5]", input: "0.5")
/// CheckStep(encoded: step.encoded) == step   // true
/// ```
package struct CheckStep: Equatable, Sendable, CustomStringConvertible {
    /// The kind of plugin code that runs.
    package enum Action: String, Equatable, Sendable {
        /// The library's constructors, its entry, and the parsers of its defaults.
        case loading
        /// A parser reading a registration's default in a theme.
        case defaultArgument = "default"
        case factory, parser, utility, preset
    }

    /// Which unit of `PluginChecker.units` runs (-1 while loading): a check
    /// that was cut short carries on with the next one.
    package var unit: Int
    package var registration: String?
    package var action: Action
    /// For factories: called active (the class present) or inactive.
    package var active: Bool
    /// The class whose code runs, when there is one (`fade-[0.5]`, `glow`,
    /// `animate-bounce duration-250`).
    package var className: String?
    /// The input in words, for messages: `0.5`, `its default '1'`, `the invalid UTF-8 input`.
    package var input: String?
    /// The source the class decorates when it is not a general view (`text`,
    /// `image`, `shape`), for `twhost explain --target`.
    package var target: String?

    package init(
        unit: Int, registration: String?, action: Action, active: Bool = true, className: String? = nil,
        input: String? = nil, target: String? = nil
    ) {
        self.unit = unit
        self.registration = registration
        self.action = action
        self.active = active
        self.className = className
        self.input = input
        self.target = target
    }

    /// The step of loading a plugin.
    package static let loading = CheckStep(unit: -1, registration: nil, action: .loading)

    /// Who runs, in words: "the factory of fade".
    package var function: String {
        let of = registration.map { " of '\($0)'" } ?? ""
        switch action {
        case .loading: return "the plugin"
        case .defaultArgument, .parser: return "the parser\(of)"
        case .factory: return "the factory\(of)"
        case .utility: return "the utility\(of)"
        case .preset: return "the preset\(of)"
        }
    }

    /// On what, in words, to follow a verb: " when called active with 0.5".
    package var context: String {
        switch action {
        case .loading: return " while loading (its constructors, its entry or the parsers of its defaults)"
        case .factory:
            return " when called \(active ? "active" : "inactive")" + (input.map { " with \($0)" } ?? "")
        case .defaultArgument, .parser: return " reading " + (input ?? "its argument")
        case .utility: return " expanding " + (input ?? "its argument")
        case .preset: return input.map { " for \($0)" } ?? ""
        }
    }

    /// The code that runs, in words: "the factory of 'fade' when called active with 0.5".
    package var description: String { function + context }

    /// One line of JSON, for the report channel.
    package var encoded: String {
        var members: [(String, JSONValue)] = [("unit", .number(Double(unit))), ("action", .string(action.rawValue))]
        if let registration { members.append(("registration", .string(registration))) }
        if action == .factory { members.append(("active", .bool(active))) }
        if let className { members.append(("class", .string(className))) }
        if let input { members.append(("input", .string(input))) }
        if let target { members.append(("target", .string(target))) }
        return JSONValue.object(members).serialized(pretty: false)
    }

    /// Reads `encoded`; nil for anything else.
    package init?(encoded: String) {
        guard let root = try? JSONParser.parse(Array(encoded.utf8)), case .object(let members) = root.value else {
            return nil
        }
        func member(_ key: String) -> JSONNode.Value? { members.first { $0.key == key }?.node.value }
        func string(_ key: String) -> String? {
            if case .string(let s)? = member(key) { return s }
            return nil
        }
        guard case .number(let unit)? = member("unit"), let index = Int(exactly: unit),
            let action = string("action").flatMap(Action.init(rawValue:))
        else { return nil }
        var active = true
        if case .bool(let flag)? = member("active") { active = flag }
        self.init(
            unit: index, registration: string("registration"), action: action, active: active,
            className: string("class"), input: string("input"), target: string("target"))
    }
}
