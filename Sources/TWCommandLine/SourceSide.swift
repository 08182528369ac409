import TWHost

/// A side of `twhost diff` read from Swift sources: `swift:PATH` (files on
/// disk) or `git:REV[:PATH]` (the files of PATH at a revision of the
/// repository twhost runs in, read from git's object store into memory: the
/// work tree, the index and the disk are never touched). Its snapshot is the
/// plugins' registrations with every registration written inline.
package enum SourceSide {
    package static func isSourceSide(_ argument: String) -> Bool {
        argument.hasPrefix("swift:") || argument.hasPrefix("git:")
    }
}
