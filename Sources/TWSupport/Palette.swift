/// ANSI styling, used only when the caller says the output is a terminal.
public struct Palette: Sendable {
    public var enabled: Bool
    public init(enabled: Bool) { self.enabled = enabled }
    public func dim(_ s: String) -> String { enabled ? dimStart + s + end : s }
    public func red(_ s: String) -> String { enabled ? "\u{1B}[31m" + s + end : s }
    public func yellow(_ s: String) -> String { enabled ? "\u{1B}[33m" + s + end : s }
    public func bold(_ s: String) -> String { enabled ? boldStart + s + end : s }
    /// What `dim` and `bold` put before their text, and what every style puts
    /// after it: for text written piece by piece ("" when not enabled).
    public var dimStart: String { enabled ? "\u{1B}[2m" : "" }
    public var boldStart: String { enabled ? "\u{1B}[1m" : "" }
    public var end: String { enabled ? "\u{1B}[0m" : "" }
}
