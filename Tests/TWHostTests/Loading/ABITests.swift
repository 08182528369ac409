import TWPluginAPI
import Testing

@testable import TWHost

/// The header: C11 and C++17, pinned layouts, a checked entry prototype.
@Suite("Plugin ABI header", .removesTemporaryDirectories)
struct ABITests {
    @Test("the header compiles alone as strict C11")
    func headerCompilesStandalone() throws {
        let result = try runProcess(
            FixtureCompiler.clang,
            (FixtureCompiler.clang == "/usr/bin/env" ? ["clang"] : [])
                + [
                    "-std=c11", "-Wall", "-Wextra", "-pedantic", "-Werror", "-fsyntax-only", "-x", "c",
                    TestPaths.header,
                ])
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test("the header compiles alone as C++17, and a C++ plugin builds with -Werror and loads")
    func headerAndPluginCompileAsCxx() throws {
        let header = try runProcess(
            "/usr/bin/env",
            ["g++", "-std=c++17", "-Wall", "-Wextra", "-Werror", "-fsyntax-only", "-x", "c++", TestPaths.header])
        #expect(header.status == 0, "\(header.stderr)")
        let dir = TestPaths.temporaryDirectory("cxx")
        let plugin = dir + "/libcxx.so"
        let build = try runProcess(
            "/usr/bin/env",
            [
                "g++", "-std=c++17", "-Wall", "-Wextra", "-Werror", "-shared", "-fPIC", "-I",
                TestPaths.includeDirectory,
                "-o", plugin, TestPaths.repository + "/Tests/Fixtures/plugins/cxx_plugin.cpp",
            ])
        #expect(build.status == 0, "\(build.stderr)")
        // The entry is exported by the header's prototype and TW_PLUGIN_EXPORT, with C linkage.
        let symbols = try runProcess("/usr/bin/env", ["nm", "-D", "--defined-only", plugin])
        #expect(symbols.stdout.split(separator: "\n").filter { $0.hasSuffix(" T tw_plugin_entry") }.count == 1)
        let result = try twhost(["explain", "outline-[2] hush", "--plugins", plugin])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(".border(.primary, width: 2)"), "\(result.stdout)")
        #expect(result.stdout.contains(".opacity(0.5)"))
        #expect(result.stderr == "note: plugin 'cxx': hello from C++\n")
    }

    @Test("a plugin whose entry does not match the header's prototype does not compile")
    func entryPrototypeIsChecked() throws {
        let dir = TestPaths.temporaryDirectory("prototype")
        let source = dir + "/wrong.c"
        try """
        #include "TWPluginAPI.h"
        const tw_plugin_descriptor *tw_plugin_entry(uint32_t major, const tw_host_api *host) {
            (void)major; (void)host; return 0;
        }
        """.write(toFile: source, atomically: true, encoding: .utf8)
        let result = try runProcess(
            FixtureCompiler.clang,
            (FixtureCompiler.clang == "/usr/bin/env" ? ["clang"] : [])
                + ["-std=c11", "-fsyntax-only", "-I", TestPaths.includeDirectory, source])
        #expect(result.status == 1)
        #expect(result.stderr.contains("conflicting types for 'tw_plugin_entry'"), "\(result.stderr)")
    }

    @Test("Swift sees the layouts the header pins with TW_STATIC_ASSERT")
    func layoutsMatchPins() {
        #expect(MemoryLayout<tw_color>.size == Int(TW_SIZEOF_COLOR))
        #expect(MemoryLayout<tw_vector3>.size == Int(TW_SIZEOF_VECTOR3))
        #expect(MemoryLayout<tw_animation>.size == Int(TW_SIZEOF_ANIMATION))
        #expect(MemoryLayout<tw_payload>.size == Int(TW_SIZEOF_PAYLOAD))
        #expect(MemoryLayout<tw_builder>.size == Int(TW_SIZEOF_BUILDER))
        #expect(MemoryLayout<tw_modifier_registration>.size == Int(TW_SIZEOF_MODIFIER_REGISTRATION))
        #expect(MemoryLayout<tw_utility_registration>.size == Int(TW_SIZEOF_UTILITY_REGISTRATION))
        #expect(MemoryLayout<tw_recipe>.size == Int(TW_SIZEOF_RECIPE))
        #expect(MemoryLayout<tw_animation_preset>.size == Int(TW_SIZEOF_ANIMATION_PRESET))
        #expect(MemoryLayout<tw_plugin_descriptor>.size == Int(TW_SIZEOF_DESCRIPTOR))
        #expect(MemoryLayout<tw_host_api>.size == Int(TW_SIZEOF_HOST_API))
        #expect(MemoryLayout<tw_host_api>.offset(of: \.log) == 24)
        // In this minor every struct is its 1.0 size; a later minor may only grow them.
        #expect(MemoryLayout<tw_plugin_descriptor>.size == Int(TW_SIZEOF_DESCRIPTOR_1_0))
        #expect(MemoryLayout<tw_modifier_registration>.size == Int(TW_SIZEOF_MODIFIER_REGISTRATION_1_0))
        #expect(MemoryLayout<tw_utility_registration>.size == Int(TW_SIZEOF_UTILITY_REGISTRATION_1_0))
        #expect(MemoryLayout<tw_recipe>.size == Int(TW_SIZEOF_RECIPE_1_0))
        #expect(MemoryLayout<tw_animation_preset>.size == Int(TW_SIZEOF_ANIMATION_PRESET_1_0))
        #expect(MemoryLayout<tw_host_api>.size == Int(TW_SIZEOF_HOST_API_1_0))
        #expect(MemoryLayout<tw_builder_api>.size == Int(TW_SIZEOF_BUILDER_API_1_0))
        #expect(MemoryLayout<tw_parse_result_api>.size == Int(TW_SIZEOF_PARSE_RESULT_API_1_0))
        #expect(MemoryLayout<tw_theme_api>.size == Int(TW_SIZEOF_THEME_API_1_0))
        #expect(MemoryLayout<tw_utility_result_api>.size == Int(TW_SIZEOF_UTILITY_RESULT_API_1_0))
        #expect(MemoryLayout<tw_modifier_registration>.offset(of: \.name) == 24)
        #expect(MemoryLayout<tw_modifier_registration>.offset(of: \.factory) == 56)
        #expect(MemoryLayout<tw_plugin_descriptor>.offset(of: \.name) == 8)
        // The version fields come first, so any future descriptor can be checked.
        #expect(MemoryLayout<tw_plugin_descriptor>.offset(of: \.abi_major) == 0)
        #expect(MemoryLayout<tw_plugin_descriptor>.offset(of: \.abi_minor) == 2)
        #expect(MemoryLayout<tw_plugin_descriptor>.offset(of: \.struct_size) == 4)
    }
}
