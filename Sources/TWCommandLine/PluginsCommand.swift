import TWHost

/// `twhost plugins list`.
package enum PluginsCommand {
    package static let format = OutputFormat.option([.text, .json], default: .text)
    package static let child = ValueOption(
        "--child", placeholder: "PATH", visibility: .hidden, help: "Load PATH and report it to a parent twhost.")

    package static let list = CommandSpec(
        words: ["plugins", "list"],
        summary: "List every plugin in the search path with its version, ABI and counts.",
        options: [PluginOptions.pluginPath, PluginOptions.allowWritable, PluginOptions.pluginTimeout, format, child],
        child: child,
        discussion: """
            Plugins are found as lib<name>.so in: each --plugin-path DIR, TWHOST_PLUGIN_PATH
            (absolute entries), the twhost executable's folder, then <exe>/../lib/twhost/plugins.
            Each plugin is loaded in a child process, so one that crashes, hangs or exits while
            loading is listed as failed and the others are still listed. A plugin that fails to
            load is listed with the reason; the exit code is then 1.
            """,
        run: { command throws(CLIError) in try runList(command) })

    /// What listing shows of a plugin that loaded.
    package struct Listing {
        var name: String
        var version: String
        var abi: String
        var path: String
        var counts: [Int]  // modifiers, utilities, recipes, presets

        var json: JSONValue {
            .object([
                ("name", .string(name)), ("version", .string(version)), ("abi", .string(abi)), ("path", .string(path)),
                ("modifiers", .number(Double(counts[0]))), ("utilities", .number(Double(counts[1]))),
                ("recipes", .number(Double(counts[2]))), ("presets", .number(Double(counts[3]))), ("error", .null),
            ])
        }
    }

    package static func runList(_ command: ParsedCommand) throws(CLIError) -> Int32 {
        let timeout = try PluginOptions.timeout(command)
        let searchPath = try PluginOptions.searchPath(command)
        if let path = command.value(child) { return try reportOne(path, searchPath: searchPath) }
        var rows: [(stem: String, path: String, result: Result<Listing, ListFailure>)] = []
        for (stem, path) in searchPath.allPlugins() {
            rows.append((stem, path, loadInChild(path, command: command, timeout: timeout)))
        }
        let failures = rows.filter { if case .failure = $0.result { return true } else { return false } }.count
        if command[format] == .json {
            let items: [JSONValue] = rows.map { row in
                switch row.result {
                case .success(let listing): return listing.json
                case .failure(let failure):
                    return .object([
                        ("name", .string(row.stem)), ("path", .string(row.path)), ("error", .string(failure.message)),
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
                    table.append([p.name, p.version, p.abi] + p.counts.map(String.init) + [p.path])
                case .failure(let failure):
                    table.append([row.stem, "-", "-", "-", "-", "-", "-", row.path])
                    notes.append("error: \(DiagnosticCode.pluginLoadFailed): \(failure.message)")
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

    package struct ListFailure: Error {
        var message: String
    }

    /// The child's side: load one file and send what listing shows, or the error.
    package static func reportOne(_ path: String, searchPath: PluginSearchPath) throws(CLIError) -> Int32 {
        do {
            try Containment.prepareChild(channel: ChildChannel.descriptor)
            try ChildChannel.send(.step, "loading")
        } catch {
            throw .failed("cannot report to the parent twhost: \(error)")
        }
        let stem = String((path.split(separator: "/").last ?? "").dropFirst(3).dropLast(3)).lowercased()
        let report: JSONValue
        switch PluginLoader.load(path: path, expectedName: stem, allowWritable: searchPath.allowWritable) {
        case .success(let p):
            report =
                Listing(
                    name: p.info.name, version: p.info.version, abi: "\(p.info.abiMajor).\(p.info.abiMinor)",
                    path: p.info.path,
                    counts: [p.modifiers.count, p.utilities.count, p.recipes.count, p.animations.count]
                ).json
        case .failure(let error):
            report = .object([("error", .string(error.description))])
        }
        do {
            try ChildChannel.send(.result, report.serialized(pretty: false))
        } catch {
            throw .failed("cannot report to the parent twhost: \(error)")
        }
        return ExitCode.success
    }

    /// The parent's side: `twhost plugins list --child PATH`, read from its channel.
    package static func loadInChild(_ path: String, command: ParsedCommand, timeout: Double) -> Result<
        Listing, ListFailure
    > {
        guard let exe = PluginSearchPath.currentExecutable() else {
            return .failure(ListFailure(message: "\(path): cannot find the twhost executable to load it in"))
        }
        var argv = [exe] + list.words + [child.spec.name, path]
        if command[PluginOptions.allowWritable] { argv.append(PluginOptions.allowWritable.spec.name) }
        // Loading one plugin (dlopen, the entry, validation) gets the per-call limit.
        let result = Subprocess.run(argv, timeout: timeout, channel: true)
        let messages = ChildChannel.read(result.channel)
        if case .exited(0) = result.exit, let line = messages.result, let parsed = parse(line) {
            return parsed
        }
        let during = messages.steps.last.map { " while \($0)" } ?? ""
        switch result.exit {
        case .signaled(let signal):
            return .failure(
                ListFailure(message: "\(path): the plugin crashed (\(Subprocess.signalName(signal)))\(during)"))
        case .timedOut(let seconds):
            return .failure(
                ListFailure(
                    message: "\(path): the plugin did not finish within \(CheckCommand.format(seconds)) s\(during)"))
        case .exited(let status):
            return .failure(
                ListFailure(message: "\(path): the plugin ended the process (exit status \(status))\(during)"))
        case .notStarted(let why):
            return .failure(ListFailure(message: "\(path): cannot start a child twhost to load it: \(why)"))
        }
    }

    private static func parse(_ line: String) -> Result<Listing, ListFailure>? {
        guard let root = try? JSONParser.parse(Array(line.utf8)), case .object(let members) = root.value else {
            return nil
        }
        func string(_ key: String) -> String? {
            if case .string(let s)? = members.first(where: { $0.key == key })?.node.value { return s }
            return nil
        }
        func number(_ key: String) -> Int? {
            if case .number(let n)? = members.first(where: { $0.key == key })?.node.value, let i = Int(exactly: n) {
                return i
            }
            return nil
        }
        if let error = string("error") { return .failure(ListFailure(message: error)) }
        guard let name = string("name"), let version = string("version"), let abi = string("abi"),
            let path = string("path"), let m = number("modifiers"), let u = number("utilities"),
            let r = number("recipes"), let p = number("presets")
        else { return nil }
        return .success(Listing(name: name, version: version, abi: abi, path: path, counts: [m, u, r, p]))
    }
}
