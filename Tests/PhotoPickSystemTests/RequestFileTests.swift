import Foundation
import PhotoPickCore
import PhotoPickSystem
import TestSupportCore
import XCTest

/// Reading a request from disk: Core's `RequestFile` through the system host.
final class RequestFileTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        SystemHost.install()  // these tests read the real disk through the model
    }

    func testRequestFileRefusesOversizeStreams() throws {
        let dir = TemporaryDirectory()
        try Data(repeating: 0x20, count: RequestParser.maximumBytes + 10).write(to: dir.url("big.json"))
        XCTAssertThrowsError(try RequestFile.read(RawPath(dir.path + "/big.json"))) { error in
            XCTAssertTrue("\(error)".contains("larger than"), "\(error)")
        }
        XCTAssertThrowsError(try RequestFile.read(RawPath(dir.path + "/missing.json"))) { error in
            XCTAssertTrue("\(error)".contains("cannot read the request"), "\(error)")
        }
        try Data("{}".utf8).write(to: dir.url("ok.json"))
        XCTAssertEqual(try RequestFile.read(RawPath(dir.path + "/ok.json")), Array("{}".utf8))
    }
}
