import Foundation
import Testing

@testable import TWHost

/// `twhost preview` pages rendered by a real headless Chromium: pixel facts
/// read from PNG screenshots (one CSS pixel is one SwiftUI point at scale 1),
/// and the page's own check that it logged nothing and loaded nothing.
/// Tolerances: sizes ±1 px (text widths are fractional, so edges may be
/// antialiased), colours ±3 per 8-bit channel.
@Suite("twhost preview in a real browser", .removesTemporaryDirectories)
struct PreviewBrowserTests {
    static let sizeTolerance = 1
    static let colorTolerance = 3

    static let lightCanvas = PNGImage.Pixel(r: 0xF2, g: 0xF2, b: 0xF7, a: 255)
    static let darkCanvas = PNGImage.Pixel(r: 0x1C, g: 0x1C, b: 0x1E, a: 255)
    static let blue = PNGImage.Pixel(r: 0, g: 0, b: 255, a: 255)
    /// `primary` in light and dark appearance: the theme's two values.
    static let primaryLight = pixel(Theme.standard.colors["primary"])
    static let primaryDark = pixel(Theme.defaultDarkColors["primary"])

    static func pixel(_ color: ColorValue?) -> PNGImage.Pixel {
        func channel(_ v: Double?) -> Int { Int(((v ?? -1) * 255).rounded()) }
        return PNGImage.Pixel(r: channel(color?.red), g: channel(color?.green), b: channel(color?.blue), a: 255)
    }

    /// Seed 000's padding example, a capsule, inactive and active plugin slots,
    /// a theme token, and a label that would be markup if it were not escaped.
    static let fixture = """
        import SwiftCN
        import SwiftUI

        struct Pixels: View {
            var body: some View {
                VStack {
                    Text("Box").tw("p-4 bg-[#00f]")
                    Text("Box").tw("inset-[8] p-4 bg-[#00f]")
                    Text("Box").tw("p-4 bg-[#00f] rounded-full")
                    Text("Box").tw("p-4 bg-[#00f] elevation-[4]")
                    Text("Box").tw("p-4 bg-primary")
                    Text("</span><script>document.title = 'injected'</script>").tw("p-1")
                    Circle().tw("w-[40] h-[40] text-[#f00]")
                }
            }
        }

        """

    static func page() throws -> String {
        let dir = TestPaths.temporaryDirectory("preview-pixels")
        try fixture.write(toFile: dir + "/Pixels.swift", atomically: true, encoding: .utf8)
        let page = dir + "/pixels.html"
        let result = try twhost(["preview", "--plugins", "material,motion", dir + "/Pixels.swift", "-o", page])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "")
        return page
    }

    /// At least half covered by blue over the light canvas (antialiased edges of a curve count when they are).
    static func isBlue(_ p: PNGImage.Pixel) -> Bool { p.r <= 121 && p.g <= 121 && p.b >= 240 }

    @Test("seed 000's padding, a capsule's corners, inactive slots and a token in light and dark, drawn")
    func pixelFacts() throws {
        let page = try Self.page()
        let dir = (page as NSString).deletingLastPathComponent
        // One card a row (the window is narrower than two cards), in source order.
        let (light, lightRun) = try Chromium.screenshot(page, width: 480, height: 3200, to: dir + "/light.png")
        #expect(Chromium.consoleLines(lightRun) == [])
        let boxes = Region.find(in: light, minimumSize: 20, Self.isBlue)
        try #require(boxes.count == 4, "blue areas: \(boxes)")
        let (plain, inset, capsule, elevated) = (boxes[0], boxes[1], boxes[2], boxes[3])

        // `p-4 bg-[#00f]`: the 22 pt line of text and 16 pt of padding above and below.
        #expect(abs(plain.height - (22 + 32)) <= Self.sizeTolerance, "\(plain)")
        // Seed 000: "The blue background includes both padding values": 8 + 8 more each way.
        #expect(abs(inset.width - plain.width - 16) <= Self.sizeTolerance, "\(plain) vs \(inset)")
        #expect(abs(inset.height - plain.height - 16) <= Self.sizeTolerance, "\(plain) vs \(inset)")

        // `rounded-full`: the capsule's corners show the canvas through; its sides are blue.
        #expect(capsule.height == plain.height && abs(capsule.width - plain.width) <= Self.sizeTolerance)
        for (x, y) in [
            (capsule.minX, capsule.minY), (capsule.maxX, capsule.minY), (capsule.minX, capsule.maxY),
            (capsule.maxX, capsule.maxY),
        ] {
            #expect(
                light[x, y].near(Self.lightCanvas, tolerance: Self.colorTolerance), "corner \(x),\(y): \(light[x, y])")
        }
        let middle = (capsule.minY + capsule.maxY) / 2
        #expect(Self.isBlue(light[capsule.minX + 1, middle]) && Self.isBlue(light[capsule.maxX - 1, middle]))
        // The corners of the plain box are blue: it has no radius.
        #expect(Self.isBlue(light[plain.minX, plain.minY]) && Self.isBlue(light[plain.maxX, plain.maxY]))

        // Inactive slots (frosted, material, spin, elevation, tilt) draw nothing:
        // a 12 pt ring around the plain box is the canvas, pixel for pixel.
        var ring: [String] = []
        for y in (plain.minY - 12)...(plain.maxY + 12) {
            for x in (plain.minX - 12)...(plain.maxX + 12)
            where x < plain.minX || x > plain.maxX || y < plain.minY || y > plain.maxY {
                if !light[x, y].near(Self.lightCanvas, tolerance: Self.colorTolerance) { ring.append("\(x),\(y)") }
            }
        }
        #expect(ring.isEmpty, "painted around an inactive chain: \(ring.prefix(5))")
        // The active elevation slot does draw: its shadow darkens the canvas below the box.
        let below = light[(elevated.minX + elevated.maxX) / 2, elevated.maxY + 3]
        #expect(below.r < Self.lightCanvas.r - 10, "no shadow below the elevated box: \(below)")

        // A theme token: `bg-primary` is the theme's value in light appearance …
        let lightPrimary = Region.find(in: light, minimumSize: 40) {
            $0.near(Self.primaryLight, tolerance: Self.colorTolerance)
        }
        try #require(lightPrimary.count == 1, "primary areas in light: \(lightPrimary)")
        #expect(
            lightPrimary[0].height == plain.height && abs(lightPrimary[0].width - plain.width) <= Self.sizeTolerance)
        // … and the dark value in dark appearance, where the blue stays blue.
        let (dark, darkRun) = try Chromium.screenshot(
            page, fragment: "scheme=dark", width: 480, height: 3200, to: dir + "/dark.png")
        #expect(Chromium.consoleLines(darkRun) == [])
        let darkPrimary = Region.find(in: dark, minimumSize: 40) {
            $0.near(Self.primaryDark, tolerance: Self.colorTolerance)
        }
        try #require(darkPrimary.count == 1, "primary areas in dark: \(darkPrimary)")
        #expect(darkPrimary[0].height == plain.height && abs(darkPrimary[0].width - plain.width) <= Self.sizeTolerance)
        #expect(Region.find(in: dark, minimumSize: 20, Self.isBlue).count == 4)
        let darkCanvas = dark[darkPrimary[0].minX - 4, darkPrimary[0].minY]
        #expect(darkCanvas.near(Self.darkCanvas, tolerance: Self.colorTolerance), "\(darkCanvas)")

        // A shape view is SVG in the foreground style, the size of its frame: a 40 pt red circle.
        let circles = Region.find(in: light, minimumSize: 20) { $0.r >= 240 && $0.g <= 121 && $0.b <= 125 }
        try #require(circles.count == 1, "red areas: \(circles)")
        let circle = circles[0]
        #expect(abs(circle.width - 40) <= Self.sizeTolerance && abs(circle.height - 40) <= Self.sizeTolerance)
        #expect(light[circle.minX, circle.minY].near(Self.lightCanvas, tolerance: Self.colorTolerance))
        let centre = light[(circle.minX + circle.maxX) / 2, (circle.minY + circle.maxY) / 2]
        #expect(centre.near(PNGImage.Pixel(r: 255, g: 0, b: 0, a: 255), tolerance: Self.colorTolerance))

        // The page checked itself: nothing loaded, no error; the hostile label is text, not markup.
        let dom = try Chromium.dumpDOM(page)
        #expect(dom.status == 0)
        #expect(Chromium.consoleLines(dom) == [])
        #expect(dom.stdout.contains("data-self-check=\"ok\""), "\(dom.stdout.prefix(400))")
        #expect(dom.stdout.contains("&lt;/span&gt;&lt;script&gt;document.title = 'injected'&lt;/script&gt;"))
        #expect(!dom.stdout.contains("<title>injected</title>"))
    }
}
