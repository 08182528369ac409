import TWLoading
import TWModel
import TWResolution
import TWScenes
import TWSupport

extension CheckReport {
    /// The bytes of an input as `check` reads them: the file on disk.
    public static func fileBytes(_ path: String) -> [UInt8]? { try? FileIO.read(path) }

    /// Adds the `overridden-class` and `duplicate-class` findings of the
    /// Swift files, each with its fix, in the report's order.
    /// - Parameters:
    ///   - order: every input path, in input order.
    ///   - bytes: each file's text (an editor's open document, or the file on disk).
    public mutating func addClassLints(
        _ sources: [String], order: [String], scope: ResolutionScope,
        bytes: (String) -> [UInt8]? = CheckReport.fileBytes
    ) {
        addClassLints(sources, order: order, scope: scope, documents: { bytes($0).map { SwiftDocument($0) } })
    }

    /// `addClassLints` of documents parsed already; `memo` (of the one
    /// document `sources` names) keeps its literals and each literal's
    /// findings for the next call (an editor's next change).
    public mutating func addClassLints(
        _ sources: [String], order: [String], scope: ResolutionScope, documents: (String) -> SwiftDocument?,
        memo: DocumentMemo? = nil
    ) {
        var added: [Finding] = []
        memo?.lints.startPass()
        for path in sources {
            guard let document = documents(path) else { continue }
            let lines = LineTable(document.bytes)
            let literals =
                memo?.sites.scan(document, file: path).literals ?? ClassLiteral.all(file: path, document: document)
            for literal in literals {
                for f in memo?.lints.findings(literal, scope: scope, lines: lines)
                    ?? ClassLints.findings(literal, scope: scope, lines: lines)
                {
                    let at = f.diagnostic.location ?? SourceLocation(file: path, line: 1, column: 1)
                    added.append(Finding(diagnostic: f.diagnostic, location: at, surface: nil, fix: f.fix))
                }
            }
        }
        guard !added.isEmpty else { return }
        findings = Self.sorted(findings + added, fileOrder: order)
    }

    /// Gives each finding whose hint names a replacement (did you mean) its
    /// edit, when the class is written at the finding's place as it reads.
    /// - Parameter bytes: each file's text, as for `addClassLints`.
    public mutating func addSuggestions(bytes: (String) -> [UInt8]? = CheckReport.fileBytes) {
        var files: [String: (bytes: [UInt8], lines: LineTable)?] = [:]
        for (i, f) in findings.enumerated() where f.diagnostic.replacement != nil {
            let file = f.location.file
            if files[file] == nil { files[file] = .some(bytes(file).map { ($0, LineTable($0)) }) }
            guard let text = files[file] ?? nil,
                let start = text.lines.offset(line: f.location.line, column: f.location.column)
            else { continue }
            findings[i].suggestion = TextEdit.suggestion(
                for: f.diagnostic, at: start, in: text.bytes, file: file, lines: text.lines)
        }
    }

    /// A fix as JSON: the range it replaces (lines and UTF-8 columns, end exclusive, and byte offsets) and the text.
    static func json(_ edit: TextEdit) -> JSONValue {
        func position(_ l: SourceLocation, _ offset: Int) -> JSONValue {
            .object([
                ("line", .number(Double(l.line))), ("column", .number(Double(l.column))),
                ("offset", .number(Double(offset))),
            ])
        }
        return .object([
            ("file", .string(edit.file)),
            ("start", position(edit.startLocation, edit.start)), ("end", position(edit.endLocation, edit.end)),
            ("replacement", .string(edit.replacement)),
        ])
    }
}

/// What `check --fix` changes in one file: the findings' fixes that keep
/// every chain and identity, and whitespace inside `.tw("…")` literals made
/// one space between classes. Nothing that changes meaning (a did-you-mean)
/// is ever applied.
public struct FileFix: Sendable {
    public struct Change: Sendable, Equatable {
        public var location: SourceLocation
        /// `removed 'p-[16]' (overridden-class)`, `one space between classes`.
        public var description: String
    }

    public var file: String
    public var original: [UInt8]
    public var fixed: [UInt8]
    /// One edit per literal changed, in source order.
    public var edits: [TextEdit]
    public var changes: [Change]

    /// The fixes of `findings` (those in `file`) and the whitespace of its
    /// literals, each literal's removals kept only while the literal still
    /// resolves as before; nil when nothing changes.
    public static func plan(file: String, bytes: [UInt8], findings: [CheckReport.Finding], scope: ResolutionScope)
        -> FileFix?
    {
        let lines = LineTable(bytes)
        var edits: [TextEdit] = []
        var changes: [Change] = []
        for literal in ClassLiteral.all(file: file, bytes: bytes) {
            var kept = Array(literal.classes.indices)
            for f in findings where f.fix != nil && f.location.file == file {
                guard let i = literal.classes.firstIndex(where: { $0.location == f.location }) else { continue }
                let trial = kept.filter { $0 != i }
                guard trial.count < kept.count, ClassLints.proves(literal, keeping: trial, scope: scope) else {
                    continue
                }
                kept = trial
                changes.append(
                    Change(
                        location: f.location,
                        description:
                            "removed '\(literal.classes[i].text.escapingControlCharacters)' (\(f.diagnostic.code))"))
            }
            let text = kept.map { literal.classes[$0].text }.joined(separator: " ")
            guard text != literal.text else { continue }
            if literal.text != literal.normalized {
                changes.append(
                    Change(
                        location: lines.location(literal.start, file: file), description: "one space between classes"))
            }
            edits.append(literal.edit(keeping: kept, lines: lines))
        }
        guard !edits.isEmpty else { return nil }
        changes.sort {
            $0.location != $1.location
                ? $0.location < $1.location : $0.description.utf8.lexicographicallyPrecedes($1.description.utf8)
        }
        return FileFix(
            file: file, original: bytes, fixed: TextEdit.apply(edits, to: bytes), edits: edits, changes: changes)
    }

    /// Whether the fixed file resolves to the same surfaces, chains and
    /// identities as the original, under every combination of conditions.
    public func keepsResolution(plugins: [LoadedPlugin], options: SourceScan.Options) -> Bool {
        guard let before = SourceScan.resolve(path: file, bytes: original, plugins: plugins, options: options),
            let after = SourceScan.resolve(path: file, bytes: fixed, plugins: plugins, options: options),
            before.surfaces.count == after.surfaces.count
        else { return false }
        for (a, b) in zip(before.surfaces, after.surfaces) {
            let x = a.allSurfaces + a.combinations.flatMap(\.allSurfaces)
            let y = b.allSurfaces + b.combinations.flatMap(\.allSurfaces)
            guard a.path == b.path, ClassLints.same(x, y) else { return false }
        }
        return true
    }

    /// A unified diff of the change (`--- a/PATH`, `+++ b/PATH`, hunks with three lines of context).
    public func unifiedDiff(path: String) -> String {
        func lines(_ bytes: [UInt8]) -> [String] {
            var l = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
                String(decoding: $0, as: UTF8.self)
            }
            if bytes.last == UInt8(ascii: "\n") { l.removeLast() }
            return l
        }
        let old = lines(original)
        let new = lines(fixed)
        var out = "--- a/\(path)\n+++ b/\(path)\n"
        // Fixes change text within lines, never the number of lines.
        guard old.count == new.count else {
            out += "@@ -1,\(old.count) +1,\(new.count) @@\n"
            for l in old { out += "-\(l)\n" }
            for l in new { out += "+\(l)\n" }
            return out
        }
        let changed = old.indices.filter { old[$0] != new[$0] }
        var hunks: [ClosedRange<Int>] = []
        for i in changed {
            let range = max(0, i - 3)...min(old.count - 1, i + 3)
            if let last = hunks.last, range.lowerBound <= last.upperBound + 1 {
                hunks[hunks.count - 1] = last.lowerBound...range.upperBound
            } else {
                hunks.append(range)
            }
        }
        for h in hunks {
            out += "@@ -\(h.lowerBound + 1),\(h.count) +\(h.lowerBound + 1),\(h.count) @@\n"
            for i in h {
                if old[i] == new[i] {
                    out += " \(old[i])\n"
                } else {
                    out += "-\(old[i])\n+\(new[i])\n"
                }
            }
        }
        return out
    }
}

extension SourceScan {
    /// One Swift file's bytes read and resolved on their own, as `run` resolves a file.
    public static func resolve(path: String, bytes: [UInt8], plugins: [LoadedPlugin], options: Options)
        -> SceneResolution?
    {
        let file = SwiftSources.read(path: path, bytes: bytes)
        let read = Read(path: path, scene: file.scene, diagnostics: file.diagnostics, swift: file)
        let shared = SharedScopes(environment: options.environment(RenderEnvironment(), versionGiven: false))
        return resolve(read, plugins: plugins, options: options, shared: shared).resolution
    }
}
