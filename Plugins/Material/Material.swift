import TWPluginAPI
import TWPluginKit

/// Material: frosted-glass backgrounds and elevation.
///
/// - `frosted` (view): a material background in a rounded rectangle whose
///   opacity follows `active`; conflict key `material`.
/// - `material-[ultraThin|thin|regular|thick|ultraThick]` (argument, own
///   parser); conflict key `material`, shared with `frosted`. Its default,
///   `none`, is the neutral value: the same background at opacity 0.
/// - `elevation-[n]` (value, points → shadow; order 1, after the backgrounds;
///   0, the default, is a clear shadow).
/// - utility `surface-[n]`: padding of n spacing steps, a card background and rounding.
/// - recipe `material-card`.
let materialPlugin = TWPlugin(
    name: "material", version: "2.0.0",
    modifiers: [
        "frosted": .view(conflictKey: "material") { view, active in
            view.background {
                RoundedRectangle(cornerRadius: 20)
                    .fill(.ultraThinMaterial)
                    .opacity(active ? 1 : 0)
            }
        },
        "material": .argument(
            default: "none", conflictKey: "material",
            parse: { argument, _ in
                argument.rawValue == "none"
                    ? "none" : MaterialThickness(rawValue: argument.rawValue).map { $0.rawValue }
            }
        ) { view, thickness in
            // Change values, never structure: `none` keeps the same background, invisible.
            let material = MaterialThickness(rawValue: thickness)?.material ?? .regularMaterial
            return view.background {
                RoundedRectangle(cornerRadius: 20).fill(material).opacity(thickness == "none" ? 0 : 1)
            }
        },
        // Order 1: after the material backgrounds (order 0), so the shadow is the card's, not its text's.
        // Elevation 0, the default, is a clear shadow: the same modifier, drawing nothing.
        "elevation": .value(default: Points.zero, order: 1) { view, points in
            view.shadow(
                color: .black.opacity(points.value > 0 ? 0.2 : 0), radius: Points(points.value), x: 0,
                y: Points(points.value / 2))
        },
    ],
    utilities: [
        "surface": TWUtility { argument, theme in
            guard let steps = argument.number, steps >= 0, steps <= 96 else { return nil }
            let padding = theme.space(steps)
            guard padding.isFinite else { return nil }
            return TWStyle(.paddingPoints(padding), .background("surface"), .rounded(min(padding, 24)))
        }
    ],
    named: [
        // rounded-[20]: the corners of frosted's background, so the clip and the material match.
        "material-card": "frosted elevation-[4] p-6 rounded-[20]"
    ]
)

/// The thickness names `material-[…]` accepts.
enum MaterialThickness: String, CaseIterable {
    case ultraThin, thin, regular, thick, ultraThick
    var material: Material {
        switch self {
        case .ultraThin: return .ultraThinMaterial
        case .thin: return .thinMaterial
        case .regular: return .regularMaterial
        case .thick: return .thickMaterial
        case .ultraThick: return .ultraThickMaterial
        }
    }
}

@_cdecl("tw_plugin_entry")
public func materialEntry(
    _ hostMajor: UInt32, _ hostMinor: UInt32, _ host: UnsafePointer<tw_host_api>?,
    _ error: UnsafeMutablePointer<UnsafePointer<CChar>?>?
) -> UnsafePointer<tw_plugin_descriptor>? {
    materialPlugin.entry(hostMajor: hostMajor, hostMinor: hostMinor, error: error)
}
