/// Why a plugin test failed; its description is what a test report shows.
///
/// ```swift
/// do { try plugin.expectChain("lift-[6]", [".offset(x: 0, y: -6)"]) } catch { print(error) }
/// ```
public enum PluginTestFailure: Error, Equatable, CustomStringConvertible {
    /// The classes resolved to another chain; the description is a line diff.
    ///
    /// ```swift
    /// PluginTestFailure.chainMismatch(classes: "lift-[6]", expected: [".offset(x: 0, y: -6)"], actual: [])
    /// ```
    case chainMismatch(classes: String, expected: [String], actual: [String])
    /// The classes left the surface undecorated; the diagnostics say why.
    ///
    /// ```swift
    /// PluginTestFailure.undecorated(classes: "lfit-[6]", diagnostics: ["error[unknown-class] unknown class 'lfit-[6]'"])
    /// ```
    case undecorated(classes: String, diagnostics: [String])
    /// `twhost` ended with a status the test did not accept; its output says why.
    ///
    /// ```swift
    /// PluginTestFailure.commandFailed(command: ["twhost", "plugins", "check", "libhello.so"], status: 1, output: "…")
    /// ```
    case commandFailed(command: [String], status: Int32, output: String)
    /// No executable `twhost` at this path.
    ///
    /// ```swift
    /// PluginTestFailure.twhostNotFound("twhost")
    /// ```
    case twhostNotFound(String)

    /// The failure as a test report shows it.
    ///
    /// ```swift
    /// print(PluginTestFailure.twhostNotFound("twhost").description)
    /// ```
    public var description: String {
        switch self {
        case .chainMismatch(let classes, let expected, let actual):
            var text = "the chain of \"\(classes)\" is not the expected one (- expected, + actual):\n"
            for line in LineDiff.lines(expected: expected, actual: actual) { text += line + "\n" }
            return text
        case .undecorated(let classes, let diagnostics):
            return "\"\(classes)\" left the surface undecorated:\n"
                + diagnostics.map { "  " + $0 }.joined(separator: "\n")
        case .commandFailed(let command, let status, let output):
            return "\(command.joined(separator: " ")) exited with status \(status):\n\(output)"
        case .twhostNotFound(let path):
            return "no twhost executable at '\(path)'; set TWHOST to the twhost to test with"
        }
    }
}

/// A line diff from the longest common subsequence: unchanged lines are
/// indented, removed ones start with `-`, added ones with `+`.
enum LineDiff {
    static func lines(expected: [String], actual: [String]) -> [String] {
        let n = expected.count
        let m = actual.count
        // common[i][j]: the longest common subsequence of expected[i...] and actual[j...].
        var common = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                common[i][j] =
                    expected[i] == actual[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
            }
        }
        var out: [String] = []
        var i = 0
        var j = 0
        while i < n || j < m {
            if i < n, j < m, expected[i] == actual[j] {
                out.append("  " + expected[i])
                i += 1
                j += 1
            } else if j < m, i == n || common[i][j + 1] > common[i + 1][j] {
                out.append("+ " + actual[j])
                j += 1
            } else {
                out.append("- " + expected[i])
                i += 1
            }
        }
        return out
    }
}
