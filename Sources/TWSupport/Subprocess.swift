import Glibc

/// How a child process ended.
package enum ProcessExit: Equatable, Sendable {
    case exited(Int32)
    case signaled(Int32)
    /// Killed after its time limit.
    case timedOut(seconds: Double)
    /// It could not be started.
    case notStarted(String)
}

/// What a child process printed and how it ended.
package struct SubprocessResult: Sendable {
    package var exit: ProcessExit
    package var stdout: [UInt8]
    package var stderr: [UInt8]
    /// What the child wrote on its report channel (`ChildChannel`), when it had one.
    package var channel: [UInt8] = []
    package var stderrText: String { String(decoding: stderr, as: UTF8.self) }
}

/// Runs child processes with captured output and a time limit, so that a
/// crashing or hanging plugin is reported, never taking twhost down.
///
/// Each child leads a process group of its own; when it ends or times out the
/// whole group is killed, so a process plugin code forked does not outlive the
/// check (or hold its pipes open).
package enum Subprocess {
    /// - Parameters:
    ///   - argv: the program (a path) and its arguments.
    ///   - timeout: seconds before the child is killed with SIGKILL.
    ///   - outputLimit: bytes kept of each stream; the rest is read and dropped.
    ///   - isolated: for children that may crash on purpose: the Swift runtime's
    ///     backtracer is off (it would hold the output pipes open and take
    ///     seconds), and under AddressSanitizer fatal signals are left to kill
    ///     the child so that they are reported as signals.
    ///   - channel: give the child a report channel on `ChildChannel.descriptor`,
    ///     read into `SubprocessResult.channel`.
    package static func run(
        _ argv: [String], timeout: Double, outputLimit: Int = 64 << 20, isolated: Bool = true, channel: Bool = false
    ) -> SubprocessResult {
        var outPipe: [Int32] = [-1, -1]
        var errPipe: [Int32] = [-1, -1]
        var channelPipe: [Int32] = [-1, -1]
        guard pipe(&outPipe) == 0, pipe(&errPipe) == 0, !channel || pipe(&channelPipe) == 0 else {
            return SubprocessResult(exit: .notStarted(String(cString: strerror(errno))), stdout: [], stderr: [])
        }
        // The read ends stay in this process only; the child gets the write ends by dup2.
        for fd in [outPipe[0], errPipe[0], channelPipe[0]] where fd >= 0 { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        if channel { posix_spawn_file_actions_adddup2(&actions, channelPipe[1], ChildChannel.descriptor) }
        // Every pipe end is closed in the child after the dup2s, except a number the
        // channel now holds (the original behind it is gone already).
        for fd in [outPipe[0], outPipe[1], errPipe[0], errPipe[1], channelPipe[0], channelPipe[1]]
        where fd >= 0 && !(channel && fd == ChildChannel.descriptor) {
            posix_spawn_file_actions_addclose(&actions, fd)
        }
        // Its own process group (so that what it forks can be killed with it),
        // and SIGPIPE back to its default (twhost ignores it).
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF))
        var cArgs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        var environment = currentEnvironment()
        if isolated {
            environment.removeAll { $0.hasPrefix("SWIFT_BACKTRACE=") || $0.hasPrefix("ASAN_OPTIONS=") }
            environment.append("SWIFT_BACKTRACE=enable=no")
            let asan = getenv("ASAN_OPTIONS").map { String(cString: $0) + ":" } ?? ""
            environment.append(
                "ASAN_OPTIONS=\(asan)handle_segv=0:handle_sigbus=0:handle_abort=0:handle_sigfpe=0:handle_sigill=0")
        }
        var cEnv: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, argv[0], &actions, &attributes, &cArgs, &cEnv)
        posix_spawn_file_actions_destroy(&actions)
        posix_spawnattr_destroy(&attributes)
        for p in cArgs { free(p) }
        for p in cEnv { free(p) }
        close(outPipe[1])
        close(errPipe[1])
        if channel { close(channelPipe[1]) }
        guard spawned == 0 else {
            close(outPipe[0])
            close(errPipe[0])
            if channel { close(channelPipe[0]) }
            return SubprocessResult(exit: .notStarted(String(cString: strerror(spawned))), stdout: [], stderr: [])
        }
        // Whatever happens below, nothing the child started outlives this call.
        defer { kill(-pid, SIGKILL) }
        var out: [UInt8] = []
        var err: [UInt8] = []
        var reports: [UInt8] = []
        var open = [outPipe[0], errPipe[0]] + (channel ? [channelPipe[0]] : [])
        let clock = ContinuousClock()
        let deadline = clock.now + .milliseconds(Int(timeout * 1000))
        var timedOut = false
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while !open.isEmpty {
            let remaining = deadline - clock.now
            if remaining <= .zero {
                timedOut = true
                break
            }
            let ms = Int32(
                clamping: min(
                    50,
                    remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000 + 1))
            var fds = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&fds, nfds_t(fds.count), ms)
            if ready < 0 && errno != EINTR { break }
            if ready == 0 {
                // Quiet pipes: if the child has ended, a grandchild may be holding
                // them open; stop reading rather than wait for it.
                var status: Int32 = 0
                if waitpid(pid, &status, WNOHANG) == pid {
                    // Take what is already in the channel: the child wrote it before it ended.
                    if channel, open.contains(channelPipe[0]) { reports += drain(channelPipe[0], limit: outputLimit) }
                    for fd in open { close(fd) }
                    return SubprocessResult(exit: exitOf(status), stdout: out, stderr: err, channel: reports)
                }
                continue
            }
            for entry in fds where entry.revents != 0 {
                let n = buffer.withUnsafeMutableBytes { read(entry.fd, $0.baseAddress, $0.count) }
                if n <= 0 {
                    close(entry.fd)
                    open.removeAll { $0 == entry.fd }
                } else if entry.fd == outPipe[0] {
                    if out.count < outputLimit { out += buffer[0..<min(n, outputLimit - out.count)] }
                } else if channel && entry.fd == channelPipe[0] {
                    if reports.count < outputLimit { reports += buffer[0..<min(n, outputLimit - reports.count)] }
                } else if err.count < outputLimit {
                    err += buffer[0..<min(n, outputLimit - err.count)]
                }
            }
        }
        for fd in open { close(fd) }
        var status: Int32 = 0
        if timedOut {
            kill(-pid, SIGKILL)
            waitpid(pid, &status, 0)
            return SubprocessResult(exit: .timedOut(seconds: timeout), stdout: out, stderr: err, channel: reports)
        }
        // Output closed; the child may still be running (it closed its streams).
        while true {
            let r = waitpid(pid, &status, WNOHANG)
            if r == pid { break }
            if r < 0 && errno != EINTR { break }
            if clock.now >= deadline {
                kill(-pid, SIGKILL)
                waitpid(pid, &status, 0)
                return SubprocessResult(exit: .timedOut(seconds: timeout), stdout: out, stderr: err, channel: reports)
            }
            usleep(2000)
        }
        return SubprocessResult(exit: exitOf(status), stdout: out, stderr: err, channel: reports)
    }

    /// Reads what a pipe holds now, without waiting for more.
    private static func drain(_ fd: Int32, limit: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while bytes.count < limit {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 0) > 0 else { break }
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            bytes += buffer[0..<min(n, limit - bytes.count)]
        }
        return bytes
    }

    static func exitOf(_ status: Int32) -> ProcessExit {
        status & 0x7F == 0 ? .exited((status >> 8) & 0xFF) : .signaled(status & 0x7F)
    }

    static func currentEnvironment() -> [String] {
        var out: [String] = []
        var pointer = environ
        while let entry = pointer.pointee {
            out.append(String(cString: entry))
            pointer += 1
        }
        return out
    }

    /// A signal's name: SIGSEGV, SIGABRT …
    package static func signalName(_ signal: Int32) -> String {
        switch signal {
        case SIGSEGV: return "SIGSEGV"
        case SIGABRT: return "SIGABRT"
        case SIGBUS: return "SIGBUS"
        case SIGFPE: return "SIGFPE"
        case SIGILL: return "SIGILL"
        case SIGKILL: return "SIGKILL"
        case SIGTERM: return "SIGTERM"
        case SIGTRAP: return "SIGTRAP"
        default: return "signal \(signal)"
        }
    }
}
