import TWModel
import TWSupport

/// One result of `twhost plugins check`, with a rule id, a severity and a
/// one-sentence fix.
package struct CheckFinding: Equatable, Sendable {
    package enum Severity: String, Equatable, Sendable { case error, warning, note }
    package var rule: CheckRule
    /// The rule's severity.
    package var severity: Severity { rule.severity }
    /// The registration it is about, if any.
    package var registration: String?
    package var message: String
    package var fix: String
    /// The class that shows the problem, when there is one (`fade-[0.5]`).
    package var className: String?

    package init(
        _ rule: CheckRule, registration: String?, _ message: String, fix: String, className: String? = nil
    ) {
        self.rule = rule
        self.registration = registration
        self.message = message
        self.fix = fix
        self.className = className
    }

    /// The finding as JSON, the form of `--format json` and of the report channel.
    package var json: JSONValue {
        func optional(_ s: String?) -> JSONValue { s.map(JSONValue.string) ?? .null }
        return .object([
            ("rule", .string(rule.rawValue)), ("severity", .string(severity.rawValue)),
            ("registration", optional(registration)), ("class", optional(className)),
            ("message", .string(message)), ("fix", .string(fix)),
        ])
    }

    /// Reads `json`; nil for anything else.
    package init?(json node: JSONNode) {
        guard case .object(let members) = node.value else { return nil }
        func string(_ key: String) -> String? {
            if case .string(let s)? = members.first(where: { $0.key == key })?.node.value { return s }
            return nil
        }
        guard let rule = string("rule").flatMap(CheckRule.init(rawValue:)),
            string("severity").flatMap(Severity.init(rawValue:)) == rule.severity
        else { return nil }
        self.init(
            rule, registration: string("registration"), string("message") ?? "", fix: string("fix") ?? "",
            className: string("class"))
    }
}

extension CheckFinding {
    /// What a child twhost that checked a plugin ended with, when plugin code
    /// ended it: a crash, a hang or a call to `exit`, during `step` (nil when
    /// the child announced nothing).
    /// - Parameters:
    ///   - plugin: the plugin's file, for the command that reproduces a crash.
    ///   - notChecked: whether registrations after the step were left unchecked.
    package static func interrupted(
        by exit: ProcessExit, during step: CheckStep?, plugin: String, notChecked: Bool
    ) -> CheckFinding {
        let step = step ?? .loading
        let subject =
            step.className ?? step.registration.map { step.action == .factory && !step.active ? "\($0) absent" : $0 }
        let head = subject.map { "\($0): " } ?? ""
        let rest = notChecked ? "; the registrations after it were not checked" : ""
        switch exit {
        case .signaled(let signal):
            let name = Subprocess.signalName(signal)
            guard step.action != .loading else {
                return CheckFinding(
                    .pluginCrashed, registration: nil, "the plugin crashed with \(name)\(step.context)",
                    fix: "run `\(debugCommand(plugin))` under a debugger to find the fault")
            }
            let rule: CheckRule =
                step.action == .parser || step.action == .utility || step.action == .defaultArgument
                ? .parserCrashed : .factoryCrashed
            let message =
                (subject.map { "\($0) (\(name)): " } ?? "(\(name)) ") + "\(step.function) crashed\(step.context)" + rest
            let what =
                rule == .parserCrashed
                ? "reject every argument it cannot read, never crash on one"
                : "handle every value its argument type allows (the sweep's values are in docs/PluginAuthoring.md)"
            return CheckFinding(
                rule, registration: step.registration, message,
                fix: "\(what); reproduce it under a debugger with `\(reproduceCommand(step, plugin: plugin))`",
                className: step.className)
        case .timedOut(let seconds):
            let limit = SwiftLiteral.number(seconds)
            let message =
                step.action == .loading
                ? "the plugin did not finish loading within \(limit) s"
                : "\(head)\(step.function) did not return within \(limit) s\(step.context)" + rest
            return CheckFinding(
                .pluginHung, registration: step.registration, message,
                fix: "make sure the plugin's entry, factories, parsers, utilities and presets return for every input",
                className: step.className)
        case .exited(let status):
            return CheckFinding(
                .pluginExited, registration: step.registration,
                "\(head)\(step.function) ended the process (exit status \(status))\(step.context)" + rest,
                fix: "never call exit, _exit or abort from a plugin: report errors through the ABI (reject, *error)",
                className: step.className)
        case .notStarted(let why):
            return CheckFinding(
                .pluginCrashed, registration: nil, "cannot start a child twhost to check it: \(why)",
                fix: "check that the twhost executable can be run, or use --in-process")
        }
    }

    /// A shell command that runs the class's code again in one process.
    static func reproduceCommand(_ step: CheckStep, plugin: String) -> String {
        guard let className = step.className, step.action != .defaultArgument else { return debugCommand(plugin) }
        let target = step.target.map { " --target \($0)" } ?? ""
        return "twhost explain --plugins \(shellQuoted(plugin))\(target) \(shellQuoted(className))"
    }

    static func debugCommand(_ plugin: String) -> String {
        "twhost plugins check --in-process \(shellQuoted(plugin))"
    }

    /// `text` as one shell word: bare when it is plain, else in single quotes.
    static func shellQuoted(_ text: String) -> String {
        let plain =
            !text.isEmpty
            && text.utf8.allSatisfy { b in
                (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
                    || b == UInt8(ascii: "/") || b == UInt8(ascii: ".") || b == UInt8(ascii: "-")
                    || b == UInt8(ascii: "_") || b == UInt8(ascii: ",")
            }
        return plain ? text : "'" + text.replacing("'", with: "'\\''") + "'"
    }
}
