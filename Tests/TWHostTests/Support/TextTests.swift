import Testing

@testable import TWSupport

@Suite("Text helpers")
struct TextTests {
    @Test(
        "containsBytes agrees with a character-by-character search: ASCII or not, at the start, the end, overlapping, absent"
    )
    func containsBytes() {
        let haystacks = [
            "", ":", "a.swift:#Preview", "a.swift:#Preview(\"Dark\")", "dir/é ✓.swift:Row.body", ":#Previe",
            "::#Preview", "x:#Previewy", "#Preview:", "a:#Pre:#Preview", "ab", "aab",
            // A combining mark makes one character with the letter before it; the Kelvin sign is `K`.
            "a:#Preview\u{301}.swift", "\u{600}:#Preview", "\u{212A}", "a\r\nb",
        ]
        let needles = [":#Preview", "", "a", "ab", "aab", ":", "Preview(", "w", "K", "\n", "b"]
        // The standard library's search, character by character (`Character`'s `==` is canonical
        // equivalence); Foundation's `contains`, visible here too, answers otherwise.
        func characterSearch(_ h: String, _ n: String) -> Bool {
            let hc = Array(h)
            let nc = Array(n)
            guard !nc.isEmpty else { return true }
            guard hc.count >= nc.count else { return false }
            return (0...(hc.count - nc.count)).contains { Array(hc[$0..<($0 + nc.count)]) == nc }
        }
        var matched = 0
        for h in haystacks {
            for n in needles {
                #expect(h.containsBytes(n) == characterSearch(h, n), "\(h.debugDescription) \(n.debugDescription)")
                if h.containsBytes(n) { matched += 1 }
            }
        }
        #expect(matched > 20)
        // What the standard library's `contains` answers for the cases a byte scan would get wrong.
        #expect(!"\u{600}:#Preview".containsBytes(":#Preview"))
        #expect(!"a:#Preview\u{301}.swift".containsBytes(":#Preview"))
        #expect("\u{212A}".containsBytes("K"))
        #expect(!"a\r\nb".containsBytes("\n"))
        #expect("abc".containsBytes("") && "".containsBytes(""))
        #expect("a.swift:#Preview".containsBytes(":#Preview"))
        #expect(!"a.swift:#Previe".containsBytes(":#Preview"))
    }

    @Test("startsUppercase and startsLowercase agree with the first Character's case, ASCII or not")
    func firstCase() {
        let words = [
            "A\u{345}", "a\u{345}", "Z\u{301}", "\r\n",
            "Text", "text", "", "1x", "_x", "Élan", "élan", "E\u{301}x", "e\u{301}x", "Δ", "δ", "✓", "Z", "z", "@", "[",
            "`", "{",
        ]
        for w in words {
            #expect(w.startsUppercase == (w.first?.isUppercase == true), "\(w.debugDescription)")
            #expect(w.startsLowercase == (w.first?.isLowercase == true), "\(w.debugDescription)")
        }
        #expect("VStack".startsUppercase && !"VStack".startsLowercase)
        #expect("padding".startsLowercase && !"padding".startsUppercase)
    }
}
