import Glibc
import TWModel
import TWSupport

/// A new plugin project, as `twhost plugins new NAME` writes it: a plugin
/// with two sample registrations (`NAME-glow`, a view form, and
/// `NAME-lift-[points]`, a value form), a sample scene that uses them, and a
/// `make check` that builds the plugin, runs `twhost plugins check` on it and
/// resolves the scene. The C project builds against the header through
/// pkg-config; the Swift project is a SwiftPM package with a test.
package struct PluginScaffold: Sendable {
    /// The language of the generated plugin.
    package enum Language: String, Sendable, CaseIterable {
        /// A C source and a Makefile, against the header alone.
        case c
        /// A SwiftPM package on TWPluginKit, with tests on TWPluginTesting.
        case swift
    }

    /// One file of the project, relative to its folder.
    package struct File: Equatable, Sendable {
        /// The path inside the project, such as `Sources/DemoPlugin/DemoPlugin.swift`.
        package var path: String
        /// The whole text of the file.
        package var contents: String
    }

    /// The plugin's name: its file's stem and its sample classes' prefix.
    package let name: String
    /// C or Swift.
    package let language: Language
    /// What the project builds against and checks with.
    package let sdk: AuthoringSDK

    /// Registration names are the plugin name plus a suffix, and must stay
    /// within the 64 characters of a name.
    static let longestSuffix = "-glow".utf8.count

    /// A project for a valid plugin name.
    package init(name: String, language: Language, sdk: AuthoringSDK) throws(ScaffoldError) {
        try Self.validate(name)
        self.name = name
        self.language = language
        self.sdk = sdk
    }

    /// The plugin-name grammar (`[a-z][a-z0-9-]{0,63}`, the file's stem), and
    /// what the generated sample needs on top of it.
    package static func validate(_ name: String) throws(ScaffoldError) {
        guard isValidPluginName(name) else {
            throw .invalidName(
                name,
                reason: "a plugin name is a lowercase letter followed by up to 63 lowercase letters, digits or '-'")
        }
        guard name.utf8.count + longestSuffix <= 64 else {
            throw .invalidName(
                name, reason: "at most \(64 - longestSuffix) characters, so that its classes ('\(name)-glow') are names"
            )
        }
    }

    /// The files, in path order.
    package var files: [File] {
        let all: [File]
        switch language {
        case .c: all = CPluginProject(name: name, sdk: sdk).files
        case .swift: all = SwiftPluginProject(name: name, sdk: sdk).files
        }
        return all.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
    }

    /// The command that builds and checks the project from its parent folder.
    package func nextStep(folder: String) -> String { "make -C \(shellQuoted(folder)) check" }

    /// Writes the project to `folder`, which must not exist or be an empty
    /// folder. The files are written to a temporary folder beside it that is
    /// renamed into place, so the project appears whole or not at all, and
    /// nothing that exists is ever overwritten.
    package func write(to folder: String) throws(ScaffoldError) {
        var info = stat()
        if lstat(folder, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFDIR else { throw .destinationNotFolder(folder) }
            guard (listDirectory(folder) ?? ["?"]).isEmpty else { throw .destinationNotEmpty(folder) }
            // The project replaces the empty folder by a rename, which would pull it from under this process.
            if let resolved = realPath(folder), resolved == realPath(".") { throw .workingFolder(folder) }
        }
        let trimmed = folder.hasSuffix("/") && folder.count > 1 ? String(folder.dropLast()) : folder
        let parent = AuthoringSDK.directoryName(trimmed)
        guard stat(parent, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
            throw .parentMissing(folder, parent: parent)
        }
        // mkdtemp replaces the trailing XXXXXX with a unique suffix: the project is written
        // beside its folder and renamed into place, so a failure leaves nothing half-made.
        var template = Array("\(parent)/.twhost-new-\(name)-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {  // non-empty
            throw .writeFailed(folder, reason: FileIO.errnoText())
        }
        let temporary = String(cString: made)
        var created: [String] = []  // files, then folders, to remove on failure
        do throws(ScaffoldError) {
            for file in files {
                let path = temporary + "/" + file.path
                var dir = AuthoringSDK.directoryName(path)
                var missing: [String] = []
                while dir != temporary, stat(dir, &info) != 0 {
                    missing.insert(dir, at: 0)
                    dir = AuthoringSDK.directoryName(dir)
                }
                for dir in missing {
                    guard mkdir(dir, 0o777) == 0 else { throw .writeFailed(dir, reason: FileIO.errnoText()) }
                    created.append(dir)
                }
                do {
                    try FileIO.writeAtomically(file.contents, to: path)
                } catch {
                    throw .writeFailed(folder + "/" + file.path, reason: error.reason)
                }
                created.append(path)
            }
            // mkdtemp makes the folder private; a project is shared like any folder.
            let mask = umask(0)
            umask(mask)
            chmod(temporary, 0o777 & ~mask)
            guard rename(temporary, folder) == 0 else {
                throw errno == ENOTEMPTY || errno == EEXIST
                    ? .destinationNotEmpty(folder) : .writeFailed(folder, reason: FileIO.errnoText())
            }
        } catch {
            for path in created.reversed() { _ = remove(path) }
            rmdir(temporary)
            throw error
        }
        let parentFD = open(parent, O_RDONLY | O_DIRECTORY)
        if parentFD >= 0 {
            fsync(parentFD)
            close(parentFD)
        }
    }
}

/// A path as one shell word, for the commands the project and its messages show.
func shellQuoted(_ text: String) -> String {
    let plain = text.utf8.allSatisfy { byte in
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
            || "/._-+=:,@".utf8.contains(byte)
    }
    if plain && !text.isEmpty { return text }
    var quoted = "'"
    for character in text { quoted += character == "'" ? "'\\''" : String(character) }
    return quoted + "'"
}

/// A path as a Swift string literal.
func swiftStringLiteral(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\\": out += "\\\\"
        case "\"": out += "\\\""
        case "\n": out += "\\n"
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out + "\""
}
