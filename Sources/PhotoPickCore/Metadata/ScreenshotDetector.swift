/// Recognises screenshots by the names screenshot tools give them, by a "Screenshots"
/// folder on the path, or by a PNG exactly the size of a common screen.
public enum ScreenshotDetector {
    public static func isScreenshot(name: String, folderPath components: [String], mimeType: String,
                                    pixelSize: (width: Int, height: Int)?) -> Bool {
        if hasScreenshotName(name) { return true }
        if components.contains(where: { folderNames.contains($0.lowercased()) }) { return true }
        if mimeType == "image/png", let size = pixelSize {
            return screenSizes.contains(Size(size.width, size.height)) || screenSizes.contains(Size(size.height, size.width))
        }
        return false
    }

    /// GNOME "Screenshot from …", KDE and Android "Screenshot_…", Windows "Screenshot (12)"
    /// and "Screenshot 2024-…", macOS "Screen Shot …" and "Screenshot … at …", and a few
    /// translations GNOME and macOS use.
    static func hasScreenshotName(_ name: String) -> Bool {
        let lower = name.lowercased()
        for prefix in namePrefixes where lower.hasPrefix(prefix) {
            // The word must end there: "screenshots-for-review.png" is just a file.
            guard let next = lower.dropFirst(prefix.count).first else { return true }
            if " _-(.".contains(next) { return true }
        }
        return false
    }

    static let namePrefixes = [
        "screenshot", "screen shot", "screen_shot",
        "bildschirmfoto", "capture d’écran", "capture d'écran", "captura de pantalla",
        "schermata", "снимок экрана", "zrzut ekranu", "schermafbeelding",
    ]

    static let folderNames: Set<String> = ["screenshots", "screen shots", "bildschirmfotos"]

    /// Whether a folder's name (its bytes) can be one of `folderNames` in some case: an
    /// ASCII name of another length cannot, as ASCII lowercasing keeps the length. The
    /// assembler makes a String only of those that can, not of every folder of every file.
    public static func mayNameScreenshotFolder(_ bytes: ArraySlice<UInt8>) -> Bool {
        folderNameLengths.contains(bytes.count) || bytes.contains { $0 >= 0x80 }
    }

    static let folderNameLengths = Set(folderNames.map(\.utf8.count))

    struct Size: Hashable {
        let w: Int, h: Int
        init(_ w: Int, _ h: Int) { (self.w, self.h) = (w, h) }
    }

    static let screenSizes: Set<Size> = [
        Size(1280, 720), Size(1280, 800), Size(1366, 768), Size(1440, 900), Size(1536, 864),
        Size(1600, 900), Size(1920, 1080), Size(1920, 1200), Size(2560, 1080), Size(2560, 1440),
        Size(2560, 1600), Size(2880, 1800), Size(3024, 1964), Size(3440, 1440), Size(3840, 2160),
        // Phones, portrait.
        Size(1080, 1920), Size(1080, 2340), Size(1080, 2400), Size(1170, 2532), Size(1179, 2556),
        Size(1284, 2778), Size(1290, 2796), Size(750, 1334), Size(828, 1792),
    ]
}
