import TWModel
import TWScenes

@_implementationOnly import SwiftSyntax

/// The declarations of one file that class expressions can name: stored and
/// computed properties and functions of each type (extensions merged), and
/// file-level constants. Only this file is visible: a name declared in
/// another file is a value known at run time.
final class FileIndex {
    /// A property or function a name can refer to.
    struct Member {
        var name: String
        /// The binding (`let x: T = …`, `var x: T { … }`), for properties.
        var binding: PatternBindingSyntax?
        var function: FunctionDeclSyntax?
        var isLet: Bool
        var isStatic: Bool
        /// A property wrapper such as `State`, `FocusState`, `Environment`: a runtime value.
        var wrapper: String?
        /// The declared type, as written (`TWClasses`, `Angle`).
        var typeText: String?
        /// The type it belongs to, by qualified name ("" at file level).
        var owner: String
    }

    /// A type of the file (struct, class, enum, actor), with its extensions.
    struct TypeInfo {
        var name: String
        var qualified: String
        var members: [String: [Member]] = [:]
        var conformsToView = false
    }

    /// A place whose result is views: a `View`'s `body`, a `some View` property
    /// or function, a `#Preview`.
    struct ViewRoot {
        enum Kind {
            case property(PatternBindingSyntax)
            case function(FunctionDeclSyntax)
            case preview(MacroExpansionDeclSyntax)
        }
        var kind: Kind
        /// `Card.body`, `Card.row(item:)`, `#Preview("Dark")`.
        var name: String
        /// Qualified name of the type it is in ("" at file level).
        var owner: String
        /// The `#if` condition it is compiled under, when the platform does not decide it.
        var condition: String? = nil
    }

    private(set) var types: [String: TypeInfo] = [:]
    /// Simple name → qualified name (the first declared).
    private var simpleNames: [String: String] = [:]
    private(set) var globals: [String: Member] = [:]
    /// In source order.
    private(set) var roots: [ViewRoot] = []
    /// The platform `#if os(…)` blocks are read for.
    let platform: RenderEnvironment.Platform

    init(_ file: SourceFileSyntax, platform: RenderEnvironment.Platform = RenderEnvironment().platform) {
        self.platform = platform
        var pendingRoots: [(ViewRoot, isBody: Bool)] = []
        var viewTypes = Set<String>()
        // Iterative depth-first walk in source order: declarations nest
        // arbitrarily deep in hostile input, and roots keep source order.
        var work: [(DeclSyntax, String, String?)] = file.statements.compactMap { item in
            item.item.as(DeclSyntax.self).map { ($0, "", nil) }
        }.reversed()
        while let (decl, owner, condition) = work.popLast() {
            let rootsBefore = pendingRoots.count
            defer {
                if let condition {
                    for i in rootsBefore..<pendingRoots.count where pendingRoots[i].0.condition == nil {
                        pendingRoots[i].0.condition = condition
                    }
                }
            }
            do {
                var nested: [DeclSyntax] = []
                var typeName: String?
                var inherited: InheritanceClauseSyntax?
                if let s = decl.as(StructDeclSyntax.self) {
                    typeName = s.name.text
                    inherited = s.inheritanceClause
                    nested = s.memberBlock.members.map(\.decl)
                } else if let c = decl.as(ClassDeclSyntax.self) {
                    typeName = c.name.text
                    inherited = c.inheritanceClause
                    nested = c.memberBlock.members.map(\.decl)
                } else if let e = decl.as(EnumDeclSyntax.self) {
                    typeName = e.name.text
                    inherited = e.inheritanceClause
                    nested = e.memberBlock.members.map(\.decl)
                } else if let a = decl.as(ActorDeclSyntax.self) {
                    typeName = a.name.text
                    inherited = a.inheritanceClause
                    nested = a.memberBlock.members.map(\.decl)
                } else if let x = decl.as(ExtensionDeclSyntax.self) {
                    let extended = x.extendedType.sourceText
                    let qualified = simpleNames[extended] ?? extended
                    if types[qualified] == nil { types[qualified] = TypeInfo(name: extended, qualified: qualified) }
                    if Self.inheritsView(x.inheritanceClause) { viewTypes.insert(qualified) }
                    work.append(contentsOf: x.memberBlock.members.reversed().map { ($0.decl, qualified, condition) })
                    continue
                } else if let block = decl.as(IfConfigDeclSyntax.self) {
                    // Every clause the platform allows, in order, each under its own condition.
                    var decls: [(DeclSyntax, String, String?)] = []
                    for chosen in BuildConditions.clauses(block, platform: platform) {
                        let under = [condition, chosen.condition].compactMap { $0 }.joined(separator: " && ")
                        let mark: String? = under.isEmpty ? nil : under
                        switch chosen.clause.elements {
                        case .decls(let members)?: decls += members.map { ($0.decl, owner, mark) }
                        case .statements(let items)?:
                            decls += items.compactMap { $0.item.as(DeclSyntax.self).map { ($0, owner, mark) } }
                        default: break
                        }
                    }
                    work.append(contentsOf: decls.reversed())
                    continue
                } else if let v = decl.as(VariableDeclSyntax.self) {
                    addVariable(v, owner: owner, roots: &pendingRoots)
                    continue
                } else if let f = decl.as(FunctionDeclSyntax.self) {
                    addFunction(f, owner: owner, roots: &pendingRoots)
                    continue
                } else if let m = decl.as(MacroExpansionDeclSyntax.self), m.macroName.text == "Preview" {
                    var name = "#Preview"
                    if let title = m.arguments.first?.expression.as(StringLiteralExprSyntax.self) {
                        name += "(\(title.sourceText))"
                    }
                    pendingRoots.append((ViewRoot(kind: .preview(m), name: name, owner: owner), false))
                    continue
                } else {
                    continue
                }
                if let typeName {
                    let qualified = owner.isEmpty ? typeName : owner + "." + typeName
                    if types[qualified] == nil { types[qualified] = TypeInfo(name: typeName, qualified: qualified) }
                    if simpleNames[typeName] == nil { simpleNames[typeName] = qualified }
                    if Self.inheritsView(inherited) { viewTypes.insert(qualified) }
                    // Members next, in order, before the next sibling.
                    work.append(contentsOf: nested.reversed().map { ($0, qualified, condition) })
                }
            }
        }
        for name in viewTypes { types[name]?.conformsToView = true }
        roots = pendingRoots.compactMap { root, isBody in
            // `body` is a root in a View, or when it is declared `some View` anyway.
            if isBody, !(types[root.owner]?.conformsToView ?? false) { return nil }
            return root
        }
    }

    static func inheritsView(_ clause: InheritanceClauseSyntax?) -> Bool {
        clause?.inheritedTypes.contains { t in
            let name = t.type.sourceText
            // An App's `body` (`some Scene`) is read too: its views and rules reach the app's screens.
            return name == "View" || name == "SwiftUI.View" || name == "ViewModifier" || name == "App"
        } ?? false
    }

    private func addVariable(_ v: VariableDeclSyntax, owner: String, roots: inout [(ViewRoot, isBody: Bool)]) {
        let isLet = v.bindingSpecifier.tokenKind == .keyword(.let)
        let isStatic = v.modifiers.contains { $0.name.tokenKind == .keyword(.static) || $0.name.text == "class" }
        var wrapper: String?
        for attribute in v.attributes {
            if let a = attribute.as(AttributeSyntax.self) { wrapper = a.attributeName.sourceText }
        }
        for binding in v.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
            let typeText = binding.typeAnnotation?.type.sourceText
            let member = Member(
                name: name, binding: binding, function: nil, isLet: isLet, isStatic: isStatic, wrapper: wrapper,
                typeText: typeText, owner: owner)
            if owner.isEmpty {
                globals[name] = member
            } else {
                types[owner, default: TypeInfo(name: owner, qualified: owner)].members[name, default: []].append(member)
            }
            let returnsView = typeText.map(Self.isSomeView) ?? false
            if returnsView && binding.accessorBlock != nil {
                let root = ViewRoot(
                    kind: .property(binding), name: owner.isEmpty ? name : "\(owner).\(name)", owner: owner)
                roots.append((root, name == "body"))
            }
        }
    }

    private func addFunction(_ f: FunctionDeclSyntax, owner: String, roots: inout [(ViewRoot, isBody: Bool)]) {
        let name = f.name.text
        let member = Member(
            name: name, binding: nil, function: f, isLet: true,
            isStatic: f.modifiers.contains { $0.name.tokenKind == .keyword(.static) }, wrapper: nil,
            typeText: f.signature.returnClause?.type.sourceText, owner: owner)
        if owner.isEmpty {
            if globals[name] == nil { globals[name] = member }
        } else {
            types[owner, default: TypeInfo(name: owner, qualified: owner)].members[name, default: []].append(member)
        }
        guard let returns = f.signature.returnClause?.type.sourceText, Self.isSomeView(returns),
            f.body != nil
        else { return }
        let labels = f.signature.parameterClause.parameters.map { "\($0.firstName.text):" }.joined()
        let display = "\(name)(\(labels))"
        roots.append(
            (ViewRoot(kind: .function(f), name: owner.isEmpty ? display : "\(owner).\(display)", owner: owner), false))
    }

    static func isSomeView(_ type: String) -> Bool {
        type == "some View" || type == "some SwiftUI.View" || type == "any View" || type == "some Scene"
    }

    /// The member `name` seen from inside `owner`: the type and its enclosing types, then the file.
    func lookup(_ name: String, from owner: String) -> Member? {
        let found = _lookup(name, from: owner)
        if let log { found == nil ? log.absent.append(.member(name)) : log.noteDeclared() }
        return found
    }

    private func _lookup(_ name: String, from owner: String) -> Member? {
        var scope = owner
        while true {
            if let found = types[scope]?.members[name]?.first { return found }
            guard let dot = scope.lastIndex(of: ".") else { break }
            scope = String(scope[..<dot])
        }
        if !owner.isEmpty, let found = types[owner]?.members[name]?.first { return found }
        return globals[name]
    }

    /// A static member of a named type (`Self.base`, `Card.base`).
    func lookup(_ name: String, inType type: String, from owner: String) -> Member? {
        let qualified = type == "Self" ? owner : (simpleNames[type] ?? type)
        let found = types[qualified]?.members[name]?.first
        if let log { found == nil ? log.absent.append(.staticMember(name, type)) : log.noteDeclared() }
        return found
    }

    /// The qualified name of a type of this file, if it is one.
    func qualifiedType(_ simple: String) -> String? {
        let found = simpleNames[simple]
        if let log { found == nil ? log.absent.append(.type(simple)) : log.noteDeclared() }
        return found
    }

    /// The type a view expression names (`Card` in `Card()`), by its simple
    /// or its qualified name, when this file declares it.
    func declaredType(_ name: String) -> String? {
        let found = simpleNames[name] ?? (types[name] != nil ? name : nil)
        if let log { found == nil ? log.absent.append(.type(name)) : log.noteDeclared() }
        return found
    }

    /// What reading one view asked of the file (`ViewTreeReader.Memo`): the
    /// names it looked for that the file does not declare, and whether it
    /// used anything the file does declare. A read that used nothing declared
    /// is a function of its own text, its place and those absences.
    final class QueryLog {
        /// A name asked for and not found, from a scope's owner.
        enum Absence: Hashable {
            case member(String)
            case staticMember(String, String)
            case type(String)
        }
        var absent: [Absence] = []
        /// Whether something declared in the file (or bound in a scope) was used.
        private(set) var usedDeclarations = false
        func noteDeclared() { usedDeclarations = true }
        /// Starts a nested read; returns what to hand to `end`.
        func begin() -> (mark: Int, used: Bool) {
            let before = (absent.count, usedDeclarations)
            usedDeclarations = false
            return before
        }
        /// Ends a nested read: its absences and whether it used declarations, folded into the enclosing read.
        func end(_ before: (mark: Int, used: Bool)) -> (absent: ArraySlice<Absence>, used: Bool) {
            let used = usedDeclarations
            usedDeclarations = used || before.used
            return (absent[before.mark...], used)
        }
    }

    /// Set while views are read for the reader's memo.
    var log: QueryLog?

    /// Whether `absence` still holds: the name is neither bound in `scope` nor declared here.
    func stillAbsent(_ absence: QueryLog.Absence, scope: Scope) -> Bool {
        switch absence {
        case .member(let name): return scope.find(name) == nil && _lookup(name, from: scope.owner) == nil
        case .staticMember(let name, let type):
            let qualified = type == "Self" ? scope.owner : (simpleNames[type] ?? type)
            return types[qualified]?.members[name]?.first == nil
        case .type(let name): return simpleNames[name] == nil && types[name] == nil
        }
    }
}
