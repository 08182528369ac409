import Testing

@testable import TWHost
@testable import TWResolution
@testable import TWSupport

/// "Did you mean": the indexed search answers exactly what the plain scan
/// over every name answers (same name, same tie-break), and a scope searches
/// each distinct unknown body once.
@Suite("Suggestions", .removesTemporaryDirectories)
struct SuggestionTests {
    /// A small deterministic generator (64-bit LCG), so failures reproduce.
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    }

    /// Misspellings of `names` (one to four edits of every kind, including
    /// adjacent transpositions and multi-byte characters), plus random words.
    static func words(near names: [String], count: Int, seed: UInt64) -> [String] {
        var random = Random(state: seed)
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz-0123456789[]…é".unicodeScalars)
        var out: [String] = ["", "a", "-", "…", "p", "px", "p-", "xx", "abc"]
        for _ in 0..<count {
            if random.below(5) == 0 {
                let length = random.below(18)
                out.append(
                    String(String.UnicodeScalarView((0..<length).map { _ in alphabet[random.below(alphabet.count)] })))
                continue
            }
            var scalars = Array(names[random.below(names.count)].unicodeScalars)
            for _ in 0..<(1 + random.below(4)) {
                let at = scalars.isEmpty ? 0 : random.below(scalars.count)
                switch random.below(4) {
                case 0: scalars.insert(alphabet[random.below(alphabet.count)], at: at)
                case 1: if !scalars.isEmpty { scalars.remove(at: at) }
                case 2: if !scalars.isEmpty { scalars[at] = alphabet[random.below(alphabet.count)] }
                default: if at + 1 < scalars.count { scalars.swapAt(at, at + 1) }
                }
            }
            out.append(String(String.UnicodeScalarView(scalars)))
        }
        return out
    }

    static func expectSameAnswers(_ names: [String], words: [String]) {
        let index = SuggestionIndex(names)
        for word in words {
            let expected = Suggestion.nearest(to: word, in: names)
            let actual = index.nearest(to: word)
            #expect(actual == expected, "'\(word)': index says \(actual ?? "nil"), scan says \(expected ?? "nil")")
        }
    }

    @Test("the index answers as the scan does over a scope's names with the shipped plugins")
    func shippedScope() {
        let names = Engine.scope().knownNames
        Self.expectSameAnswers(names, words: Self.words(near: names, count: 600, seed: 1))
        // Every known name, exactly: never itself, and the same neighbour.
        Self.expectSameAnswers(names, words: names)
    }

    // The scan it is compared with costs a full edit distance per name: the
    // names are many and similar, the words few, to keep the test quick.
    @Test("the index answers as the scan does over 1,000 similar registration names")
    func largeRegistry() {
        let names = (0..<1000).map { "bench-\($0)-[…]" } + ["bench", "benches", "frosted", "bg-primary"]
        let words =
            Self.words(near: names, count: 150, seed: 2) + [
                "bench-12-[…", "bench-123-x", "bnech-1-[…]", "bench-999-[…]]", "bench-[…]", "bench-", "benc",
            ]
        Self.expectSameAnswers(names, words: words)
    }

    // The benchmark's adversarial kinds (docs/Performance.md): near misses of
    // registration names, misspelled built-in roots and random words, most of
    // them near no name, which the bound on bytes no name below has cuts early.
    @Test("the index answers as the scan does on the adversarial benchmark's kinds of unknown classes")
    func adversarialKinds() {
        let names = Engine.scope().knownNames + (0..<2000).map { "bench-\($0)-[…]" }
        var random = Random(state: 4)
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        func word(_ range: ClosedRange<Int>) -> String {
            String((0..<(range.lowerBound + random.below(range.count))).map { _ in letters[random.below(26)] })
        }
        var words: [String] = []
        for _ in 0..<250 {
            let n = random.below(2000)
            switch random.below(6) {
            case 0: words.append("bench-\(n)\(letters[random.below(26)])")
            case 1: words.append("bnech-\(n)")
            case 2: words.append("bench\(n)-\(word(1...3))")
            case 3: words.append(["rouned", "shadw", "opacty", "frostd", "bordr"][random.below(5)] + "-" + word(1...6))
            default: words.append(word(4...9) + (random.below(2) == 0 ? "" : "-" + word(2...6)))
            }
        }
        Self.expectSameAnswers(names, words: words + ["bench-12-[…", "rounded-lgg", "shadow-mdx", "frostd", "p-44"])
    }

    @Test("ties go to the bytewise-first name, prefixes and short words included")
    func tieBreaks() {
        let names = ["ab", "abc", "abd", "ac", "b", "ba", "bab", "é", "ée", "z"]
        Self.expectSameAnswers(names, words: Self.words(near: names, count: 2000, seed: 3))
        #expect(SuggestionIndex(["abd", "abc"]).nearest(to: "abx") == "abc")
        #expect(SuggestionIndex(["frosted", "frosty"]).nearest(to: "frostd") == "frosted")
        #expect(SuggestionIndex(["ab", "ba"]).nearest(to: "ba") == "ab")  // a transposition is one edit
        #expect(SuggestionIndex([]).nearest(to: "x") == nil)
        #expect(SuggestionIndex(["abc"]).nearest(to: "abc") == nil)  // never the word itself
    }

    @Test("a word far longer than every name is answered without a search")
    func longWord() {
        let index = SuggestionIndex(Engine.scope().knownNames)
        #expect(index.nearest(to: String(repeating: "x", count: 1 << 20)) == nil)
    }

    @Test("a scope searches each distinct unknown body once and answers as before")
    func memoised() {
        let scope = Engine.scope()
        let surface = SurfaceResolver.resolve(
            "frostd hover:frostd focus:frostd rouned-lg", source: SurfaceSource(.view), scope: scope,
            options: .init(memoised: false))
        #expect(
            surface.diagnostics.map(\.hint) == [
                "did you mean 'frosted'?", "did you mean 'frosted'?", "did you mean 'frosted'?",
                "did you mean 'rounded-lg'?",
            ])
        let answers = scope.suggestionAnswers.withLock { $0 }
        #expect(answers.count == 2)
        #expect(answers["frostd"] == .some("frosted"))
    }

    @Test("past the class limit nothing more is looked up or suggested")
    func pastTheLimit() {
        let scope = Engine.scope()
        let words = (0..<(ClassExpander.maxExpandedClasses + 500)).map { "zq\($0)x" }
        let surface = SurfaceResolver.resolve(
            TWClasses(words.joined(separator: " ")), source: SurfaceSource(.view), scope: scope,
            options: .init(memoised: false))
        #expect(surface.codes.filter { $0 == "unknown-class" }.count == ClassExpander.maxExpandedClasses)
        #expect(surface.codes.filter { $0 == "expansion-limit" }.count == 1)
        // One search per class read: the limit's own class included, none after it.
        #expect(scope.suggestionAnswers.withLock { $0.count } == ClassExpander.maxExpandedClasses + 1)
    }
}
