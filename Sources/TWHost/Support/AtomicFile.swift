import Glibc

/// Why a file could not be written.
public struct FileWriteError: Error, Equatable, Sendable, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var description: String { "cannot write \(path): \(reason)" }
}

/// Why a file could not be read.
public struct FileReadError: Error, Equatable, Sendable, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var description: String { "cannot read \(path): \(reason)" }
}

/// Whole-file reads and atomic writes.
public enum FileIO {
    /// Writes through a temporary file in the same directory, fsyncs it and
    /// renames it over the target: readers see the old file or the new one,
    /// never a truncated one.
    public static func writeAtomically(_ contents: String, to path: String) throws(FileWriteError) {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[..<$0]) } ?? "."
        let base = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var template = Array(((directory.isEmpty ? "" : directory) + "/." + base + ".tmp-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }  // non-empty array
        guard fd >= 0 else { throw FileWriteError(path: path, reason: errnoText()) }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }  // NUL-terminated
        var failure: String?
        var text = contents
        text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(fd, buffer.baseAddress! + offset, buffer.count - offset)  // non-empty here
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errnoText()
                    return
                }
                offset += written
            }
        }
        if failure == nil && fsync(fd) != 0 { failure = errnoText() }
        if close(fd) != 0 && failure == nil { failure = errnoText() }
        if failure == nil {
            fchmodTarget(temporary)
            if rename(temporary, path) != 0 { failure = errnoText() }
        }
        if let failure {
            unlink(temporary)
            throw FileWriteError(path: path, reason: failure)
        }
        let dirFD = open(directory.isEmpty ? "/" : directory, O_RDONLY | O_DIRECTORY)
        if dirFD >= 0 {
            fsync(dirFD)
            close(dirFD)
        }
    }

    /// mkstemp creates 0600; snapshots are meant to be shared like any file.
    private static func fchmodTarget(_ path: String) {
        let mask = umask(0)
        umask(mask)
        chmod(path, 0o666 & ~mask)
    }

    /// Reads a whole file (or standard input for "-").
    public static func read(_ path: String, limit: Int = 512 << 20) throws(FileReadError) -> [UInt8] {
        let fd = path == "-" ? 0 : open(path, O_RDONLY)
        guard fd >= 0 else { throw FileReadError(path: path, reason: errnoText()) }
        defer { if fd != 0 { close(fd) } }
        var statBuffer = stat()
        if fstat(fd, &statBuffer) == 0 && (statBuffer.st_mode & S_IFMT) == S_IFDIR {
            throw FileReadError(path: path, reason: "is a directory")
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw FileReadError(path: path, reason: errnoText())
            }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
            if bytes.count > limit { throw FileReadError(path: path, reason: "larger than \(limit >> 20) MiB") }
        }
        return bytes
    }

    static func errnoText() -> String { String(cString: strerror(errno)) }
}
