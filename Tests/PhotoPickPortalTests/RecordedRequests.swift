import Foundation
import PhotoPickPortal
import TestSupport

/// The FileChooser calls real clients made, recorded with dbus-monitor by
/// scripts/record-portal-requests.sh (Fixtures/CASE.options: the a{sv} the client sent, in
/// GVariant text; CASE.title and CASE.parent beside it; CASE.monitor.txt the raw excerpt).
enum RecordedRequest: String, CaseIterable {
    /// Firefox ESR 153, `<input type=file accept="image/*">`.
    case firefoxImageAny = "firefox-image-any"
    /// Firefox ESR 153, `accept="image/jpeg,image/png" multiple`.
    case firefoxJPEGPNG = "firefox-jpeg-png"
    /// Chromium 156, `accept="image/*"`.
    case chromiumImageAny = "chromium-image-any"
    /// A GTK 4.8 program's GtkFileChooserNative with gtk_file_filter_add_pixbuf_formats().
    case gtk4PixbufFormats = "gtk4-pixbuf-formats"
    /// Firefox ESR 153, `accept=".pdf,application/pdf"`: a document request.
    case firefoxPDF = "firefox-pdf"

    static let folder = PortalTree.repository + "/Tests/PhotoPickPortalTests/Fixtures"

    private func text(_ ext: String) throws -> String {
        try String(contentsOfFile: "\(Self.folder)/\(rawValue).\(ext)", encoding: .utf8)
    }

    /// The options as the client sent them, in GVariant text (without handle_token).
    var options: String { get throws { try text("options").trimmingCharacters(in: .newlines) } }
    var title: String { get throws { try text("title") } }
    var parentWindow: String { get throws { try text("parent") } }

    /// The call as the frontend hands it to a backend (the frontend drops current_folder on
    /// OpenFile in 1.16; the decoder reads it all the same).
    func call() throws -> FileChooserCall {
        let text = "(objectpath '/org/freedesktop/portal/desktop/request/1_42/t', '', \(try quoted(parentWindow)), \(try quoted(title)), \(try options))"
        guard let parameters = Variant.parse(text) else { throw PortalTestError("\(rawValue): the fixture does not parse") }
        return try OptionsDecoder.decode(method: .openFile, parameters: parameters)
    }

    private func quoted(_ s: String) -> String {
        "'" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }
}
