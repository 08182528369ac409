import TWModel

@_implementationOnly import SwiftSyntax

/// swiftcn's components that take classes. Each applies, in its `body`, one
/// `.tw(cn(recipe, classes))` to its content — or, for one that draws a native
/// button, `.buttonStyle(.tw(…))` to it: the recipe it is built on, the classes
/// its flag or enum arguments pick, then the classes the call passes — a
/// `classes:` argument, or the leading unlabeled argument where the
/// initializer takes the classes first (`CNCard("p-4") { … }`,
/// `CNSeparator("py-2")`; `CNBadge("New")` without a closure is a title). The
/// recipe text is swiftcn's, as its sources write it.
enum Components {
    struct Row {
        /// The component's type name.
        var name: String
        /// The classes its body puts before the caller's.
        var recipe: String
        /// The swiftcn source file that declares it.
        var file: String
        /// Where an initializer takes the classes besides `classes:`.
        var leading = Leading.beforeContent
        /// A `Bool` argument that adds classes when true (`CNTableRow(isSelected:)`), and its default.
        var flag: (label: String, classes: String, byDefault: Bool)? = nil
        /// The classes the flag adds when false instead (`CNToggle(isOn:)`: `toggle-unselected`).
        var flagOff: String? = nil
        /// Classes after the recipe that differ by platform in the component's own source
        /// (`CNDropdownMenuItem`'s `min-h-[44]` on iOS, `min-h-[32]` elsewhere).
        var minimumHeight: (iOS: String, other: String)? = nil
        /// The recipe and target on macOS when the component draws another view there
        /// (`CNTooltip`: a `.help` label styled as `tooltip`; a popover trigger elsewhere).
        var onMacOS: (recipe: String, target: Target)? = nil
        /// The classes the component takes when the call passes none (`CNFieldControl`'s `input`).
        var defaultClasses: String? = nil
        /// A class of the recipe whose bracket holds the leading unlabeled argument, and the
        /// initializer's default for it (`CNAspectRatio(16 / 9)`: `cn-aspect-[\(ratio)]`).
        var argumentClass: (prefix: String, byDefault: Double)? = nil
        /// Enum arguments that add classes after the recipe, in this order (`CNTypography(style:)`).
        var choices: [Choice] = []
        /// Where the classes go: the content's `.tw`, or the button style of the native
        /// button the component draws (`CNButton`, `CNCombobox`).
        var target = Target.content

        /// Every class the component can put on its surface itself: the
        /// recipe, the flag's, each enum case's and the default classes.
        var suppliedClasses: [String] {
            var out = [recipe]
            if let onMacOS { out.append(onMacOS.recipe) }
            if let minimumHeight { out += [minimumHeight.iOS, minimumHeight.other] }
            if let flag { out.append(flag.classes) }
            if let flagOff { out.append(flagOff) }
            if let defaultClasses { out.append(defaultClasses) }
            for c in choices { out += c.cases.keys.sorted().compactMap { c.cases[$0] } }
            return out
        }

        /// The row as the component is drawn on `platform`.
        func on(_ platform: RenderEnvironment.Platform) -> Row {
            var row = self
            if platform == .macos, let onMacOS {
                row.recipe = onMacOS.recipe
                row.target = onMacOS.target
            }
            if let minimumHeight {
                row.recipe += " " + (platform == .ios ? minimumHeight.iOS : minimumHeight.other)
            }
            return row
        }
    }

    /// Where an initializer takes the caller's classes, besides a `classes:` argument.
    enum Leading {
        /// Only as `classes:`: a leading unlabeled argument is a title, a ratio or the data.
        case never
        /// Also first and unlabeled, when content follows in a closure (`CNCard("p-4") { … }`);
        /// without a closure that argument is a title (`CNBadge("New")`).
        case beforeContent
        /// Also first and unlabeled, with or without content (`CNSeparator("py-2")`).
        case always
        /// Also first and unlabeled when a `label:` closure follows (`CNDropdownMenu("w-40") { … } label: { … }`);
        /// otherwise that argument is a title.
        case beforeLabel
    }

    /// The surface a component's classes style.
    enum Target {
        /// `.tw(…)` on the view it draws.
        case content
        /// `.buttonStyle(.tw(…))` on the native `Button` it draws.
        case buttonStyle
    }

    /// An argument of one of the component's enums (`style: .heading`) and the
    /// classes each case adds, as the enum's `classes` property returns them.
    struct Choice {
        /// The argument's label.
        var label: String
        /// The enum's name, for the note when a case is not in the table.
        var type: String
        /// The case the initializer takes by default.
        var byDefault: String
        /// Each case and its classes (looked up by name, never iterated).
        var cases: [String: String]
        /// Cases twhost leaves to a note, with the reason the note gives.
        var unread: [String: String] = [:]
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
                name: "CNTableRow", recipe: "table-row", file: "Sources/SwiftCN/Table.swift", leading: .never,
                flag: ("isSelected", "table-row-selected", false)),
            Row(name: "CNTableCell", recipe: "table-cell", file: "Sources/SwiftCN/Table.swift"),
            Row(name: "CNTableHead", recipe: "table-header", file: "Sources/SwiftCN/Table.swift"),
            Row(name: "CNTableCaption", recipe: "table-caption", file: "Sources/SwiftCN/Table.swift", leading: .never),
            Row(name: "CNDataTable", recipe: "table", file: "Sources/SwiftCN/Table.swift", leading: .never),
            Row(
                name: "CNSkeleton", recipe: "feedback-motion", file: "Sources/SwiftCN/Loading.swift", leading: .never,
                flag: ("isLoading", "skeleton skeleton-motion", true)),
            Row(
                name: "CNSpinner", recipe: "spinner spinner-motion", file: "Sources/SwiftCN/Loading.swift",
                leading: .never),
            Row(
                name: "CNFieldControl", recipe: "", file: "Sources/SwiftCN/Field.swift", defaultClasses: "input"),
            Row(name: "CNDropdownMenuContent", recipe: "dropdown-content", file: "Sources/SwiftCN/Menus.swift"),
            Row(name: "CNDropdownMenuLabel", recipe: "dropdown-label", file: "Sources/SwiftCN/Menus.swift"),
            Row(name: "CNNavigationMenu", recipe: "menu", file: "Sources/SwiftCN/Menus.swift"),
            Row(
                name: "CNMenubar", recipe: "menu p-1 bg-surface border rounded-md", file: "Sources/SwiftCN/Menus.swift"),
            Row(name: "CNContextMenu", recipe: "", file: "Sources/SwiftCN/Menus.swift"),
            Row(
                name: "CNAspectRatio", recipe: "", file: "Sources/SwiftCN/Display.swift", leading: .never,
                argumentClass: ("cn-aspect", 16.0 / 9.0)),
            // swiftcn's `avatar` recipe starts with `cn-avatar-crop`, which only `CNAvatar` installs;
            // twhost's `avatar` recipe leaves it out, so the component's surface names it.
            Row(
                name: "CNAvatar", recipe: "cn-avatar-crop avatar", file: "Sources/SwiftCN/Display.swift",
                leading: .never
            ),
            Row(name: "CNTabs", recipe: "tabs", file: "Sources/SwiftCN/Navigation.swift", leading: .never),
            Row(
                name: "CNTextarea", recipe: "textarea min-h-[100]", file: "Sources/SwiftCN/Input.swift", leading: .never
            ),
            Row(
                name: "CNCommand", recipe: "command min-h-[180]", file: "Sources/SwiftCN/Command.swift", leading: .never
            ),
            Row(name: "CNScrollArea", recipe: "scroll-area", file: "Sources/SwiftCN/Scrolling.swift", leading: .never),
            Row(name: "CNMessageScroller", recipe: "", file: "Sources/SwiftCN/Scrolling.swift", leading: .never),
            Row(name: "CNCarousel", recipe: "carousel", file: "Sources/SwiftCN/Scrolling.swift", leading: .never),
            Row(name: "CNResizable", recipe: "resizable", file: "Sources/SwiftCN/Resizable.swift", leading: .never),
            // Each takes its classes first before its content, or a title and `classes:`.
            Row(name: "CNAlertTitle", recipe: "alert-title", file: "Sources/SwiftCN/ComponentParts.swift"),
            Row(name: "CNAlertDescription", recipe: "alert-description", file: "Sources/SwiftCN/ComponentParts.swift"),
            Row(name: "CNItemTitle", recipe: "item-title", file: "Sources/SwiftCN/ComponentParts.swift"),
            Row(name: "CNItemDescription", recipe: "item-description", file: "Sources/SwiftCN/ComponentParts.swift"),
            Row(name: "CNEmptyTitle", recipe: "empty-title", file: "Sources/SwiftCN/ComponentParts.swift"),
            Row(name: "CNEmptyDescription", recipe: "empty-description", file: "Sources/SwiftCN/ComponentParts.swift"),
            Row(name: "CNKbd", recipe: "kbd", file: "Sources/SwiftCN/ComponentParts.swift"),
            Row(name: "CNLabel", recipe: "label", file: "Sources/SwiftCN/ComponentParts.swift"),
            Row(name: "CNDialogTitle", recipe: "dialog-title", file: "Sources/SwiftCN/ComponentParts.swift"),
            Row(
                name: "CNDialogDescription", recipe: "dialog-description", file: "Sources/SwiftCN/ComponentParts.swift"),
            Row(name: "CNMessageMeta", recipe: "message-meta", file: "Sources/SwiftCN/ComponentParts.swift"),
            // `isInvalid:` reaches the field controls inside (`field-invalid`), not the field itself.
            Row(name: "CNField", recipe: "field", file: "Sources/SwiftCN/Field.swift", leading: .never),
            Row(name: "CNFieldGroup", recipe: "field-group", file: "Sources/SwiftCN/Field.swift"),
            Row(name: "CNFieldLabel", recipe: "field-label", file: "Sources/SwiftCN/Field.swift"),
            Row(name: "CNFieldDescription", recipe: "field-description", file: "Sources/SwiftCN/Field.swift"),
            Row(name: "CNFieldError", recipe: "field-error", file: "Sources/SwiftCN/Field.swift"),
            Row(name: "CNSlider", recipe: "slider", file: "Sources/SwiftCN/ValueControls.swift", leading: .never),
            Row(
                name: "CNProgress", recipe: "progress feedback-motion", file: "Sources/SwiftCN/ValueControls.swift",
                leading: .never),
            Row(
                name: "CNDatePicker", recipe: "date-picker", file: "Sources/SwiftCN/ValueControls.swift",
                leading: .never),
            Row(
                name: "CNCollapsible", recipe: "collapsible disclosure-motion",
                file: "Sources/SwiftCN/Disclosure.swift",
                leading: .never),
            Row(
                name: "CNAccordion", recipe: "accordion disclosure-motion", file: "Sources/SwiftCN/Disclosure.swift",
                leading: .never),
            Row(name: "CNInput", recipe: "input", file: "Sources/SwiftCN/Input.swift", leading: .never),
            Row(name: "CNInputGroup", recipe: "input-group", file: "Sources/SwiftCN/Input.swift"),
            Row(
                name: "CNInputGroupField", recipe: "input-group-field", file: "Sources/SwiftCN/Input.swift",
                leading: .never),
            // `CNInputOTP` draws a `CNInput` whose classes start with `input-otp`.
            Row(name: "CNInputOTP", recipe: "input input-otp", file: "Sources/SwiftCN/Input.swift", leading: .never),
            Row(
                name: "CNTypography", recipe: "typography", file: "Sources/SwiftCN/Display.swift", leading: .never,
                choices: [Choice(label: "style", type: "CNTypographyStyle", byDefault: "body", cases: typographyStyles)]
            ),
            Row(
                name: "CNSeparator", recipe: "separator", file: "Sources/SwiftCN/Display.swift", leading: .always,
                choices: [
                    Choice(
                        label: "axis", type: "Axis", byDefault: "horizontal",
                        cases: ["horizontal": "h-[1] w-full", "vertical": "w-[1]"])
                ]),
            Row(name: "CNPagination", recipe: "pagination", file: "Sources/SwiftCN/Navigation.swift", leading: .never),
            Row(name: "CNBreadcrumb", recipe: "breadcrumb", file: "Sources/SwiftCN/Navigation.swift"),
            Row(name: "CNSidebar", recipe: "sidebar", file: "Sources/SwiftCN/Sidebar.swift", leading: .never),
            Row(name: "CNSidebarHeader", recipe: "sidebar-header", file: "Sources/SwiftCN/Sidebar.swift"),
            Row(name: "CNSidebarContent", recipe: "sidebar-content", file: "Sources/SwiftCN/Sidebar.swift"),
            Row(name: "CNSidebarFooter", recipe: "sidebar-footer", file: "Sources/SwiftCN/Sidebar.swift"),
            Row(name: "CNSidebarGroup", recipe: "sidebar-group", file: "Sources/SwiftCN/Sidebar.swift"),
            Row(
                name: "CNSidebarGroupLabel", recipe: "sidebar-group-label", file: "Sources/SwiftCN/Sidebar.swift",
                leading: .never),
            Row(name: "CNSidebarMenu", recipe: "sidebar-menu", file: "Sources/SwiftCN/Sidebar.swift"),
            Row(name: "CNSidebarMenuSub", recipe: "sidebar-menu-sub", file: "Sources/SwiftCN/Sidebar.swift"),
            // Drawn as a ghost `CNButton`: the classes are its button style's.
            Row(
                name: "CNSidebarMenuButton", recipe: "button-ghost sidebar-menu-button",
                file: "Sources/SwiftCN/Sidebar.swift", leading: .never,
                flag: ("isSelected", "sidebar-menu-selected", false), target: .buttonStyle),
            Row(name: "CNSelect", recipe: "select", file: "Sources/SwiftCN/SelectionControls.swift", leading: .never),
            Row(
                name: "CNNativeSelect", recipe: "select", file: "Sources/SwiftCN/SelectionControls.swift",
                leading: .never),
            Row(
                name: "CNRadioGroup", recipe: "radio-group", file: "Sources/SwiftCN/SelectionControls.swift",
                leading: .never),
            // `CNToggleGroup` passes its classes to the `CNButtonGroup` it draws.
            Row(
                name: "CNToggleGroup", recipe: "button-group", file: "Sources/SwiftCN/SelectionControls.swift",
                leading: .never),
            Row(name: "CNButtonGroup", recipe: "button-group", file: "Sources/SwiftCN/Button.swift", leading: .never),
            Row(
                name: "CNButton", recipe: "", file: "Sources/SwiftCN/Button.swift", leading: .never,
                choices: [
                    Choice(label: "variant", type: "CNButtonVariant", byDefault: "primary", cases: buttonVariants),
                    Choice(
                        label: "size", type: "CNButtonSize", byDefault: "regular", cases: buttonSizes,
                        unread: ["icon": "swiftcn's icon size differs by platform; twhost does not guess it"]),
                ],
                target: .buttonStyle),
            // `CNPopover` and `CNHoverCard` draw an outline `CNButton` as their trigger; `CNCombobox` passes `combobox`
            // and its classes to one.
            Row(
                name: "CNPopover", recipe: "button-outline", file: "Sources/SwiftCN/Presentation.swift",
                leading: .never, target: .buttonStyle),
            // `CNDialog`, `CNSheet` and `CNDrawer` too, with their `contentClasses:` on the panel they present.
            Row(
                name: "CNDialog", recipe: "button-outline", file: "Sources/SwiftCN/Presentation.swift",
                leading: .never, target: .buttonStyle),
            Row(
                name: "CNSheet", recipe: "button-outline", file: "Sources/SwiftCN/Presentation.swift",
                leading: .never, target: .buttonStyle),
            Row(
                name: "CNDrawer", recipe: "button-outline", file: "Sources/SwiftCN/Presentation.swift",
                leading: .never, target: .buttonStyle),
            Row(name: "CNDrawerContent", recipe: "drawer", file: "Sources/SwiftCN/Presentation.swift"),
            Row(
                name: "CNHoverCard", recipe: "button-outline", file: "Sources/SwiftCN/Presentation.swift",
                target: .buttonStyle),
            Row(
                name: "CNCombobox", recipe: "button-outline combobox", file: "Sources/SwiftCN/Command.swift",
                leading: .never, target: .buttonStyle),
            // The switch and checkbox styles put `cn(recipe, classes)` on the row around the native control.
            Row(name: "CNSwitch", recipe: "switch", file: "Sources/SwiftCN/SelectionControls.swift", leading: .never),
            Row(
                name: "CNCheckbox", recipe: "checkbox", file: "Sources/SwiftCN/SelectionControls.swift",
                leading: .never),
            // `CNButtonToggleStyle`: an outline button, selected or not by the binding.
            Row(
                name: "CNToggle", recipe: "button-outline", file: "Sources/SwiftCN/SelectionControls.swift",
                leading: .never, flag: ("isOn", "toggle-selected", false), flagOff: "toggle-unselected",
                target: .buttonStyle),
            // The trigger is a button styled `cn("button-outline", classes)`; `contentClasses:` is a note.
            Row(
                name: "CNDropdownMenu", recipe: "button-outline", file: "Sources/SwiftCN/Menus.swift",
                leading: .beforeLabel, target: .buttonStyle),
            // A plain button styled `cn("dropdown-item", minimum height, role's color, classes)`.
            Row(
                name: "CNDropdownMenuItem", recipe: "dropdown-item", file: "Sources/SwiftCN/Menus.swift",
                leading: .never, minimumHeight: ("min-h-[44]", "min-h-[32]"),
                choices: [
                    Choice(
                        label: "role", type: "ButtonRole", byDefault: "none",
                        cases: ["destructive": "text-destructive", "cancel": ""])
                ],
                target: .buttonStyle),
            Row(
                name: "CNDropdownMenuLink", recipe: "dropdown-item", file: "Sources/SwiftCN/Menus.swift",
                leading: .never, minimumHeight: ("min-h-[44]", "min-h-[32]"), target: .buttonStyle),
            Row(
                name: "CNDropdownMenuCheckboxItem", recipe: "dropdown-item", file: "Sources/SwiftCN/Menus.swift",
                leading: .never, minimumHeight: ("min-h-[44]", "min-h-[32]"), target: .buttonStyle),
            // A clear line `cn("h-[1] w-full bg-border", classes)`, inside a fixed `.tw("py-1")` layer.
            Row(
                name: "CNDropdownMenuSeparator", recipe: "h-[1] w-full bg-border", file: "Sources/SwiftCN/Menus.swift",
                leading: .always),
            // On macOS the label with `.help`, styled `cn("tooltip", classes)`; elsewhere a `CNPopover`
            // trigger given the classes (an outline button).
            Row(
                name: "CNTooltip", recipe: "button-outline", file: "Sources/SwiftCN/Presentation.swift",
                leading: .never, onMacOS: ("tooltip", .content), target: .buttonStyle),
        ].map { ($0.name, $0) })

    /// `CNTypographyStyle`'s cases and their classes.
    static let typographyStyles = [
        "largeTitle": "text-3xl font-bold", "title": "text-2xl font-bold", "heading": "text-xl font-semibold",
        "body": "text-base", "lead": "text-lg text-mutedForeground", "small": "text-sm font-medium",
        "muted": "text-sm text-mutedForeground", "code": "cn-mono text-sm bg-accent rounded-sm px-1",
    ]

    /// `CNButtonVariant`'s cases: each names the recipe `button-<case>`.
    static let buttonVariants = Dictionary(
        uniqueKeysWithValues: ["primary", "secondary", "outline", "destructive", "ghost", "link"].map {
            ($0, "button-\($0)")
        })

    /// `CNButtonSize`'s cases but `.icon`, whose minimum size depends on the
    /// platform in swiftcn: a call that names it gets a note, never a guess.
    static let buttonSizes = ["regular": "", "small": "px-3 py-1 text-xs", "large": "px-6 py-3 text-base"]

    /// The classes a component call passes: its `classes:` argument, or the
    /// leading unlabeled one when content follows in a trailing closure.
    static func classesArgument(_ call: FunctionCallExprSyntax, _ row: Row) -> ExprSyntax? {
        if let labeled = call.arguments.first(where: { $0.label?.text == "classes" }) { return labeled.expression }
        let hasContent =
            call.trailingClosure != nil || call.arguments.contains(where: { $0.expression.is(ClosureExprSyntax.self) })
        let hasLabel =
            call.additionalTrailingClosures.contains(where: { $0.label.text == "label" })
            || call.arguments.contains(where: { $0.label?.text == "label" })
        switch row.leading {
        case .never: return nil
        case .beforeContent where !hasContent: return nil
        case .beforeLabel where !hasLabel: return nil
        case .beforeContent, .always, .beforeLabel:
            guard let first = call.arguments.first, first.label == nil, !first.expression.is(ClosureExprSyntax.self)
            else { return nil }
            return first.expression
        }
    }

    /// The classes one enum argument adds: the case's, the default's when the
    /// call names none, a dynamic value when the case is not known statically.
    static func choice(_ c: Choice, _ call: FunctionCallExprSyntax, _ eval: Evaluator) -> Value {
        guard let v = call.arguments.first(where: { $0.label?.text == c.label })?.expression else {
            return .text(c.cases[c.byDefault] ?? "")
        }
        guard let m = eval.unwrap(v).as(MemberAccessExprSyntax.self), m.base == nil || m.base?.sourceText == c.type
        else { return eval.dynamic(v, "a \(c.type) known at run time") }
        let name = m.declName.baseName.text
        if let why = c.unread[name] { return eval.dynamic(v, why) }
        guard let classes = c.cases[name] else {
            return eval.dynamic(v, "the \(c.type) .\(name) is not in twhost's table")
        }
        return .text(classes)
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
                let off = row.flagOff.map(Value.text) ?? .nothing
                switch eval.value(arg, scope) {
                case .bool(let b): parts.append(b ? on : off)
                default:
                    var (c, negated) = eval.condition(arg)
                    // `isOn: $on`: the binding's value.
                    if c.text.hasPrefix("$") { c.text.removeFirst() }
                    parts.append(negated ? .conditional(c, off, on) : .conditional(c, on, off))
                }
            } else {
                parts.append(flag.byDefault ? .text(flag.classes) : row.flagOff.map(Value.text) ?? .nothing)
            }
        }
        if let v = variant(call, component: row.name, eval) { parts.append(v) }
        for c in row.choices { parts.append(choice(c, call, eval)) }
        if let arg = classesArgument(call, row) {
            parts.append(StyleValues.value(arg, eval, scope))
        } else if let classes = row.defaultClasses {
            parts.append(.text(classes))
        }
        return .list(parts)
    }
}
