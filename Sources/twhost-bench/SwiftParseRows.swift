import Glibc
import TWHost
import TWSwiftSource

/// Swift inputs against the toolchain's parser (issue 26, item 7): for each
/// generated file, `twhost resolve FILE` as a whole process, without and with
/// the README's plugins in scope, beside a whole process that only reads the
/// file and parses it with SwiftParser (this binary with `--parse-once FILE`)
/// and one that parses it and walks every node of the tree
/// (`--parse-walk-once FILE`), wall time and peak memory, the four run in
/// turn. The figures are to read; nothing is asserted.
enum SwiftParseRows {
    /// `--parse-once FILE` (`walk` false): the bare parse, in a process of
    /// its own; `--parse-walk-once FILE`: the parse and a walk of its tree.
    static func parseOnce(_ path: String, walk: Bool) -> Never {
        guard let bytes = try? FileIO.read(path) else {
            StandardError.write("error: cannot read \(path)\n")
            exit(2)
        }
        blackHole(walk ? SwiftSources.bareParseAndWalk(bytes) : SwiftSources.bareParse(bytes))
        exit(0)
    }

    /// A view whose body holds `chains` chains of `perChain` `.tw` calls each
    /// (`Text("x").tw("p-4").tw("p-4")…`): 20 × 1,000 is 20,000 calls in
    /// about 200 KB, each chain within the parse budget's 2,000 links.
    static func chainedTW(chains: Int, perChain: Int) -> String {
        var text = "import SwiftUI\nstruct Chained: View {\n    var body: some View {\n        VStack {\n"
        for _ in 0..<chains {
            text += "            Text(\"x\")" + String(repeating: ".tw(\"p-4\")", count: perChain) + "\n"
        }
        return text + "        }\n    }\n}\n"
    }

    /// Small views, one after another, to about `bytes` bytes.
    static func smallViews(bytes: Int) -> String {
        var text = "import SwiftUI\n"
        var i = 0
        while text.utf8.count < bytes {
            text += """
                struct Row\(i): View {
                    var body: some View {
                        VStack {
                            Text("Row \(i)").tw("p-4 text-sm")
                            Image(systemName: "star").tw("w-4 h-4")
                        }
                        .tw("rounded-lg bg-accent")
                    }
                }

                """
            i += 1
        }
        return text
    }

    /// The rows: each file parsed bare, parsed and walked, and resolved by twhost without and
    /// with the plugins, in turn: the chained file
    /// fifteen times each (half a second a run, and its runs spread by a tenth or more on a
    /// shared machine), the 5 MB file five times (nine seconds a run); then each twhost run
    /// against the baselines' runs of its turn.
    @MainActor static func measure(
        twhost: String, benchBinary: String, pluginDirectory: String, generatedDirectory: String, directory: String,
    ) -> [Measurement] {
        mkdir(directory, 0o755)
        let files: [(label: String, name: String, text: String, runs: Int)] = [
            (
                "20,000 chained .tw calls (20 chains of 1,000)", "chained.swift",
                chainedTW(chains: 20, perChain: 1_000), repetitions(15)
            ),
            ("small views", "views.swift", smallViews(bytes: 5_000_000), repetitions(5)),
        ]
        var out: [Measurement] = []
        for file in files {
            let path = directory + "/" + file.name
            try? FileIO.writeAtomically(file.text, to: path)
            let size = Double(file.text.utf8.count) / 1_000_000
            let label = "Swift file, \(file.label), \(format(size)) MB"
            let baseline = [benchBinary, pluginDirectory, generatedDirectory]
            // What each row runs: the parser alone, the parser and a walk, and the README's
            // command with the plugins in scope beside it without them.
            let rows: [(name: String, argv: [String])] = [
                ("bare SwiftParser parse", baseline + ["--parse-once", path]),
                ("SwiftParser parse and walk", baseline + ["--parse-walk-once", path]),
                ("twhost resolve", [twhost, "resolve", "--format", "json", path]),
                (
                    "twhost resolve --plugins material,motion",
                    [twhost, "resolve", "--plugins", Corpus.plugins.joined(separator: ","), "--format", "json", path]
                ),
            ]
            var runs = rows.map { _ in [(seconds: Double, peakMiB: Double, status: Int32)]() }
            for _ in 0..<file.runs {
                for (i, row) in rows.enumerated() { runs[i].append(runMeasured(row.argv)) }
            }
            let failed = runs.joined().filter { $0.status > 1 }.count
            let note = failed > 0 ? " (\(failed) run(s) failed)" : ""
            for (row, samples) in zip(rows, runs) {
                out.append(
                    Measurement(
                        name: label + ": " + row.name + note, unit: "ms", samples: samples.map { $0.seconds * 1000 }))
                out.append(
                    Measurement(
                        name: label + ": " + row.name + ", peak memory", unit: "MiB", samples: samples.map(\.peakMiB)))
            }
            // Each twhost run against the baselines' runs of the same turn: a
            // slow spell of the machine slows the four runs of a turn alike,
            // so these ratios stray less than one of two medians does.
            for k in 2..<rows.count {
                for (base, baseName) in [(1, "the parse and walk"), (0, "the bare parse")] {
                    out.append(
                        Measurement(
                            name: label + ": " + rows[k].name + " against " + baseName + ", run by run", unit: "×",
                            samples: zip(runs[k], runs[base]).map { $0.seconds / $1.seconds }))
                }
            }
        }
        return out
    }
}
