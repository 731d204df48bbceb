/// Which folders of a module use which: from each file's code, the names each folder declares
/// and the names each file uses.
struct FolderEdges {
    /// A source file: its path (for messages), its folder and its text.
    struct File {
        var path: String
        var folder: String
        var text: String
    }

    /// A file in folder `from` uses `name`, which only folder `to` declares (`.name`: a
    /// member that only an extension in folder `to` adds).
    struct Edge: Hashable, Comparable, CustomStringConvertible {
        var file: String
        var name: String
        var from: String
        var to: String

        var description: String { "\(file) uses \(name) from \(to): \(from) → \(to)" }

        static func < (a: Edge, b: Edge) -> Bool { (a.file, a.name) < (b.file, b.name) }
    }

    /// Every use of another folder's name, sorted by file and name.
    let edges: [Edge]
    /// The folders that hold at least one file.
    let folders: Set<String>

    init(_ files: [File]) {
        let names = files.map { SwiftNames(code: SwiftCodeText.code(of: $0.text)) }
        // A name declared in two folders cannot say which one a use means: it makes no edge.
        var declaredIn: [String: Set<String>] = [:], addedIn: [String: Set<String>] = [:]
        var membersIn: [String: Set<String>] = [:]
        for (file, found) in zip(files, names) {
            for name in found.declared { declaredIn[name, default: []].insert(file.folder) }
            for name in found.innerDeclared { membersIn[name, default: []].insert(file.folder) }
        }
        // What a folder adds to a type it does not declare (String, another folder's type); a
        // folder's own types may have members in extensions as in their declarations.
        for (file, found) in zip(files, names) {
            for member in found.extensionMembers where declaredIn[member.type]?.contains(file.folder) != true {
                addedIn[member.name, default: []].insert(file.folder)
            }
        }
        var edges: Set<Edge> = []
        for (file, found) in zip(files, names) {
            // A local or member of the file's own is what its bare uses of that name mean.
            for name in found.used.subtracting(found.innerDeclared) {
                guard let owners = declaredIn[name], owners.count == 1, let owner = owners.first,
                      owner != file.folder else { continue }
                edges.insert(Edge(file: file.path, name: name, from: file.folder, to: owner))
            }
            // An extension's member, when no other folder declares a member of that name.
            for name in found.memberUses {
                guard let owners = addedIn[name], owners.count == 1, let owner = owners.first,
                      owner != file.folder, membersIn[name] == owners else { continue }
                edges.insert(Edge(file: file.path, name: "." + name, from: file.folder, to: owner))
            }
        }
        self.edges = edges.sorted()
        folders = Set(files.map(\.folder))
    }

    /// The edges that do not point strictly down `ranks` (a folder uses only folders of lower
    /// ranks; its peers in the same rank are off limits too). A folder the ranks do not name
    /// has no edges to judge: `unranked` reports it.
    func backEdges(_ ranks: [[String]]) -> [Edge] {
        let rank = Dictionary(uniqueKeysWithValues: ranks.enumerated().flatMap { r, folders in folders.map { ($0, r) } })
        return edges.filter { edge in
            guard let from = rank[edge.from], let to = rank[edge.to] else { return false }
            return to >= from
        }
    }

    /// The folders with files that `ranks` do not name, sorted.
    func unranked(_ ranks: [[String]]) -> [String] {
        folders.subtracting(ranks.joined()).sorted()
    }
}
