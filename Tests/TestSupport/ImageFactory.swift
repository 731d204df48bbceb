import CMedia
import Foundation

/// Writes real image files with gdk-pixbuf, so tests need no binary fixtures.
public enum ImageFactory {
    public enum Format: String { case jpeg, png }

    /// A solid image with a contrasting block in its top-left quarter (so orientation is visible).
    /// `pngTexts` go into a PNG's tEXt chunks the way GNOME's screenshot tools put theirs
    /// (gdk-pixbuf's "tEXt::Software" option).
    public static func write(_ path: String, width: Int, height: Int, format: Format,
                             color: (UInt8, UInt8, UInt8) = (200, 60, 40), pngTexts: [(String, String)] = []) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        guard let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, Int32(width), Int32(height)) else {
            throw FactoryError("gdk_pixbuf_new failed")
        }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        let pixels = gdk_pixbuf_get_pixels(pixbuf)!
        for y in 0..<height {
            for x in 0..<width {
                let p = pixels + y * stride + x * 3
                let marker = x < width / 2 && y < height / 2
                p[0] = marker ? 255 - color.0 : color.0
                p[1] = marker ? 255 - color.1 : color.1
                p[2] = marker ? 255 - color.2 : color.2
            }
        }
        var error: UnsafeMutablePointer<GError>?
        var keys = pngTexts.map { strdup("tEXt::" + $0.0) } + [nil], values = pngTexts.map { strdup($0.1) } + [nil]
        defer { (keys + values).forEach { free($0) } }
        let ok = pngTexts.isEmpty ? gdk_pixbuf_savev(pixbuf, path, format.rawValue, nil, nil, &error)
            : gdk_pixbuf_savev(pixbuf, path, format.rawValue, &keys, &values, &error)
        if ok == 0 {
            let message = error.map { String(cString: $0.pointee.message) } ?? "unknown"
            throw FactoryError("saving \(path): \(message)")
        }
    }

    /// Sets a file's modification time, so tests control the newest-first order.
    public static func setModified(_ path: String, _ seconds: Double) throws {
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: seconds)], ofItemAtPath: path)
    }
}

