import Glibc
import TWSupport

/// JSON-RPC 2.0 error codes the server answers with (LSP 3.17, "Base Protocol").
public enum RPCErrorCode: Int, Sendable {
    case parseError = -32700
    case invalidRequest = -32600
    case methodNotFound = -32601
    case invalidParams = -32602
    case internalError = -32603
    case serverNotInitialized = -32002
    case requestFailed = -32803
    case requestCancelled = -32800
}

/// A request's answer with an error.
public struct RPCError: Error, Sendable {
    public var code: RPCErrorCode
    public var message: String
    public init(_ code: RPCErrorCode, _ message: String) {
        self.code = code
        self.message = message
    }
}

/// One message read from the client.
public struct RPCMessage: Sendable {
    /// The request's id (a number or a string); nil for a notification.
    public var id: JSONValue?
    public var method: String?
    public var params: JSONNode?
    /// Set on a response the client sends to a server request.
    public var isResponse: Bool { method == nil }

    /// Reads a message's JSON object; the error is the answer to give.
    public init(parsing bytes: [UInt8]) throws(RPCError) {
        let root: JSONNode
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw RPCError(.parseError, "the message is not JSON: \(error.description)")
        }
        guard case .object = root.value else { throw RPCError(.invalidRequest, "a message is a JSON object") }
        if let id = root["id"] {
            switch id.value {
            case .number, .string: self.id = id.jsonValue
            case .null: self.id = nil
            default: throw RPCError(.invalidRequest, "a request id is a number or a string")
            }
        }
        if let m = root["method"] {
            guard let name = m.string else { throw RPCError(.invalidRequest, "'method' is a string") }
            method = name
        } else if root["result"] == nil && root["error"] == nil {
            throw RPCError(.invalidRequest, "a message has a 'method', or a 'result' or 'error'")
        }
        params = root["params"]
    }
}

/// Reads `Content-Length` framed messages from a file descriptor (LSP's base
/// protocol): headers up to an empty line, then that many bytes of JSON.
/// Every message the bytes read so far complete is taken at once
/// (`readAvailable`), so that a `$/cancelRequest` written with the request it
/// cancels is seen before that request is answered.
public final class MessageReader {
    /// The largest message body accepted; a larger one is skipped and reported.
    public static let maxBody = 64 << 20
    /// The longest header block accepted before its empty line.
    static let maxHeader = 8 << 10

    public enum Frame {
        case message([UInt8])
        /// A frame that could not be read; the reader has moved past it.
        case invalid(String)
    }

    let fd: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    /// Bytes of a too-large body still to skip.
    private var skipping = 0
    public private(set) var atEnd = false

    public init(fd: Int32) { self.fd = fd }

    /// Waits for input, then returns every frame the buffered bytes complete
    /// (at least one unless the input ended).
    public func readAvailable() -> [Frame] {
        var frames: [Frame] = []
        while frames.isEmpty && !atEnd {
            fill()
            while let frame = next() { frames.append(frame) }
        }
        return frames
    }

    /// One read (for a descriptor `poll` says is readable), then the frames
    /// the buffered bytes complete, perhaps none.
    public func readOnce() -> [Frame] {
        fill()
        var frames: [Frame] = []
        while let frame = next() { frames.append(frame) }
        return frames
    }

    private func fill() {
        if start > 0 && start * 2 > buffer.count {
            buffer.removeFirst(start)
            start = 0
        }
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 {
                atEnd = true
                return
            }
            buffer.append(contentsOf: chunk[0..<n])
            return
        }
    }

    /// The next complete frame in the buffer, if there is one.
    private func next() -> Frame? {
        if skipping > 0 {
            let n = min(skipping, buffer.count - start)
            start += n
            skipping -= n
            if skipping > 0 { return nil }
        }
        guard start < buffer.count else { return nil }
        let end = buffer.count
        // The header block ends with an empty line.
        var i = start
        var headerEnd: Int?
        while i + 3 < end {
            if buffer[i] == 13 && buffer[i + 1] == 10 && buffer[i + 2] == 13 && buffer[i + 3] == 10 {
                headerEnd = i
                break
            }
            i += 1
        }
        guard let headerEnd else {
            if end - start > MessageReader.maxHeader {
                start = end
                return .invalid("a header block longer than \(MessageReader.maxHeader) bytes without an empty line")
            }
            return nil
        }
        let header = String(decoding: buffer[start..<headerEnd], as: UTF8.self)
        var length: Int?
        for line in header.split(separator: "\r\n", omittingEmptySubsequences: true) {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingSpaces.lowercased()
            if name == "content-length" { length = Int(line[line.index(after: colon)...].trimmingSpaces) }
        }
        let bodyStart = headerEnd + 4
        guard let length, length >= 0 else {
            start = bodyStart
            return .invalid("a message without a valid Content-Length header: '\(header.escapingControlCharacters)'")
        }
        if length > MessageReader.maxBody {
            start = bodyStart
            skipping = length
            return .invalid("a message of \(length) bytes, more than the \(MessageReader.maxBody) accepted")
        }
        guard end - bodyStart >= length else { return nil }
        let body = Array(buffer[bodyStart..<bodyStart + length])
        start = bodyStart + length
        return .message(body)
    }
}

extension Substring {
    var trimmingSpaces: Substring {
        var s = self
        while let f = s.first, f == " " || f == "\t" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" { s.removeLast() }
        return s
    }
}

/// Writes framed messages: nothing but protocol messages ever reaches the
/// output descriptor.
public final class MessageWriter {
    let fd: Int32
    public private(set) var failure: WriteError?
    public init(fd: Int32) { self.fd = fd }

    public func send(_ message: JSONValue) {
        guard failure == nil else { return }
        let body = Array(message.serialized(pretty: false).utf8)
        let bytes = Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
        do throws(WriteError) {
            try FileDescriptorIO.writeAll(bytes, to: fd)
        } catch {
            failure = error
        }
    }

    /// A message body as it came (what the supervisor passes on).
    public func send(raw body: [UInt8]) {
        guard failure == nil else { return }
        do throws(WriteError) {
            try FileDescriptorIO.writeAll(Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body, to: fd)
        } catch {
            failure = error
        }
    }

    public func respond(_ id: JSONValue, result: JSONValue) {
        send(.object([("jsonrpc", .string("2.0")), ("id", id), ("result", result)]))
    }

    public func respond(_ id: JSONValue?, error: RPCError) {
        send(
            .object([
                ("jsonrpc", .string("2.0")), ("id", id ?? .null),
                (
                    "error",
                    .object([("code", .number(Double(error.code.rawValue))), ("message", .string(error.message))])
                ),
            ]))
    }

    public func notify(_ method: String, _ params: JSONValue) {
        send(.object([("jsonrpc", .string("2.0")), ("method", .string(method)), ("params", params)]))
    }
}
