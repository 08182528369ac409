import Foundation
import Glibc
import Testing

@testable import TWHost

/// SPEC §7 "Write failures": a report that cannot be written (a full disk,
/// `/dev/full`, a closed pipe) is exit 2 with an error for every command, and
/// `-o FILE` replaces only a regular file, keeping its mode.
@Suite("Write failures and -o", .removesTemporaryDirectories)
struct WriteFailureTests {
    static let snapshotDirectory: String = {
        let dir = TestPaths.sharedDirectory("write-failures")
        let written = try! twhost(["registry", "--plugins", "material", "-o", dir + "/base.json"])
        precondition(written.status == 0, written.stderr)
        return dir
    }()

    static let commands: [[String]] = [
        ["resolve", "--plugins", "material,motion", TestPaths.repository + "/Examples/NativeRegistryExample.json"],
        ["resolve", "--format", "json", TestPaths.repository + "/Examples/NativeRegistryExample.json"],
        [
            "resolve", "--plugins", "material,motion",
            TestPaths.repository + "/Examples/Swift/NativeRegistryExample.swift",
        ],
        ["resolve", "--format", "json", "--plugins", "material,motion", TestPaths.repository + "/Examples/Swift"],
        ["check", "--plugins", "material,motion", TestPaths.repository + "/Examples/Swift"],
        ["check", "--format", "sarif", "--plugins", "material,motion", TestPaths.repository + "/Examples/Swift"],
        ["explain", "p-4 frosted", "--plugins", "material"],
        ["registry", "--plugins", "material,motion"],
        ["plugins", "list"],
        ["plugins", "check", "typography"],
        ["diff", snapshotDirectory + "/base.json", snapshotDirectory + "/base.json"],
        ["platforms"],
        ["resolve", "--help"],
        ["--version"],
    ]

    @Test("every command: a report written to /dev/full is exit 2 with an error", arguments: commands)
    func fullDevice(_ arguments: [String]) throws {
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let result = try twhost(arguments, standardOutput: full)
        #expect(result.status == 2)
        #expect(
            result.stderr.hasSuffix("error: cannot write the report to standard output: No space left on device\n"),
            "\(result.stderr)")
    }

    @Test("a closed pipe is a write error (exit 2), not a SIGPIPE death")
    func closedPipe() throws {
        let pipe = Pipe()
        try pipe.fileHandleForReading.close()
        let result = try twhost(["platforms"], standardOutput: pipe.fileHandleForWriting)
        #expect(result.status == 2)
        #expect(result.stderr == "error: cannot write the report to standard output: Broken pipe\n")
    }

    @Test("-o refuses /dev/full, a FIFO and a symlink, and leaves each as it was")
    func outputRefusesNonRegularFiles() throws {
        let dir = TestPaths.temporaryDirectory("output-kinds")
        let device = try twhost(["registry", "--plugins", "material", "-o", "/dev/full"])
        #expect(device.status == 2)
        #expect(
            device.stderr
                == "error: cannot write /dev/full: is a character device; only a regular file is replaced (or a new one created)\n"
        )
        var info = stat()
        #expect(lstat("/dev/full", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR)

        let fifo = dir + "/pipe"
        #expect(mkfifo(fifo, 0o644) == 0)
        let toFIFO = try twhost(["registry", "--plugins", "material", "-o", fifo])
        #expect(toFIFO.status == 2)
        #expect(
            toFIFO.stderr
                == "error: cannot write \(fifo): is a FIFO; only a regular file is replaced (or a new one created)\n")
        #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)

        let target = dir + "/target.json"
        try "the old snapshot\n".write(toFile: target, atomically: true, encoding: .utf8)
        let link = dir + "/link.json"
        #expect(symlink(target, link) == 0)
        let toLink = try twhost(["registry", "--plugins", "material", "-o", link])
        #expect(toLink.status == 2)
        #expect(
            toLink.stderr
                == "error: cannot write \(link): is a symbolic link; only a regular file is replaced (or a new one created)\n"
        )
        #expect(lstat(link, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "the old snapshot\n")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["link.json", "pipe", "target.json"])
    }

    @Test("-o keeps a replaced file's mode; a new file gets 0666 minus the umask")
    func outputKeepsMode() throws {
        let dir = TestPaths.temporaryDirectory("output-mode")
        let secret = dir + "/private.json"
        try "old\n".write(toFile: secret, atomically: true, encoding: .utf8)
        chmod(secret, 0o600)
        let replaced = try twhost(["registry", "--plugins", "material", "-o", secret])
        #expect(replaced.status == 0, "\(replaced.stderr)")
        var info = stat()
        #expect(stat(secret, &info) == 0)
        #expect(info.st_mode & 0o7777 == 0o600)
        #expect(try String(contentsOfFile: secret, encoding: .utf8).hasPrefix("{\n  \"twhostRegistry\": 1,"))
        let fresh = dir + "/new.json"
        #expect(try twhost(["registry", "--plugins", "material", "-o", fresh]).status == 0)
        // The umask twhost inherited, read without changing it (umask(2) would, for every test running).
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("Umask:") })
        let mask = try #require(mode_t(line.dropFirst(6).trimmingCharacters(in: .whitespaces), radix: 8))
        #expect(stat(fresh, &info) == 0)
        #expect(info.st_mode & 0o7777 == 0o666 & ~mask)
    }
}
