import Testing

@testable import TWResolution

/// The byte search that decides whether a class list may mark or read a group.
@Suite("Class text mentions")
struct ClassMentionTests {
    @Test("a word anywhere in the class text, never a prefix of it or across a short text")
    func byteSearch() {
        #expect(SurfaceResolver.contains("group", "group"))
        #expect(SurfaceResolver.contains("p-4 group/hero", "group"))
        #expect(SurfaceResolver.contains("bg-blue gg group-hover:p-2", "group"))
        #expect(SurfaceResolver.contains("p-4 shared-[card]", "shared"))
        #expect(SurfaceResolver.contains("é p-4 group", "group"))
        #expect(!SurfaceResolver.contains("bg-grey grou", "group"))
        #expect(!SurfaceResolver.contains("gro", "group"))
        #expect(!SurfaceResolver.contains("", "group"))
        #expect(SurfaceResolver.contains("", ""))
    }
}
