/// One pass over an XMP packet's XML, with every element and attribute name resolved to its
/// namespace URI: XMP names properties by URI, and writers bind different prefixes to the
/// same one (Google's files say `GCamera`/`Container`, exiftool 13 `GContainer`/`GItem`).
///
/// Only what reading RDF properties needs: start tags with their attributes, end tags with
/// the text an element held when it held no element, namespaces scoped to their element.
/// Comments, processing instructions and declarations are skipped, entities are not
/// expanded (the values read are numbers and MIME types), and a prefix nothing binds names
/// no namespace. The packet is untrusted: the walk is bounded (depth, elements, text kept)
/// and ends as malformed on a tag that does not close or match.
enum XMPWalk {
    /// A namespace URI and a local name ("http://ns.google.com/photos/1.0/camera/", "MotionPhoto").
    struct Name: Hashable, Sendable {
        let uri: String
        let local: String
    }

    enum Event {
        /// An element opened (and closed at once, when it was empty: `end` follows).
        case start(Name, attributes: [(name: Name, value: String)])
        /// An element closed; `text` is what it held, trimmed, when it held no element.
        case end(Name, text: String?)
    }

    static let maxDepth = 64
    static let maxElements = 100_000
    static let maxText = 1024
    /// Attributes on one element: Lightroom's `rdf:Description` carries a few hundred.
    static let maxAttributes = 4096

    /// Calls `visit` for each element in order; false when the packet is not well formed
    /// (or too deep or large to be a real one), after the events before the fault.
    @discardableResult
    static func walk(_ packet: UnsafeBufferPointer<UInt8>, _ visit: (Event) -> Void) -> Bool {
        var walker = Walker(bytes: packet)
        return walker.run(visit)
    }

    private struct Open {
        let qualified: ArraySlice<UInt8>
        let name: Name
        let bindingsBefore: Int
        var hadChild = false
        var text: [UInt8] = []
    }

    private struct Walker {
        let bytes: UnsafeBufferPointer<UInt8>
        var i = 0
        var stack: [Open] = []
        /// Each prefix's in-scope URIs, innermost last ("" for the default namespace): a name
        /// resolves with one lookup, however many bindings a hostile packet piles up.
        var scopes: [[UInt8]: [String]] = [:]
        /// The prefixes bound, in order, so an element's closing unbinds its own.
        var bound: [[UInt8]] = []
        var elements = 0

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        mutating func run(_ visit: (Event) -> Void) -> Bool {
            while i < bytes.count {
                guard let lt = index(of: UInt8(ascii: "<"), from: i) else {
                    addText(i..<bytes.count)
                    break
                }
                addText(i..<lt)
                i = lt
                if starts(with: "<?") {
                    guard skip(past: "?>") else { return false }
                } else if starts(with: "<!--") {
                    guard skip(past: "-->") else { return false }
                } else if starts(with: "<![CDATA[") {
                    let from = i + 9
                    guard skip(past: "]]>") else { return false }
                    addText(from..<(i - 3))
                } else if starts(with: "<!") {
                    guard skip(past: ">") else { return false }
                } else if starts(with: "</") {
                    guard endTag(visit) else { return false }
                } else {
                    guard startTag(visit) else { return false }
                }
            }
            return stack.isEmpty
        }

        // MARK: Tags

        private mutating func startTag(_ visit: (Event) -> Void) -> Bool {
            elements += 1
            guard elements <= maxElements, stack.count < maxDepth else { return false }
            i += 1
            guard let qualified = name() else { return false }
            var raw: [(ArraySlice<UInt8>, String)] = []
            var empty = false
            while true {
                skipSpace()
                guard i < bytes.count else { return false }
                if bytes[i] == UInt8(ascii: ">") { i += 1; break }
                if bytes[i] == UInt8(ascii: "/") {
                    guard i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: ">") else { return false }
                    i += 2
                    empty = true
                    break
                }
                guard raw.count < maxAttributes, let attribute = name() else { return false }
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: "=") else { return false }
                i += 1
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'"),
                      let close = index(of: bytes[i], from: i + 1) else { return false }
                raw.append((attribute, String(decoding: bytes[(i + 1)..<close].prefix(maxText), as: UTF8.self)))
                i = close + 1
            }
            let before = bound.count
            for (attribute, value) in raw {
                if attribute.elementsEqual("xmlns".utf8) {
                    bind([], to: value)
                } else if attribute.starts(with: "xmlns:".utf8) {
                    bind(Array(attribute.dropFirst(6)), to: value)
                }
            }
            let element = resolve(qualified)
            var attributes: [(name: Name, value: String)] = []
            // An unprefixed attribute is in no namespace: no property of ours.
            for (attribute, value) in raw where !attribute.starts(with: "xmlns".utf8) && attribute.contains(UInt8(ascii: ":")) {
                attributes.append((resolve(attribute), value))
            }
            if !stack.isEmpty { stack[stack.count - 1].hadChild = true }
            visit(.start(element, attributes: attributes))
            if empty {
                unbind(from: before)
                visit(.end(element, text: nil))
            } else {
                stack.append(Open(qualified: qualified, name: element, bindingsBefore: before))
            }
            return true
        }

        private mutating func endTag(_ visit: (Event) -> Void) -> Bool {
            i += 2
            guard let qualified = name(), let open = stack.popLast(), open.qualified.elementsEqual(qualified) else { return false }
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ">") else { return false }
            i += 1
            unbind(from: open.bindingsBefore)
            let text = open.hadChild ? nil : trimmed(open.text)
            visit(.end(open.name, text: text))
            return true
        }

        /// The namespace of `qualified` ("prefix:local"; unprefixed: the default namespace).
        /// A prefix nothing in scope binds (`xml:` included) names no namespace: "".
        private func resolve(_ qualified: ArraySlice<UInt8>) -> Name {
            let parts = qualified.split(separator: UInt8(ascii: ":"), maxSplits: 1, omittingEmptySubsequences: false)
            let (prefix, local) = parts.count == 2 ? (Array(parts[0]), parts[1]) : ([], parts[0])
            let uri = scopes[prefix]?.last ?? ""
            return Name(uri: uri, local: String(decoding: local, as: UTF8.self))
        }

        private mutating func bind(_ prefix: [UInt8], to uri: String) {
            scopes[prefix, default: []].append(uri)
            bound.append(prefix)
        }

        /// Undoes the bindings made since `count` were bound.
        private mutating func unbind(from count: Int) {
            for prefix in bound[count...] { scopes[prefix]?.removeLast() }
            bound.removeSubrange(count...)
        }

        // MARK: Bytes

        private mutating func name() -> ArraySlice<UInt8>? {
            let start = i
            while i < bytes.count, !isSpace(bytes[i]), !"=/>'\"<".utf8.contains(bytes[i]) { i += 1 }
            return i > start ? Array(bytes[start..<i])[...] : nil
        }

        private mutating func addText(_ range: Range<Int>) {
            guard !range.isEmpty, !stack.isEmpty else { return }
            let room = maxText - stack[stack.count - 1].text.count
            if room > 0 { stack[stack.count - 1].text += bytes[range].prefix(room) }
        }

        private func trimmed(_ text: [UInt8]) -> String {
            String(decoding: text.drop(while: isSpace).reversed().drop(while: isSpace).reversed(), as: UTF8.self)
        }

        private func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

        private mutating func skipSpace() { while i < bytes.count, isSpace(bytes[i]) { i += 1 } }

        private func starts(with literal: StaticString) -> Bool {
            let n = literal.utf8CodeUnitCount
            guard i + n <= bytes.count else { return false }
            let p = literal.utf8Start
            for k in 0..<n where bytes[i + k] != p[k] { return false }
            return true
        }

        /// Moves past the next `literal`; false when there is none.
        private mutating func skip(past literal: StaticString) -> Bool {
            let n = literal.utf8CodeUnitCount, p = literal.utf8Start
            var j = i + 1
            while j + n <= bytes.count {
                if bytes[j] == p[0], (0..<n).allSatisfy({ bytes[j + $0] == p[$0] }) {
                    i = j + n
                    return true
                }
                j += 1
            }
            return false
        }

        private func index(of byte: UInt8, from start: Int) -> Int? {
            var j = start
            while j < bytes.count {
                if bytes[j] == byte { return j }
                j += 1
            }
            return nil
        }
    }
}
