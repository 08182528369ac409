/// The host's record of what a factory or built-in utility produces: native
/// SwiftUI modifiers with labelled, typed arguments and nested content.
///
/// ```swift
/// // .background { RoundedRectangle(cornerRadius: 20).fill(.ultraThinMaterial).opacity(1) }
/// let node = IRNode.modifier("background", [
///     IRArgument(nil, .content([
///         .view("RoundedRectangle", [IRArgument("cornerRadius", .number(20))]),
///         .modifier("fill", [IRArgument(nil, .member("ultraThinMaterial"))]),
///         .modifier("opacity", [IRArgument(nil, .number(1))]),
///     ]))
/// ])
/// ```
public struct IRNode: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        /// `.name(args…)` applied to the chain.
        case modifier
        /// `Name(args…)`, a view that starts a chain inside content.
        case view
    }
    public var kind: Kind
    public var name: String
    public var arguments: [IRArgument]

    public init(kind: Kind, name: String, arguments: [IRArgument]) {
        self.kind = kind
        self.name = name
        self.arguments = arguments
    }

    public static func modifier(_ name: String, _ arguments: [IRArgument] = []) -> IRNode {
        IRNode(kind: .modifier, name: name, arguments: arguments)
    }

    public static func view(_ name: String, _ arguments: [IRArgument] = []) -> IRNode {
        IRNode(kind: .view, name: name, arguments: arguments)
    }
}

/// One argument of a node: an optional label and a value.
public struct IRArgument: Hashable, Sendable {
    public var label: String?
    public var value: IRValue
    public init(_ label: String?, _ value: IRValue) {
        self.label = label
        self.value = value
    }
}

/// An argument value.
public indirect enum IRValue: Hashable, Sendable {
    case number(Double)
    case bool(Bool)
    case string(String)
    case color(ColorValue)
    /// An enum member such as `.ultraThinMaterial`.
    case member(String)
    case animation(AnimationValue)
    /// A static call such as `.degrees(8)`.
    case call(String, [IRArgument])
    /// A tuple such as `(x: 0, y: 1, z: 0)`.
    case tuple([IRArgument])
    /// A view closure `{ … }`.
    case content([IRNode])
    /// A view passed as a value, without a closure: `RoundedRectangle(cornerRadius: 8).fill(.red)`
    /// (the argument of `.background(_:alignment:)`, iOS 13).
    case view([IRNode])
    /// Members and calls applied one after another: `.system(.body).weight(.semibold)`.
    case chain([IRValue])
    /// Swift source text for a value known only at run time: a symbolic value
    /// from a Swift source (`angle` in `tilt-[\(angle)]`), or an argument of an
    /// inline registration that is not a literal. `standsFor` is a value of the
    /// same type, which gives the structure (R-ID-1 never looks at values);
    /// nil when the type is not known either.
    case symbolic(String, standsFor: IRValue?)
}

/// The modifiers one slot or utility applies, in application order.
public struct ModifierIR: Hashable, Sendable {
    public var nodes: [IRNode]
    public init(_ nodes: [IRNode] = []) { self.nodes = nodes }
    public var isEmpty: Bool { nodes.isEmpty }
}
