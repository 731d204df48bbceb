import Foundation
import PhotoPickCore
import PhotoPickSystem
import TestSupport
import XCTest

/// Every output format gives back every hostile name byte for byte, as real files on disk.
final class OutputRoundTripTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        SystemHost.install()  // these tests read the real disk and zone through the model
    }

    private var dir: TemporaryDirectory!
    private var paths: [RawPath] = []
    private var assets: [Asset] = []

    override func setUpWithError() throws {
        dir = TemporaryDirectory()
        paths = try HostileNames.makeLibrary(in: dir).newestFirst
        assets = paths.enumerated().map { i, path in
            Asset(id: AssetID(UInt32(i + 1)), path: path, mimeType: "image/jpeg", kind: .photo, sizeBytes: 100,
                  modified: 1_700_000_000, albumID: .folder(path.parent))
        }
    }

    func testEveryFormatRoundTripsEveryHostileName() throws {
        for format in OutputFormat.allCases {
            let out = AssetFormatter().render(assets, as: .format(format), albumTitle: { _ in "Hostile" })
            let back = try OutputDecoder.paths(out, format: format)
            XCTAssertEqual(back, paths, "format \(format)")
            for path in back { XCTAssertTrue(HostileNames.exists(path), "\(format): \(path) must name the real file") }
        }
    }

    func testTextFormatsAreValidUTF8() {
        for format in [OutputFormat.uri, .json, .jsonl] {
            let out = AssetFormatter().render(assets, as: .format(format), albumTitle: { _ in nil })
            XCTAssertNotNil(String(validating: out, as: UTF8.self), "\(format) must be valid UTF-8")
        }
    }

    func testJSONLIsOneObjectPerLineNumberedInPickOrder() throws {
        let out = AssetFormatter().render(assets, as: .format(.jsonl), albumTitle: { _ in nil })
        let lines = out.split(separator: 0x0A)
        XCTAssertEqual(lines.count, assets.count)
        for (i, line) in lines.enumerated() {
            let object = try JSONParser.parse(Array(line))
            XCTAssertEqual(OutputDecoder.member("selection_index", of: object), .int(Int64(i)))
        }
    }

    func testZenityJoinsRawPathsWithTheSeparator() throws {
        let out = AssetFormatter().render(assets, as: .zenity(separator: "|"), albumTitle: { _ in nil })
        XCTAssertEqual(out, Array(paths.map(\.bytes).joined(separator: [UInt8(ascii: "|")])) + [0x0A])
        XCTAssertEqual(try OutputDecoder.zenityPaths(out, separator: "|"), paths)
        XCTAssertEqual(AssetFormatter().render([], as: .zenity(separator: "|"), albumTitle: { _ in nil }), [])
    }

    func testPythonReadsEveryFormatBack() throws {
        guard let python = Binaries.which("python3") else { throw XCTSkip("python3 is not installed") }
        // What the README tells Python callers to do, per format.
        let script = #"""
            import json, os, sys, urllib.parse
            fmt, data = sys.argv[1], sys.stdin.buffer.read()
            if fmt == "null":
                paths = data.split(b"\0")[:-1]
            elif fmt == "uri":
                paths = [urllib.parse.unquote_to_bytes(u[len("file://"):]) for u in data.decode().splitlines()]
            elif fmt == "json":
                paths = [os.fsencode(a["path"]) for a in json.loads(data)]
            elif fmt == "jsonl":
                paths = [os.fsencode(json.loads(l)["path"]) for l in data.splitlines()]
            for p in paths:
                os.stat(p)
                sys.stdout.buffer.write(p + b"\0")
            """#
        for format in [OutputFormat.null, .uri, .json, .jsonl] {
            let out = AssetFormatter().render(assets, as: .format(format), albumTitle: { _ in nil })
            let input = dir.path + "/out-\(format)"
            try Data(out).write(to: URL(fileURLWithPath: input))
            let result = try ProcessRunner.run("/bin/sh", ["-c", "exec \"$0\" -c \"$1\" \"$2\" < \"$3\"", python, script,
                                                            format.rawValue, input],
                                               environment: ["LC_ALL": "C.UTF-8", "PATH": "/usr/bin:/bin"])
            XCTAssertEqual(result.status, 0, "\(format): \(result.stderrText)")
            XCTAssertEqual(Array(result.stdout), paths.flatMap { $0.bytes + [0] }, "\(format)")
        }
    }

    func testShellReadsQuotedLinesBack() throws {
        guard let bash = Binaries.which("bash") else { throw XCTSkip("bash is not installed") }
        let out = AssetFormatter().render(assets, as: .format(.lines), albumTitle: { _ in nil })
        let input = dir.path + "/lines"
        try Data(out).write(to: URL(fileURLWithPath: input))
        // The README's recipe: a line starting with $' is bash's ANSI-C quoting.
        let script = #"""
            while IFS= read -r line; do
              case $line in \$\'*) eval "path=$line" ;; *) path=$line ;; esac
              [ -e "$path" ] || { echo "missing: $path" >&2; exit 1; }
              printf '%s\0' "$path"
            done < "$1"
            """#
        let result = try ProcessRunner.run(bash, ["-c", script, "bash", input])
        XCTAssertEqual(result.status, 0, result.stderrText)
        XCTAssertEqual(Array(result.stdout), paths.flatMap { $0.bytes + [0] })
    }
}
