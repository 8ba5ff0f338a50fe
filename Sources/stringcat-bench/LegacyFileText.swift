import Compilation
import StringsDict
import StringsFile
import XLIFF

/// The bytes of generated legacy files, written the way Xcode and genstrings write them.
///
/// Text is escaped by the escaper of the module that writes (or reads) each format, not a copy of
/// its own: one place decides how a `.strings` literal, a property list or an XML attribute escapes.
enum LegacyFileText {
    /// A `.strings` file: a comment line (when the entry has one), the pair, a blank line.
    static func strings(_ entries: [GeneratedText.Entry]) -> String {
        var text = ""
        text.reserveCapacity(entries.count * 96)
        let escaped = StringsFileWriter.escaped
        for entry in entries {
            if let comment = entry.comment { text += "/* \(comment) */\n" }
            text += "\"\(escaped(entry.key))\" = \"\(escaped(entry.value))\";\n\n"
        }
        return text
    }

    /// UTF-8, or UTF-16 little-endian with a byte order mark (what Xcode's old string tools wrote).
    static func bytes(_ text: String, utf16: Bool) -> [UInt8] {
        guard utf16 else { return Array(text.utf8) }
        var bytes: [UInt8] = [0xFF, 0xFE]
        bytes.reserveCapacity(2 + text.utf16.count * 2)
        for unit in text.utf16 { bytes.append(UInt8(unit & 0xFF)); bytes.append(UInt8(unit >> 8)) }
        return bytes
    }

    /// The start of an XML property list whose top level is a dictionary, as Xcode writes it.
    static let plistHeader = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>

        """

    /// A `.stringsdict` XML property list, tab-indented as Xcode writes it.
    static func stringsDict(_ plurals: [GeneratedText.Plural]) -> String {
        var text = plistHeader
        let xml = PlistXMLWriter.escaped
        for plural in plurals {
            text += "\t<key>\(xml(plural.key))</key>\n\t<dict>\n"
            text += "\t\t<key>NSStringLocalizedFormatKey</key>\n\t\t<string>\(xml(plural.formatKey))</string>\n"
            for variable in plural.variables {
                text += "\t\t<key>\(variable.name)</key>\n\t\t<dict>\n"
                text += "\t\t\t<key>NSStringFormatSpecTypeKey</key>\n\t\t\t<string>NSStringPluralRuleType</string>\n"
                text += "\t\t\t<key>NSStringFormatValueTypeKey</key>\n\t\t\t<string>\(variable.valueType)</string>\n"
                for (category, form) in variable.forms.sorted(by: { $0.key < $1.key }) {
                    text += "\t\t\t<key>\(category.rawValue)</key>\n\t\t\t<string>\(xml(form))</string>\n"
                }
                text += "\t\t</dict>\n"
            }
            text += "\t</dict>\n"
        }
        return text + "</dict>\n</plist>\n"
    }

    /// A storyboard holding the objects the `Main.strings` keys name (never read by the migration:
    /// it only marks `Main` as an Interface Builder table).
    static func storyboard(_ entries: [GeneratedText.Entry]) -> String {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22155" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" initialViewController="BYZ-38-t0r">
                <scenes>
                    <scene sceneID="tne-QT-ifu">
                        <objects>
                            <viewController id="BYZ-38-t0r" sceneMemberID="viewController">
                                <view key="view" contentMode="scaleToFill" id="8bC-Xf-vdC">
                                    <subviews>

            """
        for entry in entries {
            let objectID = entry.key.prefix { $0 != "." }
            var label = Array("                                <label text=\"".utf8)
            XMLEscaping.appendAttribute(entry.value, to: &label)
            text += String(decoding: label, as: UTF8.self) + "\" id=\"\(objectID)\"/>\n"
        }
        text += """
                                    </subviews>
                                </view>
                            </viewController>
                        </objects>
                    </scene>
                </scenes>
            </document>

            """
        return text
    }

    /// The app's Info.plist: the keys its `InfoPlist.strings` localize, with their source values.
    static func infoPlist(_ entries: [GeneratedText.Entry]) -> String {
        var text = plistHeader
        let xml = PlistXMLWriter.escaped
        for entry in entries {
            text += "\t<key>\(xml(entry.key))</key>\n\t<string>\(xml(entry.value))</string>\n"
        }
        return text + "</dict>\n</plist>\n"
    }

    /// The target's one source file (never read by the migration).
    static let appDelegate = """
        import UIKit

        @main
        final class AppDelegate: UIResponder, UIApplicationDelegate {}

        """
}
