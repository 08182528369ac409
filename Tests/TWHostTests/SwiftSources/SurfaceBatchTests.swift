import Foundation
import TWSupport
import Testing

@testable import TWHost
@testable import TWScenes
@testable import TWSwiftSource

/// `twhost resolve` on Swift sources streams each file's surfaces through a
/// `SurfaceBatch` (resolved in chunks on every core, written in input order)
/// instead of holding every record: the same bytes as the records rendered in turn.
@Suite("Swift sources streamed through a batch", .removesTemporaryDirectories)
struct SurfaceBatchTests {
    static let files: [String: String] = [
        "A/Card.swift": """
            import SwiftUI
            struct Card: View {
                @State private var on = false
                var body: some View {
                    VStack {
                        Text("Title").tw(on ? "p-4 frosted" : "p-2 shadow-lg").tw("rounded-lg")
                        Button("Go") {}.buttonStyle(.tw("button-primary"))
                        Toggle("On", isOn: $on).toggleStyle(.tw(base: .switch, "tint-primary"))
                        Text("plain").onAppear {}
                    }
                    .tw("group p-4 bg-accent")
                }
            }
            """,
        "A/Row.swift": """
            import SwiftUI
            struct Row: View {
                var body: some View {
                    HStack { Text("a").tw("group-hover:opacity-50 row"); Card() }
                        .twRules { rules in rules.named["row"] = "p-2 text-sm" }
                        .tw("tilt-[4] animate-spring")
                }
            }
            """,
        "B/Broken.swift": "struct Broken: View { var body: some View { Text(\"x\").tw(\"p-4\" } }",
        "B/Mac.json": """
            {"scene": 1, "environment": {"platform": "macos"}, "root": {"type": "VStack", "tw": "p-4",
              "children": [{"type": "Text", "tw": "elevation-[2] text-lg"}, {"type": "Button", "buttonStyle": "button-ghost"}]}}
            """,
        "B/Unknown.json": """
            {"scene": 1, "root": {"type": "VStack", "rules": {"plugins": ["absent"]}, "tw": "p-4"}}
            """,
        "C/Chains.swift": """
            import SwiftUI
            struct Chains: View {
                var body: some View {
                    VStack {
                        Text("x")\(String(repeating: ".tw(\"p-4\")", count: 300))
                        Text("y").tw("p-4").tw("p-4", state: TWState(isHovered: true)).tw("hover:opacity-50")
                            .tw("hover:opacity-50", state: TWState(isHovered: true)).tw("hover:opacity-50")
                        Text("y").tw("p-4").tw("p-4")
                        Text("z").tw("group-hover:opacity-50").tw("group")
                            .tw("group-hover:opacity-50").tw("group-hover:opacity-50")
                        Text("w").tw("p-4").disabled(true).tw("disabled:opacity-50").tw("disabled:opacity-50")
                        Image(systemName: "star").tw("p-4").tw("p-4")
                    }
                }
            }
            """,
    ]

    static func inputs(_ folder: String) -> [SourceInput] {
        [
            .swift(folder + "/A/Card.swift"), .swift(folder + "/A/Row.swift"), .swift(folder + "/B/Broken.swift"),
            .scene(folder + "/B/Mac.json"), .scene(folder + "/B/Unknown.json"), .swift(folder + "/C/Chains.swift"),
        ]
    }

    @Test("the batch writes the bytes of every file's records in turn, on one thread and on several")
    func sameBytes() throws {
        let folder = try SwiftSource.folder(Self.files, label: "batch")
        let plugins = try FixturePlugins.shipped(["material", "motion"])
        for format in ["json", "text"] {
            for jobs in [1, 2, 3] {
                var options = SourceScan.Options()
                options.jobs = jobs
                options.classSpans = false
                let palette = Palette(enabled: false)
                @Sendable func render(_ record: SurfaceRecord, _ first: Bool, _ w: ByteWriter) {
                    if format == "json" {
                        SceneReport.writeSurface(record, first: first, to: w)
                    } else {
                        w.append(SceneReport.text(record, palette: palette))
                    }
                }
                // Held: every file resolved, then its records rendered.
                let held = SourceScan.run(Self.inputs(folder), plugins: plugins, options: options)
                let expected = ByteWriter()
                var first = true
                for record in held.flatMap({ $0.resolution?.surfaces ?? [] }) {
                    render(record, first, expected)
                    first = false
                }
                // Streamed: each surface rendered whole, and (JSON) as its place and body, the body of
                // a surface equal to the one before it but for its place copied.
                var renderings = [SurfaceRendering<Void>(render)]
                if format == "json" {
                    renderings.append(
                        SurfaceRendering(
                            head: { path, first, w in SceneReport.writePlace(path, first: first, to: w) },
                            body: { record, w in SceneReport.writeBody(record, to: w) }))
                }
                for (r, rendering) in renderings.enumerated() {
                    let streamed = ByteWriter()
                    let batch = SurfaceBatch(
                        jobs: jobs, render: rendering, write: { bytes in streamed.append(bytes: bytes) })
                    let checked = SourceScan.check(Self.inputs(folder), plugins: plugins, options: options)
                    let files = SourceScan.resolve(checked, plugins: plugins, options: options, into: batch)
                    let summary = batch.finish()
                    #expect(streamed.bytes == expected.bytes, "\(format), --jobs \(jobs), rendering \(r)")
                    #expect(expected.bytes.count > 20_000)
                    // The files' own findings, scopes and backing-only nodes are those of the held run.
                    #expect(files.map(\.path) == held.map(\.path))
                    #expect(files.map(\.wasRead) == [true, true, false, true, false, true])
                    #expect(files.map(\.diagnostics) == held.map(\.diagnostics))
                    #expect(files.map { $0.resolution?.diagnostics } == held.map { $0.resolution?.diagnostics })
                    #expect(files.map { $0.resolution?.scopeCount } == held.map { $0.resolution?.scopeCount })
                    #expect(
                        files.map { $0.resolution?.backingOnly.map(\.node.path) }
                            == held.map { $0.resolution?.backingOnly.map(\.node.path) })
                    var total = SceneSummary()
                    for file in held { if let s = file.resolution?.summary { total.add(s) } }
                    #expect(summary == total)
                    #expect(summary.surfaces == 326)
                }
            }
        }
    }

    @Test("a scene naming a plugin outside the loaded set adds nothing to the batch")
    func uncheckedPlugin() throws {
        let folder = try SwiftSource.folder(Self.files, label: "batch-plugin")
        let scene = try #require(SourceScan.read(.scene(folder + "/B/Unknown.json")).scene)
        let written = ByteWriter()
        let batch = SurfaceBatch(
            jobs: 2,
            render: SurfaceRendering { record, first, w in SceneReport.writeSurface(record, first: first, to: w) },
            write: { bytes in written.append(bytes: bytes) })
        #expect(throws: SceneResolveError.self) {
            _ = try batch.resolve(scene, plugins: [], environment: scene.environment)
        }
        #expect(batch.finish() == SceneSummary())
        #expect(written.bytes.isEmpty)
    }
}
