@_implementationOnly import SwiftSyntax

/// swiftcn's components that take classes. Each applies, in its `body`, one
/// `.tw(cn(recipe, classes))` to its content: the recipe it is built on, then
/// the classes the call passes — a `classes:` argument, or the leading
/// unlabeled argument of the initializer that takes content in a trailing
/// closure (`CNCard("p-4") { … }`; `CNBadge("New")` without a closure is a
/// title). The recipe text is swiftcn's, as its sources write it.
enum Components {
    struct Row {
        /// The component's type name.
        var name: String
        /// The classes its body puts before the caller's.
        var recipe: String
        /// The swiftcn source file that declares it.
        var file: String
        /// Whether an initializer takes the classes first, before a trailing
        /// content closure (`CNCard("p-4") { … }`); else only `classes:`.
        var leading = true
        /// A `Bool` argument that adds classes when true (`CNTableRow(isSelected:)`), and its default.
        var flag: (label: String, classes: String, byDefault: Bool)? = nil
        /// The classes the component takes when the call passes none (`CNFieldControl`'s `input`).
        var defaultClasses: String? = nil
        /// A class of the recipe whose bracket holds the leading unlabeled argument, and the
        /// initializer's default for it (`CNAspectRatio(16 / 9)`: `cn-aspect-[\(ratio)]`).
        var argumentClass: (prefix: String, byDefault: Double)? = nil
    }

    static let table: [String: Row] = Dictionary(
        uniqueKeysWithValues: [
            Row(name: "CNBadge", recipe: "badge", file: "Sources/SwiftCN/Badge.swift"),
            Row(name: "CNChart", recipe: "chart", file: "Sources/SwiftCN/Chart.swift"),
            Row(name: "CNCard", recipe: "card p-0 w-full", file: "Sources/SwiftCN/Card.swift"),
            Row(name: "CNCardHeader", recipe: "card-header", file: "Sources/SwiftCN/Card.swift"),
            Row(name: "CNCardContent", recipe: "card-content", file: "Sources/SwiftCN/Card.swift"),
            Row(name: "CNCardFooter", recipe: "card-footer", file: "Sources/SwiftCN/Card.swift"),
            Row(name: "CNCardTitle", recipe: "card-title", file: "Sources/SwiftCN/Card.swift"),
            Row(name: "CNCardDescription", recipe: "card-description", file: "Sources/SwiftCN/Card.swift"),
            Row(name: "CNAlert", recipe: "alert", file: "Sources/SwiftCN/ComponentContainers.swift"),
            Row(name: "CNItem", recipe: "item", file: "Sources/SwiftCN/ComponentContainers.swift"),
            Row(name: "CNItemContent", recipe: "", file: "Sources/SwiftCN/ComponentContainers.swift"),
            Row(name: "CNItemActions", recipe: "", file: "Sources/SwiftCN/ComponentContainers.swift"),
            Row(name: "CNEmpty", recipe: "empty", file: "Sources/SwiftCN/ComponentContainers.swift"),
            Row(name: "CNEmptyContent", recipe: "", file: "Sources/SwiftCN/ComponentContainers.swift"),
            Row(name: "CNDialogContent", recipe: "dialog", file: "Sources/SwiftCN/ComponentContainers.swift"),
            Row(name: "CNDialogHeader", recipe: "", file: "Sources/SwiftCN/ComponentContainers.swift"),
            Row(name: "CNDialogFooter", recipe: "dialog-footer", file: "Sources/SwiftCN/ComponentContainers.swift"),
            Row(name: "CNBubble", recipe: "bubble", file: "Sources/SwiftCN/ComponentContainers.swift"),
            Row(name: "CNBubbleGroup", recipe: "", file: "Sources/SwiftCN/ComponentContainers.swift"),
            Row(name: "CNMessage", recipe: "message", file: "Sources/SwiftCN/ComponentContainers.swift"),
            Row(name: "CNMessageContent", recipe: "", file: "Sources/SwiftCN/ComponentContainers.swift"),
            Row(name: "CNMessageActions", recipe: "", file: "Sources/SwiftCN/ComponentContainers.swift"),
            Row(
                name: "CNInputGroupAddon", recipe: "text-muted-foreground",
                file: "Sources/SwiftCN/ComponentContainers.swift"),
            Row(name: "CNTable", recipe: "table", file: "Sources/SwiftCN/Table.swift"),
            Row(
                name: "CNTableRow", recipe: "table-row", file: "Sources/SwiftCN/Table.swift", leading: false,
                flag: ("isSelected", "table-row-selected", false)),
            Row(name: "CNTableCell", recipe: "table-cell", file: "Sources/SwiftCN/Table.swift"),
            Row(name: "CNTableHead", recipe: "table-header", file: "Sources/SwiftCN/Table.swift"),
            Row(name: "CNTableCaption", recipe: "table-caption", file: "Sources/SwiftCN/Table.swift", leading: false),
            Row(name: "CNDataTable", recipe: "table", file: "Sources/SwiftCN/Table.swift", leading: false),
            Row(
                name: "CNSkeleton", recipe: "feedback-motion", file: "Sources/SwiftCN/Loading.swift", leading: false,
                flag: ("isLoading", "skeleton skeleton-motion", true)),
            Row(
                name: "CNSpinner", recipe: "spinner spinner-motion", file: "Sources/SwiftCN/Loading.swift",
                leading: false),
            Row(
                name: "CNFieldControl", recipe: "", file: "Sources/SwiftCN/Field.swift", defaultClasses: "input"),
            Row(name: "CNDropdownMenuContent", recipe: "dropdown-content", file: "Sources/SwiftCN/Menus.swift"),
            Row(name: "CNDropdownMenuLabel", recipe: "dropdown-label", file: "Sources/SwiftCN/Menus.swift"),
            Row(name: "CNNavigationMenu", recipe: "menu", file: "Sources/SwiftCN/Menus.swift"),
            Row(
                name: "CNMenubar", recipe: "menu p-1 bg-surface border rounded-md", file: "Sources/SwiftCN/Menus.swift"),
            Row(name: "CNContextMenu", recipe: "", file: "Sources/SwiftCN/Menus.swift"),
            Row(
                name: "CNAspectRatio", recipe: "", file: "Sources/SwiftCN/Display.swift", leading: false,
                argumentClass: ("cn-aspect", 16.0 / 9.0)),
            // swiftcn's `avatar` recipe starts with `cn-avatar-crop`, which only `CNAvatar` installs;
            // twhost's `avatar` recipe leaves it out, so the component's surface names it.
            Row(
                name: "CNAvatar", recipe: "cn-avatar-crop avatar", file: "Sources/SwiftCN/Display.swift", leading: false
            ),
            Row(name: "CNTabs", recipe: "tabs", file: "Sources/SwiftCN/Navigation.swift", leading: false),
            Row(
                name: "CNTextarea", recipe: "textarea min-h-[100]", file: "Sources/SwiftCN/Input.swift", leading: false),
            Row(
                name: "CNCommand", recipe: "command min-h-[180]", file: "Sources/SwiftCN/Command.swift", leading: false),
            Row(name: "CNScrollArea", recipe: "scroll-area", file: "Sources/SwiftCN/Scrolling.swift", leading: false),
            Row(name: "CNMessageScroller", recipe: "", file: "Sources/SwiftCN/Scrolling.swift", leading: false),
            Row(name: "CNCarousel", recipe: "carousel", file: "Sources/SwiftCN/Scrolling.swift", leading: false),
            Row(name: "CNResizable", recipe: "resizable", file: "Sources/SwiftCN/Resizable.swift", leading: false),
        ].map { ($0.name, $0) })

    /// The classes a component call passes: its `classes:` argument, or the
    /// leading unlabeled one when content follows in a trailing closure.
    static func classesArgument(_ call: FunctionCallExprSyntax, _ row: Row) -> ExprSyntax? {
        if let labeled = call.arguments.first(where: { $0.label?.text == "classes" }) { return labeled.expression }
        guard row.leading,
            call.trailingClosure != nil || call.arguments.contains(where: { $0.expression.is(ClosureExprSyntax.self) }),
            let first = call.arguments.first, first.label == nil, !first.expression.is(ClosureExprSyntax.self)
        else { return nil }
        return first.expression
    }

    /// The classes a `variant:` argument adds between the recipe and the
    /// caller's classes (`CNBadgeVariant` in `Sources/SwiftCN/Badge.swift`);
    /// nil when the call names none, a dynamic value when it is not a case.
    static func variant(_ call: FunctionCallExprSyntax, component: String, _ eval: Evaluator) -> Value? {
        guard component == "CNBadge", let v = call.arguments.first(where: { $0.label?.text == "variant" })?.expression
        else { return nil }
        guard let m = eval.unwrap(v).as(MemberAccessExprSyntax.self), m.base == nil else {
            return eval.dynamic(v, "a badge variant known at run time")
        }
        switch m.declName.baseName.text {
        case "primary": return .text("")
        case "secondary": return .text("bg-muted text-foreground")
        case "outline":
            let clear = Value.typed(.color(TypedExpressions.color(named: "clear")))
            return .classes([
                .text("bg-["), .interpolation(clear, inBrackets: true, eval.source.location(m)),
                .text("] text-foreground border"),
            ])
        case "destructive": return .text("bg-destructive text-onDestructive")
        default: return eval.dynamic(v, "the badge variant .\(m.declName.baseName.text) is not in twhost's table")
        }
    }

    /// The component's surface: its recipe, its variant's classes, then the caller's.
    static func classes(_ row: Row, _ call: FunctionCallExprSyntax, _ eval: Evaluator, _ scope: Scope) -> Value {
        var parts: [Value] = []
        if let (prefix, byDefault) = row.argumentClass {
            // `CNAspectRatio(ratio)`: the value passed natively inside the class's bracket.
            let first = call.arguments.first.flatMap { $0.label == nil ? $0.expression : nil }
            let value = first.map { eval.value($0, scope) } ?? .number(byDefault)
            let at = eval.source.location(first ?? ExprSyntax(call.calledExpression))
            parts.append(.classes([.text("\(prefix)-["), .interpolation(value, inBrackets: true, at), .text("]")]))
        }
        parts.append(.text(row.recipe))
        if let flag = row.flag {
            if let arg = call.arguments.first(where: { $0.label?.text == flag.label })?.expression {
                // `isSelected: selected.contains(id)`: a condition of the surface.
                let on = Value.text(flag.classes)
                switch eval.value(arg, scope) {
                case .bool(let b): parts.append(b ? on : .nothing)
                default:
                    let (c, negated) = eval.condition(arg)
                    parts.append(negated ? .conditional(c, .nothing, on) : .conditional(c, on, .nothing))
                }
            } else if flag.byDefault {
                parts.append(.text(flag.classes))
            }
        }
        if let v = variant(call, component: row.name, eval) { parts.append(v) }
        if let arg = classesArgument(call, row) {
            parts.append(StyleValues.value(arg, eval, scope))
        } else if let classes = row.defaultClasses {
            parts.append(.text(classes))
        }
        return .list(parts)
    }
}
