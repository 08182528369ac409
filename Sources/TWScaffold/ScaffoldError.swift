/// Why `twhost plugins new` wrote nothing. All message text is here.
package enum ScaffoldError: Error, Equatable, Sendable, CustomStringConvertible {
    /// NAME is not a plugin name a generated project can use.
    case invalidName(String, reason: String)
    /// The project folder exists and holds something; nothing is overwritten.
    case destinationNotEmpty(String)
    /// The project folder's path exists and is not a folder.
    case destinationNotFolder(String)
    /// The folder that would hold the project does not exist.
    case parentMissing(String, parent: String)
    /// DIR is the working folder, which cannot be replaced by the new project.
    case workingFolder(String)
    /// Neither an installed SDK nor a twhost checkout is beside this twhost.
    case sdkNotFound(executable: String, looked: [String])
    /// The SDKs beside this twhost could have been written by another user (plugin trust rules, A-13).
    case sdkUntrusted(executable: String, refused: [String])
    /// A file or folder could not be written.
    case writeFailed(String, reason: String)

    /// A bad NAME is a usage error (exit 64); everything else could not complete (exit 2).
    package var isUsageError: Bool {
        if case .invalidName = self { return true }
        return false
    }

    /// The message, without the `error: ` prefix.
    package var description: String {
        switch self {
        case .invalidName(let name, let reason):
            return "invalid plugin name '\(name)': \(reason)"
        case .destinationNotEmpty(let path):
            return
                "'\(path)' already exists and is not empty; plugins new never overwrites: choose another --dir or remove it"
        case .destinationNotFolder(let path):
            return "'\(path)' already exists and is not a folder; plugins new never overwrites"
        case .parentMissing(let path, let parent):
            return "cannot create '\(path)': the folder '\(parent)' does not exist"
        case .workingFolder(let path):
            return "cannot write the project into the working folder '\(path)'; give a new folder with --dir"
        case .sdkNotFound(let executable, let looked):
            return "no plugin SDK beside \(executable) (looked for \(looked.joined(separator: ", "))); "
                + "run a twhost built from a checkout, or one installed with Scripts/install.sh"
        case .sdkUntrusted(let executable, let refused):
            return "no plugin SDK beside \(executable) that only you or root could have written: "
                + refused.joined(separator: "; ") + "; install twhost under a folder only you or root can write"
        case .writeFailed(let path, let reason):
            return "cannot write \(path): \(reason)"
        }
    }
}
