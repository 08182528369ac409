import Foundation
import Glibc
import Testing

@testable import TWHost
@testable import TWSwiftSource

/// Hostile input, the bounds (issue 26, item 7 and the rest of item 10):
/// memory that stays flat in a streamed scene, a class too long to read,
/// chains of `.tw` calls that stay linear, input text escaped in every message.
@Suite("Hostile limits", .removesTemporaryDirectories)
struct HostileLimitsTests {
    static func write(_ text: String, _ path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    /// `peak-rss` (Tests/Fixtures/tools/peak-rss.c), built once.
    static let peakRSS: Result<String, FixtureError> = {
        let dir = TestPaths.sharedDirectory("peak-rss")
        let output = dir + "/peak-rss"
        var arguments = FixtureCompiler.clang == "/usr/bin/env" ? ["clang"] : []
        arguments += ["-O1", "-o", output, TestPaths.repository + "/Tests/Fixtures/tools/peak-rss.c"]
        guard let result = try? runProcess(FixtureCompiler.clang, arguments), result.status == 0 else {
            return .failure(.compileFailed(name: "peak-rss", output: "clang failed"))
        }
        return .success(output)
    }()

    /// Runs twhost through `peak-rss`: its exit status and peak resident set
    /// (KiB, `getrusage(RUSAGE_CHILDREN)` in a small parent), stdout to `output`.
    static func peak(_ arguments: [String], output: String) throws -> (status: Int32, kib: Int) {
        let tool = try peakRSS.get()
        let run = try runProcess(tool, [output, "--", TestPaths.twhost] + arguments)
        #expect(run.status == 0, "\(run.stderr)")
        let fields = run.stdout.split(separator: " ").map { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        guard fields.count == 2, let status = fields[0], let kib = fields[1] else {
            throw FixtureError.compileFailed(name: "peak-rss", output: "unexpected output '\(run.stdout)'")
        }
        return (Int32(status), kib)
    }

    /// A flat scene of `count` surfaces (`Text` with `p-4`), written straight to a file.
    static func flatScene(_ count: Int, to path: String) throws -> Int {
        var bytes: [UInt8] = []
        let item = Array(#"{"type": "Text", "tw": "p-4"}"#.utf8)
        bytes.reserveCapacity(64 + count * (item.count + 2))
        bytes += Array(#"{"scene": 1, "root": {"type": "VStack", "children": ["#.utf8) + [0x0A]
        for i in 0..<count {
            if i > 0 { bytes += [UInt8(ascii: ","), 0x0A] }
            bytes += item
        }
        bytes += Array("\n]}}\n".utf8)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return bytes.count
    }

    /// The newlines in a file, counted without making a string of it.
    static func lineCount(_ path: String) throws -> Int {
        let data = try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
        return data.withUnsafeBytes { raw -> Int in
            guard var at = raw.baseAddress else { return 0 }
            let end = at + raw.count
            var lines = 0
            while at < end, let found = memchr(at, 0x0A, end - at) {
                lines += 1
                at = UnsafeRawPointer(found) + 1
            }
            return lines
        }
    }

    @Test(
        "a streamed scene of 10,000, 100,000 and 1,000,000 surfaces peaks within the same fixed bound above its bytes"
    )
    func flatMemory() throws {
        let dir = TestPaths.temporaryDirectory("flat-memory")
        var peaks: [(count: Int, kib: Int, bytes: Int)] = []
        // A million surfaces take minutes under AddressSanitizer, whose peaks are not measured.
        let counts = TestBuild.sanitized ? [10_000, 100_000] : [10_000, 100_000, 1_000_000]
        for count in counts {
            let scene = dir + "/flat-\(count).json"
            let bytes = try Self.flatScene(count, to: scene)
            let out = dir + "/out-\(count).txt"
            let run = try Self.peak(["resolve", "--format", "compact", "--jobs", "1", scene], output: out)
            #expect(run.status == 0)
            // Every surface was written: the compact report is one line per
            // surface and 16 others, and its summary counts them all.
            #expect(try Self.lineCount(out) == count + 16)
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: out))
            try handle.seek(toOffset: try handle.seekToEnd() - 200)
            let tail = String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
            try handle.close()
            let summary = #""surfaces":\#(count),"decorated":\#(count),"undecorated":0,"errors":0,"warnings":0"#
            #expect(tail.hasSuffix(#""summary": {"# + summary + "}}\n"), "\(tail)")
            peaks.append((count, run.kib, bytes))
            try FileManager.default.removeItem(atPath: out)
            try FileManager.default.removeItem(atPath: scene)
        }
        // The scene's bytes are held (the file is read whole); nothing else grows
        // with the surfaces. 48 MiB above the bytes is generous for the process
        // itself (about 23 MiB at 100,000 and at 1,000,000 surfaces, debug
        // build), and far below what holding the scene's tree took (340 MiB for
        // 200,000 surfaces).
        for peak in peaks where !TestBuild.sanitized {
            let aboveBytes = peak.kib - peak.bytes / 1024
            #expect(
                aboveBytes < 48 * 1024, "\(peak.count) surfaces: \(peak.kib) KiB peak, \(peak.bytes) bytes of scene")
        }
    }
}

extension HostileLimitsTests {
    @Test("a class longer than 4,096 bytes is one invalid-class error with its length, in scenes and in Swift")
    func classTooLong() throws {
        let dir = TestPaths.temporaryDirectory("long-class")
        let long = "p-" + String(repeating: "x", count: 5_000)
        let limit = "p-[" + String(repeating: "1", count: ClassTokenizer.maxClassBytes - 4) + "]"
        #expect(limit.utf8.count == ClassTokenizer.maxClassBytes)
        try Self.write(
            #"{"scene": 1, "root": {"type": "Text", "tw": "p-4 \#(long) rounded-lg"}}"#, dir + "/scene.json")
        let resolve = try twhost(["resolve", dir + "/scene.json"])
        #expect(resolve.status == 1)
        #expect(
            resolve.stdout.contains(
                "error[invalid-class] (root): 'p-\(String(repeating: "x", count: 30))…': a class of 5002 bytes; a class is at most 4096 bytes"
            ), "\(resolve.stdout)")
        #expect(!resolve.stdout.contains(String(repeating: "x", count: 40)))
        // The tokens around it are read as usual; one at the limit is read (and found wanting as a value).
        let list: String = "p-4 \(long) \(limit) rounded-lg"
        let tokens = ClassTokenizer.tokenize(list)
        let errors: [ClassParseError?] = tokens.map(\.error)
        #expect(errors == [nil, .tooLong(bytes: 5_002), nil, nil])
        #expect(tokens[1].text == "p-" + String(repeating: "x", count: 30) + "…")
        #expect(PlainClassList.words("p-4 \(long)") == nil)
        #expect(PlainClassList.words("p-4 \(limit)")?.count == 2)
        // A string typed in Swift takes the same road.
        let swift = try SwiftSource.resolve(
            "struct A: View { var body: some View { Text(\"a\").tw(\"p-4 \(long)\") } }", path: "A.swift")
        #expect(swift.surfaces.first?.allDiagnostics.map(\.code) == [.invalidClass])
        #expect(
            swift.surfaces.first?.allDiagnostics.first?.message
                == "'p-\(String(repeating: "x", count: 30))…': a class of 5002 bytes; a class is at most 4096 bytes")
    }

    @Test("a chain of .tw calls keeps one surface marker per layer's natives, not every call before it")
    func chainedTWStaysLinear() throws {
        let calls = 1_500
        let text =
            "struct C: View { var body: some View { Text(\"x\").bold()"
            + String(repeating: ".tw(\"p-4\")", count: calls)
            + " } }"
        struct Facts: Sendable {
            var layers: Int, maxNatives: Int?, natives: Set<[String]>, surfaces: Int, clean: Bool
            var locations: Int, requests: Int, searches: Int
        }
        // Read, resolved and dropped on a thread with twhost's own stack: a tree 1,500 layers deep is
        // built, walked and freed recursively.
        let facts = try TestStack.run { () throws -> Facts in
            let file = SwiftSource.read(text, path: "C.swift")
            let scene = try #require(file.scene)
            var layers: [SceneNode] = []
            var stack = [scene.root]
            while let node = stack.popLast() {
                if node.isStyled { layers.append(node) }
                stack += node.children
            }
            let resolved = try SceneResolver.resolve(scene, plugins: [])
            return Facts(
                layers: layers.count, maxNatives: layers.map(\.native.count).max(), natives: Set(layers.map(\.native)),
                surfaces: resolved.surfaces.count,
                clean: resolved.surfaces.allSatisfy { $0.surface.diagnostics.isEmpty },
                locations: Set(layers.compactMap(\.location)).count, requests: file.locationCounts.requests,
                searches: file.locationCounts.searches)
        }
        #expect(facts.layers == calls)
        // The first layer's natives are the methods before it; each later layer's add one `tw`, whatever its place.
        #expect(facts.maxNatives == 2)
        #expect(facts.natives == [["bold"], ["bold", "tw"]])
        #expect(facts.surfaces == calls)
        #expect(facts.clean)
        // Every layer starts where the chain does (its location is the chain's first token),
        // and finding that token descends the whole chain: it is searched for once, not per layer.
        #expect(facts.locations == 1)
        #expect(facts.requests >= calls, "\(facts.requests) requests")
        #expect(
            facts.searches <= facts.requests - (calls - 1), "\(facts.searches) of \(facts.requests) locations searched")
    }
}

extension HostileLimitsTests {
    @Test("a newline and an escape in an allowlist's reasons are escaped in diff's text and github output")
    func allowlistReasons() throws {
        let (builds, sides) = try AllowlistTests.phaseBuilds()
        let allow = builds.root + "/allow.json"
        // One entry allows a finding, one is stale, one lists the first fingerprint again.
        try #"""
        {"twhostAllow": 1, "allow": [
          {"fingerprint": "phase-changed/versioned/gamma", "reason": "ok\nerror[x] forged\u001b[31m"},
          {"fingerprint": "slot-added/versioned/old", "reason": "gone\u001b]0;title\u0007"},
          {"fingerprint": "phase-changed/versioned/gamma", "reason": "again\r\nerror[y] forged"}
        ]}
        """#.write(toFile: allow, atomically: true, encoding: .utf8)
        for format in ["text", "github"] {
            let result = try twhost(["diff"] + sides + ["--allow", allow, "--format", format])
            #expect(result.status == 1, "\(format): \(result.stderr)")
            #expect(!result.stdout.contains("\u{1B}"), "\(format)")
            #expect(!result.stdout.contains("\u{7}"), "\(format)")
            #expect(!result.stdout.contains("\r"), "\(format)")
            // No line of the report starts with the forged text.
            #expect(
                !result.stdout.split(separator: "\n").contains { $0.hasPrefix("error[x]") || $0.hasPrefix("error[y]") },
                "\(format)")
            #expect(result.stdout.contains("ok\\u{A}error[x] forged\\u{1B}[31m"), "\(format): \(result.stdout)")
            #expect(result.stdout.contains("gone\\u{1B}]0;title\\u{7}"), "\(format)")
            #expect(result.stdout.contains("again\\u{D}\\u{A}error[y] forged"), "\(format)")
        }
    }

    @Test("a newline and an escape in plugins new's arguments are escaped in its errors and its report")
    func pluginsNewArguments() throws {
        let parent = TestPaths.temporaryDirectory("new-escaped")
        let badName = try twhost(["plugins", "new", "bad\u{1B}[31m\nname"], directory: parent)
        #expect(badName.status == 64)
        #expect(
            badName.stderr.hasPrefix("error: invalid plugin name 'bad\\u{1B}[31m\\u{A}name': "), "\(badName.stderr)")
        #expect(badName.stderr.split(separator: "\n").count == 1)
        let missing = try twhost(["plugins", "new", "demo", "--dir", "no\u{1B}[2J\nwhere/demo"], directory: parent)
        #expect(missing.status == 2)
        #expect(
            missing.stderr
                == "error: cannot create 'no\\u{1B}[2J\\u{A}where/demo': the folder 'no\\u{1B}[2J\\u{A}where' does not exist\n"
        )
        // A project created in a folder with such a name: the report names it escaped.
        let created = try twhost(
            ["plugins", "new", "demo", "--lang", "c", "--dir", "p\u{1B}[1m\nq"], directory: parent)
        #expect(created.status == 0, "\(created.stderr)")
        #expect(!created.stdout.contains("\u{1B}"))
        #expect(
            created.stdout.hasPrefix("created p\\u{1B}[1m\\u{A}q (a C plugin named 'demo'):\n"), "\(created.stdout)")
        #expect(FileManager.default.fileExists(atPath: parent + "/p\u{1B}[1m\nq/Makefile"))
    }
}

extension HostileLimitsTests {
    @Test("an endless standard input is read to just past the size limit and refused; /dev/zero as a file at once")
    func endlessInput() throws {
        let dir = TestPaths.temporaryDirectory("endless")
        let tool = try Self.peakRSS.get()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = [dir + "/out.txt", "--", TestPaths.twhost, "resolve", "-"]
        process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/dev/zero"))
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let fields = text.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        #expect(fields.count == 2)
        #expect(fields.first == 2)
        #expect(stderr == "error: cannot read -: larger than 512 MiB\n")
        // Read to one byte past the limit, not on: the peak is the limit and the process.
        let limitKiB = FileIO.defaultReadLimit / 1024
        if !TestBuild.sanitized {
            #expect(fields.last.map { $0 > limitKiB && $0 < limitKiB + 96 * 1024 } == true, "\(fields)")
        }
        let named = try twhost(["resolve", "/dev/zero"])
        #expect(named.status == 2)
        #expect(
            named.stderr
                == "error: cannot read /dev/zero: is a character device; only a regular file is read (or - for standard input)\n"
        )
    }
}

extension HostileLimitsTests {
    @Test("a class list past 1 MiB is refused before it is tokenized: one enormous class, millions of short ones")
    func classListTooLong() throws {
        let dir = TestPaths.temporaryDirectory("long-list")
        #expect(SceneReader.maxClassListBytes == 1_048_576)
        let oneClass = "p-" + String(repeating: "x", count: 16 << 20)
        let manyClasses = String(repeating: "p-4 ", count: 2_000_000)
        let cases: [(name: String, json: String, path: String, bytes: Int)] = [
            // A plain node (the streamed fast path) and a node with other fields (the full reader).
            ("one", #"{"scene": 1, "root": {"type": "Text", "tw": "\#(oneClass)"}}"#, "/root/tw", (16 << 20) + 2),
            (
                "many",
                #"{"scene": 1, "root": {"type": "VStack", "children": [{"type": "Text", "tw": "p-4"}, {"type": "Text", "state": {"hover": true}, "tw": "\#(manyClasses)"}]}}"#,
                "/root/children/1/tw", 8_000_000
            ),
            // A plain node with two: the first in the node's order is refused, at its line.
            (
                "order",
                "{\"scene\": 1,\n \"root\": {\"type\": \"Text\",\n \"twAnimation\": \"\(manyClasses)\",\n \"tw\": \"\(oneClass)\"}}",
                "/root/twAnimation", 8_000_000
            ),
            (
                "segments",
                #"{"scene": 1, "root": {"type": "Text", "buttonStyle": ["\#(manyClasses)", {"number": 4}, "p-4"]}}"#,
                "/root/buttonStyle", 8_000_003
            ),
        ]
        for c in cases {
            let scene = dir + "/\(c.name).json"
            try Self.write(c.json, scene)
            let result = try twhost(["resolve", scene])
            #expect(result.status == 2, "\(c.name): \(result.stderr.prefix(300))")
            #expect(result.stdout.isEmpty, "\(c.name)")
            #expect(
                result.stderr
                    == "error: \(scene): \(c.path): a class list of \(c.bytes) bytes; a class list is at most 1048576 bytes (1 MiB) (line \(c.name == "order" ? 3 : 1))\n",
                "\(c.name): \(result.stderr.prefix(300))")
        }
    }
}
