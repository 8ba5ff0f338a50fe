import StringCatalog

/// Which catalog units `stringcat compile` writes (docs/spec/compile-output.md#strings-output, and docs/compile.md for
/// the cases the evidence does not settle).
///
/// - A unit with state `new` is not written: kouki-dan/xcode-and-playgrounds@a124fa6
///   `InfoPlist.xcstrings` has `NSPhotoLibraryUsageDescription` with `en` state `new`
///   (`extracted_with_value`), and `xcstringstool compile` left it out of `en.lproj/InfoPlist.strings`
///   while writing the `translated` `CFBundleName` beside it.
/// - Every other state is written (`translated`, `needs_review`, and any unknown state): the
///   catalog holds that text and the app showed it before.
/// - Entries are written whatever their `extractionState` (`stale` included: the translation is
///   still in the catalog, and leaving it out would change what the app shows) and whatever
///   `shouldTranslate` says (a "Don't translate" entry writes the units it has).
/// - A source-language unit whose value equals its key is written: the legacy file had it, and
///   the "implicit" values of docs/spec/compile-output.md#strings-output are units absent from the catalog, which have
/// nothing   to write (kouki-dan `Localizable.xcstrings` has no `en` units, so no `en.lproj/Localizable.strings`).
enum CompileSelection {
    static func emits(_ unit: StringUnit) -> Bool {
        unit.state != .new
    }
}
