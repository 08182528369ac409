import TWModel
import TWScenes
import TWSupport

@_implementationOnly @_spi(RawSyntax) import SwiftSyntax

extension ViewTreeReader {
    /// The views of a document read in one pass, kept for the next pass
    /// over the same document (an editor's next change), so that a change
    /// re-reads only the views it touched.
    ///
    /// A view expression's node is a function of its syntax, where it starts
    /// (every location inside it follows from that), its path, the scope's
    /// owner, the evaluation depth, the states the views around it set
    /// (`.disabled` on an ancestor), and whatever it asks of the file and of
    /// the scopes around it. A read is kept only when it used nothing the
    /// file declares or a scope binds (no constant, computed property,
    /// parameter or view of the file: `FileIndex.QueryLog`); what it asked
    /// for and did not find is kept with it and must still be absent. A kept
    /// read is taken again when the syntax is the same node (an incremental
    /// parse hands unchanged subtrees over as they were), at the same line
    /// and column, with the same path, owner and depth, and with its absent
    /// names still absent; with it come again the findings, notes and class
    /// spans the read wrote outside the node. Views that use the file's
    /// declarations (a view of the file used by another, a `TWClasses`
    /// constant) are read again on every pass, so a change of a declaration
    /// reaches every view that uses it. Reads not taken in a pass are dropped
    /// after the next one. One document, one thread.
    final class Memo {
        struct Key: Hashable {
            var path: String
            var line: Int
            var column: Int
        }

        struct Entry {
            /// Held, so that its raw node's identity is never another node's.
            var expression: ExprSyntax
            var owner: String
            var depth: Int
            /// The states the views around it set (`ViewTreeReader.environmentStates`).
            var environment: [String]
            var absent: [FileIndex.QueryLog.Absence]
            var node: SceneNode?
            var findings: [Diagnostic]
            var ruleFindings: [Diagnostic]
            var notes: [Diagnostic]
            var spans: [(TWModel.SourceLocation, [String: ClassSpan])]
        }

        private var entries = PassMemo<Key, Entry>()
        /// What the reads of the current pass asked of the file.
        private(set) var log = FileIndex.QueryLog()

        init() {}

        /// Starts a pass over the document.
        func startPass() {
            entries.startPass()
            log = FileIndex.QueryLog()
        }

        func view(_ expr: ExprSyntax, path: String, scope: Scope, reader: inout ViewTreeReader) -> SceneNode? {
            let eval = reader.eval
            let start = reader.source.location(atOffset: expr.position.utf8Offset)
            let key = Key(path: path, line: start.line, column: start.column)
            if let kept = entries.take(key), kept.expression.raw.id == expr.raw.id,
                kept.owner == scope.owner, kept.depth == eval.depth, kept.environment == reader.environmentKey,
                kept.absent.allSatisfy({ eval.index.stillAbsent($0, scope: scope) })
            {
                // What the enclosing read depends on includes what this one did.
                log.absent += kept.absent
                reader.findings += kept.findings
                reader.rules.findings += kept.ruleFindings
                reader.inliningNotes += kept.notes
                for (surface, spans) in kept.spans {
                    if reader.classSpans[surface] == nil {
                        reader.classSpans[surface] = spans
                    } else {
                        reader.classSpans[surface, default: [:]].merge(spans) { first, _ in first }
                    }
                    reader.spanKeys.append(surface)
                }
                return kept.node
            }
            let before = log.begin()
            let marks = (
                reader.findings.count, reader.rules.findings.count, reader.inliningNotes.count, reader.spanKeys.count
            )
            let node = reader.readView(expr, path: path, scope: scope)
            let (absent, used) = log.end(before)
            guard !used else { return node }
            var spans: [(TWModel.SourceLocation, [String: ClassSpan])] = []
            var seen = Set<TWModel.SourceLocation>()
            for surface in reader.spanKeys[marks.3...] where seen.insert(surface).inserted {
                spans.append((surface, reader.classSpans[surface] ?? [:]))
            }
            let entry = Entry(
                expression: expr, owner: scope.owner, depth: eval.depth, environment: reader.environmentKey,
                absent: Array(absent), node: node,
                findings: Array(reader.findings[marks.0...]), ruleFindings: Array(reader.rules.findings[marks.1...]),
                notes: Array(reader.inliningNotes[marks.2...]), spans: spans)
            entries.keep(entry, for: key)
            return node
        }
    }
}
