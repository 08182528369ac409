/// Values a command keeps until the process ends. twhost's executables end
/// with `_exit` right after a command returns, so a command that built large
/// structures (a run's scene trees, nested a thousand deep in a chain of
/// `.tw` calls) hands them here instead of freeing them node by node first:
/// the kernel takes the whole address space back at once. Only for what is
/// built once per process; a long-lived process (the language server) never
/// calls it.
public enum UntilExit {
    public static func keep<Value>(_ value: Value) {
        _ = Unmanaged.passRetained(Holder(value))
    }

    private final class Holder<Value> {
        let value: Value
        init(_ value: Value) { self.value = value }
    }
}
