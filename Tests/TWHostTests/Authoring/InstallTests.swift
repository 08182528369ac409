import Foundation
import Testing

@testable import TWHost

/// Scripts/install.sh into a temporary prefix, from the products this test
/// run was built with (`--from`), then used the way its users use it.
@Suite("Scripts/install.sh installs an SDK that C and Swift plugins build against", .removesTemporaryDirectories)
struct InstallTests {
    static let script = TestPaths.repository + "/Scripts/install.sh"

    /// One install shared by the tests, made once.
    static let installed: Result<(prefix: String, output: ProcessResult), InstallFailure> = {
        let prefix = TestPaths.sharedDirectory("install") + "/sdk root"
        do {
            let result = try runProcess("/usr/bin/env", ["bash", script, "--from", TestPaths.binDirectory, prefix])
            guard result.status == 0 else { return .failure(InstallFailure(text: result.stdout + result.stderr)) }
            return .success((prefix, result))
        } catch {
            return .failure(InstallFailure(text: "\(error)"))
        }
    }()

    struct InstallFailure: Error, CustomStringConvertible {
        var text: String
        var description: String { "install.sh failed:\n\(text)" }
    }

    func prefix() throws -> String { try Self.installed.get().prefix }

    func pkgConfig(_ arguments: [String], prefix: String) throws -> ProcessResult {
        try runProcess(
            "/usr/bin/env", ["pkg-config"] + arguments,
            environment: ["PKG_CONFIG_PATH": prefix + "/lib/pkgconfig"])
    }

    @Test("the layout: twhost, the header, the plugins, the .pc file and the Swift kit")
    func layout() throws {
        let prefix = try prefix()
        let files = try FileManager.default.subpathsOfDirectory(atPath: prefix).filter {
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: prefix + "/" + $0, isDirectory: &isFolder)
                && !isFolder.boolValue
        }.sorted()
        let kit = try FileManager.default.contentsOfDirectory(atPath: TestPaths.repository + "/Sources/TWPluginKit")
            .sorted().map { "share/twhost/swift/Sources/TWPluginKit/" + $0 }
        let testing = try FileManager.default.contentsOfDirectory(
            atPath: TestPaths.repository + "/Sources/TWPluginTesting"
        ).sorted().map { "share/twhost/swift/Sources/TWPluginTesting/" + $0 }
        #expect(
            files
                == ([
                    "bin/twhost", "bin/twhost-swift", "include/twhost/TWPluginAPI.h", "lib/pkgconfig/twhost-plugin.pc",
                    "lib/twhost/plugins/libMaterial.so", "lib/twhost/plugins/libMotion.so",
                    "lib/twhost/plugins/libTypography.so", "share/twhost/swift/Package.swift",
                    "share/twhost/swift/Sources/TWPluginAPI/TWPluginAPI.c",
                    "share/twhost/swift/Sources/TWPluginAPI/include/TWPluginAPI.h",
                ] + kit + testing).sorted())
        let mode = { (path: String) in
            (try FileManager.default.attributesOfItem(atPath: prefix + "/" + path)[.posixPermissions] as? Int) ?? 0
        }
        #expect(try mode("bin/twhost") == 0o755)
        #expect(try mode("bin/twhost-swift") == 0o755)
        #expect(try mode("include/twhost/TWPluginAPI.h") == 0o644)
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: prefix + "/include/twhost/TWPluginAPI.h"))
                == Data(contentsOf: URL(fileURLWithPath: TestPaths.header)))
        // The Swift kit is a package of its own that SwiftPM reads.
        let manifest = try runProcess(
            "/usr/bin/env", ["swift", "package", "dump-package", "--package-path", prefix + "/share/twhost/swift"])
        #expect(manifest.status == 0, "\(manifest.stderr)")
        #expect(manifest.stdout.contains("\"TWPluginKit\""))
    }

    @Test("pkg-config gives the header's flags, the version and the installed twhost")
    func pkgConfig() throws {
        let prefix = try prefix()
        let cflags = try pkgConfig(["--cflags", "twhost-plugin"], prefix: prefix)
        #expect(cflags.status == 0, "\(cflags.stderr)")
        // The prefix has a space, escaped for the shell as pkg-config writes paths.
        let escaped = prefix.replacingOccurrences(of: " ", with: "\\ ")
        #expect(cflags.stdout == "-I\(escaped)/include/twhost \n")
        #expect(try pkgConfig(["--modversion", "twhost-plugin"], prefix: prefix).stdout == TWHostVersion.string + "\n")
        #expect(
            try pkgConfig(["--variable=twhost", "twhost-plugin"], prefix: prefix).stdout == escaped + "/bin/twhost\n")
        #expect(
            try pkgConfig(["--variable=plugindir", "twhost-plugin"], prefix: prefix).stdout
                == escaped + "/lib/twhost/plugins\n")
    }

    @Test("the installed twhost finds its plugins through <exe>/../lib/twhost/plugins")
    func installedPlugins() throws {
        let installedTWHost = try prefix() + "/bin/twhost"
        let list = try runProcess(installedTWHost, ["plugins", "list", "--format", "json"])
        #expect(list.status == 0, "\(list.stderr)")
        for plugin in ["Material", "Motion", "Typography"] {
            #expect(list.stdout.contains("\"path\": \"\(try prefix())/lib/twhost/plugins/lib\(plugin).so\""))
        }
        let example = TestPaths.repository + "/Examples/NativeRegistryExample.json"
        let installed = try runProcess(installedTWHost, ["resolve", "--plugins", "material,motion", example])
        let built = try twhost(["resolve", "--plugins", "material,motion", example])
        #expect(installed.status == 0, "\(installed.stderr)")
        #expect(installed.stdout == built.stdout)
        // A Swift source, read by the installed twhost-swift beside it.
        let swiftView = TestPaths.repository + "/Examples/Swift/NativeRegistryExample.swift"
        let installedSwift = try runProcess(installedTWHost, ["resolve", "--plugins", "material,motion", swiftView])
        let builtSwift = try twhost(["resolve", "--plugins", "material,motion", swiftView])
        #expect(installedSwift.status == 0, "\(installedSwift.stderr)")
        #expect(installedSwift.stdout == builtSwift.stdout)
    }

    @Test("the C template builds through pkg-config against the installed SDK")
    func cTemplate() throws {
        let prefix = try prefix()
        // A copy outside the checkout, so that nothing but pkg-config can give it a header or a twhost.
        let folder = TestPaths.temporaryDirectory("c-template")
        for file in ["Makefile", "hello.c"] {
            try FileManager.default.copyItem(
                atPath: TestPaths.repository + "/Examples/CPluginTemplate/" + file, toPath: folder + "/" + file)
        }
        let result = try runProcess(
            "/usr/bin/env", ["make", "-C", folder, "check"], environment: ["PKG_CONFIG_PATH": prefix + "/lib/pkgconfig"]
        )
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let escaped = prefix.replacingOccurrences(of: " ", with: "\\ ")
        #expect(result.stdout.contains("-I\(escaped)/include/twhost  -shared -fPIC -o libhello-c.so hello.c\n"))
        #expect(result.stdout.contains("\(escaped)/bin/twhost plugins check ./libhello-c.so\n"))
        #expect(result.stdout.contains("hello-c 0.1.0  passed  \(folder)/libhello-c.so\n"))
    }

    @Test("plugins new from the installed twhost builds against the installed SDK")
    func newProjectFromInstall() throws {
        let prefix = try prefix()
        let parent = TestPaths.temporaryDirectory("new-installed")
        let created = try runProcess(
            prefix + "/bin/twhost", ["plugins", "new", "demo", "--lang", "c"], directory: parent)
        #expect(created.status == 0, "\(created.stderr)")
        let empty = TestPaths.temporaryDirectory("no-pkgconfig")
        let check = try runProcess(
            "/usr/bin/env", ["make", "-C", parent + "/demo", "check"],
            environment: ["PKG_CONFIG_PATH": empty, "PKG_CONFIG_LIBDIR": empty])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.contains("-I '\(prefix)/include/twhost' -shared -fPIC -o libdemo.so demo.c\n"))
        #expect(check.stdout.contains("'\(prefix)/bin/twhost' plugins check ./libdemo.so\n"))
        let swift = try runProcess(
            prefix + "/bin/twhost", ["plugins", "new", "kit", "--lang", "swift"], directory: parent)
        #expect(swift.status == 0, "\(swift.stderr)")
        let manifest = try String(contentsOfFile: parent + "/kit/Package.swift", encoding: .utf8)
        #expect(manifest.contains(".package(name: \"twhost\", path: \"\(prefix)/share/twhost/swift\")"))
    }

    @Test("installing again replaces the files and leaves no temporary ones; bad use is refused")
    func reinstallAndUsage() throws {
        let prefix = TestPaths.temporaryDirectory("reinstall")
        let first = try runProcess("/usr/bin/env", ["bash", Self.script, "--from", TestPaths.binDirectory, prefix])
        #expect(first.status == 0, "\(first.stderr)")
        let stale = prefix + "/share/twhost/swift/Sources/TWPluginKit/Removed.swift"
        try "// from an older install".write(toFile: stale, atomically: true, encoding: .utf8)
        let again = try runProcess("/usr/bin/env", ["bash", Self.script, "--from", TestPaths.binDirectory, prefix])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(!FileManager.default.fileExists(atPath: stale))
        let hidden = try FileManager.default.subpathsOfDirectory(atPath: prefix).filter {
            ($0 as NSString).lastPathComponent.hasPrefix(".")
        }
        #expect(hidden == [])
        let noPrefix = try runProcess("/usr/bin/env", ["bash", Self.script])
        #expect(noPrefix.status == 64)
        #expect(
            noPrefix.stderr.hasPrefix("error: missing PREFIX\nusage: Scripts/install.sh [--from BUILD_DIR] PREFIX\n"))
        let noBuild = try runProcess("/usr/bin/env", ["bash", Self.script, "--from", prefix + "/nothing", prefix])
        #expect(noBuild.status == 2)
        #expect(noBuild.stderr == "error: no build folder '\(prefix)/nothing'\n")
    }
}
