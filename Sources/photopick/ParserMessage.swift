/// ArgumentParser's error for a bad value lists the choices on lines of their own once there
/// are many ("one of the following:\n  - none\n  - year…"); photopick's contract is one line
/// on stderr, so the list is folded the way the parser writes a short one: "one of 'none',
/// 'year' or 'event'."
enum ParserMessage {
    static func oneLine(_ message: String) -> String {
        let lines = message.split(separator: "\n", omittingEmptySubsequences: false)
        let items = lines.filter { $0.hasPrefix("  - ") }.map { "'\($0.dropFirst(4))'" }
        guard !items.isEmpty, let head = lines.first, head.hasSuffix(" one of the following:") else { return message }
        let list = items.count == 1 ? items[0] : items.dropLast().joined(separator: ", ") + " or " + items.last!
        return head.dropLast(" the following:".count) + " " + list + "."
    }
}
