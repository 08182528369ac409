import Foundation
import FoundationXML

/// A structural validator for XML reports: each element's allowed children,
/// required and allowed attributes, attribute value checks and whether it
/// may hold text, as a published schema (an XSD) states them. The document
/// is parsed with libxml2 (FoundationXML), so a report that is not
/// well-formed fails first.
struct XMLStructure {
    struct Element {
        var required: Set<String> = []
        var optional: Set<String> = []
        var children: Set<String> = []
        var text = false
        /// Attribute name → allowed values (an enumeration) or nil for `xs:integer`-like checks below.
        var values: [String: Set<String>] = [:]
        var integers: Set<String> = []
    }

    var root: String
    var elements: [String: Element]

    /// Every violation, as "path: message"; empty when the document fits.
    func validate(_ text: String) -> [String] {
        let document: XMLDocument
        do {
            document = try XMLDocument(data: Data(text.utf8), options: [])
        } catch {
            return ["not well-formed XML: \(error)"]
        }
        guard let top = document.rootElement() else { return ["no root element"] }
        var errors: [String] = []
        if top.name != root { errors.append("/: root is \(top.name ?? "?"), expected \(root)") }
        check(top, "/" + (top.name ?? "?"), &errors)
        return errors
    }

    private func check(_ node: XMLElement, _ path: String, _ errors: inout [String]) {
        guard let name = node.name, let spec = elements[name] else {
            errors.append("\(path): element not in the schema")
            return
        }
        var present: Set<String> = []
        for attribute in node.attributes ?? [] {
            guard let a = attribute.name else { continue }
            present.insert(a)
            if !spec.required.contains(a) && !spec.optional.contains(a) {
                errors.append("\(path): attribute '\(a)' not allowed")
            }
            let value = attribute.stringValue ?? ""
            if let allowed = spec.values[a], !allowed.contains(value) {
                errors.append("\(path): \(a)='\(value)' not one of \(allowed.sorted())")
            }
            if spec.integers.contains(a), Int(value) == nil {
                errors.append("\(path): \(a)='\(value)' is not an integer")
            }
        }
        for a in spec.required.subtracting(present).sorted() { errors.append("\(path): attribute '\(a)' missing") }
        for child in node.children ?? [] {
            switch child.kind {
            case .element:
                guard let element = child as? XMLElement, let childName = element.name else { continue }
                if !spec.children.contains(childName) {
                    errors.append("\(path): child <\(childName)> not allowed")
                } else {
                    check(element, path + "/" + childName, &errors)
                }
            case .text:
                let text = child.stringValue ?? ""
                if !spec.text && !text.allSatisfy(\.isWhitespace) { errors.append("\(path): text not allowed") }
            default: continue
            }
        }
    }

    /// JUnit XML as GitLab's and Jenkins' JUnit parsers read it (the
    /// `junit-10.xsd` of Jenkins' xunit plugin, which GitLab documents as the
    /// format of `artifacts:reports:junit`).
    static let junit = XMLStructure(
        root: "testsuites",
        elements: [
            "testsuites": Element(
                optional: ["name", "tests", "failures", "errors", "time", "disabled"], children: ["testsuite"],
                integers: ["tests", "failures", "errors", "disabled"]),
            "testsuite": Element(
                required: ["name", "tests"],
                optional: [
                    "failures", "errors", "skipped", "time", "timestamp", "hostname", "id", "package", "disabled",
                    "file",
                ], children: ["properties", "testcase", "system-out", "system-err"],
                integers: ["tests", "failures", "errors", "skipped", "disabled"]),
            "properties": Element(children: ["property"]),
            "property": Element(required: ["name", "value"]),
            "testcase": Element(
                required: ["name"], optional: ["classname", "time", "status", "assertions", "file", "line"],
                children: ["skipped", "error", "failure", "system-out", "system-err"], integers: ["line"]),
            "failure": Element(optional: ["message", "type"], text: true),
            "error": Element(optional: ["message", "type"], text: true),
            "skipped": Element(optional: ["message"], text: true),
            "system-out": Element(text: true),
            "system-err": Element(text: true),
        ])

    /// Checkstyle 8's XML report (`checkstyle` › `file` › `error`), as the
    /// checkstyle XSD that SonarQube's and Jenkins' importers follow gives it.
    static let checkstyle = XMLStructure(
        root: "checkstyle",
        elements: [
            "checkstyle": Element(optional: ["version"], children: ["file", "exception"]),
            "file": Element(required: ["name"], children: ["error", "exception"]),
            "error": Element(
                required: ["line", "severity", "message", "source"], optional: ["column"],
                values: ["severity": ["ignore", "info", "warning", "error"]], integers: ["line", "column"]),
            "exception": Element(text: true),
        ])
}
