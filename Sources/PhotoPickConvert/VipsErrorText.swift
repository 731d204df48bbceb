import Foundation

/// libvips' error buffer turned into the words that say what went wrong. The buffer holds
/// one `nickname: text` line per layer that gave up, most of them restating the failure
/// below them ("vips2png: unable to write to target target", "wbuffer_write: write
/// failed", "unix error: Unknown error -1"), and names files by the /proc/self/fd/N path
/// the worker gave it. Kept: the cause (a system error's words, the decoder's complaint),
/// without the noise; a HEIF over libheif's security limit, how large it is.
enum VipsErrorText {
    /// The cause in `buffer`, or nil when it holds nothing but noise.
    static func cause(_ buffer: String) -> String? {
        let lines = buffer.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !isNoise($0) }
        // A system call's failure is the cause of everything above it.
        if let system = lines.first(where: { $0.hasPrefix("unix error: ") }) { return String(system.dropFirst("unix error: ".count)) }
        return lines.last.map { withoutDescriptorPaths(withoutNickname($0)) }
    }

    private static func isNoise(_ line: String) -> Bool {
        line.isEmpty || line == "unix error: Unknown error -1" || line.hasSuffix("write failed") || line.hasSuffix(": write error")
            || line.contains("unable to write to target") || line.contains("is not a known file format")
            || line.contains(": bad seek to ") || isErrorCode(line)
    }

    /// libheif's " (6.1000)", on a line of its own after a message that ended in a newline.
    private static func isErrorCode(_ line: String) -> Bool {
        guard line.hasPrefix("("), line.hasSuffix(")") else { return false }
        let inner = line.dropFirst().dropLast()
        return !inner.isEmpty && inner.allSatisfy { $0.isNumber || $0 == "." }
    }

    /// "VipsJpeg: Premature end of input file" → "Premature end of input file": the nickname
    /// is libvips' class or function name, one word.
    private static func withoutNickname(_ line: String) -> String {
        guard let colon = line.range(of: ": "), !line[..<colon.lowerBound].contains(" ") else { return line }
        return String(line[colon.upperBound...])
    }

    /// `"/proc/self/fd/4"` → `the file`: the person knows the file by its own name.
    private static func withoutDescriptorPaths(_ line: String) -> String {
        var text = line
        while let start = text.range(of: "/proc/self/fd/") {
            var end = start.upperBound
            while end < text.endIndex, text[end].isNumber { end = text.index(after: end) }
            var range = start.lowerBound..<end
            if range.lowerBound > text.startIndex, end < text.endIndex, text[text.index(before: range.lowerBound)] == "\"", text[end] == "\"" {
                range = text.index(before: range.lowerBound)..<text.index(after: end)
            }
            text.replaceSubrange(range, with: "the file")
        }
        return text
    }

    /// libheif refuses an image whose size is over its security limit (heif_error 6.1000:
    /// "Security limit exceeded: Image size 40000x40000 exceeds the maximum image size
    /// 16384x16384"): the size and the limit. nil for any other error, and for a security
    /// limit that states no size (too many boxes), whose cause then says it in libheif's words.
    static func heifLimit(_ buffer: String) -> (width: Int, height: Int, maxWidth: Int, maxHeight: Int)? {
        guard buffer.contains("Security limit exceeded") || buffer.contains("(6.1000)"),
              let said = buffer.range(of: "Image size ") else { return nil }
        let sizes = buffer[said.upperBound...].prefix { $0 != "\n" }.split(whereSeparator: { !$0.isNumber && $0 != "x" })
            .compactMap { word -> (Int, Int)? in
                let parts = word.split(separator: "x")
                guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]) else { return nil }
                return (w, h)
            }
        guard sizes.count >= 2 else { return nil }
        return (sizes[0].0, sizes[0].1, sizes[1].0, sizes[1].1)
    }
}
