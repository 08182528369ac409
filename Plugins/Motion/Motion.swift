import TWPluginAPI
import TWPluginKit

/// Motion: rotations, an inset, and two animation presets.
///
/// - `tilt-[angle]` (value, default 0, order 10): `rotation3DEffect` about the
///   y axis; conflict key `orientation`.
/// - `spin-[angle]` (value): `rotationEffect`; conflict key `orientation`.
/// - `inset-[points]` (value, phase content): `padding`, inside built-in styling.
/// - presets `animate-settle` (spring, bounce 0.15) and `animate-drift` (ease in-out).
let motionPlugin = TWPlugin(
    name: "motion", version: "1.0.0",
    modifiers: [
        "tilt": .value(default: Angle.zero, order: 10, conflictKey: "orientation") { view, angle in
            view.rotation3DEffect(angle, axis: (x: 0, y: 1, z: 0))
        },
        "spin": .value(default: Angle.zero, conflictKey: "orientation") { view, angle in
            view.rotationEffect(angle)
        },
        "inset": .value(default: Points.zero, phase: .content) { view, amount in
            view.padding(amount)
        },
    ],
    animations: [
        "settle": TWAnimation { seconds in .spring(duration: seconds ?? 0.5, bounce: 0.15) },
        "drift": TWAnimation { seconds in .easeInOut(duration: seconds ?? 0.8) },
    ]
)

@_cdecl("tw_plugin_entry")
public func motionEntry(
    _ hostMajor: UInt32, _ hostMinor: UInt32, _ host: UnsafePointer<tw_host_api>?,
    _ error: UnsafeMutablePointer<UnsafePointer<CChar>?>?
) -> UnsafePointer<tw_plugin_descriptor>? {
    motionPlugin.entry(hostMajor: hostMajor, hostMinor: hostMinor, error: error)
}
