import TWPluginAPI

/// Replays a recorded chain through the host's builder callbacks.
enum Emission {
    static func emit(_ view: NativeView, to builder: UnsafeMutablePointer<tw_builder>) {
        guard let api = builder.pointee.api?.pointee else { return }
        emit(nodes: view.nodes, api, builder)
    }

    private static func emit(nodes: [KitNode], _ api: tw_builder_api, _ b: UnsafeMutablePointer<tw_builder>) {
        for node in nodes {
            switch node {
            case .modifier(let name, let arguments):
                name.withCString { api.begin(b, TW_NODE_MODIFIER, nil, $0) }
                emit(arguments: arguments, api, b)
                api.end(b)
            case .view(let name, let arguments):
                name.withCString { api.begin(b, TW_NODE_VIEW, nil, $0) }
                emit(arguments: arguments, api, b)
                api.end(b)
            }
        }
    }

    private static func emit(arguments: [KitArgument], _ api: tw_builder_api, _ b: UnsafeMutablePointer<tw_builder>) {
        for argument in arguments {
            withOptionalCString(argument.label) { label in
                switch argument.value {
                case .number(let v): api.number(b, label, v)
                case .bool(let v): api.boolean(b, label, v)
                case .string(let v): v.withCString { api.string(b, label, $0) }
                case .color(let c): api.color(b, label, c.components)
                case .member(let m): m.withCString { api.member(b, label, $0) }
                case .animation(let a): api.animation(b, label, a.cValue)
                case .call(let name, let args):
                    name.withCString { api.begin(b, TW_NODE_CALL, label, $0) }
                    emit(arguments: args, api, b)
                    api.end(b)
                case .tuple(let args):
                    api.begin(b, TW_NODE_TUPLE, label, nil)
                    emit(arguments: args, api, b)
                    api.end(b)
                case .content(let view):
                    api.begin(b, TW_NODE_CONTENT, label, nil)
                    emit(nodes: view.nodes, api, b)
                    api.end(b)
                }
            }
        }
    }
}

func withOptionalCString<R>(_ string: String?, _ body: (UnsafePointer<CChar>?) -> R) -> R {
    guard let string else { return body(nil) }
    return string.withCString { body($0) }
}

/// Copies a Swift string into C memory that lives for the life of the process
/// (descriptors must never change or go away).
func permanentCString(_ string: String) -> UnsafePointer<CChar> {
    let bytes = Array(string.utf8CString)
    let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count)
    buffer.initialize(from: bytes, count: bytes.count)
    return UnsafePointer(buffer)
}
