import Glibc

/// Why bytes could not be written to a file descriptor: the `errno` of the
/// failing `write(2)` (ENOSPC for a full disk or `/dev/full`, EPIPE for a
/// closed pipe, EBADF for a closed descriptor …).
public struct WriteError: Error, Equatable, Sendable, CustomStringConvertible {
    public var code: Int32
    public init(code: Int32) { self.code = code }
    public var description: String { String(cString: strerror(code)) }
}

/// The one way twhost writes to a file descriptor: interrupted writes are
/// retried, short writes continued, and a failure is thrown, never dropped.
package enum FileDescriptorIO {
    /// Writes every byte of `bytes` to `fd`.
    /// - Throws: `WriteError` with the `errno` of the first failing write.
    package static func writeAll(_ bytes: UnsafeRawBufferPointer, to fd: Int32) throws(WriteError) {
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let written = write(fd, base + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw WriteError(code: errno)
            }
            // write(2) returns 0 only for a zero-length request; guard anyway so a
            // misbehaving descriptor cannot spin this loop forever.
            if written == 0 { throw WriteError(code: EIO) }
            offset += written
        }
    }

    /// Writes every byte of `bytes` to `fd`.
    package static func writeAll(_ bytes: [UInt8], to fd: Int32) throws(WriteError) {
        let failure: WriteError? = bytes.withUnsafeBytes { raw in
            do throws(WriteError) {
                try writeAll(raw, to: fd)
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw failure }
    }

    /// Writes `text` as UTF-8 to `fd`.
    package static func writeAll(_ text: String, to fd: Int32) throws(WriteError) {
        var text = text
        let failure: WriteError? = text.withUTF8 { buffer in
            do throws(WriteError) {
                try writeAll(UnsafeRawBufferPointer(buffer), to: fd)
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw failure }
    }
}
