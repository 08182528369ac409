import Foundation
import Glibc
import Testing

@testable import TWCommandLine
@testable import TWHost
@testable import TWSwiftSource

/// Hostile Swift sources and command lines (issue 26): each attack gets a
/// clear error or note with its documented exit code, in bounded time.
@Suite("Hostile input", .removesTemporaryDirectories)
struct HostileInputTests {
    static func write(_ text: String, _ dir: String, _ name: String) throws -> String {
        let path = dir + "/" + name
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// A view whose body is one chain of `count` modifiers.
    static func chain(_ count: Int) -> String {
        "import SwiftUI\nstruct Long: View {\n    var body: some View {\n        Text(\"x\")\n"
            + String(repeating: "            .padding()\n", count: count) + "            .tw(\"p-4\")\n    }\n}\n"
    }

    @Test("a chain of 30,000 modifiers is a parse-limit error at its line; the other files of the run still resolve")
    func longChain() throws {
        let dir = TestPaths.temporaryDirectory("long-chain")
        _ = try Self.write(Self.chain(30_000), dir, "Long.swift")
        _ = try Self.write(
            "import SwiftUI\nstruct Fine: View {\n    var body: some View { Text(\"a\").tw(\"p-4 bg-nope\") }\n}\n",
            dir,
            "Other.swift")
        // The link past the limit: line 4 is Text("x"), each further line one link.
        let line = 4 + ParseBudget.maxChain + 1
        let check = try twhost(["check", dir])
        #expect(check.status == 1)
        #expect(check.stdout.contains("\(dir)/Long.swift:\(line):13: error[parse-limit] a chain of more than 2000"))
        #expect(check.stdout.contains("\(dir)/Other.swift:3:45: error[invalid-argument] 'bg-nope'"))
        let resolve = try twhost(["resolve", dir + "/Long.swift"])
        #expect(resolve.status == 2)
        #expect(
            resolve.stderr
                == "error: nothing could be read:\n\(dir)/Long.swift:\(line):13: a chain of more than 2000 member accesses, calls or else-branches in one expression: its syntax tree is too deep to walk, so the file is not read\n"
        )
        // Just under the limit is read (and does not overflow the stack).
        let under = SwiftSources.read(path: "Under.swift", bytes: Array(Self.chain(ParseBudget.maxChain - 2).utf8))
        #expect(under.diagnostics.isEmpty)
        #expect(under.scene != nil)
    }

    @Test("chains are counted through brackets and braces; statements, arguments and operands start over")
    func chainCounting() {
        func chain(_ text: String) -> Int { ParseBudget(Array(text.utf8)).chain }
        #expect(chain("a.b.c().d") == 3)
        #expect(chain("a.b\n.c\n  // note\n  .d\nlet x = e.f") == 3)
        #expect(chain("a.b(c.d.e).f") == 3)  // c.d.e sits inside the call of a.b
        #expect(chain("f(a.b, c.d, e.f)") == 1)
        #expect(chain("let x = 1.5 + y..<z ... w") == 0)
        #expect(chain("if a {} else if b {} else if c {} else {}") == 3)
        #expect(chain("VStack { Text(\"a\").b }.c.d") == 2)
        #expect(chain("a.b; c.d") == 1)
        #expect(chain(String(repeating: "x.y\n", count: 5_000)) == 1)
    }

    @Test("quotes in regex literals, raw regexes and backtick identifiers do not hide brackets from the scan")
    func literalForms() throws {
        let brackets = String(repeating: "[", count: 26) + "1" + String(repeating: "]", count: 26)
        for prefix in [
            "let r = /\"/; let x = ", "let r = #/ \" /#; let x = ", "let `\"` = 1; let x = ",
            "let r = #/\n\"\"\"\n/#\nlet x = ", "let r = /\"\"\"/; let x = ", "let r = ##/\"/#\"/##; let x = ",
            // A one-line raw string holding a quote, not a multi-line one (found by the fuzzer).
            "let q = #\"\"\"#\nlet x = ", "let q = ##\"\"\"##; let x = ",
        ] {
            let file = SwiftSources.read(path: "R.swift", bytes: Array((prefix + brackets + "\n").utf8))
            #expect(file.diagnostics.map(\.code.rawValue) == ["parse-limit"], "\(prefix)")
        }
        // Brackets inside these forms are not code: none is refused.
        for fine in [
            "let r = #/\(brackets)/#\n", "let `\(String(repeating: "[", count: 20))` = 1\n",
            "let s = #\"\"\"\n\(brackets)\n\"\"\"#\n", "let d = a / b / c\nlet e = [1]\n",
        ] {
            #expect(ParseBudget(Array(fine.utf8)).withinBudget, "\(fine)")
        }
        // `#"""#` is well-formed: its line's end is code, and nothing is malformed.
        let quote = ParseBudget(Array("let q = #\"\"\"#\nlet x = [[1]]\n".utf8))
        #expect(quote.malformedLiteral == false)
        #expect(quote.depth == 2)
        // A regex's own brackets are counted still (never fewer than the parser sees).
        #expect(ParseBudget(Array("let r = /[a]/\n".utf8)).depth == 1)
    }

    @Test("a raw string's escaped quote, a single-quoted string and an interpolation past its line hide no brackets")
    func literalEnds() {
        let twelve = String(repeating: "[", count: 12)
        let depths: [(String, Int)] = [
            // The parser ends the string at the line's end: the two runs are one nesting of 24.
            ("let v = f(1, \"\\(x\n) \(twelve)\n\(twelve)\n", 24),
            // `\#"` is an escaped quote in a raw string: the string ends at `"#`.
            ("let a = #\"\\#\"# \"#\(twelve + twelve)\"\n", 24),
            // `'…'` is a string to the parser (with an error).
            ("let a = '\"' \(twelve + twelve) \"\n", 24),
        ]
        for (text, depth) in depths {
            let budget = ParseBudget(Array(text.utf8))
            #expect(budget.depth == depth, "\(text)")
            #expect(budget.exceeded == .depth(depth), "\(text)")
        }
    }

    @Test("literal forms the parser reads otherwise than a naive scan hide no brackets; real data is not refused")
    func parserLiteralRules() {
        let d = String(repeating: "[", count: 24) + "1" + String(repeating: "]", count: 24)
        // Each of these reached the parser 24 deep before (a review by input, on a clone).
        let refused = [
            "let r = #/x\nlet y = \(d)\n// /#\n",  // a one-line raw regex ends on its line
            "let a = 1 // c\rlet y = \(d)\r",  // a carriage return ends a line
            "let a = \"x\rlet y = \(d)\"\n",
            "let v = /a\"x /; let w = \"\(d)\"\n",  // a space before the closing `/`: no regex
            "let v = (/a)\"/); let w = \"\(d)\"\n",  // an unbalanced `)`: no regex
            "let v = a+/\"/ ; let w = \"\(d)\"\n",  // `+/` is one operator
            "let v = / \"\"\"\n\(d)\n\"\"\"\n",  // the parser may read `/ …` as a regex
            "let a = \"\\(f {\n}) \(d)\"\n",  // a closure in a one-line string's interpolation
            "let s = #\"\\##(\(d))\"#\n",  // `\##(` interpolates in a `#"` string
            "let s = #\"a\"##\"x\" + \(d) + \"#\n",  // pounds past the string's own end with it
            "let r = #/a\\/# \" /#; let y = \(d) // \"\n",  // `\/` is an escape in a raw regex
            "let x = " + String(repeating: "[", count: 12) + String(repeating: "(", count: 200) + "1"
                + String(repeating: ")", count: 200) + String(repeating: "]", count: 12) + "\n",  // parentheses count
        ]
        for text in refused {
            #expect(!ParseBudget(Array(text.utf8)).withinBudget, "\(text.prefix(40))")
        }
        // Thirteen regexes matching `[`, and a GeoJSON-like literal (many `[lon, lat]` 7 deep): read.
        let regexes = (0..<13).map { "let open\($0) = /\\[/\n" }.joined()
        #expect(ParseBudget(Array(regexes.utf8)).withinBudget)
        let point = "[1.5, 2.5]"
        let ring = "[" + Array(repeating: point, count: 100).joined(separator: ", ") + "]"
        let feature = "[\"geometry\": [\"coordinates\": [[" + ring + "]]]]"
        let geo = "let features = [[" + Array(repeating: feature, count: 50).joined(separator: ",\n") + "]]\n"
        #expect(ParseBudget(Array(geo.utf8)).withinBudget)
        // 20,000 pounds and quotes: the closing check stops at the first pound that is not there.
        let pounds = "let s = " + String(repeating: "#", count: 20_000) + String(repeating: "\"", count: 20_001) + "\n"
        #expect(ParseBudget(Array(pounds.utf8)).malformedLiteral)
    }

    @Test("the scan is linear: blank lines after a chain, unclosed raw regexes, a long line of slashes")
    func linearScan() {
        // 40,000 line ends after a chain link: the next code byte is found once for the run.
        let blank = ParseBudget(Array(("let b = x\n.y" + String(repeating: "\n", count: 40_000) + ".z\n").utf8))
        #expect(blank.withinBudget)
        #expect(blank.chain == 2)
        // 100,000 `#/` openers with no closing `/#`: searched to the file's end once.
        #expect(ParseBudget(Array(String(repeating: "#/ ", count: 100_000).utf8)).withinBudget)
        // `/` after `/` on one line, each a regex candidate: past a linear budget, refused.
        let slashes = ParseBudget(Array(("let a = (/" + String(repeating: "\\/", count: 100_000) + ")").utf8))
        #expect(slashes.exceeded == .regexScan)
        let file = SwiftSources.read(
            path: "S.swift", bytes: Array(("let a = (/" + String(repeating: "\\/", count: 100_000) + ")").utf8))
        #expect(
            file.diagnostics.map(\.message) == [
                "the file has too many `/` that may start regex literals to scan in bounded time; it is not read"
            ])
    }

    @Test("in a file with a malformed string literal, the brackets inside literals count on top of those around them")
    func malformedLiterals() throws {
        let open = String(repeating: "[", count: 26)
        // Each form leaves a string open or malformed: the parser may read its content as code.
        let forms: [(text: String, line: Int, column: Int)] = [
            ("let s = \"x \(open)\n", 1, 37),  // a one-line string left open at its line's end
            ("let s = \"\"\" \(open)\n\"\"\"\n", 1, 38),  // an opening """ not alone at its line's end
            ("let s = \"\"\"\n \(open) \"\"\"\n", 2, 27),  // a closing """ not at its line's start
            ("let s = \"\"\"\n\(open)\n", 2, 26),  // a multi-line string open at the file's end
            ("\"\"\"#\nlet u = \"\\(x\"\\(d): \(open)\n", 2, 45),  // an opener followed by #
        ]
        for form in forms {
            let file = SwiftSources.read(path: "M.swift", bytes: Array(form.text.utf8))
            #expect(file.scene == nil)
            #expect(file.diagnostics.map(\.code.rawValue) == ["parse-limit"], "\(form.text)")
            #expect(
                file.diagnostics.first?.location
                    == SourceLocation(file: "M.swift", line: form.line, column: form.column))
            #expect(
                file.diagnostics.first?.message
                    == "brackets nested more than 12 deep inside a string literal that is left open or malformed: the Swift parser may read them as code, and it takes exponential time on such nesting, so the file is not read"
            )
        }
        // They count from the deepest nesting around the literal: 8 unclosed, then 5 in the string.
        let around = ParseBudget(
            Array(
                ("let a = " + String(repeating: "[", count: 8) + "{ }\nlet s = \"\(String(repeating: "[", count: 5))\n")
                    .utf8))
        #expect(around.exceeded == .malformedLiteral)
        #expect(around.depth == 13)
        // Many shallower nestings inside a malformed literal add up as in code.
        let many =
            "let s = \"\"\" "
            + String(repeating: String(repeating: "[", count: 11) + String(repeating: "]", count: 11), count: 200)
            + "\n\"\"\"\n"
        #expect(ParseBudget(Array(many.utf8)).exceeded == .malformedLiteral)
        // Well-formed literals keep their brackets to themselves, and so does a malformed file
        // whose literals nest no deeper than the limit.
        for fine in [
            "let s = \"\"\"\n\(open)\n\"\"\"\n", "let s = \"\(open)\"\n",
            "let s = \"[[[[[[\nlet t = [[[[[[1]]]]]]\n",
        ] {
            let budget = ParseBudget(Array(fine.utf8))
            #expect(budget.withinBudget, "\(fine)")
        }
        #expect(ParseBudget(Array("let s = \"\(open)\"\n".utf8)).malformedLiteral == false)
    }

    @Test("views used through more levels than are inlined get a view-depth-limit note; the rest is still checked")
    func viewDepth() throws {
        var text = "import SwiftUI\n"
        for i in 0..<19 { text += "struct V\(i): View {\n    var body: some View { V\(i + 1)().tw(\"p-4\") }\n}\n" }
        text += "struct V19: View {\n    var body: some View { Text(\"end\").tw(\"p-4 bg-misspelt\") }\n}\n"
        let file = SwiftSources.read(path: "Deep.swift", bytes: Array(text.utf8))
        let notes = file.scene?.root.findings.filter { $0.code == .viewDepthLimit } ?? []
        #expect(notes.map(\.location?.line) == [51])  // V17() in V16's body
        #expect(notes.first?.message.hasPrefix("V17 is used 17 views deep") == true)
        let dir = TestPaths.temporaryDirectory("view-depth")
        let path = try Self.write(text, dir, "Deep.swift")
        let check = try twhost(["check", path])
        #expect(check.status == 1)
        // V19's misspelt class, read through V17 (a root of its own once V0's reading stops at V16).
        #expect(check.stdout.contains("\(path):60:47: error[invalid-argument] 'bg-misspelt'"))
        #expect(check.stdout.contains("\(path):51:27: note[view-depth-limit] V17 is used 17 views deep"))
    }

    @Test("view expressions nested past 96 end with a view-depth-limit note at the one too deep, not a stack overflow")
    func viewNesting() throws {
        func nested(_ n: Int) -> String {
            "import SwiftUI\nstruct D: View {\n var body: some View {\n "
                + String(repeating: "AnyView(", count: n) + "Text(\"x\").tw(\"p-4\")" + String(repeating: ")", count: n)
                + "\n }\n}\n"
        }
        let within = SwiftSources.read(path: "D.swift", bytes: Array(nested(90).utf8))
        #expect(within.scene.map { ViewTreeReader.hasStyling($0.root) } == true)
        #expect(within.scene?.root.findings.isEmpty == true)
        let dir = TestPaths.temporaryDirectory("view-nesting")
        let path = try Self.write(nested(240), dir, "D.swift")
        let check = try twhost(["check", path])
        #expect(check.status == 0)
        #expect(
            check.stdout.hasPrefix(
                "\(path):4:770: note[view-depth-limit] this AnyView is nested 97 view expressions deep; views are read inside each other at most 96 deep, so it and what it holds are not read"
            ))
    }

    @Test("views that use each other in a cycle are read once each, with a view-cycle note naming them")
    func viewCycle() throws {
        let text = """
            import SwiftUI
            struct A: View {
                var body: some View { VStack { Text("a").tw("p-4 bg-nope"); B() } }
            }
            struct B: View {
                var body: some View { VStack { Text("b").tw("p-2"); A() } }
            }
            struct Tree: View {
                var body: some View { VStack { Text("t").tw("p-1"); Tree() } }
            }

            """
        let file = SwiftSources.read(path: "Cycle.swift", bytes: Array(text.utf8))
        let notes = (file.scene?.root.findings ?? []).filter { $0.code == .viewCycle }
        #expect(
            notes.map { "\($0.location?.line ?? 0) \($0.message)" } == [
                "6 views use each other in a cycle (A → B → A): A is not read again inside itself",
                "9 views use each other in a cycle (Tree → Tree): Tree is not read again inside itself",
            ])
        let dir = TestPaths.temporaryDirectory("view-cycle")
        let path = try Self.write(text, dir, "Cycle.swift")
        let resolve = try twhost(["resolve", path])
        #expect(resolve.status == 1)
        // A and B once each (read as A's root), the tree view once; both cycles named.
        #expect(resolve.stdout.contains("\(path):6:36: A.body/1/0/0  Text  (text, decorated)"))
        #expect(
            resolve.stdout.contains("\(path):9:57: note[view-cycle]: views use each other in a cycle (Tree → Tree)"))
        #expect(resolve.stdout.hasSuffix("3 surface(s): 2 decorated, 1 undecorated; 1 error(s), 0 warning(s)\n"))
        let check = try twhost(["check", path])
        #expect(check.status == 1)
        #expect(check.stdout.contains("\(path):3:54: error[invalid-argument] 'bg-nope'"))
        #expect(check.stdout.contains("\(path):6:57: note[view-cycle] views use each other in a cycle (A → B → A)"))
        #expect(check.stdout.hasSuffix("1 error(s), 0 warning(s), 2 note(s) in 1 file(s), 3 surface(s)\n"))
    }

    @Test("durations: decimal seconds from 1 ms to an hour; anything else is a usage error that says why")
    func durations() throws {
        #expect(DurationOption.read("10") == .seconds(10))
        #expect(DurationOption.read("0.5") == .seconds(0.5))
        #expect(DurationOption.read(".25") == .seconds(0.25))
        #expect(DurationOption.read("0.001") == .seconds(0.001))
        #expect(DurationOption.read("3600") == .seconds(3600))
        for bad in ["0x5", "1e3", "inf", "nan", "+5", "", ".", "5s", " 5", "1.2.3", "0.0000001"] {
            #expect(DurationOption.read(bad) == .notDecimal, "\(bad)")
        }
        for tiny in ["0", "0.0001", "0.000999", "3600.5", "99999"] {
            #expect(DurationOption.read(tiny) == .outOfRange, "\(tiny)")
        }
        #expect(DurationOption.read("-1") == .negative)
        #expect(DurationOption.read("-0.5") == .negative)
        for (value, expected) in [
            ("0.0001", "error: invalid value '0.0001' for '--plugin-timeout': expected seconds as a decimal number"),
            ("0x5", "error: invalid value '0x5' for '--plugin-timeout': expected seconds as a decimal number"),
            ("-1", "error: invalid value '-1' for '--plugin-timeout': expected a duration, not a negative number"),
        ] {
            let result = try twhost(["explain", "--plugin-timeout", value, "p-4"])
            #expect(result.status == 64, "\(value)")
            #expect(result.stderr.hasPrefix(expected), "\(result.stderr)")
        }
        let check = try twhost(["plugins", "check", "--timeout", "-2", "material"])
        #expect(check.status == 64)
        #expect(
            check.stderr.hasPrefix("error: invalid value '-2' for '--timeout': expected a duration, not a negative"))
        let fine = try twhost(["explain", "--plugin-timeout", "0.5", "p-4"])
        #expect(fine.status == 0)
    }
}
