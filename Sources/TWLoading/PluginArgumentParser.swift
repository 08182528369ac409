import TWModel
import TWPluginAPI

/// An argument-form parser inside a plugin.
package final class PluginArgumentParser: Sendable {
    let function: tw_parse_fn
    let context: PluginContext
    let type: ArgumentType
    let site: PluginSite

    init(function: tw_parse_fn, context: PluginContext, type: ArgumentType, site: PluginSite) {
        self.function = function
        self.context = context
        self.type = type
        self.site = site
    }

    package func parse(_ raw: String, theme: Theme, step: PluginStep = .parser) -> Result<
        TypedValue, ArgumentDecoder.Failure
    > {
        raw.withCString { parse(cString: $0, theme: theme, step: step) }
    }

    /// Parses raw bytes (which need not be UTF-8), for hostile-input probes.
    package func parse(bytes: [UInt8], theme: Theme) -> Result<TypedValue, ArgumentDecoder.Failure> {
        withCString(bytes) { parse(cString: $0, theme: theme, step: .parser) }
    }

    private func parse(cString: UnsafePointer<CChar>, theme: Theme, step: PluginStep) -> Result<
        TypedValue, ArgumentDecoder.Failure
    > {
        let sink = ParseSink()
        let themeBox = ThemeBox(theme)
        HandleSlots.withResultAndTheme(
            .parseResult, api: UnsafeRawPointer(HostCallbacks.parseResultAPI), sink: sink, theme: themeBox,
            site: site, step: step
        ) { result, cTheme in
            function(
                context.pointer, cString, cTheme.assumingMemoryBound(to: tw_theme.self),
                result.assumingMemoryBound(to: tw_parse_result.self))
        }
        sink.close()
        if let rejection = sink.rejection {
            return .failure(ArgumentDecoder.Failure(message: rejection, missingThemeEntry: themeBox.firstMiss))
        }
        guard let value = sink.value else {
            return .failure(
                ArgumentDecoder.Failure(
                    message: "the parser reported no value", missingThemeEntry: themeBox.firstMiss))
        }
        return Self.coerce(value, to: type)
    }

    /// Parsers report numbers as numbers; the registration's type says which.
    static func coerce(_ value: TypedValue, to type: ArgumentType) -> Result<TypedValue, ArgumentDecoder.Failure> {
        switch (type, value) {
        case (.number, .number(let v)) where v.isFinite: return .success(.number(v))
        case (.points, .number(let v)) where v.isFinite: return .success(.points(v))
        case (.angle, .number(let v)) where v.isFinite: return .success(.angle(v))
        case (.seconds, .number(let v)) where v.isFinite && v >= 0: return .success(.seconds(v))
        case (.number, .number), (.points, .number), (.angle, .number), (.seconds, .number):
            return .failure(ArgumentDecoder.Failure(message: "the parser reported a number out of range"))
        default:
            if value.type == type { return .success(value) }
            return .failure(
                ArgumentDecoder.Failure(
                    message: "the parser reported a \(value.type.rawValue), the registration takes a \(type.rawValue)"))
        }
    }
}
