/// A plugin's opaque `context` pointer, handed back to its factories,
/// parsers, utilities and presets on every call.
///
/// The one place a plugin pointer crosses threads: twhost never dereferences
/// it, only passes it back, and the ABI tags those functions `[any-thread]`
/// (TWPluginAPI.h), so calling them with it from any thread is the plugin's
/// promise, not a data race twhost could make.
package struct PluginContext: @unchecked Sendable {
    package let pointer: UnsafeMutableRawPointer?

    package init(_ pointer: UnsafeMutableRawPointer?) { self.pointer = pointer }
}
