/// The channel a child twhost reports to its parent on (`plugins check`,
/// `plugins list`): a pipe on descriptor 3, separate from the child's standard
/// output and error, which plugin code may write to. A plugin cannot forge or
/// garble a result by printing, and a child that ends before it sent its
/// result line has not reported, whatever its exit status.
///
/// Messages are lines: `step TEXT` says what the child is about to do (so a
/// crash can be placed), `result JSON` is the report, sent once, last.
/// `plugins check` also sends `plugin JSON` (who the plugin is, once it has
/// loaded) and `finding JSON` (each finding as it is made), so that a child
/// that plugin code kills has still told what it knew.
package enum ChildChannel {
    /// The child's end of the channel.
    package static let descriptor: Int32 = 3

    /// Sends one message; newlines in `text` are replaced by spaces.
    package static func send(_ kind: Kind, _ text: String) throws(WriteError) {
        let line = kind.rawValue + " " + text.replacing("\n", with: " ") + "\n"
        try FileDescriptorIO.writeAll(line, to: descriptor)
    }

    package enum Kind: String, Sendable {
        case step
        case plugin
        case finding
        case result
    }

    /// What a child sent.
    package struct Messages: Equatable, Sendable {
        /// Each step, in order.
        package var steps: [String] = []
        /// The `plugin` line, when the child sent one.
        package var plugin: String?
        /// Each `finding` line, in order.
        package var findings: [String] = []
        /// The result line, when the child sent a complete one.
        package var result: String?
    }

    /// Reads a child's messages; an unterminated last line (the child died while
    /// writing it) is not a message.
    package static func read(_ bytes: [UInt8]) -> Messages {
        var messages = Messages()
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        lines.removeLast()  // after the last newline: empty, or a line cut short
        for line in lines {
            let text = String(decoding: line, as: UTF8.self)
            if text.hasPrefix("step ") {
                messages.steps.append(String(text.dropFirst(5)))
            } else if text.hasPrefix("finding ") {
                messages.findings.append(String(text.dropFirst(8)))
            } else if text.hasPrefix("plugin "), messages.plugin == nil {
                messages.plugin = String(text.dropFirst(7))
            } else if text.hasPrefix("result "), messages.result == nil {
                messages.result = String(text.dropFirst(7))
            }
        }
        return messages
    }
}
