import Foundation
import XCTest

/// Core's folders keep the order `CoreFolderOrder` gives them, and the architecture page
/// states that order. The scanner behind it is checked on made-up files in
/// `FolderOrderAuditSelfCheckTests`.
final class CoreFolderOrderAuditTests: XCTestCase {
    private let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Every Swift file under Sources/PhotoPickCore, its folder the first component below it.
    private func coreFiles() throws -> [FolderEdges.File] {
        let core = repo.appendingPathComponent("Sources/PhotoPickCore").path
        let walker = try XCTUnwrap(FileManager.default.enumerator(atPath: core))
        var files: [FolderEdges.File] = []
        for case let relative as String in walker where relative.hasSuffix(".swift") {
            let parts = relative.split(separator: "/")
            // A file directly in Sources/PhotoPickCore has no folder, and no place in the order.
            let folder = parts.count > 1 ? String(parts[0]) : "(top level)"
            let text = try String(contentsOfFile: core + "/" + relative, encoding: .utf8)
            files.append(.init(path: "Sources/PhotoPickCore/" + relative, folder: folder, text: text))
        }
        return files
    }

    func testEveryFolderUsesOnlyFoldersOfLowerRank() throws {
        let files = try coreFiles()
        XCTAssertGreaterThan(files.count, 100, "the walk found Core's sources")
        let graph = FolderEdges(files)
        XCTAssertGreaterThan(graph.edges.count, 100, "the scanner sees uses across folders")
        for edge in graph.backEdges(CoreFolderOrder.ranks) {
            XCTFail("\(edge): against Core's folder order (CoreFolderOrder, docs/ARCHITECTURE.md)")
        }
    }

    func testEveryFolderHasARank() throws {
        for folder in FolderEdges(try coreFiles()).unranked(CoreFolderOrder.ranks) {
            XCTFail("Sources/PhotoPickCore/\(folder) has no place in CoreFolderOrder.ranks")
        }
    }

    /// Each folder named once, and no name left over from a folder that is gone.
    func testTheOrderNamesEachFolderOnce() throws {
        let named = CoreFolderOrder.ranks.flatMap { $0 }
        XCTAssertEqual(named.count, Set(named).count, "a folder named twice")
        let folders = FolderEdges(try coreFiles()).folders
        for folder in named where !folders.contains(folder) {
            XCTFail("CoreFolderOrder.ranks names \(folder), which Sources/PhotoPickCore does not have")
        }
    }

    func testTheArchitecturePageQuotesTheOrder() throws {
        let page = try String(contentsOf: repo.appendingPathComponent("docs/ARCHITECTURE.md"), encoding: .utf8)
        let flowing = page.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        XCTAssertTrue(flowing.contains(CoreFolderOrder.sentence),
                      "docs/ARCHITECTURE.md should state Core's folder order as: \(CoreFolderOrder.sentence)")
    }
}
