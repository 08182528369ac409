import Glibc

/// A parsed JSON value that remembers the line and column it started on, so
/// that scene errors and findings can say where they are.
public struct JSONNode: Sendable {
    public indirect enum Value: Sendable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([JSONNode])
        /// Members in document order.
        case object([JSONMember])
    }
    public var value: Value
    public var line: Int
    /// 1-based, counted in UTF-8 bytes from the start of the line (as
    /// SwiftSyntax counts columns), so JSON and Swift locations agree.
    public var column: Int = 1

    public init(value: Value, line: Int, column: Int = 1) {
        self.value = value
        self.line = line
        self.column = column
    }

    public var kindName: String {
        switch value {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

public struct JSONMember: Sendable {
    public var key: String
    public var node: JSONNode

    public init(key: String, node: JSONNode) {
        self.key = key
        self.node = node
    }
}

/// Why a document is not JSON.
public struct JSONParseError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public var line: Int
    public var column: Int
    public var description: String { "line \(line), column \(column): \(message)" }
}

/// A strict JSON (RFC 8259) parser over bytes: UTF-8 is validated, a leading
/// BOM is skipped, duplicate keys and non-finite numbers are errors, and
/// nesting is bounded so that no input can exhaust the stack.
public struct JSONParser {
    public static let defaultMaxDepth = 512

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0
    private let maxDepth: Int

    public static func parse(_ bytes: [UInt8], maxDepth: Int = defaultMaxDepth) throws(JSONParseError) -> JSONNode {
        var parser = JSONParser(bytes: bytes, maxDepth: maxDepth)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
        parser.skipWhitespace()
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        if parser.index < bytes.count { throw parser.error("unexpected text after the JSON value") }
        return value
    }

    private init(bytes: [UInt8], maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    private func error(_ message: String) -> JSONParseError {
        JSONParseError(message: message, line: line, column: index - lineStart + 1)
    }

    private mutating func skipWhitespace() {
        Self.skipWhitespace(in: bytes, index: &index, line: &line, lineStart: &lineStart)
    }

    /// JSON's white space (RFC 8259: space, tab, carriage return, line feed)
    /// skipped from `index`, counting lines: the one definition for every
    /// reader of JSON bytes (this parser, the snapshot decoder).
    @inlinable
    package static func skipWhitespace<Bytes: RandomAccessCollection<UInt8>>(
        in bytes: Bytes, index: inout Int, line: inout Int, lineStart: inout Int
    ) where Bytes.Index == Int {
        while index < bytes.endIndex {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D: index += 1
            case 0x0A:
                index += 1
                line += 1
                lineStart = index
            default: return
            }
        }
    }

    /// - Parameter build: false to check the value without building it (it returns `null`).
    private mutating func parseValue(depth: Int, build: Bool = true) throws(JSONParseError) -> JSONNode {
        guard index < bytes.count else { throw error("unexpected end of input") }
        let startLine = line
        let startColumn = index - lineStart + 1
        switch bytes[index] {
        case UInt8(ascii: "{"):
            guard depth < maxDepth else { throw error("nesting deeper than \(maxDepth) levels") }
            index += 1
            var members: [JSONMember] = []
            // The duplicate check: a check that builds nothing compares keys as they are written while it can.
            var keys = WrittenKeys()
            skipWhitespace()
            if index < bytes.count && bytes[index] == UInt8(ascii: "}") {
                index += 1
                return JSONNode(value: .object(members), line: startLine, column: startColumn)
            }
            while true {
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                    throw error("expected a string key")
                }
                let key: String
                if build {
                    key = try parseString()
                    guard keys.insert(decoded: key) else { throw error("duplicate key '\(key)'") }
                } else {
                    let start = index
                    let plain = try skipString()
                    let isNew = try keys.insert(start + 1..<index - 1, plain: plain, of: bytes) {
                        at throws(JSONParseError) in
                        try self.decodedString(at: at)
                    }
                    if !isNew { throw error("duplicate key '\(try decodedString(at: start))'") }
                    key = ""
                }
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                    throw error("expected ':' after a key")
                }
                index += 1
                skipWhitespace()
                let value = try parseValue(depth: depth + 1, build: build)
                if build { members.append(JSONMember(key: key, node: value)) }
                skipWhitespace()
                guard index < bytes.count else { throw error("unexpected end of input in an object") }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                if bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    return JSONNode(value: .object(members), line: startLine, column: startColumn)
                }
                throw error("expected ',' or '}'")
            }
        case UInt8(ascii: "["):
            guard depth < maxDepth else { throw error("nesting deeper than \(maxDepth) levels") }
            index += 1
            var items: [JSONNode] = []
            skipWhitespace()
            if index < bytes.count && bytes[index] == UInt8(ascii: "]") {
                index += 1
                return JSONNode(value: .array(items), line: startLine, column: startColumn)
            }
            while true {
                skipWhitespace()
                let item = try parseValue(depth: depth + 1, build: build)
                if build { items.append(item) }
                skipWhitespace()
                guard index < bytes.count else { throw error("unexpected end of input in an array") }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                if bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    return JSONNode(value: .array(items), line: startLine, column: startColumn)
                }
                throw error("expected ',' or ']'")
            }
        case UInt8(ascii: "\"") where !build:
            try skipString()
            return JSONNode(value: .null, line: startLine, column: startColumn)
        case UInt8(ascii: "\""):
            return JSONNode(value: .string(try parseString()), line: startLine, column: startColumn)
        case UInt8(ascii: "t"):
            try literal("true")
            return JSONNode(value: .bool(true), line: startLine, column: startColumn)
        case UInt8(ascii: "f"):
            try literal("false")
            return JSONNode(value: .bool(false), line: startLine, column: startColumn)
        case UInt8(ascii: "n"):
            try literal("null")
            return JSONNode(value: .null, line: startLine, column: startColumn)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONNode(value: .number(try parseNumber()), line: startLine, column: startColumn)
        default:
            throw error("unexpected character '\(Character(Unicode.Scalar(bytes[index])))'")
        }
    }

    private mutating func literal(_ word: String) throws(JSONParseError) {
        let w = Array(word.utf8)
        guard index + w.count <= bytes.count, Array(bytes[index..<index + w.count]) == w else {
            throw error("invalid literal; expected '\(word)'")
        }
        index += w.count
    }

    private mutating func parseNumber() throws(JSONParseError) -> Double {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        func digits(_ p: inout JSONParser) -> Int {
            let s = p.index
            while p.index < p.bytes.count, p.bytes[p.index] >= 0x30, p.bytes[p.index] <= 0x39 { p.index += 1 }
            return p.index - s
        }
        guard index < bytes.count else { throw error("invalid number") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else if digits(&self) == 0 {
            throw error("invalid number")
        }
        if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits(&self) > 0 else { throw error("invalid number: digits expected after '.'") }
        }
        if index < bytes.count && (bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")) {
            index += 1
            if index < bytes.count && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) {
                index += 1
            }
            guard digits(&self) > 0 else { throw error("invalid number: digits expected in the exponent") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else { throw error("number \(text) is out of range") }
        return value
    }

    private mutating func parseString() throws(JSONParseError) -> String {
        index += 1  // opening quote
        // Fast path: no escapes, so the string is the bytes between the quotes
        // (ASCII needs no validation). The plain ASCII run is skipped eight
        // bytes at a time first.
        var scan = bytes.withUnsafeBufferPointer { Self.plainRun($0, from: index) }
        var ascii = true
        while scan < bytes.count {
            let b = bytes[scan]
            if b == UInt8(ascii: "\"") {
                let start = index
                guard
                    let string = bytes.withUnsafeBufferPointer({ buffer in
                        let run = UnsafeBufferPointer(rebasing: buffer[start..<scan])
                        return ascii ? String(decoding: run, as: UTF8.self) : String(validating: run, as: UTF8.self)
                    })
                else { throw error("invalid UTF-8 in a string") }
                index = scan + 1
                return string
            }
            if b == UInt8(ascii: "\\") || b < 0x20 { break }
            if b >= 0x80 { ascii = false }
            scan += 1
        }
        var out: [UInt8] = []
        var runStart = index
        while true {
            guard index < bytes.count else { throw error("unterminated string") }
            let b = bytes[index]
            if b == UInt8(ascii: "\"") {
                out.append(contentsOf: bytes[runStart..<index])
                index += 1
                break
            }
            if b < 0x20 { throw error("control character in a string") }
            if b == UInt8(ascii: "\\") {
                out.append(contentsOf: bytes[runStart..<index])
                index += 1
                guard index < bytes.count else { throw error("unterminated escape") }
                let e = bytes[index]
                index += 1
                switch e {
                case UInt8(ascii: "\""): out.append(0x22)
                case UInt8(ascii: "\\"): out.append(0x5C)
                case UInt8(ascii: "/"): out.append(0x2F)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if scalar >= 0xD800 && scalar <= 0xDBFF {
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                            bytes[index + 1] == UInt8(ascii: "u")
                        else {
                            throw error("unpaired surrogate in \\u escape")
                        }
                        index += 2
                        let low = try hex4()
                        guard low >= 0xDC00 && low <= 0xDFFF else { throw error("unpaired surrogate in \\u escape") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if scalar >= 0xDC00 && scalar <= 0xDFFF {
                        throw error("unpaired surrogate in \\u escape")
                    }
                    guard let u = Unicode.Scalar(scalar) else { throw error("invalid \\u escape") }
                    out.append(contentsOf: Array(String(Character(u)).utf8))
                default: throw error("invalid escape '\\\(Character(Unicode.Scalar(e)))'")
                }
                runStart = index
                continue
            }
            index += 1
        }
        guard let string = String(validating: out, as: UTF8.self) else { throw error("invalid UTF-8 in a string") }
        return string
    }

    private mutating func hex4() throws(JSONParseError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("invalid \\u escape") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            guard let n = ASCII.hexValue(bytes[index]) else { throw error("invalid \\u escape") }
            v = v * 16 + UInt32(n)
            index += 1
        }
        return v
    }
}

extension JSONParser {
    /// The JSON string whose opening quote is at `quote`, decoded as `parse`
    /// decodes strings, and the index just after its closing quote.
    package static func string(in bytes: [UInt8], quoteAt quote: Int) throws(JSONParseError) -> (String, Int) {
        var parser = JSONParser(bytes: bytes, maxDepth: defaultMaxDepth)
        parser.index = quote
        let value = try parser.parseString()
        return (value, parser.index)
    }
}

/// A place in a document a streaming reader comes back to.
public struct JSONPosition: Sendable {
    let index: Int
    let line: Int
    let lineStart: Int
    /// The 1-based line of the value that starts here.
    public var lineNumber: Int { line }
    /// The byte offset of the value in the document (to order positions).
    public var offset: Int { index }
    /// The 1-based column (in UTF-8 bytes) of the value that starts here.
    public var column: Int { index - lineStart + 1 }
}

/// Streaming: a reader that must not hold a whole document's tree checks the
/// document once (`checkDocument`), then reads one value at a time, lists an
/// object's members without reading their values, and comes back to them.
/// Values read this way are the ones `parse` builds, with the same lines and
/// columns.
extension JSONParser {
    /// A parser at the document's first value (after a BOM and whitespace).
    public init(streaming bytes: [UInt8], maxDepth: Int = defaultMaxDepth) {
        self.init(bytes: bytes, maxDepth: maxDepth)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        skipWhitespace()
    }

    /// Checks the whole document as `parse` does (the same errors), building nothing.
    public static func checkDocument(_ bytes: [UInt8], maxDepth: Int = defaultMaxDepth) throws(JSONParseError) {
        var parser = JSONParser(streaming: bytes, maxDepth: maxDepth)
        _ = try parser.parseValue(depth: 0, build: false)
        parser.skipWhitespace()
        if parser.index < bytes.count { throw parser.error("unexpected text after the JSON value") }
    }

    public var position: JSONPosition { JSONPosition(index: index, line: line, lineStart: lineStart) }

    public mutating func seek(_ position: JSONPosition) {
        index = position.index
        line = position.line
        lineStart = position.lineStart
    }

    /// The value at `position`, built as `parse` builds it.
    public mutating func value(at position: JSONPosition, depth: Int) throws(JSONParseError) -> JSONNode {
        seek(position)
        return try parseValue(depth: depth)
    }

    /// The members of the object at `position`, in document order, each with
    /// the position of its value; the values are skipped, not read. Nil when
    /// the value there is not an object. For a checked document only.
    public mutating func members(at position: JSONPosition) -> [(key: String, value: JSONPosition)]? {
        var out: [(key: String, value: JSONPosition)] = []
        let isObject = forEachMember(at: position) { member in
            // A key that does not decode ends the list, as a syntax error would.
            guard let key = member.decodedKey() else { return false }
            out.append((key, member.value))
            return true
        }
        return isObject ? out : nil
    }

    /// One member of an object of a checked document, as `forEachMember`
    /// hands it over: the key's bytes (between the quotes, not decoded; valid
    /// only during the call), whether they hold an escape, where the value
    /// starts and its first two bytes (0 past the end).
    package struct RawMember {
        package let key: UnsafeBufferPointer<UInt8>
        package let escaped: Bool
        package let value: JSONPosition
        package let first: UInt8
        package let second: UInt8

        /// The key decoded as `parse` decodes strings; nil when it is not a valid string.
        package func decodedKey() -> String? {
            if !escaped && !key.contains(where: { $0 < 0x20 }) { return String(validating: key, as: UTF8.self) }
            let quoted = [UInt8(ascii: "\"")] + Array(key) + [UInt8(ascii: "\"")]
            return try? JSONParser.string(in: quoted, quoteAt: 0).0
        }

        /// Whether the key is `name` as written (an escaped key never is).
        package func keyIs(_ name: StaticString) -> Bool {
            guard !escaped, key.count == name.utf8CodeUnitCount, let base = key.baseAddress else { return false }
            return memcmp(base, name.utf8Start, key.count) == 0
        }
    }

    /// Calls `body` with each member of the object at `position`, in document
    /// order, until it returns false; no string or array is made. False when
    /// the value there is not an object. For a checked document only.
    package mutating func forEachMember(at position: JSONPosition, _ body: (RawMember) -> Bool) -> Bool {
        seek(position)
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return false }
        index += 1
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { break }
            let keyStart = index + 1
            index = Self.endOfString(bytes, openingQuote: index)
            let keyEnd = min(index - 1, bytes.count)
            skipWhitespace()
            index += 1  // ':'
            skipWhitespace()
            let value = self.position
            let more = bytes.withUnsafeBufferPointer { buffer -> Bool in
                let key = UnsafeBufferPointer(rebasing: buffer[keyStart..<max(keyStart, keyEnd)])
                let escaped = key.contains(UInt8(ascii: "\\"))
                let first = index < buffer.count ? buffer[index] : 0
                let second = index + 1 < buffer.count ? buffer[index + 1] : 0
                return body(RawMember(key: key, escaped: escaped, value: value, first: first, second: second))
            }
            guard more else { return true }
            seek(value)
            skipChecked()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ",") else { break }
            index += 1
        }
        return true
    }

    /// The string at `position`, decoded as `parse` decodes strings; nil when
    /// the value there is not a string. For a checked document only.
    package mutating func string(at position: JSONPosition) -> String? {
        seek(position)
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
        return try? parseString()
    }

    /// The positions of the items of the array at `position`; nil when the
    /// value there is not an array. For a checked document only.
    public mutating func items(at position: JSONPosition) -> [JSONPosition]? {
        seek(position)
        guard index < bytes.count, bytes[index] == UInt8(ascii: "[") else { return nil }
        index += 1
        var out: [JSONPosition] = []
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] != UInt8(ascii: "]") else { break }
            out.append(self.position)
            skipChecked()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ",") else { break }
            index += 1
        }
        return out
    }

    /// Where the first item of the array at `position` is: `.some(nil)` for an
    /// empty array, nil when the value there is not an array. With
    /// `item(after:)`, an array is read item by item without a list of its
    /// items (a flat array of a million nodes holds no million positions).
    /// For a checked document only.
    package mutating func firstItem(at position: JSONPosition) -> JSONPosition?? {
        seek(position)
        guard index < bytes.count, bytes[index] == UInt8(ascii: "[") else { return nil }
        index += 1
        skipWhitespace()
        guard index < bytes.count, bytes[index] != UInt8(ascii: "]") else { return .some(nil) }
        return .some(self.position)
    }

    /// Where the item after the one at `position` in its array is, or nil
    /// after the last. For a checked document only.
    package mutating func item(after position: JSONPosition) -> JSONPosition? {
        seek(position)
        skipChecked()
        return nextItem()
    }

    /// `item(after:)` of an item whose closing bracket is known to be at
    /// `close` (`isAtObjectClose` was true there): the item is not skipped
    /// again. Without `close`, `item(after:)`.
    package mutating func item(after position: JSONPosition, closingAt close: JSONPosition?) -> JSONPosition? {
        guard let close else { return item(after: position) }
        seek(close)
        index += 1
        return nextItem()
    }

    /// The bytes between the quotes of the string at `position`: never fewer
    /// than the string decoded has in UTF-8 (an escape only shortens what it
    /// stands for). For a checked document only.
    package func rawStringLength(at position: JSONPosition) -> Int {
        Self.endOfString(bytes, openingQuote: position.index) - position.index - 2
    }

    /// Whether the parser is at an object's closing brace: where
    /// `forEachMember` leaves it once every member is read.
    package var isAtObjectClose: Bool { index < bytes.count && bytes[index] == UInt8(ascii: "}") }

    /// The item after the value just skipped, nil after an array's last.
    private mutating func nextItem() -> JSONPosition? {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ",") else { return nil }
        index += 1
        skipWhitespace()
        guard index < bytes.count, bytes[index] != UInt8(ascii: "]") else { return nil }
        return self.position
    }

    /// Skips one value of a checked document: brackets and strings matched,
    /// lines counted, nothing decoded.
    private mutating func skipChecked() {
        var depth = 0
        repeat {
            guard index < bytes.count else { return }
            let b = bytes[index]
            switch b {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                index += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                index += 1
            case UInt8(ascii: "\""):
                index = Self.endOfString(bytes, openingQuote: index)
            case 0x0A:
                index += 1
                line += 1
                lineStart = index
            case UInt8(ascii: ","), UInt8(ascii: ":"), 0x20, 0x09, 0x0D:
                index += 1
            default:
                // A number or literal: up to the next delimiter.
                while index < bytes.count {
                    let c = bytes[index]
                    if c == UInt8(ascii: ",") || c == UInt8(ascii: "}") || c == UInt8(ascii: "]") || c == 0x20
                        || c == 0x0A || c == 0x09 || c == 0x0D
                    {
                        break
                    }
                    index += 1
                }
            }
        } while depth > 0
    }

    /// Just past the closing quote of the string whose opening quote is at
    /// `quote` (past the end when there is none): the next quote not escaped,
    /// found with `memchr`, where an escaped one follows an odd run of
    /// backslashes.
    static func endOfString(_ bytes: [UInt8], openingQuote quote: Int) -> Int {
        bytes.withUnsafeBufferPointer { buffer -> Int in
            guard let base = buffer.baseAddress else { return quote + 1 }
            var from = quote + 1
            while from < buffer.count {
                guard let found = memchr(base + from, 0x22, buffer.count - from) else { break }
                let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                var backslashes = 0
                while at - backslashes - 1 >= from && buffer[at - backslashes - 1] == UInt8(ascii: "\\") {
                    backslashes += 1
                }
                if backslashes % 2 == 0 { return at + 1 }
                from = at + 1
            }
            return buffer.count + 1
        }
    }

    /// Checks a string without building it.
    /// - Returns: whether the string is plain ASCII without escapes: its bytes are its text.
    @discardableResult private mutating func skipString() throws(JSONParseError) -> Bool {
        // The common case is ASCII without escapes: nothing to validate or build.
        let plainEnd = bytes.withUnsafeBufferPointer { buffer -> Int? in
            let stop = Self.plainRun(buffer, from: index + 1)
            return stop < buffer.count && buffer[stop] == UInt8(ascii: "\"") ? stop + 1 : nil
        }
        if let plainEnd {
            index = plainEnd
            return true
        }
        _ = try parseString()
        return false
    }

    /// The string whose opening quote is at `quote`, decoded; where the parser is stays as it was.
    private mutating func decodedString(at quote: Int) throws(JSONParseError) -> String {
        let saved = index
        defer { index = saved }
        index = quote
        return try parseString()
    }

    /// The first byte from `start` on that a string's plain run ends at — a
    /// quote, a backslash, a control byte or a non-ASCII byte — or the
    /// buffer's end. Eight bytes are tested at a time; the byte loop takes
    /// over at the word that has one.
    static func plainRun(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let base = buffer.baseAddress else { return start }
        var scan = start
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        while scan + 8 <= buffer.count {
            let word = UnsafeRawPointer(base + scan).loadUnaligned(as: UInt64.self)
            let quote = word ^ (ones &* 0x22)
            let backslash = word ^ (ones &* 0x5C)
            let special =
                ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | ((word &- ones &* 0x20) & ~word)
                | word
            if special & highs != 0 { break }
            scan += 8
        }
        while scan < buffer.count {
            let b = buffer[scan]
            if b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") || b < 0x20 || b >= 0x80 { return scan }
            scan += 1
        }
        return scan
    }
}

/// The keys of one object so far, for the duplicate check. A parse that
/// builds the object hands each key decoded (`ObjectKeys`). A check that
/// builds nothing hands them as written: while every key is plain ASCII
/// (`skipString`) and there are at most eight, they are compared byte for
/// byte, with no string made; then decoded, each once, into `ObjectKeys`.
/// (Two plain keys are equal decoded exactly when their bytes are.)
private struct WrittenKeys {
    private var ranges = InlineArray<8, Range<Int>>(repeating: 0..<0)
    private var count = 0
    private var decoded: ObjectKeys?

    /// Adds the key written at `range` of `bytes` (between its quotes);
    /// false when the object already has it. `decode` gives the key whose
    /// opening quote is at an index, decoded.
    mutating func insert(
        _ range: Range<Int>, plain: Bool, of bytes: [UInt8], decode: (Int) throws(JSONParseError) -> String
    ) throws(JSONParseError) -> Bool {
        if decoded == nil, plain, count < 8 {
            let found = bytes.withUnsafeBufferPointer { buffer -> Bool in
                guard let base = buffer.baseAddress else { return false }
                for i in 0..<count where ranges[i].count == range.count {
                    if memcmp(base + ranges[i].lowerBound, base + range.lowerBound, range.count) == 0 { return true }
                }
                return false
            }
            if found { return false }
            ranges[count] = range
            count += 1
            return true
        }
        if decoded == nil {
            var keys = ObjectKeys()
            for i in 0..<count { _ = keys.insert(try decode(ranges[i].lowerBound - 1)) }
            decoded = keys
        }
        return decoded!.insert(try decode(range.lowerBound - 1))
    }

    /// Adds a decoded key (a parse that builds the object); false when the object already has it.
    mutating func insert(decoded key: String) -> Bool {
        if decoded == nil { decoded = ObjectKeys() }
        return decoded!.insert(key)
    }
}

/// The keys of one object so far, for the duplicate check: the first eight
/// compared in place (most objects have a handful: no set to build and hash
/// into), every key hashed once there are more.
private struct ObjectKeys {
    private var first = InlineArray<8, String>(repeating: "")
    private var count = 0
    private var rest: Set<String>?

    /// Adds `key`; false when the object already has it.
    mutating func insert(_ key: String) -> Bool {
        if let inserted = rest?.insert(key).inserted { return inserted }
        for i in 0..<count where first[i] == key { return false }
        if count < 8 {
            first[count] = key
            count += 1
            return true
        }
        var all = Set<String>(minimumCapacity: 32)
        for i in 0..<count { all.insert(first[i]) }
        all.insert(key)
        rest = all
        return true
    }
}
