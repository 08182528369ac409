import TWModel

/// Turns the winning built-in property values into SwiftUI modifiers, in the
/// built-in styling's fixed application order (the order of `StyleProperty`).
enum StyleEmitter {
    struct Emitted {
        var properties: [StyleProperty]
        var node: IRNode
        /// The styling stage it belongs to (`ChainPhase.stylingStages`): the
        /// slots of that phase follow the stage's last entry.
        var stage: ChainPhase = .content
    }

    /// Where the styling is written: the platform and version (each API is
    /// checked against `SwiftUIAPI`), and whether its first modifiers apply
    /// to a `Text` (a Text source with no content slot before the styling),
    /// where `Text`'s own methods exist from iOS 13.
    struct Target {
        var environment = RenderEnvironment()
        var text = false
        /// A button with a native style: `rounded-*` sets `.buttonBorderShape`
        /// instead of clipping (R-CTRL-1).
        var nativeButton = false
        /// The enclosing groups: a shared element pairs in one's namespace.
        var groups = GroupContext()
        /// The styling stages followed by at least one slot (bit `stageIndex`):
        /// after such a stage the receiver is no longer a Text.
        var stagesWithSlots: UInt8 = 0
    }

    /// - Parameter warnings: `unavailable-api` findings for what the target
    ///   OS version cannot draw.
    static func emit(
        _ values: PropertyTable<StyleValue>, theme: Theme, target: Target = Target(),
        warnings: inout [Diagnostic]
    ) -> [Emitted] {
        var emission = StyleEmission(values, theme: theme, target: target)
        var previous: Group?
        for group in Group.allCases {
            if Group.crossesSlots(from: previous, to: group, stagesWithSlots: target.stagesWithSlots) {
                emission.text = false
            }
            emission.stage = group.stage
            group.run(&emission)
            previous = group
        }
        warnings += emission.warnings
        return emission.out
    }

    /// The steps of the styling in application order, each with the
    /// properties it reads. A step's output depends on those values, the
    /// target, the theme and whether the receiver is still a Text — nothing
    /// else — so the interned path memoises each step by them.
    enum Group: Int, CaseIterable {
        case font, textLayout, foreground, sharedElement, padding, frame, background, border, corners, shadow
        case effects, tint, controlSize

        /// Each step's `reads` as one bit per property ordinal, indexed by the
        /// step's raw value: the interned path skips a step none of whose
        /// properties a surface's classes assign without reading them one by one.
        static let readMasks: [UInt64] = {
            precondition(StyleProperty.count <= UInt64.bitWidth, "a property's ordinal must fit in a mask")
            precondition(allCases.allSatisfy { $0.reads.count <= maxReads }, "a step's key holds maxReads winners")
            return allCases.map { group in group.reads.reduce(0) { $0 | 1 << UInt64($1.ordinal) } }
        }()

        /// Every property the step reads (`cornerRadius` gives the shape of
        /// background, border and clipping).
        var reads: [StyleProperty] {
            switch self {
            case .font: return [.fontSize, .fontWeight, .fontDesign, .italic]
            case .textLayout: return [.tracking, .lineSpacing, .textAlignment, .lineLimit]
            case .foreground: return [.foreground]
            case .sharedElement: return [.sharedID, .sharedGroup, .sharedProperties, .sharedSource]
            case .padding: return [.paddingTop, .paddingLeading, .paddingBottom, .paddingTrailing]
            case .frame: return [.width, .height, .minWidth, .maxWidth, .minHeight, .maxHeight]
            case .background:
                // `.tint`: a glass surface's tint when no `glass-tint-*` is given.
                return [.background, .cornerRadius, .surface, .glassInteractive, .glassTint, .tint, .borderWidth]
            case .border: return [.borderWidth, .borderColor, .cornerRadius]
            case .corners: return [.cornerRadius]
            case .shadow: return [.shadow]
            case .effects: return [.opacity, .blur, .scale, .scaleY, .rotation, .offsetX, .offsetY]
            case .tint: return [.tint, .glassTint]
            case .controlSize: return [.controlSize]
            }
        }

        /// The stage of the styling the step belongs to (swiftcn's phases:
        /// text attributes, layout, decoration, effects).
        var stage: ChainPhase {
            switch self {
            case .font, .textLayout, .foreground: return .content
            case .sharedElement, .padding, .frame: return .layout
            case .background, .border, .corners, .shadow: return .decoration
            case .effects, .tint, .controlSize: return .effects
            }
        }

        /// Whether slots sit between the step before (`nil`: none yet) and
        /// this one: a stage the two lie across is followed by slots.
        static func crossesSlots(from previous: Group?, to group: Group, stagesWithSlots: UInt8) -> Bool {
            let first = previous.map { $0.stage.stageIndex! } ?? 0
            let last = group.stage.stageIndex!
            guard previous != nil, first < last else { return false }
            for stage in first..<last where stagesWithSlots & (1 << UInt8(stage)) != 0 { return true }
            return false
        }

        /// The stage bits (`Target.stagesWithSlots`) of a chain's slots.
        static func stagesWithSlots(_ slots: [ChainEntry]) -> UInt8 {
            var bits: UInt8 = 0
            for slot in slots { if let i = slot.phase.stageIndex { bits |= 1 << UInt8(i) } }
            return bits
        }

        /// The most properties a step reads: the interned path's step key
        /// (`InternedTables.resolve`) holds the group and this many winners.
        static let maxReads = 7

        func run(_ emission: inout StyleEmission) {
            switch self {
            case .font: emission.font()
            case .textLayout: emission.textLayout()
            case .foreground: emission.foreground()
            case .sharedElement: emission.sharedElement()
            case .padding: emission.padding()
            case .frame: emission.frame()
            case .background: emission.background()
            case .border: emission.border()
            case .corners: emission.corners()
            case .shadow: emission.shadow()
            case .effects: emission.effects()
            case .tint: emission.tint()
            case .controlSize: emission.controlSize()
            }
        }
    }

    /// The shape a border is drawn in: the one the corner clipping uses.
    static func borderShape(_ radius: Double?) -> IRNode {
        guard let radius, radius > 0 else { return .view("Rectangle") }
        if radius >= 9999 { return .view("Capsule") }
        return .view("RoundedRectangle", [IRArgument("cornerRadius", .number(radius))])
    }
}
