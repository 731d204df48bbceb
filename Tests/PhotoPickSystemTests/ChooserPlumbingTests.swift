import Foundation
import PhotoPickCore
import PhotoPickSystem
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// The small pieces: who reads stdout, clipboard payloads, raw argument bytes, paths.
final class ChooserPlumbingTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        SystemHost.install()  // these tests read the real disk and zone through the model
    }

    func testStdoutReaderDetection() throws {
        let null = open("/dev/null", O_WRONLY)
        defer { close(null) }
        XCTAssertTrue(StdoutReader.isAbsent(fd: null, environment: [:]), "/dev/null: nobody reads")
        XCTAssertTrue(StdoutReader.isAbsent(fd: 987, environment: [:]), "closed: nobody reads")

        var fds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&fds), 0)
        defer { close(fds[0]); close(fds[1]) }
        XCTAssertFalse(StdoutReader.isAbsent(fd: fds[1], environment: [:]), "a pipe has a reader")

        var pair: [Int32] = [0, 0]
        XCTAssertEqual(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair), 0)
        defer { close(pair[0]); close(pair[1]) }
        var st = stat()
        fstat(pair[1], &st)
        XCTAssertFalse(StdoutReader.isAbsent(fd: pair[1], environment: [:]), "a socket (node's pipes) has a reader")
        XCTAssertTrue(StdoutReader.isAbsent(fd: pair[1], environment: ["JOURNAL_STREAM": "\(st.st_dev):\(st.st_ino)"]),
                      "the journal stream has no reader")
        XCTAssertFalse(StdoutReader.isAbsent(fd: fds[1], environment: ["JOURNAL_STREAM": "\(st.st_dev):\(st.st_ino)"]),
                       "stdout redirected away from the journal")
    }

    func testFileTransferPayloads() {
        let paths = [RawPath("/p/a b.jpg"), RawPath(bytes: Array("/p/".utf8) + [0xFF])]
        XCTAssertEqual(String(decoding: FileTransferPayload.uriList(paths), as: UTF8.self),
                       "file:///p/a%20b.jpg\r\nfile:///p/%FF\r\n")
        XCTAssertEqual(String(decoding: FileTransferPayload.gnomeCopiedFiles(paths), as: UTF8.self),
                       "copy\nfile:///p/a%20b.jpg\nfile:///p/%FF")
    }

    func testRawArgumentsRecoverBytesSwiftRepaired() {
        let raw = RawArguments([Array("--select".utf8), Array("/p/".utf8) + [0xFF] + Array(".jpg".utf8),
                                Array("--filename=/q/".utf8) + [0xFE]])
        XCTAssertEqual(raw.bytes(for: "/p/\u{FFFD}.jpg"), Array("/p/".utf8) + [0xFF] + Array(".jpg".utf8))
        XCTAssertEqual(raw.bytes(for: "/q/\u{FFFD}"), Array("/q/".utf8) + [0xFE])
        XCTAssertEqual(raw.bytes(for: "plain"), Array("plain".utf8))
    }

    func testPathArguments() {
        let cwd = RawPath("/home/me")
        XCTAssertEqual(PathArgument.resolve(Array("a/../b/./c.jpg".utf8), relativeTo: cwd), RawPath("/home/me/b/c.jpg"))
        XCTAssertEqual(PathArgument.resolve(Array("//x///y/".utf8), relativeTo: cwd), RawPath("/x/y"))
        XCTAssertEqual(PathArgument.resolve(Array("file:///a%20b/%FF".utf8), relativeTo: nil),
                       RawPath(bytes: Array("/a b/".utf8) + [0xFF]))
        XCTAssertEqual(PathArgument.resolve(Array("FILE://localhost/x".utf8), relativeTo: nil), RawPath("/x"))
        XCTAssertNil(PathArgument.resolve(Array("rel".utf8), relativeTo: nil))
        XCTAssertNil(PathArgument.resolve(Array("file://host/x".utf8), relativeTo: cwd))
        XCTAssertNil(PathArgument.resolve(Array("file:///a%00b".utf8), relativeTo: cwd))
        XCTAssertNil(PathArgument.resolve([], relativeTo: cwd))
    }
}
