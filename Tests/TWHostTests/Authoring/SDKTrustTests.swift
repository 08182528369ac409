import Foundation
import Glibc
import Testing

@testable import TWHost

/// `plugins new` builds projects against an SDK whose code runs on `make check`:
/// it takes one only when another user could not have written it (A-13's rules).
@Suite("plugins new: a trusted SDK", .removesTemporaryDirectories)
struct SDKTrustTests {
    @Test("an SDK planted by another user beside twhost in a shared folder is refused with a clear error")
    func plantedSDK() throws {
        let fm = FileManager.default
        let base = TestPaths.temporaryDirectory("sdk-trust")
        let shared = base + "/shared"
        try fm.createDirectory(atPath: shared, withIntermediateDirectories: false)
        chmod(shared, 0o1777)  // like /tmp: anyone may add to it
        let bin = shared + "/x"
        try fm.createDirectory(atPath: bin, withIntermediateDirectories: false)
        try fm.copyItem(atPath: TestPaths.twhost, toPath: bin + "/twhost")
        let include = shared + "/include"
        let package = shared + "/share/twhost/swift"
        try fm.createDirectory(atPath: include + "/twhost", withIntermediateDirectories: true)
        try fm.createDirectory(atPath: package, withIntermediateDirectories: true)
        try Data("__attribute__((constructor)) static void planted(void) {}\n".utf8).write(
            to: URL(fileURLWithPath: include + "/twhost/TWPluginAPI.h"))
        try Data("// swift-tools-version: 6.0\n".utf8).write(to: URL(fileURLWithPath: package + "/Package.swift"))
        for path in [include, include + "/twhost", include + "/twhost/TWPluginAPI.h"] {
            #expect(chown(path, TrustTests.otherUser, TrustTests.otherUser) == 0)
        }
        let refused = try runProcess(bin + "/twhost", ["plugins", "new", "demo", "--dir", base + "/demo"])
        #expect(refused.status == 2)
        #expect(
            refused.stderr
                == "error: no plugin SDK beside \(bin)/twhost that only you or root could have written: \(include)/twhost/TWPluginAPI.h: the folder \(include) above it is owned by user 4242, not by you or root; install twhost under a folder only you or root can write\n"
        )
        #expect(!fm.fileExists(atPath: base + "/demo"))
        // The same SDK, owned by root, is used.
        for path in [include, include + "/twhost", include + "/twhost/TWPluginAPI.h"] {
            #expect(chown(path, 0, 0) == 0)
        }
        let made = try runProcess(bin + "/twhost", ["plugins", "new", "demo", "--lang", "c", "--dir", base + "/demo"])
        #expect(made.status == 0, "\(made.stderr)")
        let makefile = try String(contentsOfFile: base + "/demo/Makefile", encoding: .utf8)
        #expect(makefile.contains("-I '\(include)/twhost'") || makefile.contains("-I \(include)/twhost"))
    }
}
