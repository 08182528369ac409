import Foundation
import Testing

@testable import TWHost

/// `twhost plugins new`: each generated project is built and checked end to
/// end with its own `make check`, as an author would on a fresh clone.
@Suite("twhost plugins new", .removesTemporaryDirectories)
struct PluginsNewTests {
    /// pkg-config that knows no twhost SDK, whatever this machine has installed,
    /// so the C project uses the header and twhost of this build.
    static let noInstalledSDK: [String: String] = {
        let empty = TestPaths.sharedDirectory("no-pkgconfig")
        return ["PKG_CONFIG_PATH": empty, "PKG_CONFIG_LIBDIR": empty]
    }()

    /// Runs make at a lower priority, so that a project's SwiftPM build does not
    /// starve the tests that run beside it and measure time (plugins check's limits).
    func make(_ arguments: [String], environment: [String: String] = noInstalledSDK) throws -> ProcessResult {
        try runProcess("/usr/bin/env", ["nice", "-n", "10", "make"] + arguments, environment: environment)
    }

    @Test("a C project builds, passes plugins check and resolves its sample scene with no edits")
    func cProject() throws {
        let parent = TestPaths.temporaryDirectory("new-c")
        let created = try twhost(["plugins", "new", "demo", "--lang", "c"], directory: parent)
        #expect(created.status == 0, "\(created.stderr)")
        #expect(
            created.stdout == """
                created demo (a C plugin named 'demo'):
                  demo/.gitignore
                  demo/Makefile
                  demo/README.md
                  demo/demo.c
                  demo/scene.json
                next: make -C demo check

                """)
        let check = try make(["-C", parent + "/demo", "check"])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.contains("-I \(TestPaths.includeDirectory) -shared -fPIC -o libdemo.so demo.c\n"))
        #expect(check.stdout.contains("demo 0.1.0  passed  \(parent)/demo/libdemo.so\n"))
        #expect(check.stdout.contains("1 plugin(s) checked: 1 passed, 0 failed; 0 error(s), 0 warning(s)\n"))
        #expect(
            check.stdout.contains(
                "  .shadow(color: Color(red: 1, green: 1, blue: 1, opacity: 0.8), radius: 8, x: 0, y: 0)  // effects · demo-glow (demo) · active\n"
            ))
        #expect(
            check.stdout.contains(
                "  .offset(x: 0, y: -6)                                                      // effects · demo-lift (demo) · active\n"
            ))
        #expect(check.stdout.contains("3 surface(s): 3 decorated, 0 undecorated; 0 error(s), 0 warning(s)\n"))
        // Its build output is ignored by the project's own .gitignore.
        let ignored = try String(contentsOfFile: parent + "/demo/.gitignore", encoding: .utf8)
        #expect(ignored.contains("*.so\n"))
    }

    /// The Swift project builds TWPluginKit from this checkout in a SwiftPM
    /// build of its own. Its project folder and scratch path are fixed, under
    /// this checkout's .build, so that a rerun reuses what the last one built.
    @Test(
        "a Swift project builds with TWPluginKit, passes its tests and plugins check, and resolves its scene",
        .timeLimit(.minutes(10)))
    func swiftProject() throws {
        let work = TestPaths.repository + "/.build/plugins-new-test"
        let project = work + "/project"
        try? FileManager.default.removeItem(atPath: project)
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        let created = try twhost(["plugins", "new", "demo-kit", "--lang", "swift", "--dir", project])
        #expect(created.status == 0, "\(created.stderr)")
        #expect(
            created.stdout == """
                created \(project) (a Swift plugin named 'demo-kit'):
                  \(project)/.gitignore
                  \(project)/Makefile
                  \(project)/Package.swift
                  \(project)/README.md
                  \(project)/Sources/DemoKitPlugin/DemoKitPlugin.swift
                  \(project)/Tests/DemoKitPluginTests/DemoKitPluginTests.swift
                  \(project)/scene.json
                next: make -C \(project) check

                """)
        let manifest = try String(contentsOfFile: project + "/Package.swift", encoding: .utf8)
        #expect(manifest.contains(".package(name: \"twhost\", path: \"\(TestPaths.repository)\")"))
        let check = try make(
            ["-C", project, "check", "SWIFT_FLAGS=--scratch-path \(work)/scratch"], environment: [:])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.contains("demo-kit 0.1.0  passed  \(work)/scratch/"))
        #expect(check.stdout.contains("3 surface(s): 3 decorated, 0 undecorated; 0 error(s), 0 warning(s)\n"))
        #expect(check.stdout.contains("Test run with 4 tests in 1 suite passed"))
    }

    struct Refusal: Sendable, CustomTestStringConvertible {
        var id: String
        var arguments: [String]
        var status: Int32
        var message: String
        var testDescription: String { id }
    }

    static let refusals: [Refusal] = [
        Refusal(
            id: "uppercase", arguments: ["Demo"], status: 64,
            message:
                "error: invalid plugin name 'Demo': a plugin name is a lowercase letter followed by up to 63 lowercase letters, digits or '-'\n"
        ),
        Refusal(
            id: "path", arguments: ["../x"], status: 64,
            message:
                "error: invalid plugin name '../x': a plugin name is a lowercase letter followed by up to 63 lowercase letters, digits or '-'\n"
        ),
        Refusal(
            id: "digit-first", arguments: ["9lives"], status: 64,
            message:
                "error: invalid plugin name '9lives': a plugin name is a lowercase letter followed by up to 63 lowercase letters, digits or '-'\n"
        ),
        Refusal(
            id: "too-long-for-its-classes", arguments: [String(repeating: "a", count: 60)], status: 64,
            message:
                "error: invalid plugin name '\(String(repeating: "a", count: 60))': at most 59 characters, so that its classes ('\(String(repeating: "a", count: 60))-glow') are names\n"
        ),
        Refusal(
            id: "not-empty", arguments: ["demo", "--dir", "full"], status: 2,
            message:
                "error: 'full' already exists and is not empty; plugins new never overwrites: choose another --dir or remove it\n"
        ),
        Refusal(
            id: "a-file", arguments: ["demo", "--dir", "file"], status: 2,
            message: "error: 'file' already exists and is not a folder; plugins new never overwrites\n"),
        Refusal(
            id: "no-parent", arguments: ["demo", "--dir", "missing/demo"], status: 2,
            message: "error: cannot create 'missing/demo': the folder 'missing' does not exist\n"),
        Refusal(
            id: "language", arguments: ["demo", "--lang", "rust"], status: 64,
            message: "error: invalid value 'rust' for '--lang': expected c|swift\n"),
        Refusal(
            id: "no-name", arguments: [], status: 64,
            message: "error: missing NAME\nsee 'twhost plugins new --help'\n"),
    ]

    @Test(
        "bad names and existing folders are refused with the documented exit code, and nothing is written",
        arguments: refusals)
    func refused(_ c: Refusal) throws {
        let parent = TestPaths.temporaryDirectory("new-refused")
        try FileManager.default.createDirectory(atPath: parent + "/full", withIntermediateDirectories: false)
        try "keep me".write(toFile: parent + "/full/notes.txt", atomically: true, encoding: .utf8)
        try "a file".write(toFile: parent + "/file", atomically: true, encoding: .utf8)
        let before = try FileManager.default.subpathsOfDirectory(atPath: parent).sorted()
        let result = try twhost(["plugins", "new"] + c.arguments, directory: parent)
        #expect(result.status == c.status)
        #expect(result.stderr == c.message)
        #expect(result.stdout == "")
        #expect(try FileManager.default.subpathsOfDirectory(atPath: parent).sorted() == before)
        #expect(try String(contentsOfFile: parent + "/full/notes.txt", encoding: .utf8) == "keep me")
    }

    @Test("an existing empty folder is filled; the files are the project's, readable by others")
    func emptyFolder() throws {
        let parent = TestPaths.temporaryDirectory("new-empty")
        try FileManager.default.createDirectory(atPath: parent + "/here", withIntermediateDirectories: false)
        let result = try twhost(["plugins", "new", "x1", "--lang", "c", "--dir", "here"], directory: parent)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: parent + "/here").sorted() == [
                ".gitignore", "Makefile", "README.md", "scene.json", "x1.c",
            ])
        // Only the project is left: no temporary folder beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent) == ["here"])
        let mode = try FileManager.default.attributesOfItem(atPath: parent + "/here")[.posixPermissions] as? Int
        #expect(mode.map { $0 & 0o055 } == 0o055)
        // The working folder itself cannot be replaced, even when empty.
        try FileManager.default.createDirectory(atPath: parent + "/cwd", withIntermediateDirectories: false)
        let here = try twhost(["plugins", "new", "x2", "--dir", "."], directory: parent + "/cwd")
        #expect(here.status == 2)
        #expect(
            here.stderr == "error: cannot write the project into the working folder '.'; give a new folder with --dir\n"
        )
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent + "/cwd") == [])
    }

    @Test("the generated sources name the SDK they were made with")
    func sdkPaths() throws {
        let sdk = AuthoringSDK(
            twhost: "/opt/my tools/bin/twhost", includeDirectory: "/opt/my tools/include/twhost",
            swiftPackage: "/opt/my tools/share/twhost/swift")
        let c = try PluginScaffold(name: "demo", language: .c, sdk: sdk).files
        let makefile = try #require(c.first { $0.path == "Makefile" }).contents
        #expect(makefile.contains("PLUGIN_CFLAGS ?= -I '/opt/my tools/include/twhost'\n"))
        #expect(makefile.contains("TWHOST ?= '/opt/my tools/bin/twhost'\n"))
        let swift = try PluginScaffold(name: "demo", language: .swift, sdk: sdk).files
        let manifest = try #require(swift.first { $0.path == "Package.swift" }).contents
        #expect(manifest.contains(".package(name: \"twhost\", path: \"/opt/my tools/share/twhost/swift\")"))
        // The installed layout is found beside an installed twhost, a checkout beside a built one.
        let installed = try #require(try? AuthoringSDK.locate(executable: TestPaths.twhost).get())
        #expect(installed.includeDirectory == TestPaths.includeDirectory)
        #expect(installed.swiftPackage == TestPaths.repository)
        #expect(throws: ScaffoldError.self) { try AuthoringSDK.locate(executable: "/usr/bin/true").get() }
    }
}
