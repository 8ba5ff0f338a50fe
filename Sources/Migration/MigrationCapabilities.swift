/// What this build of the migration can do.
public enum MigrationCapabilities {
    /// True once the round-trip verifier exists: `--delete-legacy` depends on it.
    public static let canProveZeroLoss = true
}
