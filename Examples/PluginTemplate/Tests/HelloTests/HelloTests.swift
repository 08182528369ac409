import Glibc
import TWHost
import Testing

/// Loads the built libHello.so through twhost, as `twhost --plugins hello` would.
@Suite struct HelloTests {
    /// `swift test` builds libHello.so next to the test binary.
    static var buildFolder: String {
        let exe = PluginSearchPath.currentExecutable() ?? ""
        return String(exe[..<(exe.lastIndex(of: "/") ?? exe.endIndex)])
    }

    @Test func loadsAndResolves() throws {
        let plugin = try PluginLoader.load("hello", searchPath: PluginSearchPath(directories: [Self.buildFolder])).get()
        #expect(plugin.info.version == "0.1.0")
        let scope = ResolutionScope(registry: PluginRegistry(plugins: [plugin]))
        let surface = SurfaceResolver.resolve("p-4 glow lift-[6]", source: SurfaceSource(.view), scope: scope)
        #expect(surface.decorated)
        let code = surface.chain.map(\.modifier.swiftCode)
        #expect(code.contains(".offset(y: -6)"))
        #expect(code.contains(".shadow(color: Color(red: 1, green: 1, blue: 1, opacity: 0.8), radius: 8, x: 0, y: 0)"))
        // Inactive slots keep the structure with neutral values.
        let plain = SurfaceResolver.resolve("p-4", source: SurfaceSource(.view), scope: scope)
        #expect(plain.identity == surface.identity)
        #expect(plain.chain.map(\.modifier.swiftCode).contains(".offset(y: 0)"))
        #expect(SurfaceResolver.resolve("hello-card", source: SurfaceSource(.view), scope: scope).decorated)
    }
}
