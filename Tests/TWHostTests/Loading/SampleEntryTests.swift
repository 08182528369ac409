import Foundation
import TWPluginAPI
import Testing

@testable import TWHost

/// Every C sample twhost ships defines its entry with the header's
/// `TW_PLUGIN_ENTRY`: each one, built strictly and called directly, refuses
/// another major version with its message, writes nothing when given no place
/// for the message, and returns its descriptor to a host of its own major.
@Suite("C samples: one entry point", .removesTemporaryDirectories)
struct SampleEntryTests {
    struct Sample: Sendable, CustomTestStringConvertible {
        var name: String
        /// The source, relative to the repository; nil for the project `plugins new --lang c` writes.
        var source: String?
        var includes: [String] = []
        var testDescription: String { source ?? "plugins new --lang c" }
    }

    static let samples: [Sample] = [
        Sample(name: "typography", source: "Plugins/Typography/Typography.c", includes: ["Plugins/Typography/include"]),
        Sample(name: "hello-c", source: "Examples/CPluginTemplate/hello.c"),
        Sample(name: "twin", source: "Tests/Fixtures/plugins/twin.c"),
        Sample(name: "rendering", source: "Tests/Fixtures/plugins/rendering.c"),
        Sample(name: "sample-entry", source: nil),
    ]

    /// The sample built with the strict flags of the templates' Makefiles, as `lib<name>.so`.
    static func build(_ sample: Sample) throws -> String {
        let folder = TestPaths.temporaryDirectory("entry-" + sample.name)
        var source = sample.source.map { TestPaths.repository + "/" + $0 } ?? ""
        if sample.source == nil {
            let created = try twhost(["plugins", "new", sample.name, "--lang", "c", "--dir", folder + "/project"])
            #expect(created.status == 0, "\(created.stderr)")
            source = folder + "/project/\(sample.name).c"
        }
        let output = folder + "/lib\(sample.name).so"
        var arguments = FixtureCompiler.clang == "/usr/bin/env" ? ["clang"] : []
        arguments += ["-std=c11", "-Wall", "-Wextra", "-pedantic", "-Werror", "-shared", "-fPIC", "-O1"]
        arguments += ["-I", TestPaths.includeDirectory]
        for include in sample.includes { arguments += ["-I", TestPaths.repository + "/" + include] }
        arguments += ["-o", output, source]
        let result = try runProcess(FixtureCompiler.clang, arguments)
        #expect(result.status == 0, "\(result.stderr)")
        return output
    }

    @Test("the entry refuses another major with its message, tolerates a NULL message pointer, and returns the descriptor", arguments: samples)
    func entry(_ sample: Sample) throws {
        let path = try Self.build(sample)
        let handle = try #require(dlopen(path, RTLD_NOW | RTLD_LOCAL), "dlopen failed: \(String(cString: dlerror()))")
        let symbol = try #require(dlsym(handle, TW_PLUGIN_ENTRY_SYMBOL))
        let entry = unsafeBitCast(symbol, to: tw_plugin_entry_fn.self)

        let major = UInt32(TW_ABI_MAJOR)
        var message: UnsafePointer<CChar>?
        #expect(entry(major + 1, 0, nil, &message) == nil)
        #expect(message.map { String(cString: $0) } == "\(sample.name) needs plugin ABI \(TW_ABI_MAJOR).x")
        // No place for a message: still refused, and nothing written through NULL.
        #expect(entry(major + 1, 0, nil, nil) == nil)

        message = nil
        let descriptor = try #require(entry(major, UInt32(TW_ABI_MINOR), nil, &message)?.pointee)
        #expect(message == nil)
        #expect(String(cString: descriptor.name) == sample.name)
        #expect(descriptor.abi_major == major)
    }

    @Test("no shipped C sample writes its own entry point")
    func oneEntry() throws {
        for sample in Self.samples.compactMap(\.source) {
            let text = try String(contentsOfFile: TestPaths.repository + "/" + sample, encoding: .utf8)
            #expect(text.contains("TW_PLUGIN_ENTRY(descriptor, "), "\(sample)")
            #expect(!text.contains("*tw_plugin_entry("), "\(sample) defines its own entry")
        }
    }
}
