import TWPluginAPI
import TWPluginKit

// The Swift twin of Tests/Fixtures/plugins/twin.c: the same registrations,
// written with TWPluginKit, so that a test can check the two resolve to the
// same chains, snapshots and check reports. It covers every form, every
// argument type a factory can take except seconds and animation (no SwiftUI
// modifier takes those neutrally; TWPluginKitTests covers them), a custom
// payload with its own parser, a utility, a recipe and a preset per curve.
//
// SwiftUI declarations the chains use: View.background(alignment:content:),
// Shape.fill(_:style:), View.opacity(_:), View.scaleEffect(_:anchor:),
// View.padding(_:), View.rotation3DEffect(_:axis:anchor:anchorZ:perspective:),
// View.shadow(color:radius:x:y:), View.accessibilityIdentifier(_:),
// Text.bold(), Text.tracking(_:), Image.antialiased(_:), Shape.trim(from:to:).

/// `twin-frost-[thickness]` or `[thickness/percent]`: a material background.
/// The payload's tag is the thickness (0 for none), its number the opacity and
/// its text the material.
struct Frost: TWCustomArgument {
    static let thicknesses = ["ultraThin", "thin", "regular", "thick", "ultraThick"]

    var tag: Int64
    var material: Material
    var opacity: Double

    init?(payload: TWPayload) {
        guard let text = payload.text, let material = Material(rawValue: text) else { return nil }
        self.init(tag: payload.tag, material: material, opacity: payload.number)
    }

    init(tag: Int64, material: Material, opacity: Double) {
        self.tag = tag
        self.material = material
        self.opacity = opacity
    }

    var payload: TWPayload { TWPayload(tag: tag, number: opacity, text: material.rawValue) }

    /// `none`, `thin`, `thin/50`: a thickness and an optional percent, 0…100,
    /// in digits; read byte by byte and rejected with the C twin's reasons.
    static func parse(_ argument: TWArgument) throws -> Frost {
        let bytes = Array(argument.rawValue.utf8)
        if bytes == Array("none".utf8) { return Frost(tag: 0, material: .regularMaterial, opacity: 0) }
        let slash = bytes.firstIndex(of: UInt8(ascii: "/"))
        let thickness = Array(bytes[..<(slash ?? bytes.endIndex)])
        guard let index = thicknesses.firstIndex(where: { Array($0.utf8) == thickness }),
            let material = Material(rawValue: thicknesses[index] + "Material")
        else { throw TWRejection("expected none, ultraThin, thin, regular, thick or ultraThick") }
        var percent = 100
        if let slash {
            let digits = bytes[(slash + 1)...]
            guard (1...3).contains(digits.count), digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                let value = Int(String(decoding: digits, as: UTF8.self)), value <= 100
            else { throw TWRejection("expected a percent 0…100 after '/'") }
            percent = value
        }
        return Frost(tag: Int64(index + 1), material: material, opacity: Double(percent) / 100)
    }
}

let twinPlugin = TWPlugin(
    name: "twin", version: "1.0.0",
    modifiers: [
        "twin-glow": .view { view, active in
            view.background {
                Capsule().fill(Color(red: 1, green: 0.8, blue: 0.2)).opacity(active ? 1 : 0)
            }
        },
        "twin-scale": .value(default: 1.0) { view, factor in view.scaleEffect(factor) },
        "twin-inset": .value(default: Points.zero, phase: .content) { view, amount in view.padding(amount) },
        "twin-turn": .value(default: Angle.zero, order: 10, conflictKey: "orientation") { view, angle in
            view.rotation3DEffect(angle, axis: (x: 0, y: 1, z: 0))
        },
        "twin-drop": .value(default: TWVector.zero, order: 5) { view, v in
            view.shadow(
                color: Color(red: 0, green: 0, blue: 0, opacity: v.z > 0 ? 0.25 : 0), radius: Points(v.z),
                x: Points(v.x), y: Points(v.y))
        },
        "twin-dim": .value(default: false) { view, dimmed in view.opacity(dimmed ? 0.5 : 1) },
        "twin-tag": .value(default: "") { view, identifier in
            view.modifier("accessibilityIdentifier", .string(nil, identifier))
        },
        "twin-frost": .argument(default: "none", phase: .content, parse: { argument, _ in try Frost.parse(argument) }) {
            view, frost in
            view.background { RoundedRectangle(cornerRadius: 12).fill(frost.material).opacity(frost.opacity) }
        },
        "twin-bold": .text { text, _ in text.modifier("bold") },
        "twin-track": .textValue(default: Points.zero) { text, points in text.tracking(points) },
        "twin-smooth": .imageValue(default: true) { image, on in image.modifier("antialiased", .bool(nil, on)) },
        "twin-half": .shape { shape, active in shape.trim(from: 0, to: active ? 0.5 : 1) },
    ],
    utilities: [
        // One or two digits, 0…24, looked up as the theme's spacing key: the C twin reads the same set.
        "twin-gap": TWUtility { argument, theme in
            let digits = argument.rawValue.utf8
            guard (1...2).contains(digits.count), digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                let steps = Int(argument.rawValue), steps <= 24,
                let points = theme.number(scale: "spacing", key: argument.rawValue)
            else { throw TWRejection("cannot read the argument") }
            return .paddingPoints(points)
        }
    ],
    named: [
        "twin-card": "card twin-glow"
    ],
    animations: [
        "twin-fade": TWAnimation { seconds in .easeOut(duration: seconds ?? 0.3) },
        "twin-rise": TWAnimation { seconds in .easeIn(duration: seconds ?? 0.2) },
        "twin-glide": TWAnimation { seconds in .easeInOut(duration: seconds ?? 0.4).delay(0.1) },
        "twin-steady": TWAnimation { seconds in .linear(duration: seconds) },
        "twin-settle": TWAnimation { seconds in .spring(duration: seconds ?? 0.5, bounce: 0.2) },
        "twin-wobble": TWAnimation { _ in .spring(response: 0.4, dampingFraction: 0.6) },
        "twin-calm": TWAnimation { .smooth(duration: $0) },
        "twin-quick": TWAnimation { .snappy(duration: $0, extraBounce: 0.1) },
        "twin-pop": TWAnimation { seconds in .bouncy(duration: seconds ?? 0.5, extraBounce: 0.2) },
        "twin-plain": TWAnimation { _ in .default },
    ]
)

@_cdecl("tw_plugin_entry")
public func twinEntry(
    _ hostMajor: UInt32, _ hostMinor: UInt32, _ host: UnsafePointer<tw_host_api>?,
    _ error: UnsafeMutablePointer<UnsafePointer<CChar>?>?
) -> UnsafePointer<tw_plugin_descriptor>? {
    twinPlugin.entry(hostMajor: hostMajor, hostMinor: hostMinor, error: error)
}
