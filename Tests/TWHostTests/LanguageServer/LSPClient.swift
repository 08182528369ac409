import Foundation
import Glibc
import TWLanguageServer

@testable import TWHost

/// A scripted LSP client: runs the real `twhost lsp` as a subprocess, writes
/// framed JSON-RPC messages to it and reads its standard output strictly as
/// frames (a byte that is not part of a `Content-Length` frame fails the test
/// run with `LSPClient.Failure`).
final class LSPClient {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let process = Process()
    let input = Pipe()
    let output = Pipe()
    let errors = Pipe()
    private var buffer: [UInt8] = []
    /// Every message read so far, in order.
    private(set) var received: [JSONNode] = []
    /// Standard error, read on another thread until the server closes it.
    final class ErrorText: @unchecked Sendable {
        var data = Data()
    }
    let errorText = ErrorText()
    let stderrDone = DispatchGroup()
    /// How long to wait for one message before failing rather than hanging.
    /// Not a speed check: a run that needs this long has hung.
    static let patience: Int32 = 120_000

    init(arguments: [String] = ["lsp"], environment: [String: String] = [:], directory: String? = nil) throws {
        process.executableURL = URL(fileURLWithPath: TestPaths.twhost)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "TWHOST_PLUGIN_PATH")
        for (k, v) in environment { env[k] = v }
        process.environment = env
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        stderrDone.enter()
        let handle = errors.fileHandleForReading
        let text = errorText
        let done = stderrDone
        DispatchQueue.global().async {
            text.data = handle.readDataToEndOfFile()
            done.leave()
        }
    }

    // MARK: writing

    func write(raw bytes: [UInt8]) {
        input.fileHandleForWriting.write(Data(bytes))
    }

    static func frame(_ body: String) -> [UInt8] {
        Array("Content-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8)
    }

    static func json(_ value: JSONValue) -> String { value.serialized(pretty: false) }

    func request(_ id: Int, _ method: String, _ params: JSONValue = .object([])) {
        write(raw: Self.frame(Self.json(Self.requestValue(id, method, params))))
    }

    static func requestValue(_ id: Int, _ method: String, _ params: JSONValue) -> JSONValue {
        .object([
            ("jsonrpc", .string("2.0")), ("id", .number(Double(id))), ("method", .string(method)), ("params", params),
        ])
    }

    func notify(_ method: String, _ params: JSONValue = .object([])) {
        write(
            raw: Self.frame(
                Self.json(.object([("jsonrpc", .string("2.0")), ("method", .string(method)), ("params", params)]))))
    }

    func closeInput() throws { try input.fileHandleForWriting.close() }

    // MARK: reading

    /// The first message not taken yet that `accept` accepts, read when
    /// needed; messages passed over stay for later calls.
    func take(_ accept: (JSONNode) -> Bool) throws -> JSONNode {
        var i = 0
        while true {
            while i >= received.count { received.append(try readFrame()) }
            if !takenIndexes.contains(i), accept(received[i]) {
                takenIndexes.insert(i)
                return received[i]
            }
            i += 1
        }
    }
    private var takenIndexes = Set<Int>()

    /// The response to `id`.
    func response(_ id: Int) throws -> JSONNode {
        try take { $0["method"] == nil && $0["id"]?.int == id }
    }

    /// The next response with a null id (to a message that could not be read).
    func nullResponse() throws -> JSONNode {
        try take { $0["method"] == nil && $0["id"]?.isNull == true }
    }

    /// The next notification (or server request) named `method`.
    func message(_ method: String, where accept: (JSONNode) -> Bool = { _ in true }) throws -> JSONNode {
        try take { $0["method"]?.string == method && accept($0) }
    }

    /// The next `publishDiagnostics` of `uri`.
    func diagnostics(_ uri: String) throws -> JSONNode {
        try message("textDocument/publishDiagnostics") { $0["params"]?["uri"]?.string == uri }
    }

    private func fill() throws {
        let fd = output.fileHandleForReading.fileDescriptor
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&p, 1, Self.patience) > 0 else { throw Failure(description: "no message from twhost lsp") }
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard n > 0 else { throw Failure(description: "twhost lsp closed its output; stderr: \(stderrText())") }
        buffer += chunk[0..<n]
    }

    private func readFrame() throws -> JSONNode {
        let separator: [UInt8] = [13, 10, 13, 10]
        var headerEnd: Int?
        while headerEnd == nil {
            if buffer.count >= 4 {
                for i in 0...(buffer.count - 4) where Array(buffer[i..<i + 4]) == separator {
                    headerEnd = i
                    break
                }
            }
            if headerEnd == nil { try fill() }
        }
        guard let headerEnd else { throw Failure(description: "no header") }
        let header = String(decoding: buffer[..<headerEnd], as: UTF8.self)
        guard header.hasPrefix("Content-Length: "), let length = Int(header.dropFirst(16)) else {
            throw Failure(description: "standard output holds something other than a frame: \(header.debugDescription)")
        }
        while buffer.count < headerEnd + 4 + length { try fill() }
        let body = Array(buffer[(headerEnd + 4)..<(headerEnd + 4 + length)])
        buffer.removeFirst(headerEnd + 4 + length)
        return try JSONParser.parse(body)
    }

    /// Waits for the server to end; its exit status.
    func wait() throws -> Int32 {
        process.waitUntilExit()
        // Whatever is left on standard output must be whole frames too.
        while true {
            let fd = output.fileHandleForReading.fileDescriptor
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            buffer += chunk[0..<n]
        }
        while !buffer.isEmpty { received.append(try readFrame()) }
        return process.terminationStatus
    }

    func stderrText() -> String {
        stderrDone.wait()
        return String(decoding: errorText.data, as: UTF8.self)
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    // MARK: helpers

    /// `initialize` with the given options and capabilities, then `initialized`; the result.
    @discardableResult
    func start(
        root: String, options: JSONValue = .object([]), capabilities: JSONValue = .object([])
    ) throws -> JSONNode {
        request(
            1, "initialize",
            .object([
                ("processId", .null), ("rootUri", .string(fileURI(root))), ("capabilities", capabilities),
                ("initializationOptions", options),
            ]))
        let r = try response(1)
        notify("initialized")
        return r
    }

    func open(_ uri: String, _ text: String, language: String = "swift", version: Int = 1) {
        notify(
            "textDocument/didOpen",
            .object([
                (
                    "textDocument",
                    .object([
                        ("uri", .string(uri)), ("languageId", .string(language)), ("version", .number(Double(version))),
                        ("text", .string(text)),
                    ])
                )
            ]))
    }

    func stop() throws -> Int32 {
        request(9999, "shutdown", .null)
        _ = try response(9999)
        notify("exit")
        return try wait()
    }
}

/// Position and range values as the protocol writes them.
func lspPosition(_ line: Int, _ character: Int) -> JSONValue {
    .object([("line", .number(Double(line))), ("character", .number(Double(character)))])
}

func lspRange(_ l1: Int, _ c1: Int, _ l2: Int, _ c2: Int) -> JSONValue {
    .object([("start", lspPosition(l1, c1)), ("end", lspPosition(l2, c2))])
}

func textDocument(_ uri: String) -> JSONValue { .object([("uri", .string(uri))]) }

func positionParams(_ uri: String, _ line: Int, _ character: Int) -> JSONValue {
    .object([("textDocument", textDocument(uri)), ("position", lspPosition(line, character))])
}

extension JSONNode {
    /// The value written compactly, for exact comparisons.
    var compact: String { jsonValue.serialized(pretty: false) }
}
