/// The generator's version, printed by `contractgen --version`. Raised with
/// every release tag; generated code does not embed it (so regenerating with a
/// new release rewrites only what really changed).
public enum ContractGenVersion {
    public static let current = "0.1.0"
}
