import Foundation

/// The name an ICC profile gives itself (its `desc` tag), as colour-managed programs show it:
/// ASCII in a version 2 profile (`desc` type), UTF-16 in a version 4 one (`mluc`, the first
/// record). libvips 8.14 embeds a v2 sRGB profile and 8.16 a v4 one, so the bytes "sRGB" are
/// not always in the file: the tests read the name instead.
public enum ICCDescription {
    public static func of(_ profile: Data) -> String? {
        let bytes = [UInt8](profile)
        func u32(_ at: Int) -> Int? {
            guard at >= 0, at + 4 <= bytes.count else { return nil }
            return bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
        }
        func signature(_ at: Int) -> String? {
            guard at >= 0, at + 4 <= bytes.count else { return nil }
            return String(decoding: bytes[at..<at + 4], as: UTF8.self)
        }
        // After the 128-byte header: the tag count, then 12 bytes a tag (signature, offset, size).
        guard let count = u32(128), count < 1000 else { return nil }
        guard let entry = (0..<count).map({ 132 + $0 * 12 }).first(where: { signature($0) == "desc" }),
              let start = u32(entry + 4), let size = u32(entry + 8), start + size <= bytes.count else { return nil }
        switch signature(start) {
        case "desc":
            guard let length = u32(start + 8), length > 0, start + 12 + length <= start + size else { return nil }
            return String(decoding: bytes[(start + 12)..<(start + 12 + length)].prefix { $0 != 0 }, as: UTF8.self)
        case "mluc":
            guard let records = u32(start + 8), records > 0,
                  let length = u32(start + 16 + 4), let offset = u32(start + 16 + 8),
                  length % 2 == 0, offset + length <= size else { return nil }
            let text = bytes[(start + offset)..<(start + offset + length)]
            let units = stride(from: text.startIndex, to: text.endIndex, by: 2).map { UInt16(text[$0]) << 8 | UInt16(text[$0 + 1]) }
            return String(decoding: units, as: UTF16.self)
        default:
            return nil
        }
    }
}
