import CTWContainment
import Glibc

/// Why a plugin file, or a folder on its way, could be changed by another
/// user, and how to fix it. Whoever can write a plugin or swap it can
/// run code as the user who runs twhost.
public enum TrustProblem: Equatable, Sendable, CustomStringConvertible {
    /// Where on the path the problem is.
    public enum Place: Equatable, Sendable {
        /// The plugin file itself.
        case file
        /// The folder that holds the plugin (or the name it was requested by):
        /// it must not be writable by others even when sticky, since anyone
        /// could add a file or a link to it.
        case pluginFolder(String)
        /// A folder further up: writable by others only when sticky.
        case ancestor(String)
    }

    case writableByEveryone(Place)
    case writableByGroup(Place, group: UInt32)
    case ownedByAnotherUser(Place, uid: UInt32)
    /// A symbolic link on the way that someone other than the user or root made.
    case symlinkOfAnotherUser(String, uid: UInt32)
    /// A POSIX ACL entry (`system.posix_acl_access`) that lets another user
    /// (`u:1001`) or group (`g:50`) write, whatever the mode bits say.
    case aclGrantsWrite(Place, entry: String)

    public var description: String { "\(problem); fix: \(fix)" }

    /// What is wrong, without the fix.
    public var problem: String {
        switch self {
        case .writableByEveryone(.file):
            return "the plugin file is writable by every user"
        case .writableByEveryone(.pluginFolder(let folder)):
            return
                "its folder \(folder) is writable by every user (sticky or not, anyone could add a file or a link to it)"
        case .writableByEveryone(.ancestor(let folder)):
            return
                "the folder \(folder) above it is writable by every user and not sticky, so anyone could swap what is inside it"
        case .writableByGroup(.file, let group):
            return "the plugin file is writable by group \(group)"
        case .writableByGroup(.pluginFolder(let folder), let group):
            return "its folder \(folder) is writable by group \(group)"
        case .writableByGroup(.ancestor(let folder), let group):
            return "the folder \(folder) above it is writable by group \(group) and not sticky"
        case .ownedByAnotherUser(.file, let uid):
            return "the plugin file is owned by user \(uid), not by you or root"
        case .ownedByAnotherUser(.pluginFolder(let folder), let uid):
            return "its folder \(folder) is owned by user \(uid), not by you or root"
        case .ownedByAnotherUser(.ancestor(let folder), let uid):
            return "the folder \(folder) above it is owned by user \(uid), not by you or root"
        case .symlinkOfAnotherUser(let link, let uid):
            return "\(link) is a symbolic link owned by user \(uid), not by you or root"
        case .aclGrantsWrite(.file, let entry):
            return "the plugin file's ACL lets \(Self.who(entry)) write it"
        case .aclGrantsWrite(.pluginFolder(let folder), let entry):
            return "its folder \(folder) has an ACL that lets \(Self.who(entry)) write it"
        case .aclGrantsWrite(.ancestor(let folder), let entry):
            return "the folder \(folder) above it has an ACL that lets \(Self.who(entry)) write it and is not sticky"
        }
    }

    private static func who(_ entry: String) -> String {
        (entry.hasPrefix("u:") ? "user " : "group ") + entry.dropFirst(2)
    }

    /// What to do about it.
    public var fix: String {
        switch self {
        case .writableByEveryone(.file): return "chmod o-w on it"
        case .writableByEveryone(.pluginFolder(let folder)):
            return "chmod o-w \(folder), or move the plugin to a folder only you can write"
        case .writableByEveryone(.ancestor(let folder)): return "chmod o-w \(folder) (or chmod +t \(folder))"
        case .writableByGroup(.file, _): return "chmod g-w on it"
        case .writableByGroup(.pluginFolder(let folder), _): return "chmod g-w \(folder)"
        case .writableByGroup(.ancestor(let folder), _): return "chmod g-w \(folder) (or chmod +t \(folder))"
        case .ownedByAnotherUser(.file, _): return "chown it, or build it yourself"
        case .ownedByAnotherUser(.pluginFolder, _), .ownedByAnotherUser(.ancestor, _):
            return "move the plugin to a folder you or root own"
        case .symlinkOfAnotherUser: return "remove it, or name the file it points to"
        case .aclGrantsWrite(.file, let entry): return "setfacl -x \(entry) on it (or setfacl -b)"
        case .aclGrantsWrite(.pluginFolder(let folder), let entry), .aclGrantsWrite(.ancestor(let folder), let entry):
            return "setfacl -x \(entry) \(folder) (or setfacl -b \(folder))"
        }
    }
}

/// Resolves a plugin path without trusting anything another user could have
/// changed, before any file is opened: each component is looked at with
/// `lstat` (nothing is opened or run), symbolic links are followed only when the
/// user or root made them, and every folder on the way is then checked.
///
/// - Every folder must be owned by root or the user and not writable by others
///   unless it is sticky (a sticky folder such as `/tmp` keeps others from
///   replacing what the user put in it).
/// - The plugin's own folder, and the folder of the name it was requested by,
///   must not be writable by others even when sticky.
///
/// The file itself is checked afterwards, on the open descriptor (`checkFile`).
package struct PluginFileTrust {
    /// false with `--allow-writable-plugins`: the path is still resolved, nothing is refused for its owner or mode.
    var enforce: Bool
    private let user = geteuid()
    private let group = getegid()

    /// Why resolving failed.
    enum Failure: Error, Equatable {
        case missing
        case untrusted(TrustProblem)
        case other(String)
    }

    init(enforce: Bool) { self.enforce = enforce }

    /// Why a file that is not a plugin (a header, a manifest) could have been
    /// written by another user, by the same rules as a plugin — owner, mode and
    /// ACL of the file and of every folder above it — or nil when it could not.
    package static func problem(with path: String) -> String? {
        let trust = PluginFileTrust(enforce: true)
        do throws(Failure) {
            let resolved = try trust.resolve(path)
            let fd = open(resolved, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
            guard fd >= 0 else { return String(cString: strerror(errno)) }
            defer { close(fd) }
            var info = stat()
            guard fstat(fd, &info) == 0 else { return String(cString: strerror(errno)) }
            try trust.checkFile(info, descriptor: fd)
            return nil
        } catch {
            switch error {
            case .missing: return "missing"
            case .untrusted(let problem): return problem.problem
            case .other(let text): return text
            }
        }
    }

    /// The canonical path of the file `path` names (symbolic links resolved).
    func resolve(_ path: String) throws(Failure) -> String {
        var absolute = path
        if !path.hasPrefix("/") {
            guard let cwd = getcwd(nil, 0) else { throw .other(errnoText()) }
            absolute = String(cString: cwd) + "/" + path
            free(cwd)
        }
        // Components to walk, last first; `entry` marks the requested name.
        var pending: [(name: String, entry: Bool)] = []
        let parts = absolute.split(separator: "/").map(String.init)
        for (index, part) in parts.enumerated().reversed() { pending.append((part, index == parts.count - 1)) }
        var resolved: [String] = []
        var visited = ["/"]  // every folder entered, top down
        var ownFolders: Set<String> = []  // the plugin's own folders: the strict rule
        var links = 0
        while let (name, isEntry) = pending.popLast() {
            if name.isEmpty || name == "." { continue }
            if name == ".." {
                if !resolved.isEmpty { resolved.removeLast() }
                continue
            }
            let here = "/" + resolved.joined(separator: "/")
            let candidate = (resolved.isEmpty ? "" : here) + "/" + name
            var info = stat()
            guard lstat(candidate, &info) == 0 else {
                if errno == ENOENT || errno == ENOTDIR { throw .missing }
                throw .other("\(candidate): \(errnoText())")
            }
            let last = pending.allSatisfy { $0.name.isEmpty || $0.name == "." }
            if isEntry { ownFolders.insert(here) }
            switch info.st_mode & S_IFMT {
            case S_IFLNK:
                links += 1
                guard links <= 40 else { throw .other("\(path): too many levels of symbolic links") }
                if enforce && !trusted(info.st_uid) {
                    // The folders it sits in come first: they are where it could be planted.
                    for folder in visited { try checkFolder(folder, strict: ownFolders.contains(folder)) }
                    throw .untrusted(.symlinkOfAnotherUser(candidate, uid: info.st_uid))
                }
                let target = try readLink(candidate)
                if target.hasPrefix("/") { resolved.removeAll() }
                let targetParts = target.split(separator: "/").map(String.init)
                // The link's target takes over the link's role as the requested entry.
                for (index, part) in targetParts.enumerated().reversed() {
                    pending.append((part, isEntry && index == targetParts.count - 1))
                }
            case S_IFDIR:
                if !visited.contains(candidate) { visited.append(candidate) }
                resolved.append(name)
            default:
                guard last else { throw .missing }
                resolved.append(name)
                // Top down, so the message names the highest folder at fault.
                for folder in visited { try checkFolder(folder, strict: ownFolders.contains(folder)) }
                return "/" + resolved.joined(separator: "/")
            }
        }
        throw .other("\(path) names a folder, not a plugin file")
    }

    /// The open plugin file: a regular file, owned by root or the user, not
    /// writable by others. Checked on the descriptor, so it is the file loaded.
    func checkFile(_ info: stat, descriptor: Int32) throws(Failure) {
        guard info.st_mode & S_IFMT == S_IFREG else { throw .other("not a regular file") }
        guard enforce else { return }
        if let problem = problem(info, place: .file, sticky: false) { throw .untrusted(problem) }
        if let entry = aclWriter(Self.acl { twc_getxattr(nil, descriptor, Self.aclName, $0, UInt($1)) }, info) {
            throw .untrusted(.aclGrantsWrite(.file, entry: entry))
        }
    }

    private func checkFolder(_ folder: String, strict: Bool) throws(Failure) {
        guard enforce else { return }
        var info = stat()
        guard stat(folder, &info) == 0 else { throw .other("\(folder): \(errnoText())") }
        let place: TrustProblem.Place = strict ? .pluginFolder(folder) : .ancestor(folder)
        let sticky = !strict && info.st_mode & S_ISVTX != 0
        if let problem = problem(info, place: place, sticky: sticky) { throw .untrusted(problem) }
        if !sticky, let entry = aclWriter(Self.acl { twc_getxattr(folder, -1, Self.aclName, $0, UInt($1)) }, info) {
            throw .untrusted(.aclGrantsWrite(place, entry: entry))
        }
    }

    /// The extended attribute that holds a file's POSIX access ACL.
    static let aclName = "system.posix_acl_access"

    /// The raw ACL, read with `get` (getxattr or fgetxattr), or nil when there is none.
    static func acl(_ get: (UnsafeMutableRawPointer?, Int) -> Int) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { get($0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        return Array(buffer[0..<count])
    }

    /// The first ACL entry that lets someone other than the owner, the user, root
    /// or the user's own group write (`u:1001`, `g:50`), through the ACL's mask; nil
    /// when there is none. The ACL is version 2: a 4-byte header, then 8-byte
    /// entries of tag, permissions (write is 2) and id, little-endian. An ACL
    /// twhost cannot read is taken as one that grants write.
    func aclWriter(_ acl: [UInt8]?, _ info: stat) -> String? {
        guard let acl else { return nil }
        func u16(_ k: Int) -> UInt16 { UInt16(acl[k]) | UInt16(acl[k + 1]) << 8 }
        func u32(_ k: Int) -> UInt32 { UInt32(u16(k)) | UInt32(u16(k + 2)) << 16 }
        guard acl.count >= 4, (acl.count - 4) % 8 == 0, u32(0) == 2 else { return "u:?" }
        let userTag: UInt16 = 0x02
        let groupTag: UInt16 = 0x08
        let maskTag: UInt16 = 0x10
        var maskAllowsWrite = true
        var writers: [String] = []
        for k in stride(from: 4, to: acl.count, by: 8) {
            let (tag, permissions, id) = (u16(k), u16(k + 2), u32(k + 4))
            let writes = permissions & 0x02 != 0
            if tag == maskTag { maskAllowsWrite = writes }
            if tag == userTag && writes && id != info.st_uid && id != user && id != 0 { writers.append("u:\(id)") }
            if tag == groupTag && writes && id != group && id != 0 { writers.append("g:\(id)") }
        }
        return maskAllowsWrite ? writers.first : nil
    }

    /// Owner first (another user's folder is theirs to change), then the mode.
    /// A group that is the user's own group or root's is not "others".
    private func problem(_ info: stat, place: TrustProblem.Place, sticky: Bool) -> TrustProblem? {
        if !trusted(info.st_uid) { return .ownedByAnotherUser(place, uid: info.st_uid) }
        if info.st_mode & S_IWOTH != 0 && !sticky { return .writableByEveryone(place) }
        if info.st_mode & S_IWGRP != 0 && info.st_gid != group && info.st_gid != 0 && !sticky {
            return .writableByGroup(place, group: info.st_gid)
        }
        return nil
    }

    private func trusted(_ uid: uid_t) -> Bool { uid == user || uid == 0 }

    private func readLink(_ path: String) throws(Failure) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count >= 0 else { throw .other("\(path): \(errnoText())") }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private func errnoText() -> String { String(cString: strerror(errno)) }
}
