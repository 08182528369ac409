import Glibc

/// Why a file could not be written.
package struct FileWriteError: Error, Equatable, Sendable, CustomStringConvertible {
    package var path: String
    package var reason: String
    package var description: String { "cannot write \(path): \(reason)" }
}

/// Why a file could not be read.
package struct FileReadError: Error, Equatable, Sendable, CustomStringConvertible {
    package var path: String
    package var reason: String
    package var description: String { "cannot read \(path): \(reason)" }
}

/// Whole-file reads and atomic writes.
package enum FileIO {
    /// Writes through a temporary file in the same directory, fsyncs it and
    /// renames it over the target: readers see the old file or the new one,
    /// never a truncated one.
    ///
    /// Only a regular file is replaced (or a new one created): a symlink, FIFO,
    /// device, socket or directory at `path` is refused and left untouched, so
    /// `-o /dev/null` never turns a device into a file and a link is never
    /// replaced by a copy. A replaced file keeps its permission bits (and, when
    /// twhost may set them, its owner and group); a new file gets 0666 minus the
    /// umask, like any file a program creates.
    /// - Throws: `FileWriteError` naming the path and why.
    package static func writeAtomically(_ contents: String, to path: String) throws(FileWriteError) {
        var existing = stat()
        var mode: mode_t
        var owner: (uid: uid_t, gid: gid_t)?
        if lstat(path, &existing) == 0 {
            if let kind = notRegular(existing.st_mode) {
                throw FileWriteError(
                    path: path, reason: "is \(kind); only a regular file is replaced (or a new one created)")
            }
            mode = existing.st_mode & 0o777
            owner = (existing.st_uid, existing.st_gid)
        } else {
            let mask = umask(0)
            umask(mask)
            mode = 0o666 & ~mask
        }
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[..<$0]) } ?? "."
        let base = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var template = Array(((directory.isEmpty ? "" : directory) + "/." + base + ".tmp-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }  // non-empty array
        guard fd >= 0 else { throw FileWriteError(path: path, reason: errnoText()) }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)  // plugin code that starts programs does not inherit it
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }  // NUL-terminated
        var failure: String?
        do throws(WriteError) {
            try FileDescriptorIO.writeAll(contents, to: fd)
        } catch {
            failure = error.description
        }
        if failure == nil && fchmod(fd, mode) != 0 { failure = errnoText() }
        if failure == nil, let owner, owner.uid != geteuid() || owner.gid != getegid() {
            // Only root (or a member of the group) may hand the file back to its
            // owner; otherwise it is ours now, as with any rewrite.
            _ = fchown(fd, owner.uid, owner.gid)
        }
        if failure == nil && fsync(fd) != 0 { failure = errnoText() }
        if close(fd) != 0 && failure == nil { failure = errnoText() }
        if failure == nil && rename(temporary, path) != 0 { failure = errnoText() }
        if let failure {
            unlink(temporary)
            throw FileWriteError(path: path, reason: failure)
        }
        let dirFD = open(directory.isEmpty ? "/" : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dirFD >= 0 {
            fsync(dirFD)
            close(dirFD)
        }
    }

    /// What a file type is called when it is not a regular file.
    private static func notRegular(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFLNK: return "a symbolic link"
        case S_IFIFO: return "a FIFO"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFDIR: return "a directory"
        case S_IFSOCK: return "a socket"
        default: return "not a regular file"
        }
    }

    /// Reads a whole file (or standard input for "-").
    ///
    /// Only a regular file is read (or standard input when `-` is given): the
    /// file is opened without blocking (`O_NONBLOCK`, so a FIFO cannot hang the
    /// open) and a FIFO, device, socket or folder is refused from `fstat`,
    /// as is a file larger than `limit`. Standard input is read to just past
    /// the limit at most.
    /// - Throws: `FileReadError` naming the path and why.
    package static func read(_ path: String, limit: Int = defaultReadLimit) throws(FileReadError) -> [UInt8] {
        let fd = path == "-" ? 0 : open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw FileReadError(path: path, reason: errnoText()) }
        defer { if fd != 0 { close(fd) } }
        var statBuffer = stat()
        guard fstat(fd, &statBuffer) == 0 else { throw FileReadError(path: path, reason: errnoText()) }
        if fd != 0 {
            if let kind = notRegular(statBuffer.st_mode) {
                throw FileReadError(
                    path: path, reason: "is \(kind); only a regular file is read (or - for standard input)")
            }
            if Int(statBuffer.st_size) > limit { throw FileReadError(path: path, reason: tooLarge(limit)) }
            // Reads of a regular file never block; clear the flag so none ever returns EAGAIN.
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        }
        var bytes: [UInt8] = []
        // A regular file's size is known: one allocation instead of a doubling
        // series of copies (the size is a hint; the loop still reads to the end).
        if (statBuffer.st_mode & S_IFMT) == S_IFREG, statBuffer.st_size > 0 {
            bytes.reserveCapacity(min(Int(statBuffer.st_size), limit) + 1)
        }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            // Never more than one byte past the limit.
            let want = min(chunk.count, limit + 1 - bytes.count)
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, want) }
            if n < 0 {
                if errno == EINTR { continue }
                throw FileReadError(path: path, reason: errnoText())
            }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
            if bytes.count > limit { throw FileReadError(path: path, reason: tooLarge(limit)) }
        }
        return bytes
    }

    /// The most `read` reads of one input: 512 MiB.
    package static let defaultReadLimit = 512 << 20

    private static func tooLarge(_ limit: Int) -> String {
        limit >= 1 << 20 ? "larger than \(limit >> 20) MiB" : "larger than \(limit) bytes"
    }

    /// What a file of this mode is, when it is not a regular file ("a FIFO").
    package static func kind(_ mode: mode_t) -> String? { notRegular(mode) }

    package static func errnoText() -> String { String(cString: strerror(errno)) }
}
