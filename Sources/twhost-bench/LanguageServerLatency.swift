import Glibc
import TWHost

/// `twhost lsp` as an editor uses it: a 2,000-line Swift file open, one
/// character of a class changed and the time until its diagnostics are
/// published again; a completion request and the time until its answer.
/// Each sample is one round trip through the real server process.
enum LanguageServerLatency {
    struct Server {
        var pid: pid_t
        var input: Int32
        var output: Int32
        var buffer: [UInt8] = []

        mutating func send(_ value: JSONValue) {
            let body = Array(value.serialized(pretty: false).utf8)
            let bytes = Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
            _ = bytes.withUnsafeBytes { write(input, $0.baseAddress, $0.count) }
        }

        mutating func next() -> JSONNode? {
            while true {
                if let end = headerEnd() {
                    let header = String(decoding: buffer[..<end], as: UTF8.self)
                    let length =
                        Int(header.split(separator: ":").last.map { String($0).trimmingCharacters() } ?? "") ?? 0
                    if buffer.count >= end + 4 + length {
                        let body = Array(buffer[(end + 4)..<(end + 4 + length)])
                        buffer.removeFirst(end + 4 + length)
                        return try? JSONParser.parse(body)
                    }
                }
                var chunk = [UInt8](repeating: 0, count: 1 << 16)
                let n = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
                guard n > 0 else { return nil }
                buffer += chunk[0..<n]
            }
        }

        func headerEnd() -> Int? {
            guard buffer.count >= 4 else { return nil }
            for i in 0...(buffer.count - 4)
            where buffer[i] == 13 && buffer[i + 1] == 10 && buffer[i + 2] == 13 && buffer[i + 3] == 10 {
                return i
            }
            return nil
        }

        /// Reads until a message `accept` takes.
        mutating func until(_ accept: (JSONNode) -> Bool) -> Bool {
            while let m = next() { if accept(m) { return true } }
            return false
        }
    }

    static func start(_ twhost: String) -> Server? {
        var toServer: [Int32] = [0, 0]
        var fromServer: [Int32] = [0, 0]
        guard pipe(&toServer) == 0, pipe(&fromServer) == 0 else { return nil }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_adddup2(&actions, toServer[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromServer[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        for fd in toServer + fromServer { posix_spawn_file_actions_addclose(&actions, fd) }
        let argv = [twhost, "lsp"]
        var cArgs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        var pid: pid_t = 0
        let status = posix_spawn(&pid, twhost, &actions, nil, &cArgs, environ)
        posix_spawn_file_actions_destroy(&actions)
        for p in cArgs { free(p) }
        close(toServer[0])
        close(fromServer[1])
        guard status == 0 else { return nil }
        return Server(pid: pid, input: toServer[1], output: fromServer[0])
    }

    /// A view file of `lines` lines, one `.tw` surface per line.
    static func document(lines: Int) -> String {
        var text = "import SwiftUI\n\nstruct Long: View {\n    var body: some View {\n        VStack {\n"
        for i in 0..<(lines - 8) {
            text += "            Text(\"row \(i)\").tw(\"p-[\(i % 24)] bg-primary rounded-lg font-bold\")\n"
        }
        text += "        }\n    }\n}\n"
        return text
    }

    static func request(_ id: Int, _ method: String, _ params: JSONValue) -> JSONValue {
        .object([
            ("jsonrpc", .string("2.0")), ("id", .number(Double(id))), ("method", .string(method)), ("params", params),
        ])
    }

    static func notification(_ method: String, _ params: JSONValue) -> JSONValue {
        .object([("jsonrpc", .string("2.0")), ("method", .string(method)), ("params", params)])
    }

    static func position(_ line: Int, _ character: Int) -> JSONValue {
        .object([("line", .number(Double(line))), ("character", .number(Double(character)))])
    }

    /// Milliseconds per change → publish, and per completion, `runs` each.
    static func measure(twhost: String, pluginDirectory: String, runs: Int) -> (
        publish: [Double], completion: [Double]
    )? {
        guard var server = start(twhost) else { return nil }
        defer {
            kill(server.pid, SIGKILL)
            var status: Int32 = 0
            waitpid(server.pid, &status, 0)
        }
        let options: JSONValue = .object([
            ("plugins", .array([.string("material"), .string("motion")])),
            ("pluginPaths", .array([.string(pluginDirectory)])),
        ])
        server.send(
            request(
                1, "initialize",
                .object([("rootUri", .null), ("capabilities", .object([])), ("initializationOptions", options)])))
        guard server.until({ $0["id"]?.double == 1 }) else { return nil }
        server.send(notification("initialized", .object([])))
        let uri = "file:///bench/Long.swift"
        let text = document(lines: 2_000)
        server.send(
            notification(
                "textDocument/didOpen",
                .object([
                    (
                        "textDocument",
                        .object([
                            ("uri", .string(uri)), ("languageId", .string("swift")), ("version", .number(1)),
                            ("text", .string(text)),
                        ])
                    )
                ])))
        func published(_ version: Int) -> (JSONNode) -> Bool {
            { m in
                m["method"]?.string == "textDocument/publishDiagnostics"
                    && m["params"]?["version"]?.double == Double(version)
            }
        }
        guard server.until(published(1)) else { return nil }
        // Line 1000 is `            Text("row 995").tw("p-[11] …`: the digit after `p-[` changes.
        let line = 1_000
        let column = "            Text(\"row \(line - 5)\").tw(\"p-[".utf16.count
        let clock = ContinuousClock()
        func ms(_ d: Duration) -> Double {
            Double(d.components.seconds) * 1e3 + Double(d.components.attoseconds) * 1e-15
        }
        var publish: [Double] = []
        for run in 0..<runs {
            let version = run + 2
            let change: JSONValue = .object([
                (
                    "range",
                    .object([("start", position(line, column)), ("end", position(line, column + 1))])
                ), ("text", .string(String(run % 10))),
            ])
            let start = clock.now
            server.send(
                notification(
                    "textDocument/didChange",
                    .object([
                        ("textDocument", .object([("uri", .string(uri)), ("version", .number(Double(version)))])),
                        ("contentChanges", .array([change])),
                    ])))
            guard server.until(published(version)) else { return nil }
            publish.append(ms(clock.now - start))
        }
        var completion: [Double] = []
        for run in 0..<runs {
            let id = 100 + run
            let start = clock.now
            server.send(
                request(
                    id, "textDocument/completion",
                    .object([
                        ("textDocument", .object([("uri", .string(uri))])), ("position", position(line, column - 1)),
                    ])))
            guard server.until({ $0["id"]?.double == Double(id) }) else { return nil }
            completion.append(ms(clock.now - start))
        }
        return (publish, completion)
    }
}
