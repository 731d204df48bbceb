import XCTest

/// The folder-order audit can fail: on made-up files with known back edges it reports those
/// edges and nothing else; names in comments and strings, and locals, do not count.
final class FolderOrderAuditSelfCheckTests: XCTestCase {
    private let ranks = [["Low"], ["Middle", "Peer"], ["High"]]

    private let files: [FolderEdges.File] = [
        .init(path: "Low/Base.swift", folder: "Low", text: """
            public struct Base {}
            public func lowHelper() -> Int { 1 }
            let lowConstant = 2
            /* A Base needs no HighThing, /* nested: HighThing */ nor a HighThing here. */
            func describe() -> String {
                // HighThing is mentioned, not used.
                let quoted = "a HighThing, \\"escaped\\" \\(lowHelper()) and HighThing again"
                let raw = #"HighThing "\\(HighThing)" \\#(lowConstant)"#
                let block = \"""
                    HighThing "quoted" ""
                    \\(lowConstant) HighThing
                    \"""
                return quoted.highTrimmed + raw + block + badge() + String("".shared)
            }
            func shadowed() -> Int {
                let highHelper = 3  // a local: not High's function
                return highHelper
            }
            """),
        .init(path: "Low/Badge.swift", folder: "Low", text: """
            extension Base { func label() -> String { "\\(HighThing.name.count) \\("HighThing")" } }
            extension Badge { public var width: Int { 0 } }  // Low's own type: members as in its braces
            func badge() -> String { "" }
            struct Badge {}
            """),
        .init(path: "Middle/Middle.swift", folder: "Middle", text: """
            public enum Middle { static let base = Base(); static let n = lowHelper() + lowConstant; static let shared = 0 }
            private let hidden = 0
            """),
        .init(path: "Peer/Peer.swift", folder: "Peer", text: """
            typealias PeerName = String
            protocol Peering { var middle: Middle { get } }
            let peerCount = hidden
            """),
        .init(path: "High/HighThing.swift", folder: "High", text: """
            @MainActor public final class HighThing: Peering {
                static let name = "HighThing"
                var middle: Middle { .init() }
                var peer: PeerName { "\\(Middle.self)" }
                var badgeWidth: Int { badge().width }
                private let hidden = 1
            }
            func highHelper() -> Int { 0 }
            extension String {
                var highTrimmed: String { self }
                var shared: Int { 1 }  // Middle has a `shared` too: a use says not whose
            }
            """),
    ]

    func testItReportsTheBackEdgesAndTheSameRankEdgeOnly() {
        let graph = FolderEdges(files)
        XCTAssertEqual(graph.backEdges(ranks).map(\.description), [
            "Low/Badge.swift uses HighThing from High: Low → High",
            "Low/Base.swift uses .highTrimmed from High: Low → High",
            "Peer/Peer.swift uses Middle from Middle: Peer → Middle",
        ])
        XCTAssertEqual(graph.unranked(ranks), [])
    }

    func testItSeesTheEdgesDown() {
        let edges = FolderEdges(files).edges.map { "\($0.from) → \($0.to): \($0.name)" }
        XCTAssertEqual(Set(edges), [
            "Low → High: HighThing", "Low → High: .highTrimmed",
            "Middle → Low: Base", "Middle → Low: lowHelper", "Middle → Low: lowConstant",
            "Peer → Middle: Middle",
            "High → Peer: Peering", "High → Peer: PeerName", "High → Middle: Middle", "High → Low: badge",
        ], "no edge for Middle's private `hidden`, nor for `.width`, a member of Low's own type")
    }

    func testAFolderOutsideTheOrderIsReported() {
        let stray = files + [.init(path: "Stray/Stray.swift", folder: "Stray", text: "let stray = HighThing()")]
        let graph = FolderEdges(stray)
        XCTAssertEqual(graph.unranked(ranks), ["Stray"])
        XCTAssertEqual(graph.edges.filter { $0.from == "Stray" }.map(\.to), ["High"])
        XCTAssertEqual(graph.backEdges(ranks).count, 3, "a folder without a rank has no edges to judge")
    }

    func testCommentsAndStringsAreBlankedButInterpolationsKept() {
        let source = ##"""
            a /* b /* c */ d */ e // f
            "g \(h("i")) j" k #"l \(m) \#(n) "o" "#p ##"q"#r"## s
            """t
             u \"""
             \(v)
            """ w
            """##
        let code = SwiftCodeText.code(of: source).split(whereSeparator: { $0 == " " || $0 == "\n" })
        XCTAssertEqual(code, ["a", "e", "h(", ")", "k", "n", "p", "s", "v", "w"])
    }

    func testDeclaredNamesAreTopLevelAndVisible() {
        let names = SwiftNames(code: """
            @available(*, deprecated) public struct A<T>: B { struct Nested {}; func member() {} }
            extension C { static let d = 1; private func hiddenMember() {} }
            fileprivate func e() {}
            private var f = 0
            func g() { let local = 0 }
            typealias H = Int
            indirect enum I { case j }
            let k = 0x7F + 1_000
            protocol L {}
            actor M {}
            let n = C.d + (0...k).count
            """)
        XCTAssertEqual(names.declared, ["A", "g", "H", "I", "k", "L", "M", "n"])
        XCTAssertEqual(names.extensionMembers, [.init(type: "C", name: "d")])
        XCTAssertEqual(names.innerDeclared, ["Nested", "member", "d", "hiddenMember", "local", "j"])
        XCTAssertEqual(names.memberUses, ["d", "count"], "`...k` is a range, not a member")
        XCTAssertTrue(names.used.isDisjoint(with: ["x7F", "_000"]), "numbers are no names")
        XCTAssertTrue(names.used.isSuperset(of: ["B", "C", "T", "k"]))
    }
}
