import CGtk
import Foundation
import PhotoPickCore
import PhotoPickMedia
import XCTest
@testable import PhotoPickGtk

/// The typed handles in Interop/ that own or pass on GObject references: what they offer
/// GTK, and that what they own goes when they do.
///
/// XCTest runs tests on the main thread here, where the GTK side's main-actor code lives.
final class TypedHandleTests: XCTestCase {
    private func requireGtk() throws {
        try XCTSkipUnless(HeadlessGtk.start(), "GTK could not open a display")
    }

    /// A copy or a drag offers the files three ways, and the content (with the three
    /// providers inside it) is freed once nobody holds it.
    func testFileTransferOffersUrisGnomeFilesAndAFileListAndGoesWithItsLastHolder() throws {
        try requireGtk()
        MainActor.assumeIsolated {
            XCTAssertNil(FileTransfer.provider(for: []), "nothing to offer, no content")
            var weak: WeakObject?
            do {
                guard let content = FileTransfer.provider(for: [RawPath("/p/a b.jpg"), RawPath(bytes: Array("/p/".utf8) + [0xFF])]) else {
                    return XCTFail("no content for two paths")
                }
                let formats = gdk_content_provider_ref_formats(content.object)
                defer { gdk_content_formats_unref(formats) }
                XCTAssertNotEqual(gdk_content_formats_contain_mime_type(formats, "text/uri-list"), 0)
                XCTAssertNotEqual(gdk_content_formats_contain_mime_type(formats, "x-special/gnome-copied-files"), 0)
                XCTAssertNotEqual(gdk_content_formats_contain_gtype(formats, gdk_file_list_get_type()), 0)
                weak = WeakObject(UnsafeMutableRawPointer(content.object))
                XCTAssertEqual(weak?.isAlive, true)
            }
            HeadlessGtk.settle()
            XCTAssertEqual(weak?.isAlive, false, "the content provider outlived its handle")
        }
    }

    /// What `setAccels` gives the application is what it holds, and an empty list unbinds.
    func testAcceleratorsRoundTripThroughTheApplication() throws {
        try requireGtk()
        MainActor.assumeIsolated {
            let app = Gtk.Application(id: "io.github.photopick.TypedHandleTests")
            app.setAccels(["<Primary>z", "<Control><Shift>z"], for: "win.undo")
            XCTAssertEqual(app.accels(for: "win.undo").map(Accelerators.canonical), ["<Control>z", "<Shift><Control>z"])
            XCTAssertEqual(app.accels(for: "win.redo"), [])
            app.setAccels([], for: "win.undo")
            XCTAssertEqual(app.accels(for: "win.undo"), [])
        }
    }

    /// Textures compare by identity (the sidebar's square crops rely on it), report their
    /// size, and download as GTK holds them.
    func testATextureIsEqualOnlyToItselfAndDownloadsItsPixels() throws {
        try requireGtk()
        MainActor.assumeIsolated {
            let pixels = Data((0..<(3 * 2 * 3)).map { UInt8($0 * 10) })
            let image = DecodedImage(width: 3, height: 2, rowStride: 9, hasAlpha: false, pixels: pixels)
            guard let a = TextureFactory.texture(from: image), let b = TextureFactory.texture(from: image) else {
                return XCTFail("no texture from a 3×2 image")
            }
            XCTAssertEqual(a, a)
            XCTAssertNotEqual(a, b, "equal pixels, but two textures")
            XCTAssertEqual(a.width, 3)
            XCTAssertEqual(a.height, 2)
            let downloaded = a.download()
            XCTAssertEqual(downloaded.count, 3 * 2 * 4)
            #if _endian(little)
            // Pixel (1, 1) is R 120, G 130, B 140, opaque: B, G, R, A in memory.
            XCTAssertEqual(Array(downloaded[(1 * 3 + 1) * 4..<(1 * 3 + 1) * 4 + 4]), [140, 130, 120, 255])
            #endif
            XCTAssertEqual(downloaded, b.download())
        }
    }

    /// The sidebar's browse selection: a row is selected only when set, and a change is heard.
    func testABrowseSelectionSelectsWhatItIsToldAndSaysSo() throws {
        try requireGtk()
        MainActor.assumeIsolated {
            let rows = KeyedList<NSObject>()
            rows.make = { (NSObject(), gtk_label_new("")) }
            let browsing = rows.browseListView()
            g_object_ref_sink(UnsafeMutableRawPointer(browsing.list))
            defer { g_object_unref(UnsafeMutableRawPointer(browsing.list)) }
            rows.update(["a", "b", "c"])  // albums arrive after the list is made, as in the sidebar
            XCTAssertGreaterThanOrEqual(browsing.selection.selected, 3, "nothing selected until one is set")
            var heard = 0
            let connection = SignalConnection(instance: UnsafeMutableRawPointer(browsing.selection.object),
                                              handler: browsing.selection.onSelectedChanged { heard += 1 })
            browsing.selection.setSelected(2)
            XCTAssertEqual(browsing.selection.selected, 2)
            XCTAssertEqual(heard, 1)
            connection.disconnect()
            browsing.selection.setSelected(0)
            XCTAssertEqual(browsing.selection.selected, 0)
            XCTAssertEqual(heard, 1, "a disconnected handler must not run")
        }
    }
}
