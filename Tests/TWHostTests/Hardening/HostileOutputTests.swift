import Foundation
import Glibc
import Testing

@testable import TWHost
@testable import TWSwiftSource

/// Hostile file names, FIFOs and arguments (issue 26): never a hang, and no
/// input text reaches a terminal or a log unescaped.
@Suite("Hostile output", .removesTemporaryDirectories)
struct HostileOutputTests {
    static func write(_ text: String, _ path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    static let view =
        "import SwiftUI\nstruct A: View {\n    var body: some View { Text(\"a\").tw(\"p-4 bg-nope\") }\n}\n"

    @Test("a FIFO on the command line or in a folder is refused at once with a clear error, never read")
    func fifos() throws {
        let dir = TestPaths.temporaryDirectory("fifo")
        #expect(mkfifo(dir + "/x.swift", 0o600) == 0)
        #expect(mkfifo(dir + "/scene.json", 0o600) == 0)
        let reason = "is a FIFO; only a regular file is read (or - for standard input)"
        let check = try twhost(["check", dir + "/x.swift"])
        #expect(check.stdout.contains("\(dir)/x.swift:1:1: error[unreadable] cannot read \(dir)/x.swift: \(reason)"))
        #expect(check.status == 2)
        let resolve = try twhost(["resolve", dir + "/scene.json"])
        #expect(resolve.status == 2)
        #expect(resolve.stderr == "error: cannot read \(dir)/scene.json: \(reason)\n")
        let diff = try twhost(["diff", dir + "/scene.json", dir + "/scene.json"])
        #expect(diff.status == 2)
        #expect(diff.stderr.contains(reason))
        // A folder walk says what it skips: the FIFO named like a Swift file, beside a file that is read.
        try Self.write(Self.view, dir + "/A.swift")
        let walk = try twhost(["check", dir])
        #expect(walk.stdout.contains("\(dir)/x.swift:1:1: error[unreadable] cannot read \(dir)/x.swift: is a FIFO"))
        #expect(walk.stdout.contains("is a FIFO; only regular files are read"))
        #expect(walk.stdout.contains("\(dir)/A.swift:3:45: error[invalid-argument] 'bg-nope'"))
    }

    @Test("a file larger than the limit is refused from its size, before reading")
    func sizeLimit() throws {
        let dir = TestPaths.temporaryDirectory("size-limit")
        let path = dir + "/big.json"
        let fd = open(path, O_CREAT | O_WRONLY, 0o600)
        #expect(fd >= 0)
        #expect(ftruncate(fd, off_t(FileIO.defaultReadLimit + 1)) == 0)  // sparse: no disk used
        close(fd)
        func reason(_ body: () throws -> [UInt8]) -> String? {
            do {
                _ = try body()
                return nil
            } catch let error as FileReadError {
                return error.reason
            } catch {
                return "\(error)"
            }
        }
        #expect(reason { try FileIO.read(path) } == "larger than 512 MiB")
        #expect(reason { try FileIO.read(path, limit: 10) } == "larger than 10 bytes")
    }

    @Test("a newline or an escape in a file name is escaped in check's text and github output and resolve's lines")
    func fileNames() throws {
        let dir = TestPaths.temporaryDirectory("names")
        let forged = dir + "/nl\nfake.swift:1:1: error[x] injected.swift"
        let escape = dir + "/esc\u{1B}[31mred.swift"
        try Self.write(Self.view, forged)
        try Self.write(Self.view, escape)
        let check = try twhost(["check", dir])
        #expect(check.status == 1)
        #expect(!check.stdout.contains("\u{1B}"))
        #expect(!check.stdout.split(separator: "\n").contains { $0.hasPrefix("fake.swift") })
        #expect(
            check.stdout.contains(
                "\(dir)/nl\\u{A}fake.swift:1:1: error[x] injected.swift:3:45: error[invalid-argument]"))
        #expect(check.stdout.contains("\(dir)/esc\\u{1B}[31mred.swift:3:45: error[invalid-argument]"))
        let github = try twhost(["check", "--format", "github", dir])
        #expect(!github.stdout.contains("\u{1B}"))
        #expect(github.stdout.split(separator: "\n").allSatisfy { $0.hasPrefix("::") || $0.hasPrefix("2 error(s)") })
        let resolve = try twhost(["resolve", escape])
        #expect(resolve.status == 1)
        #expect(!resolve.stdout.contains("\u{1B}"))
        #expect(resolve.stdout.contains("esc\\u{1B}[31mred.swift:3:"))
    }

    @Test("unknown keys, plugin names, path warnings and arguments are escaped in every message")
    func messages() throws {
        let dir = TestPaths.temporaryDirectory("messages")
        try Self.write(
            "{\"scene\": 1, \"root\": {\"type\": \"Text\", \"k\\u001b[2Jx\": 1, \"n\\nl\": 2}}", dir + "/s.json")
        let scene = try twhost(["resolve", dir + "/s.json"])
        #expect(!scene.stderr.contains("\u{1B}"))
        #expect(scene.stderr.contains("k\\u{1B}[2Jx"))
        #expect(scene.stderr.contains("n\\u{A}l"))
        let plugin = try twhost(["explain", "--plugins", "bad\u{1B}[31m\nname", "p-4"])
        #expect(plugin.status == 2)
        #expect(!plugin.stderr.contains("\u{1B}"))
        #expect(plugin.stderr.split(separator: "\n").count == 1)
        let path = try twhost(["explain", "p-4"], environment: ["TWHOST_PLUGIN_PATH": "rel\u{1B}]0;x\u{7}dir"])
        #expect(path.stderr.contains("ignoring relative entry 'rel\\u{1B}]0;x\\u{7}dir'"))
        let argument = try twhost(["check", "--bogus\u{1B}[31m\nx"])
        #expect(argument.status == 64)
        #expect(argument.stderr.hasPrefix("error: unknown option '--bogus\\u{1B}[31m\\u{A}x' for 'check'"))
        let value = try twhost(["check", "--format", "j\u{1B}son", "x.swift"])
        #expect(value.status == 64)
        #expect(value.stderr.hasPrefix("error: invalid value 'j\\u{1B}son' for '--format'"))
    }

    @Test("help and the version into a closed pipe are a write error (exit 2), not death by SIGPIPE")
    func closedPipe() throws {
        for arguments in [["--help"], ["--version"], ["check", "--help"]] {
            let pipe = Pipe()
            try pipe.fileHandleForReading.close()
            let result = try twhost(arguments, standardOutput: pipe.fileHandleForWriting)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.hasPrefix("error: cannot write the report to standard output"), "\(arguments)")
        }
    }

    @Test("smaller items: -o - is standard output, diff takes --plugin-timeout, --plugin-path must be a folder")
    func smaller() throws {
        let dir = TestPaths.temporaryDirectory("smaller")
        let out = try twhost(["registry", "--plugins", "material", "--format", "json", "-o", "-"], directory: dir)
        #expect(out.status == 0)
        #expect(out.stdout.hasPrefix("{"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/-"))
        try Data(out.stdout.utf8).write(to: URL(fileURLWithPath: dir + "/m.json"))
        let diff = try twhost(["diff", dir + "/m.json", dir + "/m.json", "--plugin-timeout", "5"])
        #expect(diff.status == 0)
        let missing = try twhost(["explain", "--plugin-path", dir + "/none", "p-4"])
        #expect(missing.status == 64)
        #expect(missing.stderr.hasPrefix("error: --plugin-path \(dir)/none is not a folder: No such file or directory"))
        let file = try twhost(["explain", "--plugin-path", dir + "/m.json", "p-4"])
        #expect(file.status == 64)
        #expect(file.stderr.hasPrefix("error: --plugin-path \(dir)/m.json is not a folder"))
    }

    @Test("invalid UTF-8 in a Swift file is reported where it is, with the byte")
    func invalidUTF8() {
        let bytes = Array("import SwiftUI\nlet a = \"é\"\nlet b = \"".utf8) + [0xC3, 0x28] + Array("\"\n".utf8)
        let file = SwiftSources.read(path: "Bad.swift", bytes: bytes)
        #expect(file.diagnostics.map(\.code) == [.syntaxError])
        #expect(file.diagnostics.first?.location == SourceLocation(file: "Bad.swift", line: 3, column: 10))
        #expect(
            file.diagnostics.first?.message
                == "the file is not UTF-8: byte 0xC3 at line 3, column 10 does not start a valid sequence")
        for bad: [UInt8] in [[0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82]] {
            #expect(SwiftSources.firstInvalidUTF8(bad) == 0, "\(bad)")
        }
        #expect(SwiftSources.firstInvalidUTF8(Array("aé€😀".utf8)) == nil)
    }

    @Test("plugin code that writes to descriptors 3 to 63 cannot reach the report")
    func lowDescriptors() throws {
        let dir = TestPaths.temporaryDirectory("low-fds")
        try ContainmentTests.hostile("scribbler", ["WRITE_LOW_FDS"], in: dir)
        let result = try twhost(
            ["resolve", "--format", "json", "--plugin-path", dir, "--plugins", "scribbler", "-"],
            input: ContainmentTests.scene(["fade-[0.5]", "p-2"]))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stdout.contains("PLUGIN FD"))
        let out = try ResolveOutput(result.stdout)  // still one JSON document
        #expect(out.chain("/0").contains { $0.modifier == ".opacity(0.5)" })
    }
}
