/// The names in a Swift file's code (comments and strings already blanked by `SwiftCodeText`):
/// those it declares, which another file can use, and those it uses.
struct SwiftNames: Equatable {
    /// Types, protocols, typealiases, functions, lets and vars declared outside any braces,
    /// except `private` and `fileprivate` ones (no other file sees them). An extension
    /// declares no top-level name: its type is declared elsewhere.
    var declared: Set<String> = []
    /// What an extension adds, visible to other files: the members declared directly in an
    /// extension's braces (`extension String { var trimmed … }`), with the type extended.
    var extensionMembers: Set<Member> = []
    /// Every name declared inside braces (members, cases, locals), hidden or not: a member
    /// name that is also declared elsewhere cannot say which declaration a use means.
    var innerDeclared: Set<String> = []
    /// Every identifier not written after a `.`: a member (`x.name`, `.english`) is not a
    /// top-level name, whatever it is called.
    var used: Set<String> = []
    /// Every identifier written after one `.` (not after `...`): the members used.
    var memberUses: Set<String> = []

    struct Member: Hashable {
        var type: String
        var name: String
    }

    private static let declarers: Set = ["struct", "class", "enum", "protocol", "actor", "typealias", "func", "let", "var"]
    private static let hidden: Set = ["private", "fileprivate"]

    init(code: String) {
        var depth = 0
        var extensionBodies: [Int: String] = [:]  // the depths whose braces are an extension's: its type
        var extended: String?  // `extension T` seen, its `{` not yet: T ("" until read)
        var dots = 0  // the `.` just before the current token
        var modifiers: [String] = []  // identifiers since the last punctuation
        var scalars = code.unicodeScalars[...]
        while let c = scalars.first {
            if Self.startsIdentifier(c) || c == "`" {
                var name = String.UnicodeScalarView()
                if c == "`" { scalars.removeFirst() }
                while let d = scalars.first, Self.continuesIdentifier(d) { name.append(d); scalars.removeFirst() }
                if c == "`", scalars.first == "`" { scalars.removeFirst() }
                let token = String(name)
                if let keyword = modifiers.last, Self.declarers.contains(keyword) || keyword == "case" {
                    let visible = modifiers.allSatisfy { !Self.hidden.contains($0) }
                    if depth == 0 {
                        if visible { declared.insert(token) }
                    } else {
                        innerDeclared.insert(token)
                        if visible, let type = extensionBodies[depth] { extensionMembers.insert(Member(type: type, name: token)) }
                    }
                }
                if extended == "" { extended = token }
                if depth == 0, token == "extension" { extended = "" }
                if dots == 0 { used.insert(token) }
                if dots == 1 { memberUses.insert(token) }
                modifiers.append(token)
                dots = 0
            } else if c.properties.numericType != nil {
                // A number, `0x7F` or `1_000` whole: its letters are no name.
                while let d = scalars.first, Self.continuesIdentifier(d) { scalars.removeFirst() }
                modifiers = []
                dots = 0
            } else {
                scalars.removeFirst()
                if c.properties.isWhitespace { continue }
                if c == "{" {
                    depth += 1
                    if let extended { extensionBodies[depth] = extended }
                    extended = nil
                }
                if c == "}" {
                    extensionBodies[depth] = nil
                    depth -= 1
                }
                // `@MainActor public final class`: an attribute's `@` keeps the modifiers.
                if c != "@" { modifiers = [] }
                dots = c == "." ? dots + 1 : 0
            }
        }
    }

    private static func startsIdentifier(_ c: Unicode.Scalar) -> Bool {
        c == "_" || c.properties.isAlphabetic
    }

    private static func continuesIdentifier(_ c: Unicode.Scalar) -> Bool {
        startsIdentifier(c) || c.properties.numericType != nil
    }
}
