import Glibc
import TWHost

/// Keeps the language server running when plugin code crashes.
///
/// Plugin code runs in the process that resolves, and containment (SPEC
/// A-12) ends that process with exit 2 and a message naming the plugin when
/// the code crashes, calls `exit()` or hangs. So `twhost lsp` is two
/// processes: this supervisor, which speaks to the client and never runs
/// plugin code, and a worker (`twhost lsp --worker`), the `LanguageServer`
/// itself. The supervisor passes every message through and keeps what it
/// needs to start a worker again: the `initialize` parameters, the last
/// configuration and the open documents (their changes applied). When the
/// worker ends without `exit`, it answers the requests in flight with an
/// error, shows the worker's message (`window/showMessage`), and starts a
/// new worker that leaves the crashed plugin out and reports it as a
/// diagnostic on every open document, then opens the documents again.
/// docs/Editors.md describes the design.
public final class LanguageServerSupervisor {
    let input: Int32
    let writer: MessageWriter
    let logDescriptor: Int32
    /// The worker's command line, without the crashed plugins.
    let workerArguments: [String]
    var crashed: [(name: String, message: String)] = []

    var initializeParams: JSONValue?
    var initializedSeen = false
    var settings: JSONValue?
    var encoding = PositionEncoding.utf16
    var documents: [String: TextDocument] = [:]
    var order: [String] = []
    /// Requests forwarded and not answered yet, by id key.
    var pending: [String: JSONValue] = [:]
    var replayIDs = Set<String>()
    var exitSent = false
    var restarts = 0
    var replays = 0
    var registered = false
    static let maxRestartsWithoutPlugin = 3

    struct Worker {
        var pid: pid_t
        var stdin: Int32
        var stdout: Int32
        var stderr: Int32
        var reader: MessageReader
        var errorLines: [String] = []
        var partial: [UInt8] = []
    }

    /// - Parameter workerArguments: the program and arguments that run a worker
    ///   (`twhost lsp --worker`); `--crashed-plugin NAME=MESSAGE` is added per crashed plugin.
    public init(input: Int32, output: Int32, log: Int32, workerArguments: [String]) {
        self.input = input
        writer = MessageWriter(fd: output)
        logDescriptor = log
        self.workerArguments = workerArguments
    }

    public func run() -> Int32 {
        guard var worker = start() else { return 2 }
        let client = MessageReader(fd: input)
        var clientOpen = true
        while true {
            var fds = [
                pollfd(fd: worker.stdout, events: Int16(POLLIN), revents: 0),
                pollfd(fd: worker.stderr, events: Int16(POLLIN), revents: 0),
                pollfd(fd: clientOpen ? input : -1, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&fds, nfds_t(fds.count), -1)
            if ready < 0 {
                if errno == EINTR { continue }
                log("poll failed: \(String(cString: strerror(errno)))")
                return 2
            }
            if fds[1].revents != 0 { readErrors(&worker) }
            if fds[2].revents != 0 {
                // Frames read together go on together: a `$/cancelRequest` written
                // with its request reaches the worker in the same read.
                var batch: [UInt8] = []
                for frame in client.readOnce() { batch += fromClient(frame) }
                if !batch.isEmpty { forward(framed: batch, to: worker) }
                if client.atEnd {
                    clientOpen = false
                    close(worker.stdin)
                    worker.stdin = -1
                }
            }
            if fds[0].revents != 0 {
                for frame in worker.reader.readOnce() {
                    if case .message(let bytes) = frame { fromWorker(bytes) }
                }
                if worker.reader.atEnd {
                    let status = finish(&worker)
                    if exitSent || !clientOpen { return status }
                    guard let next = restart(after: worker, status: status) else { return 2 }
                    worker = next
                }
            }
            if let failure = writer.failure {
                log("cannot write to the client: \(failure)")
                kill(worker.pid, SIGKILL)
                return 2
            }
        }
    }

    // MARK: the worker

    func start() -> Worker? {
        var argv = workerArguments
        for c in crashed { argv += ["--crashed-plugin", c.name + "=" + c.message] }
        var inPipe: [Int32] = [-1, -1]
        var outPipe: [Int32] = [-1, -1]
        var errPipe: [Int32] = [-1, -1]
        guard pipe(&inPipe) == 0, pipe(&outPipe) == 0, pipe(&errPipe) == 0 else {
            log("cannot start the worker: \(String(cString: strerror(errno)))")
            return nil
        }
        for fd in [inPipe[1], outPipe[0], errPipe[0]] { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        for fd in [inPipe[0], outPipe[1], errPipe[1]] { posix_spawn_file_actions_addclose(&actions, fd) }
        var cArgs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        var pid: pid_t = 0
        // The worker's crash must not print a backtrace for seconds before it ends.
        setenv("SWIFT_BACKTRACE", "enable=no", 1)
        let spawned = posix_spawn(&pid, argv[0], &actions, nil, &cArgs, environ)
        posix_spawn_file_actions_destroy(&actions)
        for p in cArgs { free(p) }
        close(inPipe[0])
        close(outPipe[1])
        close(errPipe[1])
        guard spawned == 0 else {
            log("cannot start the worker: \(String(cString: strerror(spawned)))")
            return nil
        }
        return Worker(
            pid: pid, stdin: inPipe[1], stdout: outPipe[0], stderr: errPipe[0], reader: MessageReader(fd: outPipe[0]))
    }

    /// Standard error of the worker goes on to ours; its last lines are kept.
    func readErrors(_ worker: inout Worker) {
        var chunk = [UInt8](repeating: 0, count: 8192)
        let n = chunk.withUnsafeMutableBytes { read(worker.stderr, $0.baseAddress, $0.count) }
        guard n > 0 else { return }
        try? FileDescriptorIO.writeAll(Array(chunk[0..<n]), to: logDescriptor)
        worker.partial += chunk[0..<n]
        while let newline = worker.partial.firstIndex(of: 0x0A) {
            worker.errorLines.append(String(decoding: worker.partial[..<newline], as: UTF8.self))
            worker.partial.removeSubrange(...newline)
        }
        if worker.errorLines.count > 20 { worker.errorLines.removeFirst(worker.errorLines.count - 20) }
    }

    /// Waits for the worker and reads the rest of its standard error.
    func finish(_ worker: inout Worker) -> Int32 {
        while true {
            var fd = pollfd(fd: worker.stderr, events: Int16(POLLIN), revents: 0)
            guard poll(&fd, 1, 1000) > 0 else { break }
            let before = worker.errorLines.count + worker.partial.count
            readErrors(&worker)
            if worker.errorLines.count + worker.partial.count == before { break }
        }
        var status: Int32 = 0
        while waitpid(worker.pid, &status, 0) < 0 && errno == EINTR {}
        close(worker.stdout)
        close(worker.stderr)
        if worker.stdin >= 0 { close(worker.stdin) }
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }

    /// A new worker after one ended without `exit`: the plugin its message
    /// names is left out.
    func restart(after worker: Worker, status: Int32) -> Worker? {
        let line = worker.errorLines.last { $0.hasPrefix("error: plugin '") }
        let message =
            line.map { String($0.dropFirst("error: ".count)) } ?? "the server process ended with status \(status)"
        if let line, let name = line.dropFirst("error: plugin '".count).split(separator: "'").first {
            crashed.removeAll { $0.name == String(name) }
            crashed.append((String(name), message))
        } else {
            restarts += 1
            guard restarts <= Self.maxRestartsWithoutPlugin else {
                log("the server process ended \(restarts) times with no plugin to blame; stopping")
                return nil
            }
        }
        log("\(message); starting the server again")
        for (key, id) in pending.sorted(by: { $0.key < $1.key }) where !replayIDs.contains(key) {
            writer.respond(id, error: RPCError(.requestFailed, message + "; the server was started again"))
        }
        pending.removeAll()
        writer.notify("window/showMessage", .object([("type", .number(1)), ("message", .string(message))]))
        guard let next = start() else { return nil }
        replay(next)
        return next
    }

    /// Brings a new worker to where the last one was.
    func replay(_ worker: Worker) {
        guard let params = initializeParams else { return }
        replays += 1
        let id = "twhost-replay-\(replays)"
        replayIDs.insert("s:" + id)
        send(
            .object([
                ("jsonrpc", .string("2.0")), ("id", .string(id)), ("method", .string("initialize")), ("params", params),
            ]), to: worker)
        if initializedSeen { send(notification("initialized", .object([])), to: worker) }
        if let settings {
            send(notification("workspace/didChangeConfiguration", .object([("settings", settings)])), to: worker)
        }
        for uri in order {
            guard let d = documents[uri] else { continue }
            let item: JSONValue = .object([
                ("uri", .string(uri)), ("languageId", .string(d.languageID)), ("version", .number(Double(d.version))),
                ("text", .string(d.text(0..<d.bytes.count))),
            ])
            send(notification("textDocument/didOpen", .object([("textDocument", item)])), to: worker)
        }
    }

    func notification(_ method: String, _ params: JSONValue) -> JSONValue {
        .object([("jsonrpc", .string("2.0")), ("method", .string(method)), ("params", params)])
    }

    func send(_ message: JSONValue, to worker: Worker) {
        forward(Array(message.serialized(pretty: false).utf8), to: worker)
    }

    func forward(_ body: [UInt8], to worker: Worker) {
        forward(framed: Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body, to: worker)
    }

    func forward(framed bytes: [UInt8], to worker: Worker) {
        guard worker.stdin >= 0 else { return }
        // A worker that has just ended is seen on its output; a failed write waits for that.
        try? FileDescriptorIO.writeAll(bytes, to: worker.stdin)
    }

    // MARK: messages

    func key(_ id: JSONValue) -> String {
        switch id {
        case .string(let s): return "s:" + s
        case .number(let n): return "n:" + JSONValue.format(n)
        default: return "?"
        }
    }

    /// A client frame framed again for the worker (nothing for one that could not be read).
    func fromClient(_ frame: MessageReader.Frame) -> [UInt8] {
        guard case .message(let bytes) = frame else {
            if case .invalid(let reason) = frame {
                log("cannot read a message: \(reason)")
                writer.respond(nil, error: RPCError(.parseError, reason))
            }
            return []
        }
        // What cannot be parsed goes on as it is: the worker answers it.
        if let m = try? RPCMessage(parsing: bytes), let method = m.method {
            if let id = m.id { pending[key(id)] = id }
            track(method, m.params)
        }
        return Array("Content-Length: \(bytes.count)\r\n\r\n".utf8) + bytes
    }

    /// Keeps what a new worker needs.
    func track(_ method: String, _ params: JSONNode?) {
        switch method {
        case "initialize": if initializeParams == nil { initializeParams = params?.jsonValue ?? .object([]) }
        case "initialized": initializedSeen = true
        case "exit": exitSent = true
        case "workspace/didChangeConfiguration":
            settings = params?["settings"]?.jsonValue
            crashed.removeAll()
        case "workspace/didChangeWatchedFiles":
            let changed = (params?["changes"]?.array ?? []).compactMap { $0["uri"]?.string }
            if changed.contains(where: { $0.hasSuffix("/.twhost.json") || $0.hasSuffix(".so") }) { crashed.removeAll() }
        case "textDocument/didOpen":
            guard let item = params?["textDocument"], let uri = item["uri"]?.string, let text = item["text"]?.string
            else { return }
            if documents[uri] == nil { order.append(uri) }
            documents[uri] = TextDocument(
                uri: uri, path: pathOfFileURI(uri) ?? uri, languageID: item["languageId"]?.string ?? "",
                version: item["version"]?.int ?? 0, text: text)
        case "textDocument/didChange":
            guard let uri = params?["textDocument"]?["uri"]?.string, var doc = documents[uri] else { return }
            for change in params?["contentChanges"]?.array ?? [] {
                guard let text = change["text"]?.string else { continue }
                if let r = change["range"], let s = r["start"], let e = r["end"], let sl = s["line"]?.int,
                    let sc = s["character"]?.int, let el = e["line"]?.int, let ec = e["character"]?.int
                {
                    let a = doc.offset(Position(line: sl, character: sc), encoding)
                    let b = doc.offset(Position(line: el, character: ec), encoding)
                    doc.replace(min(a, b)..<max(a, b), with: text)
                } else {
                    doc.setText(text)
                }
            }
            if let v = params?["textDocument"]?["version"]?.int { doc.version = v }
            documents[uri] = doc
        case "textDocument/didClose":
            if let uri = params?["textDocument"]?["uri"]?.string {
                documents[uri] = nil
                order.removeAll { $0 == uri }
            }
        default: break
        }
    }

    func fromWorker(_ bytes: [UInt8]) {
        let parsed = try? JSONParser.parse(bytes)
        if let method = parsed?["method"]?.string, method == "client/registerCapability" {
            // A new worker asks again for what the client registered for the first.
            if registered { return }
            registered = true
        }
        if let node = parsed, node["method"] == nil, let id = node["id"], !id.isNull {
            let k = key(id.jsonValue)
            if let encoding = node["result"]?["capabilities"]?["positionEncoding"]?.string.flatMap(
                PositionEncoding.init)
            {
                self.encoding = encoding
            }
            if replayIDs.remove(k) != nil { return }
            pending[k] = nil
        }
        writer.send(raw: bytes)
    }

    func log(_ text: String) {
        try? FileDescriptorIO.writeAll(Array("twhost lsp: \(text.escapingControlCharacters)\n".utf8), to: logDescriptor)
        writer.notify("window/logMessage", .object([("type", .number(3)), ("message", .string(text))]))
    }
}
