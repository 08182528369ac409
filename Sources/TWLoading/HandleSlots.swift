import CTWContainment
import Synchronization
import TWModel

/// The handles plugin code receives (`tw_builder`, `tw_parse_result`,
/// `tw_utility_result`, `tw_theme`; all four share one layout) and the rule
/// that makes them safe to keep by mistake: a handle is valid only on
/// the thread that made the call and only until that call returns.
///
/// Each thread owns a small ring of handles per kind that lives for the life of
/// the process, so a kept handle always points at valid memory (a plugin that
/// calls it later crashes nothing). Every call takes the next handle of the
/// ring and stamps it with a new generation; a callback acts only when it runs
/// on the owning thread and its handle carries the generation of the call in
/// progress. Anything else — a use after the call returned, from the same
/// thread or another one — is ignored and counted (`KeptHandles`). The rings
/// are C (CTWHandles.c): this runs on every call into plugin code.
enum HandleSlots {
    enum Kind: Int32, CaseIterable {
        case builder = 0
        case parseResult = 1
        case utilityResult = 2
        case theme = 3

        var label: String {
            switch self {
            case .builder: return "builder"
            case .parseResult: return "parse result"
            case .utilityResult: return "utility result"
            case .theme: return "theme"
            }
        }
    }

    /// Runs `body` with a fresh handle of `kind` whose callbacks reach `payload`
    /// until `body` returns.
    /// - Parameters:
    ///   - api: the callback table the handle carries (a kept handle keeps it,
    ///     so a plugin that calls it later does not crash).
    ///   - site: the plugin call the handle belongs to, for counting kept uses.
    @inline(__always)
    static func withHandle<R>(
        _ kind: Kind, api: UnsafeRawPointer, payload: UnsafeMutableRawPointer, site: PluginSite,
        _ body: (UnsafeMutableRawPointer) -> R
    ) -> R {
        var token = twc_handle_token()
        guard let handle = twc_handle_open(kind.rawValue, api, payload, site.pointer, &token) else {
            // Out of memory for this thread's handles: there is nothing to call the plugin with.
            fatalError("cannot allocate plugin handles")
        }
        defer { twc_handle_close(token) }
        return body(handle)
    }

    /// A parser's or utility's call: a result handle for `sink` and a theme
    /// handle for `theme`, both open only while `body` runs inside the
    /// plugin's step on `site`.
    static func withResultAndTheme(
        _ kind: Kind, api: UnsafeRawPointer, sink: AnyObject, theme: ThemeBox, site: PluginSite,
        step: PluginStep,
        _ body: (_ result: UnsafeMutableRawPointer, _ theme: UnsafeMutableRawPointer) -> Void
    ) {
        withExtendedLifetime((sink, theme)) {
            withHandle(kind, api: api, payload: Unmanaged.passUnretained(sink).toOpaque(), site: site) { result in
                withHandle(
                    .theme, api: UnsafeRawPointer(HostCallbacks.themeAPI),
                    payload: Unmanaged.passUnretained(theme).toOpaque(), site: site
                ) { cTheme in
                    site.run(step) { body(result, cTheme) }
                }
            }
        }
    }

    /// The payload of a handle a callback received, or nil (and the use counted)
    /// when the handle is not the one of the call in progress on this thread.
    @inline(__always)
    static func payload(_ handle: UnsafeRawPointer?, _ kind: Kind) -> UnsafeMutableRawPointer? {
        var late: UnsafePointer<twc_site>?
        if let payload = twc_handle_payload(handle, kind.rawValue, &late) { return payload }
        if let late { KeptHandles.count(kind, site: PluginSite(pointer: late)) }
        return nil
    }
}

/// Uses of handles after the call that received them returned: ignored,
/// and counted per plugin and kind so that `resolve` can warn and `plugins
/// check` can report `builder-kept`.
package enum KeptHandles {
    /// One plugin's ignored uses of one kind of handle.
    package struct Use: Equatable, Sendable {
        package var plugin: String
        package var handle: String
        package var count: Int
    }

    private static let uses = Mutex<[Use]>([])

    static func count(_ kind: HandleSlots.Kind, site: PluginSite?) {
        let plugin = site?.plugin ?? "(unknown)"
        uses.withLock { uses in
            if let i = uses.firstIndex(where: { $0.plugin == plugin && $0.handle == kind.label }) {
                uses[i].count += 1
            } else {
                uses.append(Use(plugin: plugin, handle: kind.label, count: 1))
            }
        }
    }

    /// Every ignored use so far, by plugin name, then handle kind.
    package static var all: [Use] {
        uses.withLock { $0 }.sorted { a, b in
            a.plugin != b.plugin
                ? a.plugin.utf8.lexicographicallyPrecedes(b.plugin.utf8)
                : a.handle.utf8.lexicographicallyPrecedes(b.handle.utf8)
        }
    }

    /// A warning line for each plugin whose handles were used too late.
    package static var warnings: [String] {
        all.map { "warning: \($0.code): \($0.message)" }
    }

    /// The same, as a report's diagnostics (counted in its summary's warnings).
    package static var diagnostics: [Diagnostic] {
        all.map { Diagnostic($0) }
    }
}

extension KeptHandles.Use: DiagnosticKind {
    package var code: DiagnosticCode { .builderKept }
    package var message: String {
        "plugin '\(plugin)' used a \(handle) handle \(count) time(s) after the call that received it returned, or from another thread; ignored"
    }
}
