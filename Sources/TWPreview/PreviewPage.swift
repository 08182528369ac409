import TWModel

/// The self-contained HTML pages: the gallery of every surface, and the
/// before/after page for review. No network: styles and script are inline,
/// fonts are the viewer's own from a fixed stack, and a content security
/// policy forbids loading anything else. The page checks itself when it has
/// loaded (`data-self-check` on the root element: `ok`, or what went wrong).
public enum PreviewPage {
    /// A surface whose chain or identity changes between two sides.
    public struct Change: Sendable {
        public var path: String
        public var before: PreviewCard?
        public var after: PreviewCard?
        /// Whether an identity changes: SwiftUI would reset the view's child state.
        public var identityReset: Bool {
            guard let before, let after else { return false }
            return before.identities != after.identities
        }
        /// Lines only the before side has (-) and only the after side has (+).
        public var chainDiff: [String] {
            let old = before?.chainLines ?? []
            let new = after?.chainLines ?? []
            let (a, b) = (old.map(Self.unpadded), new.map(Self.unpadded))
            return a.filter { !b.contains($0) }.map { "- " + $0 } + b.filter { !a.contains($0) }.map { "+ " + $0 }
        }

        /// A chain line without the padding that aligns its comment: a longer
        /// line elsewhere in the chain does not make it differ.
        static func unpadded(_ line: String) -> String {
            guard let comment = line.firstRange(of: "  // ") else { return line }
            var code = line[..<comment.lowerBound]
            while code.last == " " { code.removeLast() }
            return String(code) + line[comment.lowerBound...]
        }
    }

    /// The surfaces of `before` and `after` that differ, matched by path, in `after`'s order
    /// (then the surfaces only `before` has).
    public static func changes(before: [PreviewCard], after: [PreviewCard]) -> [Change] {
        var out: [Change] = []
        for card in after {
            let old = before.first { $0.path == card.path }
            if let old, old.identities == card.identities, old.chainLines == card.chainLines { continue }
            out.append(Change(path: card.path, before: old, after: card))
        }
        for card in before where !after.contains(where: { $0.path == card.path }) {
            out.append(Change(path: card.path, before: card, after: nil))
        }
        return out
    }

    /// The gallery: every card, grouped by file and view, with a filter box and toggles.
    /// - Parameter platforms: the platforms the cards have views for, besides the one resolved for.
    public static func gallery(
        _ cards: [PreviewCard], title: String, context: String, platforms: [RenderEnvironment.Platform] = []
    ) -> String {
        var body = ""
        var files: [String] = []
        for card in cards where !files.contains(card.file) { files.append(card.file) }
        for file in files {
            body += "<details class=\"file\" open><summary>\(HTML.escape(file))</summary>"
            let inFile = cards.filter { $0.file == file }
            var groups: [String] = []
            for card in inFile where !groups.contains(card.group) { groups.append(card.group) }
            for group in groups {
                body += "<div class=\"group\"><h3>\(HTML.escape(group))</h3><div class=\"grid\">"
                for card in inFile where card.group == group { body += card.html }
                body += "</div></div>"
            }
            body += "</details>"
        }
        if cards.isEmpty { body += "<p class=\"empty\">No surfaces.</p>" }
        return page(
            title: title, context: context, count: "\(cards.count) surface(s)", body: body, platforms: platforms)
    }

    /// The before/after page: each changed surface's two drawings side by side,
    /// its chain diff, and an "identity reset" badge where child state would be lost.
    public static func review(
        _ changes: [Change], unchanged: Int, title: String, beforeLabel: String, afterLabel: String, context: String,
        platforms: [RenderEnvironment.Platform] = []
    ) -> String {
        var body = "<p class=\"sides\">before: <code>\(HTML.escape(beforeLabel))</code> · after: "
        body += "<code>\(HTML.escape(afterLabel))</code> · \(changes.count) changed, \(unchanged) unchanged</p>"
        for change in changes {
            body += "<section class=\"change\" data-filter=\"\(HTML.escape(change.path.lowercased()))\">"
            body += "<h3>\(HTML.escape(change.path))"
            if change.identityReset { body += " <span class=\"badge reset\">identity reset</span>" }
            if change.before == nil { body += " <span class=\"badge\">new</span>" }
            if change.after == nil { body += " <span class=\"badge\">removed</span>" }
            body += "</h3><div class=\"pair\">"
            body +=
                "<div class=\"side\"><div class=\"side-label\">before</div>\(change.before?.html ?? "<p class=\"empty\">absent</p>")</div>"
            body +=
                "<div class=\"side\"><div class=\"side-label\">after</div>\(change.after?.html ?? "<p class=\"empty\">absent</p>")</div>"
            body += "</div><pre class=\"diff\">"
            body += change.chainDiff.map { line in
                "<span class=\"\(line.hasPrefix("-") ? "del" : "add")\">\(HTML.escape(line))</span>"
            }.joined(separator: "\n")
            body += "</pre></section>"
        }
        if changes.isEmpty { body += "<p class=\"empty\">No surface changes.</p>" }
        return page(
            title: title, context: context, count: "\(changes.count) changed surface(s)", body: body,
            platforms: platforms)
    }

    static func page(
        title: String, context: String, count: String, body: String, platforms: [RenderEnvironment.Platform] = []
    ) -> String {
        var platformControl = ""
        if !platforms.isEmpty {
            platformControl = "<label>platform <select id=\"platform\"><option value=\"\">as resolved</option>"
            for p in platforms { platformControl += "<option value=\"\(p.rawValue)\">\(p.rawValue)</option>" }
            platformControl += "</select></label>"
        }
        var stateOptions = "<option value=\"\">no state</option>"
        for state in PreviewCard.states {
            stateOptions += "<option value=\"\(state.rawValue)\">\(state.rawValue)</option>"
        }
        return """
            <!DOCTYPE html>
            <html lang="en" data-scheme="light" data-state="">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
            <meta name="viewport" content="width=device-width">
            <title>\(HTML.escape(title))</title>
            <style>\(css)</style>
            </head>
            <body>
            <header class="top">
            <h1>\(HTML.escape(title))</h1>
            <p class="banner">The drawings approximate SwiftUI in a browser: each modifier of a chain wraps the view in an element of its own, in application order. Modifiers that cannot be drawn are listed under their drawing as “not drawn”.</p>
            <p class="context">\(HTML.escape(context)) · \(HTML.escape(count))</p>
            <div class="controls">
            <input id="filter" type="search" placeholder="Filter by path, type or chain" aria-label="Filter">
            <label><input type="checkbox" id="dark"> dark</label>
            <label>state <select id="state">\(stateOptions)</select></label>
            \(platformControl)
            </div>
            </header>
            <main>
            \(body)
            </main>
            <script>\(script)</script>
            </body>
            </html>

            """
    }

    static let css = """
        :root{--font-sans:"DejaVu Sans","Liberation Sans",Arial,sans-serif;--font-rounded:var(--font-sans);\
        --font-serif:"DejaVu Serif","Liberation Serif",serif;--font-mono:"DejaVu Sans Mono","Liberation Mono",monospace;\
        --fg:#000;--canvas:#f2f2f7;--page:#fff;--text:#1c1c1e;--muted:#6e6e73;--line:#d1d1d6;--material:#fff;\
        --tint:var(--tw-blue,#007aff);color-scheme:light}
        :root[data-scheme=dark]{\(Appearance.darkDeclarations)--fg:#fff;--canvas:#1c1c1e;--page:#000;--text:#f2f2f7;\
        --muted:#98989d;--line:#38383a;--material:#1c1c1e;color-scheme:dark}
        body{margin:0;background:var(--page);color:var(--text);font:14px/1.4 var(--font-sans)}
        .top{padding:12px 16px;border-bottom:1px solid var(--line)}
        h1{font-size:18px;margin:0 0 6px}h3{font-size:14px;margin:12px 0 6px}
        .banner{margin:4px 0;padding:6px 8px;background:#fff4ce;color:#3d3000;border-radius:4px}
        .context{margin:4px 0;color:var(--muted)}
        .controls{display:flex;gap:12px;align-items:center;flex-wrap:wrap}
        main{padding:8px 16px}
        summary{font-weight:bold;cursor:pointer}
        .grid{display:flex;flex-wrap:wrap;gap:12px;align-items:flex-start}
        .card{width:440px;border:1px solid var(--line);border-radius:8px;padding:8px;box-sizing:border-box}
        .card header{display:flex;gap:6px;flex-wrap:wrap;align-items:baseline}
        .path{font-weight:bold;word-break:break-all}.type,.location,.identity{color:var(--muted);font-size:12px}
        .status.ok{color:#248a3d}.status.bad{color:#d70015}
        .badge{font-size:11px;padding:1px 6px;border-radius:9px;background:var(--line)}
        .badge.varies,.badge.reset{background:#d70015;color:#fff}
        .figures{display:flex;flex-wrap:wrap;gap:8px;margin:6px 0}
        figure{margin:0;flex:1 1 180px}
        figcaption{font-size:12px;color:var(--muted);text-align:center}
        .canvas{display:flex;flex-direction:column;align-items:center;justify-content:center;min-height:120px;\
        padding:16px;background:var(--canvas);border-radius:6px;box-sizing:border-box;overflow:hidden;\
        color:var(--fg);font:17px/22px var(--font-sans)}
        .canvas.tall{height:200px}
        .m{display:flex;flex-direction:column;align-items:center;justify-content:center;position:relative;\
        box-sizing:border-box;flex-shrink:0}
        .layer{position:absolute;inset:0;pointer-events:none;display:flex}.layer.behind{z-index:-1}
        .shape{width:100%;height:100%;box-sizing:border-box}
        .text{white-space:pre-wrap}
        .shape-view{display:block;flex:1 1 0;align-self:stretch;min-width:0;min-height:0}
        .symbol{display:inline-block;padding:1px 4px;border:1px dashed currentColor;border-radius:4px;font-size:0.75em}
        .symbol::before{content:"SF Symbol ";opacity:0.6}
        .label{display:inline-flex;gap:6px;align-items:center}
        .placeholder{display:inline-block;padding:4px 8px;border:1px dashed var(--muted);border-radius:4px;\
        font-size:13px;color:var(--muted)}
        .button{display:inline-block;padding:7px 14px;border-radius:var(--button-radius,8px)}
        .button.borderedProminent{background:var(--tint);color:#fff}
        .button.bordered{background:color-mix(in srgb,var(--tint) 15%,transparent);color:var(--tint)}
        .button.borderless,.button.link{color:var(--tint);padding:0}
        .view{display:none}.view.base{display:block}
        .state-note{font-size:12px;color:var(--muted)}
        \(PreviewCard.states.map { state in
            ":root[data-state=\(state.rawValue)] .card:has(.view[data-state=\(state.rawValue)]) .view.base{display:none}"
            + ":root[data-state=\(state.rawValue)] .view[data-state=\(state.rawValue)]{display:block}"
        }.joined(separator: "\n"))
        :root[data-scheme=dark][data-state=""] .card:has(.view[data-scheme=dark]) .view.base{display:none}\
        :root[data-scheme=dark][data-state=""] .view[data-scheme=dark]{display:block}
        \(RenderEnvironment.Platform.allCases.map { p in
            ":root[data-platform=\(p.rawValue)] .card:has(.view[data-platform=\(p.rawValue)]) .view.base{display:none}"
            + ":root[data-platform=\(p.rawValue)] .view[data-platform=\(p.rawValue)]{display:block}"
        }.joined(separator: "\n"))
        .not-drawn,.not-visual,.diagnostics{margin:4px 0;padding-left:18px;font-size:12px}
        .not-drawn{color:#b25000}.not-visual{color:var(--muted)}.diagnostics{color:#d70015}
        pre{font:11px/1.35 var(--font-mono);overflow-x:auto;margin:4px 0;padding:6px;background:var(--canvas);\
        border-radius:4px}
        .pair{display:flex;gap:12px;flex-wrap:wrap}.side-label{font-size:12px;color:var(--muted)}
        .diff .del{color:#d70015}.diff .add{color:#248a3d}
        .hidden{display:none}
        """

    static let script = """
        (function(){
        var problems=[];
        window.addEventListener('error',function(e){problems.push('error: '+e.message);});
        document.addEventListener('securitypolicyviolation',function(e){problems.push('blocked: '+e.blockedURI);});
        var root=document.documentElement;
        var params=new URLSearchParams(location.hash.slice(1));
        var dark=document.getElementById('dark'),state=document.getElementById('state'),filter=document.getElementById('filter');
        var platform=document.getElementById('platform');
        function apply(){root.dataset.scheme=dark.checked?'dark':'light';root.dataset.state=state.value;
        root.dataset.platform=platform?platform.value:'';}
        dark.checked=params.get('scheme')==='dark';
        if(params.has('state')){state.value=params.get('state');}
        if(platform&&params.has('platform')){platform.value=params.get('platform');}
        dark.addEventListener('change',apply);state.addEventListener('change',apply);
        if(platform){platform.addEventListener('change',apply);}
        filter.addEventListener('input',function(){
        var q=filter.value.toLowerCase();
        document.querySelectorAll('[data-filter]').forEach(function(el){
        el.classList.toggle('hidden',q!==''&&el.dataset.filter.indexOf(q)<0);});
        document.querySelectorAll('.group,.file').forEach(function(el){
        el.classList.toggle('hidden',el.querySelector('[data-filter]:not(.hidden)')===null);});});
        if(params.has('filter')){filter.value=params.get('filter');filter.dispatchEvent(new Event('input'));}
        apply();
        window.addEventListener('load',function(){
        var loaded=performance.getEntriesByType('resource').length;
        if(loaded>0){problems.push(loaded+' resource(s) loaded');}
        root.dataset.selfCheck=problems.length===0?'ok':problems.join('; ');});
        })();
        """
}
