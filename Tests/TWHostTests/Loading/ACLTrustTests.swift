import CTWContainment
import Foundation
import Glibc
import Testing

@testable import TWHost

/// A-13 with POSIX ACLs: an ACL entry that lets another user or group write a
/// plugin, its folder or a folder above it is refused as mode bits are.
@Suite("Loading what was checked: ACLs", .removesTemporaryDirectories)
struct ACLTrustTests {
    /// An access ACL (version 2): owner rw, `entries`, group r, mask rw, other r.
    static func acl(_ entries: [(tag: UInt16, permissions: UInt16, id: UInt32)]) -> [UInt8] {
        var out: [UInt8] = [2, 0, 0, 0]
        // Entries in the kernel's order: by tag, then id.
        let all =
            ([(UInt16(0x01), UInt16(6), UInt32.max)] + entries + [
                (0x04, 4, UInt32.max), (0x10, 6, UInt32.max), (0x20, 4, UInt32.max),
            ]).sorted { ($0.0, $0.2) < ($1.0, $1.2) }
        for (tag, permissions, id) in all {
            out += [UInt8(tag & 0xFF), UInt8(tag >> 8), UInt8(permissions & 0xFF), UInt8(permissions >> 8)]
            out += [UInt8(id & 0xFF), UInt8((id >> 8) & 0xFF), UInt8((id >> 16) & 0xFF), UInt8(id >> 24)]
        }
        return out
    }

    static func setACL(_ path: String, _ bytes: [UInt8]) {
        let status = bytes.withUnsafeBytes {
            twc_setxattr(path, "system.posix_acl_access", $0.baseAddress, UInt($0.count))
        }
        #expect(status == 0, "setxattr \(path): \(String(cString: strerror(errno)))")
    }

    @Test("a plugin file, its folder or a folder above it whose ACL lets another user or group write is refused")
    func acls() throws {
        let base = TestPaths.temporaryDirectory("acl")
        // The file: user 4242 may write it, though its mode is 0644.
        let fileDir = try TrustTests.folder(base + "/file", mode: 0o755)
        let file = try TrustTests.plugin("steady", in: fileDir)
        chmod(file, 0o644)
        Self.setACL(file, Self.acl([(0x02, 6, 4242)]))
        let refused = try TrustTests.registry(fileDir, "steady")
        #expect(refused.status == 2)
        #expect(
            refused.stderr
                == "error: plugin-load-failed: \(file): refused: the plugin file's ACL lets user 4242 write it; fix: setfacl -x u:4242 on it (or setfacl -b); or pass --allow-writable-plugins\n"
        )
        // The plugin's folder: group 4242 may write it.
        let folder = try TrustTests.folder(base + "/folder", mode: 0o755)
        try TrustTests.plugin("steady", in: folder)
        Self.setACL(folder, Self.acl([(0x08, 7, 4242)]))
        let group = try TrustTests.registry(folder, "steady")
        #expect(group.status == 2)
        #expect(group.stderr.contains("refused: its folder \(folder) has an ACL that lets group 4242 write it"))
        // A folder above it.
        let above = try TrustTests.folder(base + "/above", mode: 0o755)
        let inside = try TrustTests.folder(above + "/plugins", mode: 0o755)
        try TrustTests.plugin("steady", in: inside)
        Self.setACL(above, Self.acl([(0x02, 7, 4242)]))
        let ancestor = try TrustTests.registry(inside, "steady")
        #expect(ancestor.status == 2)
        #expect(
            ancestor.stderr.contains(
                "refused: the folder \(above) above it has an ACL that lets user 4242 write it and is not sticky"))
        // An ACL that grants only reading, or whose mask takes write away, is fine.
        let readOnly = try TrustTests.folder(base + "/read", mode: 0o755)
        let readable = try TrustTests.plugin("steady", in: readOnly)
        chmod(readable, 0o644)
        Self.setACL(readable, Self.acl([(0x02, 4, 4242)]))
        #expect(try TrustTests.registry(readOnly, "steady").status == 0)
        var masked = Self.acl([(0x02, 6, 4242)])
        masked[4 + 3 * 8 + 2] = 4  // the mask entry: read only
        Self.setACL(readable, masked)
        #expect(try TrustTests.registry(readOnly, "steady").status == 0)
        // --allow-writable-plugins turns the check off, as for mode bits.
        #expect(try TrustTests.registry(fileDir, "steady", ["--allow-writable-plugins"]).status == 0)
    }
}
