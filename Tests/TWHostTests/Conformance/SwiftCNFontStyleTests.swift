import Testing

@testable import TWHost

/// The Dynamic Type styles swiftcn's text sizes use (`Sources/SwiftCN/Theme.swift`:
/// `text-lg` is `.title3`, `text-xl` `.title2`, `text-3xl` `.largeTitle`), each
/// checked against the first release Apple's declaration gives it.
@Suite("swiftcn parity: text styles and their availability")
struct SwiftCNFontStyleTests {
    @Test("each text style the theme emits has its row, from Apple's declarations")
    func rows() {
        let fourteen = Availability(ios: OSVersion(14), macos: OSVersion(11), tvos: OSVersion(14))
        #expect(SwiftUIAPI.fontTitle2.availability == fourteen)
        #expect(SwiftUIAPI.fontTitle3.availability == fourteen)
        for api in [SwiftUIAPI.fontLargeTitle, .fontTitle, .fontBody, .fontSubheadline, .fontCaption] {
            #expect(api.availability == .swiftUI1)
        }
        for (_, size) in Theme.standard.fontSizes {
            guard case .style(let name) = size else { continue }
            #expect(SwiftUIAPI.fontStyle(name) != nil, "\(name) has no row")
        }
        #expect(SwiftUIAPI.fontTitle2.source == "https://developer.apple.com/documentation/swiftui/font/title2")
    }

    @Test("text-xl is .title2 from iOS 14; before it, an unavailable-api warning and no font")
    func title2() {
        // No plugins: their own slots' availability is not the point here.
        let none = PluginRegistry(plugins: [])
        let current = Engine.resolve(
            "text-xl", environment: RenderEnvironment(platform: .ios, osVersion: 14), registry: none)
        #expect(current.diagnostics.isEmpty)
        #expect(current.style == [".font(.title2)"])
        let old = Engine.resolve(
            "text-xl", environment: RenderEnvironment(platform: .ios, osVersion: 13), registry: none)
        #expect(old.codes == ["unavailable-api"])
        #expect(old.diagnostics.first?.message.contains("Font.title2") == true)
        #expect(!old.style.contains { $0.contains("title2") })
        let large = Engine.resolve(
            "text-3xl", environment: RenderEnvironment(platform: .macos, osVersion: 10), registry: none)
        #expect(large.diagnostics.isEmpty)
        #expect(large.style == [".font(.largeTitle)"])
    }
}
