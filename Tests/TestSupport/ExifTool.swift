import Foundation
import TestSupportCore

/// What exiftool — a reader independent of exiv2 and libvips, which knows every group a
/// place hides in (maker notes, IPTC, XMP of any namespace, PNG text, QuickTime keys, user
/// data, embedded tracks) — finds in a file: "Group:Tag" to its value as text.
public enum ExifTool {
    public static var path: String? { Binaries.which("exiftool") }

    /// Every tag in every group (`-a -G1`, embedded data too: `-ee`), but exiftool's own and
    /// the file system's (name, dates, permissions).
    public static func tags(_ file: String) throws -> [String: String] {
        guard let exiftool = path else { throw FactoryError("exiftool is not installed (make deps installs it)") }
        let run = try ProcessRunner.run(exiftool, ["-j", "-a", "-G1", "-s", "-ee", "-struct", "--System:all", "--ExifTool:all", file])
        guard run.status == 0, let array = try JSONSerialization.jsonObject(with: run.stdout) as? [[String: Any]],
              let object = array.first else { throw FactoryError("exiftool on \(file): \(run.stderrText)") }
        var tags: [String: String] = [:]
        for (key, value) in object where key != "SourceFile" { tags[key] = "\(value)" }
        return tags
    }

    /// Tags that name or hold a place: by name (GPS, geo, location, city, country…) or by a
    /// value the test samples put there (their coordinates and place names).
    public static func placeTags(_ tags: [String: String], values: [String] = placeValues) -> [String] {
        // ":city", not "city": ICC's chromaticity is no place.
        let names = ["gps", "geo", "location", ":city", ":state", "-state", "country", "sub-location", "sublocation", "latitude",
                     "longitude", "altitude", "coordinates", "iso6709", ":lat", ":long"]
        return tags.filter { key, value in
            let name = key.lowercased()
            return names.contains { name.contains($0) } || values.contains { value.localizedCaseInsensitiveContains($0) }
        }.map { "\($0.key)=\($0.value)" }.sorted()
    }

    /// The coordinates and names the samples use, in the ways exiftool prints them.
    public static let placeValues = ["48.858", "48 deg", "2.294", "2 deg 17", "Paris", "Eiffel", "Champ de Mars", "France"]

    /// Runs exiftool to write `arguments` into `file` in place.
    public static func write(_ file: String, _ arguments: [String]) throws {
        guard let exiftool = path else { throw FactoryError("exiftool is not installed (make deps installs it)") }
        let run = try ProcessRunner.run(exiftool, ["-q", "-q", "-overwrite_original"] + arguments + [file])
        guard run.status == 0 else { throw FactoryError("exiftool \(arguments) on \(file): \(run.stderrText)") }
    }
}
