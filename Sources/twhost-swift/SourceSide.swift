import Glibc
import TWCommandLine
import TWHost
import TWSwiftSource

extension SourceSide {
    static func side(_ argument: String, plugins: [LoadedPlugin], theme: Theme) throws(CLIError) -> DiffSide {
        let documents: [(path: String, bytes: [UInt8])]
        if argument.hasPrefix("swift:") {
            let path = String(argument.dropFirst("swift:".count))
            guard !path.isEmpty else { throw .failed("\(argument): name the sources: swift:PATH") }
            documents = try files(path, side: argument)
        } else {
            documents = try Git.files(String(argument.dropFirst("git:".count)), side: argument)
        }
        let scenes = try read(documents, side: argument)
        let snapshot = RegistrySnapshot(
            registry: PluginRegistry(plugins: plugins), scenes: scenes.map(\.scene), theme: theme)
        var side = DiffSide(
            label: argument, snapshot: snapshot,
            origin: .sources(plugins.map { (name: $0.info.name, path: $0.info.path) }))
        side.scenes = scenes
        return side
    }

    /// The `.swift` files of a file or folder on disk, in the order `check` reads them.
    static func files(_ path: String, side: String) throws(CLIError) -> [(path: String, bytes: [UInt8])] {
        var out: [(path: String, bytes: [UInt8])] = []
        for input in SwiftSources.inputs([path]) {
            switch input {
            case .swift(let file):
                do {
                    out.append((file, try FileIO.read(file)))
                } catch {
                    throw .failed("\(side): \(error.description)")
                }
            case .unreadable(let file, let reason): throw .failed("\(side): \(file): \(reason)")
            case .scene(let file): throw .failed("\(side): \(file) is not a .swift file or a folder")
            }
        }
        if out.isEmpty { throw .failed("\(side): no .swift files in \(path)") }
        return out
    }

    /// The scenes of a side's files; a file that does not parse stops the
    /// diff (a half-read registration would be a wrong answer).
    static func read(_ documents: [(path: String, bytes: [UInt8])], side: String) throws(CLIError) -> [(
        label: String, scene: Scene
    )] {
        var scenes: [(label: String, scene: Scene)] = []
        var errors: [String] = []
        for (scene, path, diagnostics) in SourceScan.read(swift: documents) {
            for d in diagnostics where d.severity == .error {
                errors.append("\(side): \(d.location.map { "\($0): " } ?? "\(path): ")\(d.code): \(d.message)")
            }
            if let scene { scenes.append((path, scene)) }
        }
        guard errors.isEmpty else { throw .failed(errors.joined(separator: "\nerror: ")) }
        return scenes
    }
}

/// Reads of a revision's files, with git run from an argument vector.
enum Git {
    /// `REV[:PATH]`'s `.swift` files, each under its path as the current
    /// directory names it (relative to the repository's root, for PATH
    /// given relative to the current directory).
    static func files(_ spec: String, side: String) throws(CLIError) -> [(path: String, bytes: [UInt8])] {
        let (revision, path) = split(spec)
        guard !revision.isEmpty else { throw .failed("\(side): name a revision: git:REV[:PATH]") }
        // A revision starting with '-' would be read as an option.
        guard !revision.hasPrefix("-"), !revision.contains("\0") else {
            throw .failed("\(side): '\(revision)' is not a revision")
        }
        guard let git = executable() else {
            throw .failed("\(side): git is not on PATH; install git, or give the side as swift:PATH")
        }
        let located = try run(
            git, ["rev-parse", "--show-toplevel", "--show-prefix"], side: side, doing: "finding the repository"
        ).split(separator: "\n", omittingEmptySubsequences: false)
        let top = located.first.map(String.init) ?? "."
        let cwdPrefix = located.count > 1 ? String(located[1]) : ""
        let commit = try run(
            git, ["rev-parse", "--verify", "--quiet", "--end-of-options", revision + "^{commit}"], side: side,
            doing: "", unknown: "unknown revision '\(revision)' (fetch it first: a shallow clone lacks it)")
        guard let inRepository = relative(path ?? ".", prefix: cwdPrefix, top: top) else {
            throw .failed("\(side): \(path ?? ".") is outside the repository")
        }
        let sha = String(commit.prefix { !$0.isWhitespace })
        let listing = try run(
            git, ["--literal-pathspecs", "ls-tree", "-r", "-z", "--full-tree", sha, "--", inRepository], side: side,
            doing: "listing \(inRepository)")
        var out: [(path: String, bytes: [UInt8])] = []
        for record in listing.split(separator: "\0") {
            // `mode type object\tpath`
            guard let tab = record.firstIndex(of: "\t") else { continue }
            let fields = record[..<tab].split(separator: " ")
            let file = String(record[record.index(after: tab)...])
            guard fields.count == 3, fields[1] == "blob", file.hasSuffix(".swift") else { continue }
            let bytes = try runBytes(
                git, ["cat-file", "blob", String(fields[2])], side: side, doing: "reading \(file)")
            let shown = file.hasPrefix(cwdPrefix) ? String(file.dropFirst(cwdPrefix.count)) : file
            out.append((shown, bytes))
        }
        if out.isEmpty { throw .failed("\(side): no .swift files at \(inRepository) in \(revision)") }
        return out.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
    }

    /// `REV` and `PATH` of `REV:PATH`. A revision may itself hold ':'
    /// (`HEAD:dir` is not one), so the path starts after the last ':'
    /// that is not part of `^{…}` or `@{…}`.
    static func split(_ spec: String) -> (String, String?) {
        guard let colon = spec.lastIndex(of: ":"), !spec[colon...].contains("}") else { return (spec, nil) }
        let path = String(spec[spec.index(after: colon)...])
        return (String(spec[..<colon]), path.isEmpty ? nil : path)
    }

    /// PATH (relative to the current directory, whose place in the
    /// repository is `prefix`; or absolute, inside the work tree `top`) as
    /// a path from the repository's root; nil when it leaves the repository.
    static func relative(_ path: String, prefix: String, top: String) -> String? {
        var parts: [Substring] = []
        var given = prefix.split(separator: "/") + path.split(separator: "/")
        if path.hasPrefix("/") {
            let root = (realPath(top) ?? top).split(separator: "/")
            let absolute = (realPath(path) ?? path).split(separator: "/")
            guard absolute.starts(with: root) else { return nil }
            given = Array(absolute.dropFirst(root.count))
        }
        for part in given {
            switch part {
            case ".": continue
            case "..":
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            default: parts.append(part)
            }
        }
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    /// The `git` on PATH.
    static func executable() -> String? {
        let path = getenv("PATH").map { String(cString: $0) } ?? ""
        for dir in path.split(separator: ":") where !dir.isEmpty {
            let candidate = String(dir) + "/git"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    static func run(
        _ git: String, _ arguments: [String], side: String, doing: String, unknown: String? = nil
    ) throws(CLIError) -> String {
        String(decoding: try runBytes(git, arguments, side: side, doing: doing, unknown: unknown), as: UTF8.self)
    }

    static func runBytes(
        _ git: String, _ arguments: [String], side: String, doing: String, unknown: String? = nil
    ) throws(CLIError) -> [UInt8] {
        let result = Subprocess.run([git] + arguments, timeout: 120, isolated: false)
        switch result.exit {
        case .exited(0): return result.stdout
        case .exited where unknown != nil: throw .failed("\(side): \(unknown ?? "")")
        case .exited(let code):
            let message = result.stderrText.split(separator: "\n").first.map(String.init) ?? "exit \(code)"
            throw .failed("\(side): git failed \(doing): \(message)")
        case .signaled(let signal): throw .failed("\(side): git was killed by signal \(signal) \(doing)")
        case .timedOut(let seconds): throw .failed("\(side): git took more than \(Int(seconds)) s \(doing)")
        case .notStarted(let reason): throw .failed("\(side): git could not start: \(reason)")
        }
    }
}
