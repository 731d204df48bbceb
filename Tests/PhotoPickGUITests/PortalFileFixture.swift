import Foundation
import TestSupport
import XCTest

/// What the portal-file tests start from: the sample library, and the request file photopick
/// answers in place (`--portal PATH`) beside it.
final class PortalFileFixture {
    let dir = TemporaryDirectory()
    let library: SampleLibrary
    var path: String { dir.path + "/request.json" }

    init() throws { library = try SampleLibrary.make(in: dir) }

    /// Writes the request as given, byte for byte.
    func write(_ text: String) throws { try Data(text.utf8).write(to: URL(fileURLWithPath: path)) }

    /// Writes the request as JSON.
    func write(_ request: [String: Any]) throws {
        try JSONSerialization.data(withJSONObject: request).write(to: URL(fileURLWithPath: path))
    }

    /// The file read back as JSON: the response, once photopick has answered.
    func response() throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
    }

    /// The response's chosen URIs.
    func uris() throws -> [String] { try XCTUnwrap(try response()["uris"] as? [String]) }
}
