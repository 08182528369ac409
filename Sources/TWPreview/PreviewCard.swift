import TWModel
import TWResolution
import TWScenes
import TWSupport

/// One surface as the gallery shows it: its drawings, chain text, identity
/// and diagnostics, rendered once as a card of HTML. The before/after page
/// compares cards by path, identity and chain lines.
public struct PreviewCard: Hashable, Sendable {
    /// The node's path, as the reports name it.
    public var path: String
    /// The file it is written in (the gallery's first grouping).
    public var file: String
    /// The view it belongs to (the second grouping).
    public var group: String
    /// Every identity the surface has, in order (combinations included).
    public var identities: [String]
    /// The surface as `resolve` prints it, one line each.
    public var chainLines: [String]
    /// The card's HTML.
    public var html: String

    public init(
        path: String, file: String, group: String, identities: [String], chainLines: [String], html: String
    ) {
        self.path = path
        self.file = file
        self.group = group
        self.identities = identities
        self.chainLines = chainLines
        self.html = html
    }
}

extension PreviewCard {
    /// The states the page has a toggle for, in the order it lists them.
    public static let states: [Variant] = [.hover, .focus, .pressed, .disabled]

    /// A view of a card other than its base one: the surface resolved in one
    /// state, for another platform, or with the dark color scheme (`data-state`,
    /// `data-platform`, `data-scheme`).
    enum Toggle {
        case state(String), platform(String), scheme(String)
        var attribute: String {
            switch self {
            case .state(let s): return " data-state=\"\(HTML.escape(s))\""
            case .platform(let p): return " data-platform=\"\(HTML.escape(p))\""
            case .scheme(let c): return " data-scheme=\"\(HTML.escape(c))\""
            }
        }
        var note: String {
            switch self {
            case .state(let s): return s
            case .platform(let p): return "on " + p
            case .scheme(let c): return "in " + c + " appearance"
            }
        }
    }

    /// The card of `record`, with the surface as resolved under each state in
    /// `states`, for each platform in `platforms` and with the dark color
    /// scheme (`dark`), each where it changes what the surface resolves to.
    public init(
        _ record: SurfaceRecord, states: [(Variant, SurfaceRecord)] = [],
        platforms: [(RenderEnvironment.Platform, SurfaceRecord)] = [], dark: SurfaceRecord? = nil
    ) {
        let palette = SurfaceReport.Palette(enabled: false)
        let lines = Self.lines(record, palette: palette)
        var shownPath = record.path
        if let location = record.location, shownPath.hasPrefix(location.file + ":") {
            shownPath = String(shownPath.dropFirst(location.file.count + 1))
        }
        let file = record.location?.file ?? "scene"
        // A Swift source's view (`Settings.body`), or a scene's name (its paths start at the root, `/0/1`).
        var group = shownPath.firstIndex(of: "/").map { String(shownPath[..<$0]) } ?? shownPath
        if group.isEmpty { group = "scene" }
        let identities = Self.identities(record)
        let varies = Set(identities).count > 1
        let filterText = ([shownPath, record.node.type, file] + lines).joined(separator: " ").lowercased()

        var html = "<section class=\"card\" data-filter=\"\(HTML.escape(filterText))\">"
        html += "<header><span class=\"path\">\(HTML.escape(shownPath))</span> "
        html += "<span class=\"type\">\(HTML.escape(record.node.type))</span> "
        html +=
            record.decorated
            ? "<span class=\"status ok\">decorated</span>" : "<span class=\"status bad\">undecorated</span>"
        if varies { html += " <span class=\"badge varies\">identity varies</span>" }
        html += "</header>"
        if let location = record.location {
            html += "<div class=\"location\">\(HTML.escape(location.description))</div>"
        }
        html += Self.view(record, toggle: nil, lines: lines)
        for (state, stateRecord) in states {
            let stateLines = Self.lines(stateRecord, palette: palette)
            guard stateLines != lines else { continue }
            html += Self.view(stateRecord, toggle: .state(state.rawValue), lines: stateLines)
        }
        for (platform, platformRecord) in platforms {
            let platformLines = Self.lines(platformRecord, palette: palette)
            guard platformLines != lines else { continue }
            html += Self.view(platformRecord, toggle: .platform(platform.rawValue), lines: platformLines)
        }
        if let dark {
            let darkLines = Self.lines(dark, palette: palette)
            if darkLines != lines { html += Self.view(dark, toggle: .scheme("dark"), lines: darkLines) }
        }
        html +=
            "<div class=\"identity\">identity "
            + Set(identities).sorted().map { HTML.escape(String($0.prefix(16))) }.joined(separator: ", ") + "</div>"
        let diagnostics = record.allSurfaces.flatMap(\.diagnostics) + record.findings
        if !diagnostics.isEmpty {
            html += "<ul class=\"diagnostics\">"
            for line in SurfaceReport.diagnosticLines(diagnostics, palette: palette, indent: "") {
                html += "<li>\(HTML.escape(line))</li>"
            }
            html += "</ul>"
        }
        html += "</section>"
        self.init(
            path: record.path, file: file, group: group, identities: identities, chainLines: lines, html: html)
    }

    /// The lines `resolve` prints for the surface (without the blank line that ends them).
    static func lines(_ record: SurfaceRecord, palette: SurfaceReport.Palette) -> [String] {
        var lines = SceneReport.text(record, palette: palette).split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init)
        while lines.last == "" { lines.removeLast() }
        return lines
    }

    static func identities(_ record: SurfaceRecord) -> [String] {
        if record.combinations.isEmpty { return record.allSurfaces.map(\.identity) }
        return record.combinations.flatMap { $0.allSurfaces.map(\.identity) }
    }

    /// One view of the card: every combination's drawing side by side, what was
    /// not drawn, and the chain as text. `toggle` names the state or platform it is resolved in.
    static func view(_ record: SurfaceRecord, toggle: Toggle?, lines: [String]) -> String {
        var html = "<div class=\"view\(toggle == nil ? " base" : "")\"\(toggle?.attribute ?? "")>"
        if let toggle { html += "<div class=\"state-note\">\(HTML.escape(toggle.note))</div>" }
        var figures: [(label: String?, drawing: Drawing, identity: String)] = []
        if record.combinations.isEmpty {
            figures.append(
                (
                    nil,
                    drawing(record, surface: record.surface, button: record.buttonStyle, adapters: record.adapters),
                    record.surface.identity
                ))
        } else {
            for combination in record.combinations {
                figures.append(
                    (
                        combination.label(record.node.conditions),
                        drawing(
                            record, surface: combination.surface, button: combination.buttonStyle,
                            adapters: combination.adapters),
                        combination.surface.identity
                    ))
            }
        }
        let varies = Set(figures.map(\.identity)).count > 1
        html += "<div class=\"figures\">"
        for figure in figures {
            html += "<figure><div class=\"canvas\(figure.drawing.fillsHeight ? " tall" : "")\">"
            html += figure.drawing.html + "</div>"
            if let label = figure.label {
                html += "<figcaption>\(HTML.escape(label))"
                if varies { html += " · identity \(HTML.escape(String(figure.identity.prefix(8))))" }
                html += "</figcaption>"
            }
            html += "</figure>"
        }
        html += "</div>"
        var notDrawn: [String] = []
        var notVisual: [String] = []
        for figure in figures {
            for code in figure.drawing.notDrawn where !notDrawn.contains(code) { notDrawn.append(code) }
            for code in figure.drawing.notVisual where !notVisual.contains(code) { notVisual.append(code) }
        }
        if !notDrawn.isEmpty {
            html += "<ul class=\"not-drawn\">"
            for code in notDrawn { html += "<li>not drawn: <code>\(HTML.escape(code))</code></li>" }
            html += "</ul>"
        }
        if !notVisual.isEmpty {
            html += "<ul class=\"not-visual\">"
            for code in notVisual { html += "<li>no visual effect: <code>\(HTML.escape(code))</code></li>" }
            html += "</ul>"
        }
        html += "<pre class=\"chain\">\(HTML.escape(lines.joined(separator: "\n")))</pre></div>"
        return html
    }

    /// The innermost view with the native button style, then the adapters' and
    /// button style's chains, then the `.tw` chain, as SwiftUI nests them.
    static func drawing(
        _ record: SurfaceRecord, surface: ResolvedSurface, button: ResolvedSurface?, adapters: [AdapterSurface]
    ) -> Drawing {
        let node = record.node
        var chain: [ChainEntry] = []
        var nativeStyle: String?
        let hasTW = node.tw != nil
        if let button {
            nativeStyle = button.nativeButtonStyle ?? "plain"
            if hasTW { chain += button.chain }
        } else if surface.source.kind == .button {
            nativeStyle = surface.nativeButtonStyle ?? "plain"
        }
        for (i, adapter) in adapters.enumerated() where hasTW || button != nil || i > 0 {
            chain += adapter.surface.chain
        }
        chain += surface.chain
        return Painter.draw(chain, content: content(node), buttonStyle: nativeStyle)
    }

    static func content(_ node: SceneNode) -> DrawnContent {
        switch node.type {
        case "Text": return .text(node.text ?? node.label ?? "")
        case "Image": return .symbol(node.systemImage ?? "image", title: nil)
        case "Label": return .symbol(node.systemImage ?? "image", title: node.label ?? node.text)
        case "Button": return .text(node.label ?? node.text ?? "Button")
        case "Rectangle", "Circle", "Ellipse", "Capsule": return .shape(node.type)
        default: return .placeholder(type: node.type, label: node.label ?? node.text)
        }
    }
}

extension PreviewCard {
    /// The card as a JSON object (what `twhost preview --format json` writes for each surface).
    public var json: JSONValue {
        .object([
            ("path", .string(path)), ("file", .string(file)), ("group", .string(group)),
            ("identities", .array(identities.map(JSONValue.string))),
            ("chain", .array(chainLines.map(JSONValue.string))), ("html", .string(html)),
        ])
    }

    /// A card read back from `json`; nil when a member is missing or of the wrong kind.
    public init?(json node: JSONNode) {
        guard case .object(let members) = node.value else { return nil }
        func string(_ key: String) -> String? {
            guard let m = members.first(where: { $0.key == key }), case .string(let s) = m.node.value else {
                return nil
            }
            return s
        }
        func strings(_ key: String) -> [String]? {
            guard let m = members.first(where: { $0.key == key }), case .array(let items) = m.node.value else {
                return nil
            }
            var out: [String] = []
            for item in items {
                guard case .string(let s) = item.value else { return nil }
                out.append(s)
            }
            return out
        }
        guard let path = string("path"), let file = string("file"), let group = string("group"),
            let identities = strings("identities"), let chain = strings("chain"), let html = string("html")
        else { return nil }
        self.init(path: path, file: file, group: group, identities: identities, chainLines: chain, html: html)
    }
}
