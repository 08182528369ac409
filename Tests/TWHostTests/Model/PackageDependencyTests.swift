import Foundation
import Testing

/// Package.swift says what each stage uses: a target that imports another of
/// the package's targets declares it, so the data flow in
/// docs/Architecture.md can be read from the manifest.
@Suite("Package.swift declares every target's imports")
struct PackageDependencyTests {
    struct Target: Equatable {
        var name: String
        var path: String
        var dependencies: Set<String>
    }

    /// The targets of the manifest, read from its text: each `.target(`,
    /// `.executableTarget(`, `.testTarget(` and `.systemLibrary(` call up to
    /// its closing parenthesis, with its `name:`, `path:` and quoted dependencies.
    static func targets(in manifest: String) -> [Target] {
        let bytes = Array(manifest.utf8)
        var found: [Target] = []
        let openers = [".target(", ".executableTarget(", ".testTarget(", ".systemLibrary("].map { Array($0.utf8) }
        var i = 0
        while i < bytes.count {
            guard let opener = openers.first(where: { bytes[i...].starts(with: $0) }) else {
                i += 1
                continue
            }
            var depth = 0
            var j = i + opener.count - 1
            var inString = false
            repeat {
                let b = bytes[j]
                if inString {
                    if b == UInt8(ascii: "\\") { j += 1 } else if b == UInt8(ascii: "\"") { inString = false }
                } else if b == UInt8(ascii: "\"") {
                    inString = true
                } else if b == UInt8(ascii: "(") {
                    depth += 1
                } else if b == UInt8(ascii: ")") {
                    depth -= 1
                }
                j += 1
            } while depth > 0 && j < bytes.count
            let call = String(decoding: bytes[i..<j], as: UTF8.self)
            if let name = Self.quoted(after: "name:", in: call) {
                let path = Self.quoted(after: "path:", in: call) ?? "Sources/" + name
                var dependencies: Set<String> = []
                if let list = call.range(of: "dependencies:"),
                    let open = call[list.upperBound...].firstIndex(of: "["),
                    let close = call[open...].firstIndex(of: "]")
                {
                    for part in call[call.index(after: open)..<close].split(separator: "\"", omittingEmptySubsequences: false).enumerated()
                    where part.offset % 2 == 1 {
                        dependencies.insert(String(part.element))
                    }
                }
                found.append(Target(name: name, path: path, dependencies: dependencies))
            }
            i = j
        }
        return found
    }

    static func quoted(after label: String, in text: String) -> String? {
        guard let at = text.range(of: label) else { return nil }
        let rest = text[at.upperBound...].drop { $0 == " " || $0 == "\n" }
        guard rest.first == "\"" else { return nil }
        return String(rest.dropFirst().prefix { $0 != "\"" })
    }

    /// The modules a folder's Swift files import (`import X`, `@testable import X`,
    /// `@_implementationOnly import X` …), read from their unindented lines.
    static func imports(under folder: String) -> Set<String> {
        var modules: Set<String> = []
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
        while let item = walker.nextObject() as? String {
            guard item.hasSuffix(".swift"),
                let text = try? String(contentsOfFile: folder + "/" + item, encoding: .utf8)
            else { continue }
            // An import is a top-level declaration: an indented line is inside a
            // string literal (a generated project's source) or a block.
            for line in text.split(separator: "\n") where line.first != " " {
                let words = line.split(separator: " ").filter { !$0.hasPrefix("@") }
                guard words.count >= 2 else { continue }
                let keywords: Set<Substring> = ["public", "package", "internal", "private", "fileprivate"]
                let rest = words.drop { keywords.contains($0) }
                if rest.first == "import", rest.count >= 2 { modules.insert(String(rest[rest.startIndex + 1])) }
            }
        }
        return modules
    }

    @Test("the manifest reader finds the targets, their paths and dependencies")
    func reader() {
        let manifest = """
            .target(name: "A", path: "Sources/A"),
            .target(
                name: "B", dependencies: ["A", .product(name: "P", package: "p")], path: "Sources/B",
                swiftSettings: [.unsafeFlags(["-I", x])]),
            .testTarget(name: "T", dependencies: ["B"], path: "Tests/T"),
            """
        #expect(
            Self.targets(in: manifest) == [
                Target(name: "A", path: "Sources/A", dependencies: []),
                Target(name: "B", path: "Sources/B", dependencies: ["A", "P", "p"]),
                Target(name: "T", path: "Tests/T", dependencies: ["B"]),
            ])
    }

    @Test("no target imports a target of the package it does not declare")
    func declared() throws {
        let manifest = try String(contentsOfFile: TestPaths.repository + "/Package.swift", encoding: .utf8)
        let targets = Self.targets(in: manifest)
        #expect(targets.count >= 20, "\(targets.map(\.name))")
        let names = Set(targets.map(\.name))
        for target in targets {
            let imported = Self.imports(under: TestPaths.repository + "/" + target.path)
            let undeclared = imported.intersection(names).subtracting(target.dependencies).subtracting([target.name])
            #expect(undeclared.isEmpty, "\(target.name) imports \(undeclared.sorted()) without declaring them")
        }
    }
}
