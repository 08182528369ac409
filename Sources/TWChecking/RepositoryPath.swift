/// Paths as CI systems want them in reports and baselines: relative to the
/// repository root (the nearest folder at or above the file that holds
/// `.git`), so that the same finding has the same path wherever twhost runs.
public enum RepositoryPath {
    /// The repository root at or above `path` (absolute), or nil outside a repository.
    public static func root(of path: String) -> String? {
        var directory = LintConfiguration.absolute(path)
        if !LintConfiguration.isDirectory(directory) { directory = LintConfiguration.parent(of: directory) }
        while true {
            if LintConfiguration.exists(directory == "/" ? "/.git" : directory + "/.git") { return directory }
            if directory == "/" { return nil }
            directory = LintConfiguration.parent(of: directory)
        }
    }

    /// `path` relative to its repository root; as given when it is in none.
    public static func relative(_ path: String) -> String {
        guard let root = root(of: path) else { return path }
        return LintConfiguration.relative(LintConfiguration.absolute(path), to: root) ?? path
    }
}
