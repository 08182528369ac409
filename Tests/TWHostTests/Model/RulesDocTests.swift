import Foundation
import Testing

/// docs/Rules.md explains every rule id the repository cites, and the docs
/// name only files that exist: the repository explains itself.
@Suite("docs/Rules.md and the paths the docs name")
struct RulesDocTests {
    /// A rule id as the code and docs cite it: `A-7`, `A-4b`, `G-4`,
    /// `R-ID-3`, and the group names `R-PREC`, `R-TARGET`, `R-CONFLICT`, `R-FORM`.
    static let ruleId = try! NSRegularExpression(
        pattern: #"(?<![A-Za-z0-9_-])(A-[0-9]+b?|G-[0-9]+|R-[A-Z]+(-[0-9]+)?)(?![A-Za-z0-9_])"#)

    /// Files whose text holds strings that look like ids on purpose (they
    /// test this very pattern or the absence of ids in user text).
    static let exempt: Set<String> = [
        "Tests/TWHostTests/CLI/UserTextTests.swift", "Tests/TWHostTests/Model/RulesDocTests.swift",
    ]

    static func matches(_ pattern: NSRegularExpression, in text: String, group: Int = 1) -> [String] {
        pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range(at: group), in: text).map { String(text[$0]) }
        }
    }

    /// Every text file of the repository's own folders, by path relative to it.
    static func repositoryFiles() -> [String] {
        let root = TestPaths.repository
        var files: [String] = ["README.md"]
        for folder in ["Sources", "Plugins", "Tests", "docs", "Scripts", "Examples", "Fuzz/Sources", "schema"] {
            guard let walker = FileManager.default.enumerator(atPath: root + "/" + folder) else { continue }
            while let item = walker.nextObject() as? String {
                let path = folder + "/" + item
                guard [".swift", ".c", ".h", ".md", ".sh", ".json", ".cpp"].contains(where: path.hasSuffix) else {
                    continue
                }
                files.append(path)
            }
        }
        return files.sorted()
    }

    /// The ids docs/Rules.md explains: the first cell of each table row.
    static func documentedIds() throws -> [String] {
        let page = try String(contentsOfFile: TestPaths.repository + "/docs/Rules.md", encoding: .utf8)
        return page.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("| `") else { return nil }
            let cell = line.dropFirst(3).prefix { $0 != "`" }
            return String(cell)
        }
    }

    @Test("the id pattern finds ids and nothing else")
    func pattern() {
        #expect(Self.matches(Self.ruleId, in: "(A-7) R-ID-3, R-PREC-2 and G-4; A-4b; R-TARGET") == [
            "A-7", "R-ID-3", "R-PREC-2", "G-4", "A-4b", "R-TARGET",
        ])
        #expect(Self.matches(Self.ruleId, in: "AA-7 R-value A-frame x-A-1 A-1x a_R-ID-1").isEmpty)
    }

    @Test("every rule id cited in the repository has its row in docs/Rules.md, and each row once")
    func everyCitedIdIsExplained() throws {
        let documented = try Self.documentedIds()
        #expect(Set(documented).count == documented.count, "a row appears twice: \(documented)")
        var cited: [String: String] = [:]
        for path in Self.repositoryFiles() where !Self.exempt.contains(path) {
            guard let text = try? String(contentsOfFile: TestPaths.repository + "/" + path, encoding: .utf8) else {
                continue
            }
            for id in Self.matches(Self.ruleId, in: text) where cited[id] == nil { cited[id] = path }
        }
        #expect(cited.count >= 40, "the scan found only \(cited.keys.sorted())")
        for id in cited.keys.sorted() {
            #expect(documented.contains(id), "\(id) is cited in \(cited[id] ?? "") but not explained in docs/Rules.md")
        }
    }

    @Test("every row of docs/Rules.md names at least one enforcing file, and each exists")
    func enforcingFilesExist() throws {
        let page = try String(contentsOfFile: TestPaths.repository + "/docs/Rules.md", encoding: .utf8)
        let rows = page.split(separator: "\n").filter { $0.hasPrefix("| `") }
        #expect(rows.count >= 45)
        for row in rows {
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            let files = Self.matches(
                try NSRegularExpression(pattern: #"`((Sources|Plugins)/[^`]+)`"#), in: cells.last ?? "")
            #expect(!files.isEmpty, "no enforcing file in: \(row)")
            for file in files {
                #expect(
                    FileManager.default.fileExists(atPath: TestPaths.repository + "/" + file),
                    "docs/Rules.md names \(file), which does not exist")
            }
        }
    }

    @Test("every repository path the docs and README name exists")
    func docPathsExist() throws {
        let path = try NSRegularExpression(
            pattern: #"(?<![A-Za-z0-9_/.-])((Sources|Tests|Plugins|Scripts|Examples|schema|Fuzz|docs)/[A-Za-z0-9_./+-]*[A-Za-z0-9_])"#)
        let pages = ["README.md"] + Self.repositoryFiles().filter { $0.hasPrefix("docs/") && $0.hasSuffix(".md") }
        var missing: [String] = []
        for page in pages {
            // Outside fenced code blocks: those show an app's files and a command's output.
            let text = try String(contentsOfFile: TestPaths.repository + "/" + page, encoding: .utf8)
                .components(separatedBy: "```").enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
                .joined(separator: "\n")
            for named in Self.matches(path, in: text)
            // The fuzz script's working folder exists only after a run (docs/Security.md).
            where !named.hasPrefix("Fuzz/work/") {
                if !FileManager.default.fileExists(atPath: TestPaths.repository + "/" + named) {
                    missing.append("\(page): \(named)")
                }
            }
        }
        #expect(missing.isEmpty, "\(missing)")
    }
}
