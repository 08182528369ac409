import TWScenes

/// What one analysis of an open document keeps for the next (an editor's
/// next change), each part checked against the new text before it is used,
/// so that an analysis after a change equals one from scratch:
/// - the class-string sites and `.tw("…")` literals of each statement whose
///   syntax the incremental parse handed over unchanged (`ClassSites`);
/// - the Swift reader's views that used nothing the file declares
///   (`ViewTreeReader.Memo`);
/// - each node's surface record, by the node's fields and scope (`SurfaceMemo`);
/// - each literal's class-lint findings (`ClassLints.Memo`).
///
/// One document, one thread: the language server keeps one per open document.
public final class DocumentMemo {
    let views = ViewTreeReader.Memo()
    let sites = ClassSites.Memo()
    public let surfaces = SurfaceMemo()
    public let lints = ClassLints.Memo()

    public init() {}
}
