import Foundation
import Testing

@testable import TWHost

/// With more than one job, the walk hands a plain node without children on
/// unread and the thread that resolves it reads it (`SceneStream.Leaf`): the
/// report is the one `--jobs 1` writes, which reads every node in the walk.
@Suite("Leaves handed on", .removesTemporaryDirectories)
struct LeafHandOnTests {
    /// Leaves of every kind the walk hands on or keeps, in three scopes,
    /// more than a chunk of them (512 on two jobs) so that chunks cross scopes.
    static func scene() -> String {
        var rows: [String] = []
        for i in 0..<1_300 {
            switch i % 13 {
            case 0: rows.append(#"{"type": "Spacer"}"#)  // plain, unstyled: nothing to resolve
            case 1:
                rows.append(#"{"type": "Text", "id": "t\#(i)", "text": "a \"quoted\"\n\u00e9", "tw": "p-4 bg-blue"}"#)
            case 2: rows.append(#"{"type": "Text", "tw": "p\u002d4\tfont-bold", "children": []}"#)  // escapes; no children
            case 3:
                rows.append(#"{"type": "Button", "label": "Go", "buttonStyle": "button-link", "tw": "elevation-[2]"}"#)
            case 4:
                rows.append(
                    #"{"type": "Image", "systemImage": "star", "twAnimation": "spin-[10deg]", "tw": "frosted"}"#)
            case 5: rows.append(#"{"type": "Text", "tw": "bogus-class p-2"}"#)  // undecorated
            case 6: rows.append(#"{"type": "Text", "id": 6, "tw": "p-4"}"#)  // not plain: a number id
            case 7: rows.append(#"{"type": "HStack", "children": [{"type": "Text", "tw": "tilt-[5deg] shadow-md"}]}"#)
            case 8: rows.append(#"{"type": "Text", "tw": ""}"#)  // an empty class list is still a class list
            default: rows.append(#"{"type": "Text", "tw": "text-lg hover:bg-indigo rounded-lg"}"#)
            }
        }
        let third = rows.count / 3
        let groups = [
            (#"{"plugins": ["material", "motion"]}"#, rows[..<third]),
            (#"{"plugins": ["-material"], "view": "p-1"}"#, rows[third..<(2 * third)]),
            (#"{"replace": true, "plugins": ["material"], "theme": {"spacing": 2}}"#, rows[(2 * third)...]),
        ].map { rules, children in
            #"{"type": "VStack", "rules": \#(rules), "children": [\#(children.joined(separator: ",\n"))]}"#
        }
        // Leaves straight under the root too, before and after the groups.
        let root = [#"{"type": "Text", "tw": "p-4"}"#] + groups + [#"{"type": "Text", "tw": "spin-[10deg]"}"#]
        return
            #"{"scene": 1, "rules": {"plugins": ["material", "motion"]}, "root": {"type": "VStack", "children": [\#(root.joined(separator: ",\n"))]}}"#
    }

    @Test("leaves read on the resolving threads give the report one thread gives, in every format")
    func jobsAgree() throws {
        let scene = Self.scene()
        for format in ["json", "compact", "text"] {
            let one = try twhost(
                ["resolve", "--plugins", "material,motion", "--jobs", "1", "--format", format, "-"], input: scene)
            #expect(one.status == 1, "\(format): \(one.stderr.prefix(300))")  // the bogus class
            if format == "json" {
                // A leaf's place, id, text (escapes decoded) and class list (escapes decoded) as the walk reads them.
                #expect(
                    one.stdout.contains(#"{"path": "/1/1", "id": "t1", "location": {"file": "<stdin>", "line": 3, "#))
                #expect(one.stdout.contains(#""path": "/1/2", "id": null"#))
                #expect(one.stdout.contains(#""class": "p-4", "modifier": ".padding(16)"#))
                #expect(one.stdout.contains(#""path": "/3/433""#))
                #expect(!one.stdout.contains(#""path": "/1/0""#))  // a Spacer with no classes is no surface
            }
            for jobs in ["2", "3"] {
                let many = try twhost(
                    ["resolve", "--plugins", "material,motion", "--jobs", jobs, "--format", format, "-"], input: scene)
                #expect(many.status == one.status)
                #expect(many.stderr == one.stderr)
                #expect(many.stdout == one.stdout, "--jobs \(jobs) --format \(format)")
            }
        }
    }

    @Test("a leaf whose class list may be too long is read by the walk: refused there, or resolved as one thread does")
    func longLists() throws {
        let dir = TestPaths.temporaryDirectory("leaf-lists")
        // Past 1 MiB: refused at the leaf, on any number of threads.
        let long = String(repeating: "p-4 ", count: 300_000)
        // Past 1 MiB in the file (six bytes an escape), 180 KB once read: resolved (an invalid class).
        let escaped = "p-4 " + String(repeating: #"\u0071"#, count: 180_000)
        #expect(escaped.utf8.count > SceneReader.maxClassListBytes)
        for (name, tw) in [("long", long), ("escaped", escaped)] {
            let scene = dir + "/\(name).json"
            try Data(
                #"{"scene": 1, "root": {"type": "VStack", "children": [{"type": "Text", "tw": "p-4"}, {"type": "Text", "tw": "\#(tw)"}]}}"#
                    .utf8
            ).write(to: URL(fileURLWithPath: scene))
            let one = try twhost(["resolve", "--jobs", "1", "--format", "json", scene])
            let two = try twhost(["resolve", "--jobs", "2", "--format", "json", scene])
            #expect(two.status == one.status)
            #expect(two.stderr == one.stderr)
            if name == "long" {
                #expect(one.status == 2)
                #expect(
                    one.stderr
                        == "error: \(scene): /root/children/1/tw: a class list of 1200000 bytes; a class list is at most 1048576 bytes (1 MiB) (line 1)\n"
                )
                // (What was written before the error depends on the jobs: one job writes each surface as it goes.)
            } else {
                #expect(one.status == 1, "\(one.stderr.prefix(300))")
                #expect(one.stdout.contains(#""code":"invalid-class","class":"qqqqqqqq"#))
                #expect(two.stdout == one.stdout)
            }
        }
    }
}
