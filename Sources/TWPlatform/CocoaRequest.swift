/// A `.cocoa` customization on a node: the default type or a named one.
public struct CocoaRequest: Hashable, Sendable {
    /// nil for `{"default": true}`.
    public var typeName: String?
    public init(typeName: String?) { self.typeName = typeName }
}
