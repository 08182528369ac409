import TWHost

/// `twhost plugins list`.
enum PluginsCommand {
    static let list = CommandSpec(
        words: ["plugins", "list"],
        summary: "List every plugin in the search path with its version, ABI and counts.",
        positionals: "", minimumPositionals: 0, maximumPositionals: 0,
        options: [
            PluginOptions.pluginPath, PluginOptions.allowWritable,
            OptionSpec(name: "--format", valueName: "text|json", help: "Output format (default text)."),
        ],
        discussion: """
            Plugins are found as lib<name>.so in: each --plugin-path DIR, TWHOST_PLUGIN_PATH
            (absolute entries), the twhost executable's folder, then <exe>/../lib/twhost/plugins.
            A plugin that fails to load is listed with the reason; the exit code is then 1.
            """,
        run: { command throws(CLIError) in try runList(command) })

    static func runList(_ command: ParsedCommand) throws(CLIError) -> Int32 {
        let format = try command.choice("--format", ["text", "json"], default: "text")
        let searchPath = PluginOptions.searchPath(command)
        var rows: [(stem: String, path: String, result: Result<LoadedPlugin, PluginLoadError>)] = []
        for (stem, path) in searchPath.allPlugins() {
            rows.append((stem, path, PluginLoader.load(path: path, expectedName: stem)))
        }
        let failures = rows.filter { if case .failure = $0.result { return true } else { return false } }.count
        if format == "json" {
            let items: [JSONValue] = rows.map { row in
                switch row.result {
                case .success(let p):
                    return .object([
                        ("name", .string(p.info.name)), ("version", .string(p.info.version)),
                        ("abi", .string("\(p.info.abiMajor).\(p.info.abiMinor)")), ("path", .string(p.info.path)),
                        ("modifiers", .number(Double(p.modifiers.count))),
                        ("utilities", .number(Double(p.utilities.count))),
                        ("recipes", .number(Double(p.recipes.count))),
                        ("presets", .number(Double(p.animations.count))), ("error", .null),
                    ])
                case .failure(let error):
                    return .object([
                        ("name", .string(row.stem)), ("path", .string(row.path)), ("error", .string(error.description)),
                    ])
                }
            }
            Output.write(JSONValue.object([("twhost", .number(1)), ("plugins", .array(items))]).serialized() + "\n")
        } else {
            var table: [[String]] = [
                ["NAME", "VERSION", "ABI", "MODIFIERS", "UTILITIES", "RECIPES", "PRESETS", "PATH"]
            ]
            var notes: [String] = []
            for row in rows {
                switch row.result {
                case .success(let p):
                    table.append([
                        p.info.name, p.info.version, "\(p.info.abiMajor).\(p.info.abiMinor)", String(p.modifiers.count),
                        String(p.utilities.count), String(p.recipes.count), String(p.animations.count), p.info.path,
                    ])
                case .failure(let error):
                    table.append([row.stem, "-", "-", "-", "-", "-", "-", row.path])
                    notes.append("error: plugin-load-failed: \(error.description)")
                }
            }
            let widths = (0..<8).map { column in table.map { $0[column].count }.max() ?? 0 }
            var text = ""
            for line in table {
                text += line.enumerated().map {
                    $0.offset == 7 ? $0.element : $0.element.padding(widths[$0.offset] + 2)
                }.joined()
                text += "\n"
            }
            if rows.isEmpty { text += "(no plugins found in: \(searchPath.directories.joined(separator: ", ")))\n" }
            Output.write(text)
            for note in notes { Output.error(note) }
        }
        return failures > 0 ? ExitCode.findings : ExitCode.success
    }
}
