import TWModel
import TWPluginAPI

/// Records the builder callbacks of one factory call as `ModifierIR`.
///
/// A factory receives a `tw_builder` whose `host` field points at a recorder.
/// The recorder checks every call (balanced begin/end, names present, node
/// kinds where they may stand, bounded size) and keeps the first misuse as the
/// call's error. After the call returns the recorder is closed: a plugin that
/// kept the builder and calls it later only reaches a closed recorder.
final class IRRecorder {
    static let maxDepth = 32
    static let maxNodes = 4096

    private enum FrameKind { case root, node(IRNode.Kind), call, tuple, content }
    private struct Frame {
        var kind: FrameKind
        var label: String?
        var name: String
        var arguments: [IRArgument] = []
        var nodes: [IRNode] = []
    }

    private var stack: [Frame] = [Frame(kind: .root, label: nil, name: "")]
    private var count = 0
    private(set) var error: String?
    private(set) var closed = false

    func fail(_ message: String) {
        if error == nil { error = message }
    }

    func begin(kind: Int32, label: String?, name: String?) {
        guard !closed, error == nil else { return }
        count += 1
        guard count <= Self.maxNodes else { return fail("more than \(Self.maxNodes) builder calls") }
        guard stack.count < Self.maxDepth else { return fail("nesting deeper than \(Self.maxDepth)") }
        let top = stack[stack.count - 1].kind
        switch kind {
        case TW_NODE_MODIFIER, TW_NODE_VIEW:
            guard let name, !name.isEmpty else { return fail("begin: a modifier or view needs a name") }
            switch top {
            case .root:
                guard kind == TW_NODE_MODIFIER else { return fail("begin: a view may only stand inside content") }
            case .content:
                let hasView = stack[stack.count - 1].nodes.contains { $0.kind == .view }
                if kind == TW_NODE_MODIFIER && !hasView {
                    return fail("begin: modifier '\(name)' inside content before any view")
                }
            default:
                return fail("begin: '\(name)' cannot stand inside an argument; use TW_NODE_CALL")
            }
            stack.append(Frame(kind: .node(kind == TW_NODE_VIEW ? .view : .modifier), label: nil, name: name))
        case TW_NODE_CALL, TW_NODE_TUPLE, TW_NODE_CONTENT:
            guard isArgumentContext(top) else { return fail("begin: an argument outside a modifier") }
            if kind == TW_NODE_CALL {
                guard let name, !name.isEmpty else { return fail("begin: a call needs a name") }
                stack.append(Frame(kind: .call, label: label, name: name))
            } else {
                stack.append(Frame(kind: kind == TW_NODE_TUPLE ? .tuple : .content, label: label, name: ""))
            }
        default:
            fail("begin: unknown node kind \(kind)")
        }
    }

    func end() {
        guard !closed, error == nil else { return }
        guard stack.count > 1 else { return fail("end without begin") }
        let frame = stack.removeLast()
        switch frame.kind {
        case .root: break
        case .node(let kind):
            stack[stack.count - 1].nodes.append(IRNode(kind: kind, name: frame.name, arguments: frame.arguments))
        case .call:
            stack[stack.count - 1].arguments.append(IRArgument(frame.label, .call(frame.name, frame.arguments)))
        case .tuple:
            stack[stack.count - 1].arguments.append(IRArgument(frame.label, .tuple(frame.arguments)))
        case .content:
            guard !frame.nodes.isEmpty else { return fail("end: empty content") }
            stack[stack.count - 1].arguments.append(IRArgument(frame.label, .content(frame.nodes)))
        }
    }

    func argument(label: String?, _ value: IRValue) {
        guard !closed, error == nil else { return }
        count += 1
        guard count <= Self.maxNodes else { return fail("more than \(Self.maxNodes) builder calls") }
        guard isArgumentContext(stack[stack.count - 1].kind) else {
            return fail("an argument outside a modifier")
        }
        stack[stack.count - 1].arguments.append(IRArgument(label, value))
    }

    private func isArgumentContext(_ kind: FrameKind) -> Bool {
        switch kind {
        case .node, .call, .tuple: return true
        case .root, .content: return false
        }
    }

    /// Closes the recorder and returns what was built, or the first misuse.
    func finish() -> Result<ModifierIR, FactoryCallError> {
        closed = true
        if let error { return .failure(.builderMisuse(error)) }
        guard stack.count == 1 else { return .failure(.builderMisuse("\(stack.count - 1) node(s) left open")) }
        return .success(ModifierIR(stack[0].nodes))
    }
}

/// Why a factory call produced no IR.
public enum FactoryCallError: Error, Equatable, Sendable, CustomStringConvertible {
    case builderMisuse(String)
    case argumentTypeMismatch(expected: ArgumentType, got: ArgumentType)
    case missingArgument

    public var description: String {
        switch self {
        case .builderMisuse(let message): return "factory failed: \(message)"
        case .argumentTypeMismatch(let expected, let got):
            return "factory expects a \(expected.rawValue) argument, got \(got.rawValue)"
        case .missingArgument: return "factory needs an argument"
        }
    }
}
