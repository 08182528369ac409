import Testing

@testable import TWSupport

@Suite("Pass memo")
struct PassMemoTests {
    @Test("a value is there in the pass that kept it and the next; used, it stays for the one after; unused, it goes")
    func lifetime() {
        var memo = PassMemo<String, Int>()
        memo.startPass()
        memo.keep(1, for: "a")
        memo.keep(2, for: "b")
        #expect(memo.take("a") == 1)
        memo.startPass()
        #expect(memo.take("a") == 1)
        memo.startPass()
        #expect(memo.take("a") == 1)
        #expect(memo.take("b") == nil)
        memo.keep(3, for: "a")
        #expect(memo.take("a") == 3)
        #expect(memo.take("c") == nil)
    }

    @Test("dropping what passes before the last kept leaves what the last pass kept or used")
    func pruning() {
        var memo = PassMemo<Int, Int>()
        memo.startPass()
        for k in 0..<500 { memo.keep(k, for: k) }
        memo.startPass()
        #expect(memo.take(7) == 7)
        memo.startPass()
        // Most entries were last seen two passes ago: the table is pruned, the used one stays.
        memo.startPass()
        #expect(memo.take(7) == nil)
        memo.keep(70, for: 7)
        memo.startPass()
        #expect(memo.take(7) == 70)
        #expect(memo.take(8) == nil)
    }
}
