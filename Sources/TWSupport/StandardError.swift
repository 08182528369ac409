/// Unbuffered writes to stderr, for warnings that must not wait for stdout.
package enum StandardError {
    /// Writes `text` to descriptor 2. A failure is not reported: standard error
    /// is where twhost reports failures, so there is nowhere left to say it;
    /// the report on standard output and the exit status still tell.
    package static func write(_ text: String) {
        try? FileDescriptorIO.writeAll(text, to: 2)
    }
}
