import TWSupport
import Testing

@testable import TWChecking
@testable import TWHost

/// What a `plugins check` child sends its parent, read back as it was sent,
/// and the report rendered from it.
@Suite("plugins check report and child messages")
struct PluginCheckReportTests {
    static let finding = CheckFinding(
        .nameMismatch, registration: "spin", "the descriptor names \"other\"", fix: "name the file other.so")
    static let result = PluginCheckResult(
        request: "motion", name: "motion", version: "1.2.0", path: "/p/libmotion.so", findings: [finding])

    @Test("a finding and a result come back from their messages as they were sent")
    func roundTrip() throws {
        #expect(PluginCheckReport.finding(fromMessage: PluginCheckReport.findingMessage(Self.finding)) == Self.finding)
        let back = try #require(PluginCheckReport.result(fromMessage: PluginCheckReport.resultMessage([Self.result])))
        #expect(back.request == "motion" && back.name == "motion" && back.version == "1.2.0")
        #expect(back.path == "/p/libmotion.so" && back.findings == [Self.finding])
        #expect(PluginCheckReport.result(fromMessage: "not json") == nil)
        #expect(PluginCheckReport.finding(fromMessage: "{}") == nil)
        let identity = PluginCheckReport.identity(
            fromMessage: #"{"name":"motion","version":"1.2.0","path":"/p/libmotion.so","units":7}"#)
        #expect(
            identity == PluginCheckReport.Identity(name: "motion", version: "1.2.0", path: "/p/libmotion.so", units: 7))
    }

    @Test("the text report: the plugin, its status, each finding and the summary line")
    func text() {
        let text = PluginCheckReport.text([Self.result], palette: Palette(enabled: false))
        #expect(
            text == """
                motion 1.2.0  failed  /p/libmotion.so
                  error[name-mismatch] spin: the descriptor names "other"
                    fix: name the file other.so

                1 plugin(s) checked: 0 passed, 1 failed; 1 error(s), 0 warning(s)

                """)
    }
}
