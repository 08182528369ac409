import Foundation
import Testing

@testable import TWHost

/// The shipped examples' gallery and a plugin change's before/after page,
/// checked in the HTML and in a real headless Chromium. With
/// TWHOST_UPDATE_SCREENSHOTS=1 the screenshots are also written to
/// docs/preview/ (how docs/Preview.md's pictures are made).
@Suite("twhost preview pages", .removesTemporaryDirectories)
struct PreviewPagesTests {
    static func screenshotPath(_ name: String, in dir: String) -> String {
        if ProcessInfo.processInfo.environment["TWHOST_UPDATE_SCREENSHOTS"] == "1" {
            let docs = TestPaths.repository + "/docs/preview"
            try? FileManager.default.createDirectory(atPath: docs, withIntermediateDirectories: true)
            return docs + "/" + name
        }
        return dir + "/" + name
    }

    /// HTML text as the page holds it.
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "'", with: "&#39;")
    }

    @Test("the gallery of Examples/Swift shows every surface with the chain resolve prints")
    func examplesGallery() throws {
        let dir = TestPaths.temporaryDirectory("preview-gallery")
        let page = dir + "/gallery.html"
        // Relative paths, as a project runs it (and as the screenshot shows them).
        let examples = "Examples/Swift"
        let repository = TestPaths.repository
        let preview = try twhost(
            ["preview", "--plugins", "material,motion", examples, "-o", page], directory: repository)
        #expect(preview.status == 0, "\(preview.stderr)")
        let resolve = try twhost(["resolve", "--plugins", "material,motion", examples], directory: repository)
        #expect(resolve.status == 0)
        let html = try String(contentsOfFile: page, encoding: .utf8)
        // Every surface's block of `resolve` (header, chain, backing, conditions, diagnostics), line for line.
        // (Nodes with a backing but no styling are not surfaces: resolve lists them after the surfaces.)
        let blocks = resolve.stdout.components(separatedBy: "\n\n").dropLast().filter { !$0.contains("(no styling)") }
        #expect(blocks.count == 33)
        #expect(html.components(separatedBy: "<section class=\"card\"").count - 1 == blocks.count)
        for block in blocks {
            let lines = block.split(separator: "\n").map(String.init)
            let text = Self.escaped(lines.joined(separator: "\n"))
            #expect(html.contains(text), "missing from the gallery:\n\(block)")
        }
        // Every example file is a group; the few modifiers with no drawing are listed, never dropped.
        for file in try FileManager.default.contentsOfDirectory(atPath: repository + "/" + examples).sorted()
        where file.hasSuffix(".swift") {
            #expect(html.contains("<summary>\(examples)/\(file)</summary>"))
        }
        #expect(html.contains("<li>not drawn: <code>.trim(from: 0, to: 0.7)</code></li>"))
        // The platform menu: `button-link` is `.borderless` on iOS and `.link` in the card's macOS view.
        #expect(html.contains("<span class=\"button borderless\"><span class=\"text\">Learn more</span></span>"))
        let macOS = html.components(separatedBy: "<div class=\"view\" data-platform=\"macos\">").dropFirst()
        #expect(macOS.contains { $0.hasPrefix("<div class=\"state-note\">on macos</div>") })
        #expect(html.contains("<span class=\"button link\"><span class=\"text\">Learn more</span></span>"))
        #expect(html.contains("<option value=\"macos\">macos</option><option value=\"tvos\">tvos</option>"))

        let dom = try Chromium.dumpDOM(page)
        #expect(Chromium.consoleLines(dom) == [])
        #expect(dom.stdout.contains("data-self-check=\"ok\""), "\(dom.stdout.prefix(300))")
        // The screenshot docs/Preview.md shows: the native controls, filtered.
        let (image, run) = try Chromium.screenshot(
            page, fragment: "filter=nativecontrols.body/", width: 900, height: 1000,
            to: Self.screenshotPath("gallery.png", in: dir))
        #expect(Chromium.consoleLines(run) == [])
        #expect(image.width == 900 && image.height == 1000)
    }

    @Test("usage errors exit 64 and inputs that cannot be read exit 2, each with a message")
    func errors() throws {
        let dir = TestPaths.temporaryDirectory("preview-errors")
        let stdin = try twhost(["preview", "-"])
        #expect(stdin.status == 64)
        #expect(stdin.stderr == "error: preview reads files, not standard input\n")
        let snapshot = try twhost(["preview", "--against", dir + "/base.json", "Examples/Swift"])
        #expect(snapshot.status == 64)
        #expect(snapshot.stderr.contains("--against takes a plugin set, plugins:a,b[@DIR]"))
        let missing = try twhost(["preview", dir + "/Missing.swift", "-o", dir + "/page.html"])
        #expect(missing.status == 2)
        #expect(missing.stderr.hasPrefix("error: nothing could be read:\n"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/page.html"))
        let unwritable = try twhost(
            ["preview", "Examples/Swift/FocusExample.swift", "-o", dir + "/no/such/folder/page.html"],
            directory: TestPaths.repository)
        #expect(unwritable.status == 2)
        #expect(unwritable.stderr.contains("cannot write \(dir)/no/such/folder/page.html"))
        let format = try twhost(["preview", "--format", "text", "Examples/Swift"])
        #expect(format.status == 64)
    }

    @Test("a plugin change's before/after page marks the surfaces whose identity resets")
    func beforeAfter() throws {
        let dir = TestPaths.temporaryDirectory("preview-review")
        let structure = try VersionedBuilds(head: ["STRUCTURE"])
        let value = try VersionedBuilds(head: ["DEFAULT"])
        // Run in the builds' folders with relative paths, as the screenshot shows them.
        let source = "Review.swift"
        try """
        import SwiftCN
        import SwiftUI

        struct Review: View {
            var body: some View {
                VStack {
                    Text("Faded").tw("alpha p-2")
                    Text("Scaled").tw("beta-[3] p-2")
                    Text("Plain").tw("p-2 bg-[#0a0]")
                }
            }
        }

        """.write(toFile: structure.root + "/" + source, atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(atPath: structure.root + "/" + source, toPath: value.root + "/" + source)
        // STRUCTURE: alpha returns an overlay instead of a background, in every chain (active or not).
        let page = dir + "/structure.html"
        let reset = try twhost(
            [
                "preview", "--plugins", "versioned", "--plugin-path", "head", "--no-default-path",
                "--against", "plugins:versioned@base", source, "-o", page,
            ], directory: structure.root)
        #expect(reset.status == 1, "\(reset.stderr)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        let sections = html.components(separatedBy: "<section class=\"change\"").dropFirst()
        #expect(sections.count == 3)
        for section in sections {
            #expect(section.contains("<span class=\"badge reset\">identity reset</span>"))
            #expect(section.contains("<span class=\"del\">-   .background { Rectangle().opacity("))
            #expect(section.contains("<span class=\"add\">+   .overlay { Rectangle().opacity("))
        }
        #expect(html.contains("3 changed, 0 unchanged"))

        // DEFAULT: beta's default value changes, which the two surfaces without beta-[3] show in their
        // inactive slot; values are not identity (R-ID-1): no reset badge.
        let valuePage = dir + "/default.html"
        let changed = try twhost(
            [
                "preview", "--plugins", "versioned", "--plugin-path", "head", "--no-default-path",
                "--against", "plugins:versioned@base", source, "-o", valuePage,
            ], directory: value.root)
        #expect(changed.status == 0, "\(changed.stderr)")
        let valueHTML = try String(contentsOfFile: valuePage, encoding: .utf8)
        #expect(!valueHTML.contains("identity reset</span>"))
        #expect(valueHTML.contains("2 changed, 1 unchanged"))
        #expect(valueHTML.components(separatedBy: "<span class=\"add\">+   .scaleEffect(2)").count - 1 == 2)
        #expect(valueHTML.components(separatedBy: "<span class=\"del\">-   .scaleEffect(1)").count - 1 == 2)

        // `twhost diff --format html` draws the same pair from two plugin sets.
        let diff = try twhost(
            ["diff", "plugins:versioned@base", "plugins:versioned@head", "--scene", source, "--format", "html"],
            directory: structure.root)
        #expect(diff.status == 1, "\(diff.stderr)")
        #expect(diff.stdout.components(separatedBy: "<span class=\"badge reset\">identity reset</span>").count - 1 == 3)
        let snapshotSide = try twhost(
            ["diff", page, "plugins:versioned@head", "--scene", source, "--format", "html"], directory: structure.root)
        #expect(snapshotSide.status == 64)
        #expect(snapshotSide.stderr.contains("BASE and HEAD must be plugin sets"))

        let dom = try Chromium.dumpDOM(page)
        #expect(Chromium.consoleLines(dom) == [])
        #expect(dom.stdout.contains("data-self-check=\"ok\""))
        let (image, run) = try Chromium.screenshot(
            page, width: 900, height: 640, to: Self.screenshotPath("before-after.png", in: dir))
        #expect(Chromium.consoleLines(run) == [])
        #expect(image.width == 900 && image.height == 640)
    }
}
