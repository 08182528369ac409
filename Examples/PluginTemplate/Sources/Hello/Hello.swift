import TWPluginKit

/// A template plugin: one view registration, one value registration, a recipe.
///
/// - `glow` (view): a soft white shadow whose opacity follows `active`.
/// - `lift-[points]` (value, default 0): moves the view up, `offset(x:y:)`.
/// - `hello-card` (recipe): `card glow`.
let helloPlugin = TWPlugin(
    name: "hello", version: "0.1.0",
    modifiers: [
        "glow": .view { view, active in
            // Same structure either way; only the color's opacity changes.
            view.shadow(color: .white.opacity(active ? 0.8 : 0), radius: 8)
        },
        "lift": .value(default: Points.zero) { view, amount in
            // Absent, the class gets the default 0: .offset(x: 0, y: 0) is neutral.
            view.offset(y: Points(-amount.value))
        },
    ],
    named: [
        "hello-card": "card glow"
    ]
)

@_cdecl("tw_plugin_entry")
public func helloEntry(
    _ hostMajor: UInt32, _ hostMinor: UInt32, _ host: UnsafePointer<tw_host_api>?,
    _ error: UnsafeMutablePointer<UnsafePointer<CChar>?>?
) -> UnsafePointer<tw_plugin_descriptor>? {
    helloPlugin.entry(hostMajor: hostMajor, hostMinor: hostMinor, error: error)
}
