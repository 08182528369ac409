/// The inputs registrations are probed with: a registry snapshot records what
/// each utility and animation preset returns for these (so `diff` sees a
/// changed behaviour), and `plugins check` sweeps utilities with the same
/// arguments. Changing either list changes every snapshot's probes.
public enum RegistryProbes {
    /// Arguments every utility is probed with.
    public static let utilityArguments = ["0", "1", "2", "4", "8", "16", "full", "x"]
    /// Durations (seconds; nil for none) every animation preset is probed with.
    public static let animationSeconds: [Double?] = [nil, 0.25, 1]
}
