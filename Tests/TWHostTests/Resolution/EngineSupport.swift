import Testing

@testable import TWHost

/// Scopes and helpers for class-engine tests, with the shipped plugins.
enum Engine {
    static let shippedRegistry: PluginRegistry = {
        PluginRegistry(plugins: try! FixturePlugins.shipped(["material", "motion", "typography"]))
    }()

    static func scope(
        rules: Rules = Rules(), environment: RenderEnvironment = RenderEnvironment(), registry: PluginRegistry? = nil
    )
        -> ResolutionScope
    {
        ResolutionScope(registry: registry ?? shippedRegistry, rules: rules, environment: environment)
    }

    static func resolve(
        _ classes: TWClasses, _ kind: SurfaceSource.Kind = .view, state: Set<Variant> = [], rules: Rules = Rules(),
        environment: RenderEnvironment = RenderEnvironment(), lenient: Bool = false, registry: PluginRegistry? = nil
    ) -> ResolvedSurface {
        SurfaceResolver.resolve(
            classes, source: SurfaceSource(kind), state: SurfaceState(state),
            scope: scope(rules: rules, environment: environment, registry: registry), options: .init(lenient: lenient))
    }
}

extension ResolvedSurface {
    /// The style phase as code, in order.
    var style: [String] { chain.filter { $0.phase == .style }.map(\.modifier.swiftCode) }
    /// The whole chain as code, in order.
    var code: [String] { chain.map(\.modifier.swiftCode) }
    func slot(_ name: String) -> ChainEntry? {
        chain.first {
            if case .registration(name, _) = $0.origin { return true }
            return false
        }
    }
    var codes: [String] { diagnostics.map(\.code.rawValue) }
}
