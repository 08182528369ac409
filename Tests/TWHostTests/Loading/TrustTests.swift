import Foundation
import Glibc
import Synchronization
import Testing

@testable import TWHost

/// SPEC A-13: the file twhost checks is the file it loads, and nothing another
/// user could change is loaded. The tests run as root; "another user" is an
/// unused uid (4242) that files, folders and links are chowned to.
@Suite("Loading what was checked", .removesTemporaryDirectories)
struct TrustTests {
    final class SwapControl: Sendable {
        let stop = Atomic<Bool>(false)
        let finished = DispatchSemaphore(value: 0)
    }

    static let otherUser: uid_t = 4242

    /// A well-behaved plugin named `name`, or one whose library constructor
    /// creates `marker` the moment it is loaded.
    @discardableResult
    static func plugin(_ name: String, marker: String? = nil, in dir: String) throws -> String {
        try ContainmentTests.hostile(name, marker.map { ["CONSTRUCTOR_MARKER=\"\($0)\""] } ?? [], in: dir)
    }

    static func folder(_ path: String, mode: mode_t) throws -> String {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        chmod(path, mode)
        return path
    }

    static func registry(_ pluginPath: String, _ name: String, _ extra: [String] = []) throws -> ProcessResult {
        try twhost(["registry", "--no-default-path", "--plugin-path", pluginPath, "--plugins", name] + extra)
    }

    @Test("the swap race: a file exchanged while twhost loads is never what gets loaded")
    func swapRace() throws {
        let base = TestPaths.temporaryDirectory("swap")
        let marker = base + "/evil-was-loaded"
        let stock = try Self.folder(base + "/stock", mode: 0o755)
        let good = try Self.plugin("swapped", in: stock)
        let evilBuild = try Self.folder(base + "/evil", mode: 0o755)
        let evil = try Self.plugin("swapped", marker: marker, in: evilBuild)
        chown(evil, Self.otherUser, Self.otherUser)  // planted by another user

        /// Swaps `good` and `evil` in and out of `folder` until told to stop:
        /// each rename atomically replaces the name twhost looks up.
        func race(in folder: String, runs: Int, _ body: () throws -> ProcessResult) rethrows -> [ProcessResult] {
            let control = SwapControl()
            let target = folder + "/libswapped.so"
            let staging = folder + "/.staging"
            let swapper = Thread {
                while !control.stop.load(ordering: .relaxed) {
                    for source in [good, evil] {
                        unlink(staging)
                        link(source, staging)
                        rename(staging, target)
                    }
                }
                control.finished.signal()
            }
            link(good, target)
            swapper.start()
            defer {
                control.stop.store(true, ordering: .relaxed)
                control.finished.wait()
            }
            return try (0..<runs).map { _ in try body() }
        }

        // Through a plugin folder other users can write (not sticky): refused
        // every time, before anything is opened.
        let shared = try Self.folder(base + "/shared", mode: 0o777)
        for result in try race(in: shared, runs: 15, { try Self.registry(shared, "swapped") }) {
            #expect(result.status == 2)
            #expect(
                result.stderr.contains(
                    "refused: its folder \(shared) is writable by every user (sticky or not, anyone could add a file or a link to it)"
                ), "\(result.stderr)")
        }
        // Through a folder that passes the checks (standing in for one the swapper
        // should not be able to write): each run loads the file it opened and
        // checked, or refuses it; the other user's file never runs.
        let checked = try Self.folder(base + "/checked", mode: 0o755)
        var loaded = 0
        var refused = 0
        for result in try race(in: checked, runs: 40, { try Self.registry(checked, "swapped") }) {
            if result.status == 0 {
                loaded += 1
                #expect(result.stdout.contains("\"name\": \"swapped\""))
            } else {
                refused += 1
                #expect(result.status == 2)
                #expect(
                    result.stderr.contains("refused: the plugin file is owned by user 4242, not by you or root"),
                    "\(result.stderr)")
            }
        }
        #expect(loaded > 0 && refused > 0, "the swap never raced the load: \(loaded) loaded, \(refused) refused")
        #expect(!FileManager.default.fileExists(atPath: marker))
    }

    @Test("a sticky folder every user can write is not a plugin folder; a private folder inside one is")
    func stickyFolders() throws {
        let base = TestPaths.temporaryDirectory("sticky")
        let sticky = try Self.folder(base + "/tmp-like", mode: 0o1777)
        try Self.plugin("steady", in: sticky)
        let refused = try Self.registry(sticky, "steady")
        #expect(refused.status == 2)
        #expect(
            refused.stderr
                == "error: plugin-load-failed: \(sticky)/libsteady.so: refused: its folder \(sticky) is writable by every user (sticky or not, anyone could add a file or a link to it); fix: chmod o-w \(sticky), or move the plugin to a folder only you can write; or pass --allow-writable-plugins\n"
        )
        #expect(try Self.registry(sticky, "steady", ["--allow-writable-plugins"]).status == 0)
        // A private folder under the sticky one (as under /tmp): accepted.
        let mine = try Self.folder(sticky + "/mine", mode: 0o755)
        try Self.plugin("steady", in: mine)
        let accepted = try Self.registry(mine, "steady")
        #expect(accepted.status == 0, "\(accepted.stderr)")
        #expect(accepted.stderr.isEmpty)
    }

    @Test("folders above the plugin: writable by others and not sticky, or another user's, are refused")
    func ancestors() throws {
        let base = TestPaths.temporaryDirectory("ancestors")
        let open = try Self.folder(base + "/open", mode: 0o777)
        let inside = try Self.folder(open + "/plugins", mode: 0o755)
        try Self.plugin("steady", in: inside)
        let writable = try Self.registry(inside, "steady")
        #expect(writable.status == 2)
        #expect(
            writable.stderr
                == "error: plugin-load-failed: \(inside)/libsteady.so: refused: the folder \(open) above it is writable by every user and not sticky, so anyone could swap what is inside it; fix: chmod o-w \(open) (or chmod +t \(open)); or pass --allow-writable-plugins\n"
        )
        let theirs = try Self.folder(base + "/theirs", mode: 0o755)
        chown(theirs, Self.otherUser, Self.otherUser)
        let nested = try Self.folder(theirs + "/plugins", mode: 0o755)
        try Self.plugin("steady", in: nested)
        let owned = try Self.registry(nested, "steady")
        #expect(owned.status == 2)
        #expect(
            owned.stderr.contains(
                "refused: the folder \(theirs) above it is owned by user 4242, not by you or root; fix: move the plugin to a folder you or root own"
            ), "\(owned.stderr)")
        // The plugin file itself.
        let mine = try Self.folder(base + "/mine", mode: 0o755)
        let file = try Self.plugin("steady", in: mine)
        chown(file, Self.otherUser, Self.otherUser)
        let foreign = try Self.registry(mine, "steady")
        #expect(foreign.status == 2)
        #expect(foreign.stderr.contains("refused: the plugin file is owned by user 4242, not by you or root"))
    }

    @Test("a symbolic link another user planted is never followed into a library")
    func plantedSymlink() throws {
        let base = TestPaths.temporaryDirectory("planted")
        let marker = base + "/constructor-ran"
        let elsewhere = try Self.folder(base + "/elsewhere", mode: 0o755)
        let evil = try Self.plugin("material", marker: marker, in: elsewhere)
        // In a /tmp-like folder, sorting first in the plugin path: refused for the folder.
        let sticky = try Self.folder(base + "/tmp-like", mode: 0o1777)
        symlink(evil, sticky + "/libmaterial.so")
        lchown(sticky + "/libmaterial.so", Self.otherUser, Self.otherUser)
        let resolve = try twhost(
            ["resolve", "--plugin-path", sticky, "--plugins", "material", "-"],
            input: #"{"scene": 1, "root": {"type": "Text", "tw": "p-4"}}"#)
        #expect(resolve.status == 2)
        #expect(resolve.stderr.contains("refused: its folder \(sticky) is writable by every user"), "\(resolve.stderr)")
        let list = try twhost(["plugins", "list", "--plugin-path", sticky])
        #expect(list.status == 1)
        #expect(list.stderr.contains("\(sticky)/libmaterial.so: refused: its folder \(sticky)"), "\(list.stderr)")
        // In a private folder, a link that is not the user's or root's: refused for the link.
        let mine = try Self.folder(base + "/mine", mode: 0o755)
        symlink(evil, mine + "/libmaterial.so")
        lchown(mine + "/libmaterial.so", Self.otherUser, Self.otherUser)
        let linked = try Self.registry(mine, "material")
        #expect(linked.status == 2)
        #expect(
            linked.stderr.contains(
                "refused: \(mine)/libmaterial.so is a symbolic link owned by user 4242, not by you or root"),
            "\(linked.stderr)")
        #expect(!FileManager.default.fileExists(atPath: marker))
        // The user's own link is followed, and the file it names is what is reported.
        let good = try Self.plugin("steady", in: elsewhere)
        let own = try Self.folder(base + "/own", mode: 0o755)
        symlink(good, own + "/libsteady.so")
        let followed = try Self.registry(own, "steady")
        #expect(followed.status == 0, "\(followed.stderr)")
        #expect(followed.stdout.contains("\"name\": \"steady\""))
        let plugin = try PluginLoader.load(path: own + "/libsteady.so", expectedName: "steady").get()
        #expect(plugin.info.path == good)
    }
}
