import TWPluginAPI
import Testing

@testable import TWHost

@Suite("Plugin ABI header")
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

    @Test("Swift sees the layouts the header pins with _Static_assert")
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
        #expect(MemoryLayout<tw_modifier_registration>.offset(of: \.name) == 24)
        #expect(MemoryLayout<tw_modifier_registration>.offset(of: \.factory) == 56)
        #expect(MemoryLayout<tw_plugin_descriptor>.offset(of: \.name) == 8)
        // The version fields come first, so any future descriptor can be checked.
        #expect(MemoryLayout<tw_plugin_descriptor>.offset(of: \.abi_major) == 0)
        #expect(MemoryLayout<tw_plugin_descriptor>.offset(of: \.abi_minor) == 2)
        #expect(MemoryLayout<tw_plugin_descriptor>.offset(of: \.struct_size) == 4)
    }
}
