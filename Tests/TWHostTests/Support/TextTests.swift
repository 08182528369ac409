import Testing

@testable import TWSupport

@Suite("Text helpers")
struct TextTests {
    @Test("containsBytes agrees with contains for ASCII needles, at the start, the end, overlapping and absent")
    func containsBytes() {
        let haystacks = [
            "", ":", "a.swift:#Preview", "a.swift:#Preview(\"Dark\")", "dir/é ✓.swift:Row.body", ":#Previe",
            "::#Preview", "x:#Previewy", "#Preview:", "a:#Pre:#Preview", "ab", "aab",
        ]
        let needles = [":#Preview", "", "a", "ab", "aab", ":", "Preview(", "w"]
        var matched = 0
        for h in haystacks {
            for n in needles {
                #expect(h.containsBytes(n) == h.contains(n), "\(h.debugDescription) \(n.debugDescription)")
                if h.containsBytes(n) { matched += 1 }
            }
        }
        #expect(matched > 20)
        #expect("a.swift:#Preview".containsBytes(":#Preview"))
        #expect(!"a.swift:#Previe".containsBytes(":#Preview"))
    }

    @Test("startsUppercase and startsLowercase agree with the first Character's case, ASCII or not")
    func firstCase() {
        let words = [
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
