import TWGrammar
import TWModel
import TWPlatform
import TWResolution
import TWScenes
import TWSupport

@_implementationOnly import SwiftSyntax

/// Turns view code into scene nodes: each view expression's base view is the
/// node's type, the native modifiers before `.tw` its `native` list, the
/// surface modifiers (`.tw`, `.buttonStyle(.tw(…))`, `.twAnimation`, the
/// control adapters, `.cocoa…`, lifecycle modifiers) its styling, and the
/// views inside its ViewBuilder closures its children.
struct ViewTreeReader {
    let eval: Evaluator
    var rules: RulesReader
    /// Lints and notes found outside any styled node (reported at scene level).
    var findings: [Diagnostic] = []
    /// Views of this file used inside another root: their bodies are read
    /// where they are used (with the rules in force there), not as roots.
    private(set) var inlined = Set<String>()
    /// Per surface (by the location of its node): where each class of its literals is written.
    var classSpans: [TWModel.SourceLocation: [String: ClassSpan]] = [:]
    /// Per root read by `file`: the view type whose `body` it is.
    private(set) var rootOwners: [String?] = []
    /// The views being inlined, outermost first: no view is inlined inside itself.
    private var inlining: [String] = []
    /// Uses not inlined, because of the depth limit or a cycle, while reading the current root.
    var inliningNotes: [Diagnostic] = []
    /// The view whose body is the root being read (nil for other roots): it is not read again inside itself.
    private var rootView: String?
    /// Views are inlined at most this deep.
    static let maxInlineDepth = 16
    /// View expressions are read inside each other at most this deep (`AnyView(AnyView(…))`,
    /// `VStack { VStack { … } }`): each level is a recursion of the reader, so hostile nesting must
    /// end long before a thread's stack does.
    static let maxViewNesting = 96
    /// How deep the view being read is nested in others.
    private var viewNesting = 0
    /// Views read in the document's last pass, to take unchanged ones from (an editor's next change).
    var memo: Memo?
    /// The surfaces `classSpans` was written for, in order (what a kept view writes again).
    var spanKeys: [TWModel.SourceLocation] = []
    /// Whether `classSpans` is written at all (`SourceScan.Options.classSpans`).
    var collectsSpans = true
    /// The plain classes of the layer finished last: the next layer with the same text
    /// shares their storage (a chain of a thousand `.tw("p-4")` calls holds one list).
    private var lastPlain: TWClasses?
    /// States the views around the one being read set for it: `.disabled(x)` written on an
    /// ancestor (`Form { … }.disabled(x)`) disables every surface inside, as SwiftUI's
    /// `isEnabled` reaches them through the environment (swiftcn's `TWModifier` reads it).
    var environmentStates: [(Variant, Value)] = []

    init(eval: Evaluator) {
        self.eval = eval
        rules = RulesReader(eval: eval)
    }

    var source: SourceContext { eval.source }

    static let lifecycle: Set<String> = [
        "onViewWillAppear", "onViewDidLoad", "onViewWillDisappear", "onViewDidDisappear", "onViewDidDisAppear",
    ]
    /// A lifecycle modifier (seed 004), or a name written as one (`onViewDidAppearz`): the
    /// platform backing reports a name that is none of the four, with the nearest.
    static func isLifecycle(_ name: String) -> Bool {
        lifecycle.contains(name) || (name.hasPrefix("onView") && name.count > 6)
    }

    /// Modifiers whose closures are actions, not views.
    static let actionModifiers: Set<String> = Set([
        "onAppear", "onDisappear", "task", "onChange", "onTapGesture", "onLongPressGesture", "onSubmit", "onReceive",
        "refreshable", "onDelete", "onMove", "onHover", "onContinuousHover", "onOpenURL", "onDrop", "onDrag",
        "onKeyPress", "onCommand", "onExitCommand", "onPlayPauseCommand", "gesture", "simultaneousGesture",
        "highPriorityGesture", "cocoa", "onGeometryChange", "onScrollGeometryChange", "onPreferenceChange",
        "transaction", "onContinueUserActivity", "handlesExternalEvents", "onMoveCommand", "focusedValue",
        "twRules",
    ]).union(lifecycle)
    /// Style modifiers whose native member names the control style (seed 004's table).
    static let styleModifiers: [String: [String: String]] = [
        "toggleStyle": ["switch": "switch", "button": "button", "checkbox": "checkbox"],
        "pickerStyle": ["wheel": "wheel", "inline": "inline", "segmented": "segmented", "menu": "menu"],
        "progressViewStyle": ["linear": "linear", "circular": "circular"],
        "navigationViewStyle": ["stack": "stack", "columns": "doubleColumn"],
    ]
    static let adapters: [String: StyleAdapter.Kind] = [
        "textFieldStyle": .textFieldStyle, "toggleStyle": .toggleStyle, "labelStyle": .labelStyle,
    ]

    // MARK: roots

    /// The file's views: one node per root (a `View`'s `body`, a `some View`
    /// property or function, a `#Preview`), under a node for the file.
    mutating func file(_ index: FileIndex, label: String) -> SceneNode {
        var root = SceneNode(type: "File", path: label, jsonPath: label, line: 1, location: nil)
        var read: [(node: SceneNode, owner: String, isBody: Bool, inlines: Set<String>, notes: [Diagnostic])] = []
        // Two roots of one name (functions overloaded by type, `row(_ n: Int)` and `row(_ s: String)`):
        // the second is `…row(_:)[2]`, so each root's surfaces have paths of their own.
        var named: [String: Int] = [:]
        for r in index.roots {
            var path = "\(label):\(r.name)" + BuildConditions.mark(r.condition)
            named[path, default: 0] += 1
            if let n = named[path], n > 1 { path += "[\(n)]" }
            let scope = Scope(owner: r.owner)
            var items: CodeBlockItemListSyntax?
            var isBody = false
            switch r.kind {
            case .property(let binding):
                isBody = r.name.hasSuffix(".body")
                items = Self.getter(binding)
            case .function(let f):
                isBody = f.name.text == "body" && index.types[r.owner]?.conformsToView == true
                for p in f.signature.parameterClause.parameters {
                    let name = (p.secondName ?? p.firstName).text
                    let kind = Evaluator.kind(ofType: p.type.sourceText)
                    let at = source.location(p)
                    scope.bind(
                        name,
                        .value(kind.classLike ? .dynamic(name, why: "a parameter", at) : .symbolic(name, kind.type, at))
                    )
                }
                items = f.body?.statements
            case .preview(let m):
                items = m.trailingClosure?.statements
            }
            guard let items else { continue }
            let before = inlined
            inlined = []
            inliningNotes = []
            rootView = isBody ? r.owner : nil
            var nodes: [SceneNode]
            var atRoot = false
            if let lone = loneView(items) {
                // The common root, one view: read at the root's path, not read at `path/0` and moved.
                nodes = view(lone, path: path, scope: Scope(owner: scope.owner, parent: scope)).map { [$0] } ?? []
                atRoot = true
            } else {
                nodes = self.nodes(items, path: path, scope: scope)
            }
            // A preview's use does not make a view a non-root.
            var inlines = inlined
            if case .preview = r.kind { inlines = [] }
            inlined = before.union(inlines)
            if nodes.count == 1 {
                if !atRoot { Self.renumber(&nodes[0], under: path) { _ in path } }
                read.append((nodes.removeLast(), r.owner, isBody, inlines, inliningNotes))
            } else if !nodes.isEmpty {
                // Read under `path`, they are at `path/0`, `path/1`… already.
                var group = SceneNode(
                    type: "Group", path: path, jsonPath: path, line: nodes[0].line, location: nodes[0].location)
                group.children = nodes
                read.append((group, r.owner, isBody, inlines, inliningNotes))
            }
        }
        // A view used inside another root of this file is reported there, with the rules in force
        // there. Roots no other view's root uses are kept, and what they inline is not a root; of
        // the others (views past the depth limit, views using each other in a cycle) one that no
        // other one left uses is kept in turn — the first of a cycle when all are used — until
        // every root is kept or read inside a kept one.
        var inliners: [String: Set<Int>] = [:]
        for (k, r) in read.enumerated() {
            for type in r.inlines where type != r.owner { inliners[type, default: []].insert(k) }
        }
        var keep = read.map { !$0.isBody || inliners[$0.owner] == nil }
        var covered = Set<String>()
        for (k, r) in read.enumerated() where keep[k] { covered.formUnion(r.inlines) }
        var left = read.indices.filter { !keep[$0] && !covered.contains(read[$0].owner) }
        while let first = left.first {
            let open = Set(left)
            let next = left.first { inliners[read[$0].owner, default: []].isDisjoint(with: open) } ?? first
            keep[next] = true
            covered.formUnion(read[next].inlines)
            left = left.filter { !keep[$0] && !covered.contains(read[$0].owner) }
        }
        let kept = read.indices.filter { keep[$0] }.map { read[$0] }
        root.children = kept.map(\.node)
        rootOwners = kept.map { $0.isBody ? eval.index.types[$0.owner]?.name : nil }
        var notes: [Diagnostic] = []
        for note in kept.flatMap(\.notes) where !notes.contains(note) { notes.append(note) }
        root.findings += findings + rules.findings + notes
        findings = []
        rules.findings = []
        return root
    }

    /// The one view expression of a block that is nothing else (`VStack { … }.tw(…)`, or
    /// `return` it): what `nodes` would read as its only view, at `path/0`. Nil for a block
    /// with declarations or several statements, and for an `if`, a `switch` or a ternary,
    /// which `statement` reads as views of their own.
    func loneView(_ items: CodeBlockItemListSyntax) -> ExprSyntax? {
        guard items.count == 1, let item = items.first else { return nil }
        let written: ExprSyntax
        switch item.item {
        case .expr(let e): written = e
        case .stmt(let s):
            if let r = s.as(ReturnStmtSyntax.self), let e = r.expression {
                written = e
            } else if let e = s.as(ExpressionStmtSyntax.self) {
                written = e.expression
            } else {
                return nil
            }
        default: return nil
        }
        let e = eval.unwrap(written)
        if e.is(IfExprSyntax.self) || e.is(SwitchExprSyntax.self) { return nil }
        if let sequence = e.as(SequenceExprSyntax.self), sequence.elements.count == 3,
            Array(sequence.elements)[1].is(UnresolvedTernaryExprSyntax.self)
        {
            return nil
        }
        return e
    }

    /// A computed property's getter statements.
    static func getter(_ binding: PatternBindingSyntax) -> CodeBlockItemListSyntax? {
        switch binding.accessorBlock?.accessors {
        case .getter(let list)?: return list
        case .accessors(let list)?:
            return list.first { $0.accessorSpecifier.tokenKind == .keyword(.get) }?.body?.statements
        default: return nil
        }
    }

    /// The body of a view of this file used as `Name(args…)`, read with its
    /// stored properties bound to the arguments.
    mutating func inlinedBody(
        _ call: FunctionCallExprSyntax?, type: String, path: String, scope: Scope, at: TWModel.SourceLocation
    ) -> [SceneNode] {
        guard let qualified = eval.index.declaredType(type), eval.index.types[qualified]?.conformsToView == true,
            let body = eval.index.types[qualified]?.members["body"]?.first
        else { return [] }
        let cycle: [String]? =
            inlining.firstIndex(of: qualified).map { Array(inlining[$0...]) }
            ?? (qualified == rootView ? [qualified] + inlining : nil)
        if let cycle {
            let views = (cycle + [qualified]).map { eval.index.types[$0]?.name ?? $0 }
            inliningNotes.append(SourceFinding.viewCycle(views: views).diagnostic(at: at))
            return []
        }
        guard inlining.count < Self.maxInlineDepth else {
            let finding = SourceFinding.viewDepthLimit(view: eval.index.types[qualified]?.name ?? qualified)
            inliningNotes.append(finding.diagnostic(at: at))
            return []
        }
        let items: CodeBlockItemListSyntax?
        if let binding = body.binding {
            items = Self.getter(binding)
        } else {
            items = body.function?.body?.statements
        }
        guard let items else { return [] }
        let typeScope = Scope(owner: qualified)
        for a in call?.arguments ?? [] {
            guard let label = a.label?.text else { continue }
            let declared = eval.index.lookup(label, inType: qualified, from: qualified)?.typeText
            typeScope.bind(label, .value(eval.value(a.expression, scope, declaredType: declared)))
        }
        inlined.insert(qualified)
        inlining.append(qualified)
        defer { inlining.removeLast() }
        return nodes(items, path: path, scope: typeScope)
    }

    /// A node and its subtree under a new path (see `move`).
    static func renamed(_ node: SceneNode, to path: String) -> SceneNode {
        var node = node
        move(&node, to: path)
        return node
    }

    /// Moves a node and its subtree to `path`, in place: a node no other one
    /// shares is written where it is, not copied. What moves is the path of
    /// the view the node is: a layer (`…/2+1`, the second styling boundary of
    /// the view at `…/2`) stays that layer of the view at its new place
    /// (`path+1`), and the layers and children inside it, whose paths all
    /// start with the view's, move with it.
    static func move(_ node: inout SceneNode, to path: String) {
        let old = node.path
        let view = old.utf8.count - layerMarkLength(old)
        rebase(&node, from: old.utf8.prefix(view), to: path)
    }

    /// Appends views read under `path` (numbered from 0 there) to a view's `children`, numbered on
    /// from the `numbered` children it has so far.
    static func append(
        _ read: consuming [SceneNode], under path: String, to children: inout [SceneNode], _ numbered: inout Int
    ) {
        renumber(&read, under: path, from: numbered)
        numbered += read.count
        children += read
    }

    /// A node read under `parent` is at `parent/n…`, with what follows the
    /// number (a layer's `+1`, a branch's `[when c]`) after it: that
    /// `parent/n` becomes `prefix(n)`, in the node's path and in every path
    /// below it, and the rest stays.
    static func renumber(_ node: inout SceneNode, under parent: String, _ prefix: (Int) -> String) {
        let path = node.path.utf8
        let start = parent.utf8.count + 1
        guard path.count > start, path.starts(with: parent.utf8),
            path[path.index(path.startIndex, offsetBy: start - 1)] == UInt8(ascii: "/")
        else { return }
        let digits = path.dropFirst(start).prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        guard let n = Int(Substring(digits)) else { return }
        rebase(&node, from: path.prefix(start + digits.count), to: prefix(n))
    }

    /// Views read under `parent` (numbered from 0 there) numbered on from `first`, each with `mark`
    /// after its number: `parent/n…` becomes `parent/(first + n)mark…`.
    static func renumber(_ nodes: inout [SceneNode], under parent: String, from first: Int, mark: String = "") {
        guard first > 0 || !mark.isEmpty else { return }
        for i in nodes.indices { renumber(&nodes[i], under: parent) { n in "\(parent)/\(first + n)" + mark } }
    }

    /// The length of a path's layer mark (`+1` of `…/2+1`), 0 when it has none.
    static func layerMarkLength(_ path: String) -> Int {
        var digits = 0
        for byte in path.utf8.reversed() {
            if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                digits += 1
            } else {
                return byte == UInt8(ascii: "+") && digits > 0 ? digits + 1 : 0
            }
        }
        return 0
    }

    /// Every path in the subtree that starts with `old`, starting with `new`
    /// instead; nothing to do (and no string made) when the two are the same.
    private static func rebase(_ node: inout SceneNode, from old: Substring.UTF8View, to new: String) {
        guard !old.elementsEqual(new.utf8) else { return }
        rebaseSubtree(&node, from: old, to: new)
    }

    private static func rebaseSubtree(_ node: inout SceneNode, from old: Substring.UTF8View, to new: String) {
        let path = node.path.utf8
        guard path.starts(with: old) else { return }
        let moved = new + Substring(path.dropFirst(old.count))
        node.fields.path = moved
        node.fields.jsonPath = moved
        guard !node.children.isEmpty else { return }
        for i in node.children.indices { rebaseSubtree(&node.children[i], from: old, to: new) }
    }

    // MARK: ViewBuilder blocks

    /// The views of a ViewBuilder block, numbered under `path`.
    mutating func nodes(_ items: CodeBlockItemListSyntax, path: String, scope: Scope) -> [SceneNode] {
        var out: [SceneNode] = []
        let local = Scope(owner: scope.owner, parent: scope)
        for item in items {
            switch item.item {
            case .decl(let d):
                if let v = d.as(VariableDeclSyntax.self) { eval.bindLocals(v, local) }
                if let block = d.as(IfConfigDeclSyntax.self) {
                    // `#if`: each clause the platform allows, its views marked with their condition.
                    for chosen in BuildConditions.clauses(block, platform: eval.index.platform) {
                        guard case .statements(let list)? = chosen.clause.elements else { continue }
                        var read = nodes(list, path: path, scope: local)
                        Self.renumber(&read, under: path, from: out.count, mark: BuildConditions.mark(chosen.condition))
                        out += read
                    }
                }
            case .stmt(let s):
                if let r = s.as(ReturnStmtSyntax.self), let e = r.expression {
                    statement(e, path: path, scope: local, into: &out)
                } else if let e = s.as(ExpressionStmtSyntax.self) {
                    statement(e.expression, path: path, scope: local, into: &out)
                }
            case .expr(let e):
                statement(e, path: path, scope: local, into: &out)
            @unknown default: break
            }
        }
        return out
    }

    private mutating func statement(_ written: ExprSyntax, path: String, scope: Scope, into out: inout [SceneNode]) {
        // `(flag ? A : B)`, `try (…)`: the expression inside (a nested ternary is one in parentheses).
        let e = eval.unwrap(written)
        if let i = e.as(IfExprSyntax.self) {
            branches(i, path: path, scope: scope, into: &out)
        } else if let s = e.as(SwitchExprSyntax.self) {
            for c in s.cases {
                guard let switchCase = c.as(SwitchCaseSyntax.self) else { continue }
                var read = nodes(switchCase.statements, path: path, scope: scope)
                Self.renumber(&read, under: path, from: out.count)
                out += read
            }
        } else if let sequence = e.as(SequenceExprSyntax.self), sequence.elements.count == 3,
            let ternary = Array(sequence.elements)[1].as(UnresolvedTernaryExprSyntax.self)
        {
            // `flag ? A : B` in a builder: one view, A when the condition holds and B when not, both
            // read at its place, each marked with when it is there.
            let at = "\(path)/\(out.count)"
            let condition = Array(sequence.elements)[0].trimmedDescription
            var yes: [SceneNode] = []
            var no: [SceneNode] = []
            statement(ternary.thenExpression, path: path, scope: scope, into: &yes)
            statement(Array(sequence.elements)[2], path: path, scope: scope, into: &no)
            for i in yes.indices { Self.renumber(&yes[i], under: path) { _ in at + Self.when(condition, holds: true) } }
            for i in no.indices { Self.renumber(&no[i], under: path) { _ in at + Self.when(condition, holds: false) } }
            out += yes
            out += no
        } else if let node = view(e, path: "\(path)/\(out.count)", scope: scope) {
            out.append(node)
        }
    }

    /// Both branches' views, in order; the branch lint when they are one view with other classes.
    private mutating func branches(_ i: IfExprSyntax, path: String, scope: Scope, into out: inout [SceneNode]) {
        let thenScope = Scope(owner: scope.owner, parent: scope)
        for element in i.conditions {
            if case .optionalBinding(let b) = element.condition {
                let name = b.pattern.sourceText
                let bound =
                    b.initializer.map { eval.value($0.value, scope) } ?? .symbolic(name, nil, source.location(b))
                thenScope.bind(name, .value(bound))
            }
        }
        var thenNodes = nodes(i.body.statements, path: path, scope: thenScope)
        var elseNodes: [SceneNode] = []
        switch i.elseBody {
        case .codeBlock(let block)?:
            elseNodes = nodes(block.statements, path: path, scope: scope)
            // Only branches whose views differ in their classes (both styled) are this lint's business.
            if (thenNodes + elseNodes).allSatisfy({ $0.isStyled }) {
                IdentityLints.branch(i, then: i.body, else: block, eval: eval, findings: &findings)
            }
        case .ifExpr(let next)?:
            branches(next, path: path, scope: scope, into: &elseNodes)
        default: break
        }
        // Each branch's views numbered from 0 where it was read: the else branch's after the then's.
        Self.renumber(&thenNodes, under: path, from: out.count)
        Self.renumber(&elseNodes, under: path, from: out.count + thenNodes.count)
        out += thenNodes
        out += elseNodes
    }

    // MARK: view expressions

    /// One modifier call of a chain.
    struct Modifier {
        var name: String
        var call: FunctionCallExprSyntax?
        var syntax: ExprSyntax
    }

    /// `Base(…){…}.a(…).b(…)`: the base and the modifiers in application order.
    /// Iterative: a chain of thousands of modifiers must not exhaust the stack.
    func decompose(_ expr: ExprSyntax) -> (base: ExprSyntax, modifiers: [Modifier]) {
        var modifiers: [Modifier] = []
        var e = eval.unwrap(expr)
        while true {
            if let c = e.as(FunctionCallExprSyntax.self), let m = c.calledExpression.as(MemberAccessExprSyntax.self),
                let b = m.base
            {
                modifiers.append(Modifier(name: m.declName.baseName.text, call: c, syntax: e))
                e = eval.unwrap(b)
            } else if let p = e.as(PostfixIfConfigExprSyntax.self), let b = p.base {
                // `#if os(macOS) .commands { … } #endif` after a view: the modifiers of the clause
                // the platform compiles; of the first clause when the platform does not decide.
                if let chosen = BuildConditions.clauses(p.config, platform: eval.index.platform).first,
                    case .postfixExpression(let tail)? = chosen.clause.elements
                {
                    modifiers += Self.implicitChain(tail).reversed()
                }
                e = eval.unwrap(b)
            } else {
                break
            }
        }
        // Reversed in place: a copy would retain every modifier's syntax once more.
        modifiers.reverse()
        return (e, modifiers)
    }

    /// `.a(…).b(…)` with no base (a postfix `#if` clause): its modifiers in application order.
    static func implicitChain(_ expr: ExprSyntax) -> [Modifier] {
        var out: [Modifier] = []
        var e: ExprSyntax? = expr
        while let current = e, let c = current.as(FunctionCallExprSyntax.self),
            let m = c.calledExpression.as(MemberAccessExprSyntax.self)
        {
            out.append(Modifier(name: m.declName.baseName.text, call: c, syntax: current))
            e = m.base
        }
        return out.reversed()
    }

    /// The type name of a chain's base: `Text`, `VStack`, `Color` for `Color.red`.
    static func typeName(_ base: ExprSyntax) -> String? {
        var e = base
        if let c = e.as(FunctionCallExprSyntax.self) { e = c.calledExpression }
        if let g = e.as(GenericSpecializationExprSyntax.self) { e = g.expression }
        if let d = e.as(DeclReferenceExprSyntax.self) { return d.baseName.text }
        if let m = e.as(MemberAccessExprSyntax.self) {
            if let b = m.base?.as(DeclReferenceExprSyntax.self) { return b.baseName.text }
            if m.base == nil { return nil }
            return m.declName.baseName.text
        }
        return nil
    }

    static let surfaceModifiers: Set<String> = [
        "tw", "twAnimation", "twRules", "twTheme", "cocoa", "buttonStyle", "textFieldStyle", "toggleStyle",
        "labelStyle", "id",
    ]

    /// A view expression as a node, or nil when it is not a view (`expanded.toggle()`).
    mutating func view(_ expr: ExprSyntax, path: String, scope: Scope) -> SceneNode? {
        guard viewNesting < Self.maxViewNesting else {
            let type = Self.typeName(decompose(expr).base) ?? "view"
            findings.append(SourceFinding.viewNestingLimit(type: type).diagnostic(at: source.location(expr)))
            return nil
        }
        viewNesting += 1
        defer { viewNesting -= 1 }
        guard let memo else { return readView(expr, path: path, scope: scope) }
        return memo.view(expr, path: path, scope: scope, reader: &self)
    }

    /// The expression a name stands for where a view is expected: a local `let`'s initializer, or
    /// the initial value of a stored property of the type the code is in (not a wrapper's, not a
    /// computed property's: those are roots of their own).
    /// With it, the scope it is evaluated in. (With modifiers written at the use, the use's scope
    /// reads them all.)
    private func namedView(_ name: String, _ scope: Scope) -> (ExprSyntax, Scope)? {
        switch scope.find(name) {
        case .expression(let expression, let written)?:
            eval.index.log?.noteDeclared()
            return (expression, written)
        case .value?: return nil
        case nil:
            guard let member = eval.index.lookup(name, from: scope.owner), member.wrapper == nil,
                member.function == nil, let binding = member.binding, binding.accessorBlock == nil,
                let initial = binding.initializer?.value
            else { return nil }
            return (initial, Scope(owner: member.owner))
        }
    }

    /// A view passed as an argument (not a closure), when it holds styling: a `Color`, a shape style
    /// or a value without classes is no node.
    private mutating func argumentView(_ argument: LabeledExprSyntax, path: String, scope: Scope) -> SceneNode? {
        guard argument.expression.as(ClosureExprSyntax.self) == nil,
            let node = view(argument.expression, path: path, scope: scope), Self.hasStyling(node)
        else { return nil }
        return node
    }

    /// `view` read from its syntax.
    mutating func readView(_ expr: ExprSyntax, path: String, scope: Scope) -> SceneNode? {
        // A string literal (`Text("Row \(i)")`'s argument, tried as a view) is none: its
        // "type" would be its source text, which begins with a quote or `#`.
        if expr.is(StringLiteralExprSyntax.self) { return nil }
        var (base, modifiers) = decompose(expr)
        // A local `let` naming a view (`let title = Text("a").tw("p-4")`, then `title`), or a stored
        // property of the view with one (`let header = Text("h").tw(…)`): the view it names, with the
        // modifiers written at the use after its own.
        var followed = 0
        while followed < Evaluator.maxDepth, let reference = base.as(DeclReferenceExprSyntax.self),
            let (bound, boundScope) = namedView(reference.baseName.text, scope)
        {
            // Used as it is (`title`): the view read where it was written, in that scope.
            if modifiers.isEmpty { return view(bound, path: path, scope: boundScope) }
            let (innerBase, innerModifiers) = decompose(bound)
            base = innerBase
            modifiers = innerModifiers + modifiers
            followed += 1
        }
        var type = Self.typeName(base) ?? base.sourceText
        // Styling on `self` styles the view the code is in: its body is not read again here.
        var onSelf = false
        if let call = base.as(FunctionCallExprSyntax.self),
            let callee = call.calledExpression.as(DeclReferenceExprSyntax.self),
            callee.baseName.text.startsLowercase,
            eval.index.lookup(callee.baseName.text, from: scope.owner) == nil
        {
            // `tw("p-4")`, `padding().tw(…)`: modifiers on the implicit `self`.
            modifiers.insert(Modifier(name: callee.baseName.text, call: call, syntax: base), at: 0)
            type = selfType(scope.owner)
            onSelf = true
        } else if base.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) {
            type = selfType(scope.owner)
            onSelf = true
        }
        let styled = modifiers.contains { Self.surfaceModifiers.contains($0.name) || Self.isLifecycle($0.name) }
        guard type.startsUppercase || styled else { return nil }
        // `print(…)` in a builder is no chain on `self`: only styling makes one.
        if onSelf && !styled { return nil }
        let at = source.location(expr.as(FunctionCallExprSyntax.self)?.calledExpression ?? expr)
        var draft = Draft(node: SceneNode(type: type, path: path, jsonPath: path, line: at.line, location: at))
        draft.states = environmentStates
        draft.node.text = Self.title(base)
        // `.disabled(x)` in the chain: what it wraps (the base's content, the closures of the
        // modifiers before it) reads `isEnabled` false when x holds.
        let disables = disabledStates(modifiers, scope)
        let around = environmentStates
        defer { environmentStates = around }
        environmentStates = around + disables.map(\.state)
        // Children: the base's ViewBuilder closures, then the modifiers' (overlays, sheets …).
        var childScope = scope
        // Identity lints apply where classes are: to rows and views that carry `.tw` styling.
        var lints: [Diagnostic] = []
        if type == "ForEach", let call = base.as(FunctionCallExprSyntax.self) {
            IdentityLints.forEach(call, eval: eval, scope: scope, findings: &lints)
            childScope = Scope(owner: scope.owner, parent: scope)
            if let closure = call.trailingClosure {
                for name in InlineClosures.parameters(closure).prefix(1) {
                    childScope.bind(name, .value(.symbolic(name, nil, source.location(closure))))
                }
            }
        }
        var children: [SceneNode] = []
        // The view's children in every layer, numbered on from each other: the base's arguments and
        // closures, a view's body read at its use, the modifiers' views and closures, each at a number
        // of its own (a second closure's views are not numbered from 0 again).
        var numbered = 0
        if let call = base.as(FunctionCallExprSyntax.self) {
            // Views passed as arguments (`Section(header: Text("H").tw(…))`, `NavigationLink(destination: …)`,
            // `AnyView(…)`): children before the closures', kept when they hold styling.
            for argument in call.arguments {
                if let node = argumentView(argument, path: "\(path)/\(numbered)", scope: scope) {
                    children.append(node)
                    numbered += 1
                }
            }
            for closure in Self.viewClosures(of: call, type: type) {
                let read = nodes(closure.statements, path: path, scope: childScope)
                Self.append(read, under: path, to: &children, &numbered)
            }
        }
        if !onSelf {
            let body = inlinedBody(base.as(FunctionCallExprSyntax.self), type: type, path: path, scope: scope, at: at)
            Self.append(body, under: path, to: &children, &numbered)
        }
        environmentStates = around
        var layers: [SceneNode] = []
        var natives: [String] = []
        var nativesHoldSurface = false
        var conditionalRules: [(Condition, SceneRules)] = []
        if let row = Components.table[type]?.on(eval.index.platform), let call = base.as(FunctionCallExprSyntax.self) {
            // A swiftcn component styles its content with its recipe and the classes passed to it.
            let classes = Components.classes(row, call, eval, scope)
            switch row.target {
            case .content: draft.tw = classes
            case .buttonStyle:
                draft.buttonStyle = classes
                // As for `.buttonStyle(.tw(…))`: a pressed: class follows the button's press at run time.
                if let arg = Components.classesArgument(call, row), Self.namesPressVariant(arg.sourceText) {
                    let c = Condition(text: "configuration.isPressed", location: source.location(call))
                    draft.states.append((.pressed, .conditional(c, .bool(true), .bool(false))))
                }
            }
            if let names = LibraryUtilities.components[type] {
                // The utilities its recipe names, installed around its own styling.
                draft.node.rules = LibraryUtilities.rules(names, at: at)
                draft.hasRules = true
            }
            if collectsSpans, let key = draft.node.location {
                if let arg = Components.classesArgument(call, row) {
                    ClassSpans.collect(arg, source, into: &classSpans[key, default: [:]])
                }
                ClassSpans.supplied(row.suppliedClasses, at: key, into: &classSpans[key, default: [:]])
                spanKeys.append(key)
            }
            if let panel = call.arguments.first(where: { $0.label?.text == "contentClasses" })?.expression {
                // The classes of what the component presents (a dialog's panel), drawn by swiftcn elsewhere.
                findings.append(
                    SourceFinding.rulesNotRead(
                        what: "the classes `\(panel.sourceText)` of the panel \(type) presents"
                    ).diagnostic(at: source.location(panel)))
            }
        } else if let call = base.as(FunctionCallExprSyntax.self),
            let classes = call.arguments.first(where: { $0.label?.text == "classes" })?.expression
        {
            // A view outside the component table that takes classes: said so, never skipped.
            findings.append(
                SourceFinding.rulesNotRead(
                    what:
                        "the classes `\(classes.sourceText)` of \(type), a component outside twhost's table of swiftcn's components,"
                ).diagnostic(at: source.location(classes)))
        }
        for (index, m) in modifiers.enumerated() {
            let name = m.name
            let call = m.call
            if Self.isSurface(m) {
                // A second styling boundary, or styling outside rules set on the view: a new layer around it.
                if draft.hasSurface || draft.hasRules {
                    startLayer(
                        &draft, after: &layers, children: &children, type: type, path: path,
                        at: source.location(m.syntax),
                        natives: natives)
                }
                surface(m, &draft, scope)
                // A layer's natives are read only up to the first surface modifier (no
                // same-type method has its name: the leading run ends there at the latest),
                // so one is kept: each layer of a chain of `.tw` calls does not copy
                // all the calls before it (that made such chains quadratic in time and memory).
                if !nativesHoldSurface {
                    natives.append(name)
                    nativesHoldSurface = true
                }
                continue
            }
            if name == "twShared", let call {
                // swiftcn's shared element in the app's namespace: said so, never skipped.
                let id = call.arguments.first.map { $0.expression.sourceText } ?? ""
                let namespace = call.arguments.first { $0.label?.text == "in" }?.expression.sourceText ?? ""
                let at = call.calledExpression.as(MemberAccessExprSyntax.self).map { source.location($0.declName) }
                findings.append(
                    SourceFinding.sharedInAppNamespace(id: id, namespace: namespace)
                        .diagnostic(at: at ?? source.location(m.syntax)))
            }
            switch name {
            case "twRules", "twTheme":
                if let call {
                    var read: SceneRules
                    if name == "twTheme" {
                        read = rules.theme(call, scope)
                    } else if let (condition, whenTrue, whenFalse) = rules.conditional(call, scope) {
                        // Both rule sets: the subtree is read under each, as two branches.
                        read = whenTrue
                        conditionalRules.append((condition, whenFalse))
                    } else {
                        read = rules.rules(call, scope)
                    }
                    if draft.node.rules != nil || draft.hasSurface {
                        startLayer(
                            &draft, after: &layers, children: &children, type: type, path: path,
                            at: source.location(m.syntax),
                            natives: natives)
                    }
                    draft.node.rules = read
                    draft.hasRules = true
                }
            case _ where LibraryUtilities.methods[name] != nil:
                // `.cnTextUtilities()`: swiftcn's scoped utilities for the subtree, as `.twRules { … }` would.
                if draft.node.rules != nil || draft.hasSurface {
                    startLayer(
                        &draft, after: &layers, children: &children, type: type, path: path,
                        at: source.location(m.syntax),
                        natives: natives)
                }
                draft.node.rules = LibraryUtilities.rules(
                    LibraryUtilities.methods[name] ?? [], at: source.location(m.syntax))
                draft.hasRules = true
            case "cocoa":
                if let forType = call?.arguments.first(where: { $0.label?.text == "for" })?.expression {
                    var typeText = forType.sourceText
                    if typeText.hasSuffix(".self") { typeText = String(typeText.dropLast(5)) }
                    draft.node.cocoa.append(CocoaRequest(typeName: typeText))
                } else {
                    draft.node.cocoa.append(CocoaRequest(typeName: nil))
                }
            case _ where Self.isLifecycle(name):
                draft.node.lifecycle.append(name == "onViewDidDisAppear" ? "onViewDidDisappear" : name)
            case "id":
                if let call {
                    IdentityLints.id(call, chain: modifiers, eval: eval, scope: scope, findings: &lints)
                    if let arg = call.arguments.first?.expression { draft.node.id = arg.sourceText }
                }
            case "disabled":
                // `.disabled` sets `isEnabled` for what it wraps: written after the styling it disables the
                // surface (swiftcn's `TWModifier` reads the environment); before it, only the view inside.
                if draft.hasSurface, let arg = call?.arguments.first?.expression {
                    draft.states.append((.disabled, eval.value(arg, scope)))
                }
            default:
                if let styles = Self.styleModifiers[name], let arg = call?.arguments.first?.expression,
                    let member = eval.unwrap(arg).as(MemberAccessExprSyntax.self), member.base == nil,
                    let style = styles[member.declName.baseName.text]
                {
                    draft.node.style = style
                }
                if !draft.hasSurface { natives.append(name) }
                if !draft.hasSurface { draft.node.native = natives }
            }
            if let call, !Self.actionModifiers.contains(name), !Self.isLifecycle(name) {
                // An overlay's or a sheet's content sits inside the `.disabled` written after it.
                environmentStates = around + disables.filter { $0.index > index }.map(\.state)
                // `.background(Color.red.tw("p-4"))`, `.overlay(Text("o").tw(…), alignment: .top)`: a view
                // passed as the argument, read as the closure forms are (kept when it holds styling).
                if Self.viewArgumentModifiers.contains(name), let first = call.arguments.first, first.label == nil,
                    let node = argumentView(first, path: "\(path)/\(numbered)", scope: scope)
                {
                    children.append(node)
                    numbered += 1
                }
                for closure in Self.closures(of: call) {
                    let read = nodes(closure.statements, path: path, scope: scope)
                    Self.append(read, under: path, to: &children, &numbered)
                }
                environmentStates = around
            }
        }
        layers.append(finish(&draft, children: &children))
        // Each later styling boundary wraps the earlier ones: the last is the outermost node.
        var result = Self.nested(consume layers)
        if !lints.isEmpty && Self.hasStyling(result) { result.findings += lints }
        for (condition, whenFalse) in conditionalRules {
            result = rulesBranches(result, condition: condition, whenFalse: whenFalse, path: path)
        }
        return result
    }

    /// The mark of a view that is there only when `condition` holds (`[when c]`) or does not (`[when !c]`).
    static func when(_ condition: String, holds: Bool) -> String {
        holds ? "[when \(condition)]" : "[when !\(condition)]"
    }

    /// `.twRules(c ? a : b)`: the view under `a` when `c` (`…[when c]`), and a copy
    /// under `b` when not (`…[when !c]`), side by side in a node without styling.
    func rulesBranches(_ node: SceneNode, condition: Condition, whenFalse: SceneRules, path: String) -> SceneNode {
        var other = node
        var stack: [[Int]] = [[]]
        // The node holding the rules read at this call gets the other rule set.
        while let indexes = stack.popLast() {
            var found = false
            func visit(_ n: inout SceneNode, _ rest: ArraySlice<Int>) {
                if let first = rest.first {
                    visit(&n.children[first], rest.dropFirst())
                } else if n.rules?.location == whenFalse.location {
                    n.rules = whenFalse
                    found = true
                }
            }
            visit(&other, indexes[...])
            if found { break }
            var n = other
            for i in indexes { n = n.children[i] }
            for i in n.children.indices.reversed() { stack.append(indexes + [i]) }
        }
        var wrapper = SceneNode(type: "Rules", path: path, jsonPath: path, line: node.line, location: node.location)
        wrapper.children = [
            Self.renamed(node, to: path + Self.when(condition.text, holds: true)),
            Self.renamed(other, to: path + Self.when(condition.text, holds: false)),
        ]
        return wrapper
    }

    /// What `self` is in code of `owner`: the view type of this file, or `View` in an extension of it.
    func selfType(_ owner: String) -> String {
        eval.index.log?.noteDeclared()
        guard let info = eval.index.types[owner], info.conformsToView || info.name != "View" else { return "View" }
        return info.name.startsUppercase ? info.name : "View"
    }

    /// Whether a node or a node below it applies `.tw` styling.
    static func hasStyling(_ node: SceneNode) -> Bool {
        var stack = [node]
        while let n = stack.popLast() {
            if n.isStyled { return true }
            stack += n.children
        }
        return false
    }

    /// Layers inner to outer → the outermost node with the others nested inside.
    static func nested(_ layers: consuming [SceneNode]) -> SceneNode {
        // Taken from the end, each layer is moved (not copied) into the next.
        layers.reverse()
        var inner = layers.removeLast()
        while var outer = layers.popLast() {
            outer.children.insert(inner, at: 0)
            inner = outer
        }
        return inner
    }

    /// `Text("Title")`'s title, for display.
    static func title(_ base: ExprSyntax) -> String? {
        guard let c = base.as(FunctionCallExprSyntax.self), let first = c.arguments.first, first.label == nil,
            let s = first.expression.as(StringLiteralExprSyntax.self)
        else { return nil }
        return s.segments.sourceText
    }

    /// The base's closures that hold views: not a `Button`'s action.
    static func viewClosures(of call: FunctionCallExprSyntax, type: String) -> [ClosureExprSyntax] {
        var out: [ClosureExprSyntax] = []
        for a in call.arguments {
            guard let closure = a.expression.as(ClosureExprSyntax.self) else { continue }
            if a.label?.text == "action" { continue }
            out.append(closure)
        }
        if let trailing = call.trailingClosure {
            // Asked of a `Button` only: most views have a trailing closure and no label to look at.
            var isAction = false
            if type == "Button" {
                let titled = call.arguments.first.map { $0.label == nil } ?? false
                let labelClosure = call.additionalTrailingClosures.contains { $0.label.text == "label" }
                isAction = !call.arguments.contains { $0.label?.text == "action" } && (titled || labelClosure)
            }
            if !isAction { out.append(trailing) }
        }
        for extra in call.additionalTrailingClosures { out.append(extra.closure) }
        return out
    }

    /// Modifiers whose first argument may be a view (`background(_:alignment:)`,
    /// `overlay(_:alignment:)`, `mask(_:)`; SwiftUI declares each from iOS 13).
    static let viewArgumentModifiers: Set<String> = ["background", "overlay", "mask"]

    static func closures(of call: FunctionCallExprSyntax) -> [ClosureExprSyntax] {
        var out = call.arguments.compactMap { $0.expression.as(ClosureExprSyntax.self) }
        if let t = call.trailingClosure { out.append(t) }
        for extra in call.additionalTrailingClosures { out.append(extra.closure) }
        return out
    }

    static func isSurface(_ m: Modifier) -> Bool {
        switch m.name {
        case "tw", "twAnimation": return true
        case "buttonStyle", "textFieldStyle", "toggleStyle", "labelStyle":
            return m.call?.arguments.first.map { isTW($0.expression) } ?? false
        default: return false
        }
    }

    /// `.tw(…)` or `.tw` as an argument (`.buttonStyle(.tw("…"))`, `.textFieldStyle(.tw)`).
    /// `.twNative(…)` too, for a button style (swiftcn's native-button style).
    static func isTW(_ e: ExprSyntax) -> Bool {
        twName(e) == "tw" || twName(e) == "twNative"
    }

    /// The implicit member a style argument names: `tw` in `.tw("…")` and `.tw`.
    static func twName(_ e: ExprSyntax) -> String? {
        var e = e
        if let c = e.as(FunctionCallExprSyntax.self) { e = c.calledExpression }
        guard let m = e.as(MemberAccessExprSyntax.self), m.base == nil else { return nil }
        return m.declName.baseName.text
    }

    // MARK: surfaces

    /// What a layer's surfaces are, before conditions are fixed.
    struct Draft {
        var node: SceneNode
        var tw: Value?
        var buttonStyle: Value?
        var twAnimation: Value?
        var adapters: [(kind: StyleAdapter.Kind, base: String?, classes: Value)] = []
        var states: [(Variant, Value)] = []
        var hasRules = false
        var hasSurface: Bool { tw != nil || buttonStyle != nil || twAnimation != nil || !adapters.isEmpty }
    }

    private mutating func surface(_ m: Modifier, _ draft: inout Draft, _ scope: Scope) {
        guard let call = m.call else { return }
        let arguments = call.arguments
        if collectsSpans, let key = draft.node.location {
            ClassSpans.collect(arguments, source, into: &classSpans[key, default: [:]])
            spanKeys.append(key)
        }
        switch m.name {
        case "tw":
            // `.tw("p-4 rounded")`, nearly every call: the literal's text from the file's bytes.
            if let text = source.plainLiteral(arguments) {
                draft.tw = .text(text)
                return
            }
            // The arguments as an array once: each pass over the syntax collection itself is a generic call per element.
            let list = Array(arguments)
            let unlabeled = list.filter { $0.label == nil }
            draft.tw = classes(unlabeled: unlabeled, scope)
            // Most calls pass the classes alone: only labelled arguments are read on.
            guard unlabeled.count < list.count else { return }
            for a in list where a.label?.text == "state" { state(a.expression, &draft, scope) }
            // `.tw(…, value:, animationScope:)`: what a value change animates is the app's run-time
            // behaviour, not part of the chain; said so, never dropped without a word.
            for a in list where a.label?.text == "animationScope" {
                findings.append(
                    SourceFinding.rulesNotRead(
                        what: "`animationScope: \(a.expression.sourceText)` (what a change of `value:` animates)"
                    ).diagnostic(at: source.location(a.expression)))
            }
        case "twAnimation":
            draft.twAnimation = classes(call.arguments, scope)
        case "buttonStyle":
            var classes = twArgument(call, scope).classes
            if let inner = call.arguments.first?.expression, Self.twName(inner) == "twNative",
                !(inner.as(FunctionCallExprSyntax.self)?.arguments.contains { $0.label == nil } ?? false)
            {
                // `.twNative` and `.twNative(state:)` style with swiftcn's default classes.
                classes = .text("glass")
            }
            draft.buttonStyle = classes
            // A plain button's label follows ButtonStyle.Configuration.isPressed (seed 003):
            // its pressed: classes depend on that at run time.
            if let style = call.arguments.first?.expression, Self.namesPressVariant(style.sourceText) {
                let c = Condition(text: "configuration.isPressed", location: source.location(call))
                draft.states.append((.pressed, .conditional(c, .bool(true), .bool(false))))
            }
        default:
            guard let kind = Self.adapters[m.name] else { return }
            let inner = twArgument(call, scope)
            draft.adapters.append((kind, inner.base, inner.classes))
            // `.textFieldStyle(.tw("input", state: TWState(isFocused: f)))`: the adapter passes its state to
            // the field's styling (swiftcn's ControlStyles.swift).
            if let adapter = call.arguments.first.flatMap({ eval.unwrap($0.expression).as(FunctionCallExprSyntax.self) }
            ) {
                for a in adapter.arguments where a.label?.text == "state" { state(a.expression, &draft, scope) }
            }
        }
    }

    /// Whether source text holds a class with a `pressed:` or `active:`
    /// variant (at any nesting, `hover:pressed:x` too), or the typed
    /// `.pressed(…)` / `.active(…)` style: a class's variants are its
    /// `:`-separated parts outside brackets before the last, so
    /// `inactive:x`, `group-active:x` and `bg-[a:pressed:b]` name none.
    static func namesPressVariant(_ text: String) -> Bool {
        if text.contains(".pressed(") || text.contains(".active(") { return true }
        let separators = Set(" \t\n\r\"(),".unicodeScalars)
        for token in text.unicodeScalars.split(whereSeparator: { separators.contains($0) }) {
            var depth = 0
            var part = String.UnicodeScalarView()
            for scalar in token {
                switch scalar {
                case "[": depth += 1
                case "]": depth = max(0, depth - 1)
                case ":" where depth == 0:
                    let name = String(part)
                    if name == "pressed" || name == "active" { return true }
                    part.removeAll()
                    continue
                default: break
                }
                part.append(scalar)
            }
        }
        return false
    }

    /// The classes (and toggle base) inside `.tw(…)` as an argument.
    private func twArgument(_ call: FunctionCallExprSyntax, _ scope: Scope) -> (classes: Value, base: String?) {
        guard let arg = call.arguments.first?.expression, let inner = arg.as(FunctionCallExprSyntax.self) else {
            return (.text(""), nil)
        }
        var base: String?
        if let b = inner.arguments.first(where: { $0.label?.text == "base" })?.expression.as(
            MemberAccessExprSyntax.self)
        {
            base = b.declName.baseName.text
        }
        return (classes(inner.arguments, scope), base)
    }

    /// The unlabeled arguments of `.tw(…)`: one class expression, or typed styles.
    private func classes(_ arguments: LabeledExprListSyntax, _ scope: Scope) -> Value {
        // An array first: SwiftSyntax's own `filter` builds a new tree, copying every ancestor.
        classes(unlabeled: Array(arguments).filter { $0.label == nil }, scope)
    }

    /// `classes(_:_:)` of the unlabeled arguments, already picked out.
    private func classes(unlabeled: [LabeledExprSyntax], _ scope: Scope) -> Value {
        if unlabeled.count == 1, let only = unlabeled.first { return StyleValues.value(only.expression, eval, scope) }
        return .list(unlabeled.map { StyleValues.value($0.expression, eval, scope) })
    }

    /// `TWState(isFocused: x, isHovered: …)`: explicit states, a condition when not a literal.
    private func state(_ expr: ExprSyntax, _ draft: inout Draft, _ scope: Scope) {
        guard let c = eval.unwrap(expr).as(FunctionCallExprSyntax.self) else { return }
        let labels: [String: Variant] = [
            "isFocused": .focus, "isHovered": .hover, "isPressed": .pressed, "isDisabled": .disabled,
            "focused": .focus, "hovered": .hover, "pressed": .pressed, "disabled": .disabled,
        ]
        for a in c.arguments {
            guard let label = a.label?.text, let variant = labels[label] else { continue }
            draft.states.append((variant, eval.value(a.expression, scope)))
        }
    }

    /// Fixes the draft's conditions into the node's combinations.
    /// Closes the layer read so far and starts the next one around it, at a
    /// modifier that styles again (or sets rules again), with the natives so far.
    private mutating func startLayer(
        _ draft: inout Draft, after layers: inout [SceneNode], children: inout [SceneNode], type: String,
        path: String, at location: TWModel.SourceLocation, natives: [String]
    ) {
        layers.append(finish(&draft, children: &children))
        // One string for both paths, sized to fit (an interpolation reserves several times a short path's length).
        let layerPath = path + "+" + String(layers.count)
        draft = Draft(
            node: SceneNode(
                type: type, path: layerPath, jsonPath: layerPath, line: location.line, location: location))
        draft.node.native = natives
        draft.states = environmentStates
    }

    /// The `.disabled(x)` calls of a chain, by position, each as a state: x itself when it is a
    /// literal or a condition, else a condition of its own at x.
    private func disabledStates(_ modifiers: [Modifier], _ scope: Scope) -> [(index: Int, state: (Variant, Value))] {
        var out: [(index: Int, state: (Variant, Value))] = []
        for (index, m) in modifiers.enumerated() where m.name == "disabled" {
            guard let arg = m.call?.arguments.first?.expression else { continue }
            let value = eval.value(arg, scope)
            switch value {
            case .bool, .conditional: out.append((index, (.disabled, value)))
            default:
                let c = Condition(text: value.stateText, location: value.location ?? source.location(arg))
                out.append((index, (.disabled, .conditional(c, .bool(true), .bool(false)))))
            }
        }
        return out
    }

    /// The states around the view being read, as text (a kept read is taken again under the same ones).
    var environmentKey: [String] {
        environmentStates.map { variant, value in
            let name = "\(variant.state.rawValue)\(variant.group.map { "/" + $0 } ?? "")"
            // The whole value: a condition's text, place and both branches.
            return "\(name)=\(String(reflecting: value))"
        }
    }

    private mutating func finish(_ draft: inout Draft, children: inout [SceneNode]) -> SceneNode {
        var node = draft.node
        node.children = children
        children = []
        // The common layer, plain classes and nothing else: its one combination is those classes,
        // made without the combinator's lists (a chain of a thousand `.tw` calls is a thousand layers).
        if draft.states.isEmpty, draft.buttonStyle == nil, draft.twAnimation == nil, draft.adapters.isEmpty {
            switch draft.tw {
            case nil: return node
            case .text(let text)?:
                if let last = lastPlain, last.segments.count == 1, case .text(text) = last.segments[0] {
                    node.tw = last
                } else {
                    node.tw = TWClasses(text)
                    lastPlain = node.tw
                }
                return node
            default: break
            }
        }
        var conditions: [Condition] = []
        for v in [draft.tw, draft.buttonStyle, draft.twAnimation].compactMap({ $0 }) + draft.adapters.map(\.classes) {
            Combinator.conditions(v, into: &conditions)
        }
        // A state that is not a literal is a condition of its own.
        var states: [(Variant, Value)] = []
        for (variant, value) in draft.states {
            switch value {
            case .bool, .conditional: states.append((variant, value))
            default:
                let text = value.stateText
                let c = Condition(text: text, location: value.location ?? node.location ?? source.fileStart)
                states.append((variant, .conditional(c, .bool(true), .bool(false))))
            }
        }
        for (_, v) in states { Combinator.conditions(v, into: &conditions) }
        if conditions.count > 6 {
            node.findings.append(
                SourceFinding.combinationsLimited(conditions: conditions.count, varied: 6).diagnostic(at: node.location)
            )
        }
        node.conditions = conditions.map { SurfaceCondition(text: $0.text, location: $0.location) }
        var notes: [Diagnostic] = []
        for (i, values) in Combinator.combinations(conditions).enumerated() {
            var assignment: [String: Bool] = [:]
            for (c, v) in zip(conditions, values) { assignment[c.text] = v }
            var combinator = Combinator(assignment)
            var combination = SurfaceCombination(values: values)
            if let tw = draft.tw { combination.tw = combinator.classes(tw) ?? TWClasses(segments: []) }
            if let b = draft.buttonStyle { combination.buttonStyle = combinator.classes(b) ?? TWClasses(segments: []) }
            if let a = draft.twAnimation { combination.twAnimation = combinator.classes(a) ?? TWClasses(segments: []) }
            combination.adapters = draft.adapters.map {
                StyleAdapter(
                    kind: $0.kind, base: $0.base, classes: combinator.classes($0.classes) ?? TWClasses(segments: []))
            }
            var active: Set<Variant> = []
            for (variant, value) in states {
                if case .bool(true) = combinator.fix(value) { active.insert(variant) }
            }
            // A state written out (`TWState(isPressed: false)`) is supplied by the caller, on or off.
            combination.state = SurfaceState(active, explicit: Set(states.map(\.0)))
            for n in combinator.notes where !notes.contains(n) { notes.append(n) }
            if i == 0 {
                node.tw = combination.tw
                node.buttonStyle = combination.buttonStyle
                node.twAnimation = combination.twAnimation
                node.adapters = combination.adapters
                node.state = combination.state
            } else {
                node.combinations.append(combination)
            }
        }
        if conditions.isEmpty { node.conditions = [] }
        node.findings += notes
        return node
    }
}

extension Value {
    /// The text of a state's runtime value, for its condition.
    var stateText: String {
        switch self {
        case .symbolic(let text, _, _), .dynamic(let text, _, _):
            return text.hasPrefix("self.") ? String(text.dropFirst(5)) : text
        default: return "state"
        }
    }

    var location: TWModel.SourceLocation? {
        switch self {
        case .symbolic(_, _, let at), .dynamic(_, _, let at): return at
        default: return nil
        }
    }
}

extension SourceContext {
    var fileStart: TWModel.SourceLocation { TWModel.SourceLocation(file: file, line: 1, column: 1) }
}
