import PhotoPickCore
import PhotoPickPortal
import XCTest

/// D-Bus parameters to a `FileChooserCall`: every option of the 1.16 spec, with its type checked.
final class OptionsDecoderTests: XCTestCase {
    private func decode(_ options: String, method: FileChooserCall.Method = .openFile, title: String = "") throws -> FileChooserCall {
        let text = "(objectpath '/org/freedesktop/portal/desktop/request/1_42/t', 'org.example.App', 'x11:2a', '\(title)', \(options))"
        let parameters = try XCTUnwrap(Variant.parse(text), text)
        return try OptionsDecoder.decode(method: method, parameters: parameters)
    }

    func testEveryOptionIsRead() throws {
        let call = try decode("""
            {'accept_label': <'_Attach'>, 'modal': <false>, 'multiple': <true>, 'directory': <false>,
             'filters': <@a(sa(us)) [('Images', [(0, '*.jpg'), (1, 'image/png')])]>,
             'current_filter': <@(sa(us)) ('Images', [(0, '*.jpg'), (1, 'image/png')])>,
             'choices': <@a(ssa(ss)s) [('size', 'Size', [('s', 'Small')], 's'), ('strip', 'Strip', [], '')]>,
             'current_folder': <b'/home/me/Pictures'>, 'handle_token': <'ignored'>}
            """, title: "Pick")
        XCTAssertEqual(call.handle, "/org/freedesktop/portal/desktop/request/1_42/t")
        XCTAssertEqual(call.appID, "org.example.App")
        XCTAssertEqual(call.parentWindow, "x11:2a")
        XCTAssertEqual(call.title, "Pick")
        let o = call.options
        XCTAssertEqual(o.acceptLabel, "_Attach")
        XCTAssertFalse(o.modal)
        XCTAssertTrue(o.multiple)
        let images = PortalFilter(name: "Images", items: [.glob("*.jpg"), .mimeType("image/png")])
        XCTAssertEqual(o.filters, [images])
        XCTAssertEqual(o.currentFilter, images)
        XCTAssertEqual(o.choices, [PortalChoice(id: "size", label: "Size", options: [.init(id: "s", label: "Small")], initial: "s"),
                                   PortalChoice(id: "strip", label: "Strip")])
        XCTAssertEqual(o.currentFolder, Array("/home/me/Pictures".utf8), "the terminating NUL is dropped")
    }

    func testTheSpecsDefaults() throws {
        let o = try decode("@a{sv} {}").options
        XCTAssertTrue(o.modal)
        XCTAssertFalse(o.multiple, "the portal's default is one file")
        XCTAssertFalse(o.directory)
        XCTAssertNil(o.currentFolder)
    }

    func testFolderBytesNeedNotBeUTF8() throws {
        let o = try decode("{'current_folder': <@ay [0x2f, 0x74, 0xff, 0x00]>}").options
        XCTAssertEqual(o.currentFolder, [0x2F, 0x74, 0xFF])
    }

    func testWrongTypesAreMalformed() throws {
        for (options, message) in [("{'multiple': <'yes'>}", "option 'multiple' is s, not b"),
                                   ("{'accept_label': <42>}", "option 'accept_label' is i, not s"),
                                   ("{'filters': <[('x', [('a', 'b')])]>}", "option 'filters' is a(sa(ss)), not a(sa(us))"),
                                   ("{'current_filter': <@a(sa(us)) []>}", "option 'current_filter' is a(sa(us)), not (sa(us))"),
                                   ("{'choices': <@a(ssa(ss)) []>}", "option 'choices' is a(ssa(ss)), not a(ssa(ss)s)"),
                                   ("{'current_folder': <'/tmp'>}", "option 'current_folder' is s, not ay"),
                                   ("{'filters': <@a(sa(us)) [('x', [(2, 'a')])]>}", "filter 'x' has an item of kind 2 (0 is a glob, 1 a MIME type)")] {
            XCTAssertThrowsError(try decode(options), options) { error in
                XCTAssertEqual((error as? MalformedRequest)?.description, message)
            }
        }
    }

    /// Calls that are handed on are not looked into: their backend checks them.
    func testSaveCallsAreNotDecoded() throws {
        let call = try decode("{'multiple': <'not checked'>, 'files': <@aay []>}", method: .saveFiles)
        XCTAssertEqual(call.method, .saveFiles)
        XCTAssertEqual(call.options, OpenFileOptions())
    }

    func testResultsAsDBusSendsThem() throws {
        let results = FileChooserResults(response: .success, uris: ["file:///a.jpg"], choices: [("strip", "true")],
                                         currentFilter: PortalFilter(name: "Images", items: [.glob("*.jpg"), .mimeType("image/png")]),
                                         writable: true)
        let reply = Variant(borrowing: ResultsEncoder.reply(results))
        XCTAssertEqual(reply.typeString, "(ua{sv})")
        XCTAssertEqual(reply.printed, """
            (uint32 0, {'uris': <['file:///a.jpg']>, 'choices': <[('strip', 'true')]>, \
            'current_filter': <('Images', [(uint32 0, '*.jpg'), (1, 'image/png')])>, 'writable': <true>})
            """)
        XCTAssertEqual(Variant(borrowing: ResultsEncoder.reply(.ended)).printed, "(uint32 2, {'uris': <@as []>})")
    }
}
