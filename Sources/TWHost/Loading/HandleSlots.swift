import Glibc
import TWPluginAPI

/// The `tw_builder` handles factories receive. A plugin that keeps the handle
/// and calls it after its factory returned must not crash the host, so the
/// handle's memory stays valid: each thread owns one builder for the life of
/// the process, and between calls its `host` is NULL, which every callback
/// treats as "closed" and ignores.
enum HandleSlots {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)  // slots are kept for the life of the process
        return key
    }()

    /// Runs `body` with this thread's builder bound to `recorder`; nested uses
    /// (not possible through the ABI, but cheap to allow) get a handle of their own.
    static func withBuilder<R>(recorder: IRRecorder, _ body: (UnsafeMutablePointer<tw_builder>) -> R) -> R {
        let slot: UnsafeMutablePointer<tw_builder>
        if let existing = pthread_getspecific(key) {
            slot = existing.assumingMemoryBound(to: tw_builder.self)
        } else {
            slot = UnsafeMutablePointer<tw_builder>.allocate(capacity: 1)
            slot.initialize(
                to: tw_builder(struct_size: UInt32(MemoryLayout<tw_builder>.size), reserved: 0, api: nil, host: nil))
            pthread_setspecific(key, slot)
        }
        if slot.pointee.host != nil {
            // In use further up this thread's stack: a temporary handle.
            var nested = tw_builder(
                struct_size: UInt32(MemoryLayout<tw_builder>.size), reserved: 0,
                api: UnsafePointer(HostCallbacks.builderAPI),
                host: Unmanaged.passUnretained(recorder).toOpaque())
            return withUnsafeMutablePointer(to: &nested, body)
        }
        slot.pointee.api = UnsafePointer(HostCallbacks.builderAPI)
        slot.pointee.host = Unmanaged.passUnretained(recorder).toOpaque()
        defer { slot.pointee.host = nil }
        return body(slot)
    }
}
