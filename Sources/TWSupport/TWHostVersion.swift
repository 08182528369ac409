/// The host's version.
public enum TWHostVersion {
    public static let string = "0.1.0"
}
