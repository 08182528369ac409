import TWHost

/// Reading `--theme FILE` for `plugins check` and `registry`: a JSON object
/// with the fields of a scene's `theme` rules, merged over the default theme
/// (docs/PluginAuthoring.md, "Defaults and themes").
package enum ThemeInput {
    package static let option = ValueOption(
        "--theme", placeholder: "FILE", repeatable: true,
        help: "Check defaults in this theme instead of the default theme (repeatable; format below).")

    /// The themes in force: the default theme, or each file, labelled for
    /// messages ("the default theme", "the theme app.json").
    /// - Parameter warn: print unknown fields as warnings on stderr.
    package static func read(_ paths: [String], warn: Bool = true) throws(CLIError) -> [(label: String, theme: Theme)] {
        guard !paths.isEmpty else { return [("default theme", Theme())] }
        var themes: [(label: String, theme: Theme)] = []
        for path in paths {
            var reader = SceneReader(file: path)
            do {
                themes.append(("theme \(path)", try reader.readTheme(try FileIO.read(path))))
            } catch let error as FileReadError {
                throw .failed(error.description)
            } catch let error as SceneError {
                throw .failed("\(path): \(error.description)")
            } catch {
                throw .failed("\(path): \(error)")
            }
            for warning in reader.warnings where warn {
                Output.error(
                    "warning: \(path): \(warning.code): \(warning.message)" + (warning.hint.map { " (\($0))" } ?? ""))
            }
        }
        return themes
    }
}
