/// The window a caller wants the picker to belong to, as xdg-desktop-portal names it:
/// `x11:XID` (the XID in hexadecimal) or `wayland:HANDLE` (a handle exported through
/// xdg-foreign). The picker is made transient for it (and modal, when asked).
public enum ParentWindow: Sendable, Hashable, CustomStringConvertible {
    case x11(UInt32)
    case wayland(String)

    public struct Invalid: Error, CustomStringConvertible, Equatable {
        public let description: String
    }

    /// X11 resource IDs use 29 bits (the protocol keeps the top three zero); 0 is None.
    static let largestXID: UInt32 = 0x1FFF_FFFF

    /// The portal's form. The empty string, which the portal sends for "no parent", is nil.
    public static func parse(_ text: String) throws -> ParentWindow? {
        if text.isEmpty { return nil }
        if text.hasPrefix("x11:") {
            var digits = Substring(text.dropFirst(4))
            if digits.lowercased().hasPrefix("0x") { digits = digits.dropFirst(2) }
            guard !digits.isEmpty, digits.allSatisfy(\.isHexDigit), let value = UInt64(digits, radix: 16),
                  let xid = validXID(value) else {
                throw Invalid(description: "'\(text)': an X11 window is x11: followed by its XID in hexadecimal, like x11:1a00007")
            }
            return .x11(xid)
        }
        if text.hasPrefix("wayland:") {
            let handle = text.dropFirst(8)
            guard !handle.isEmpty, handle.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 0x20 && $0.value < 0x7F }) else {
                throw Invalid(description: "'\(text)': a Wayland window is wayland: followed by the handle its program exported")
            }
            return .wayland(String(handle))
        }
        throw Invalid(description: "'\(text)' is not a window: use x11:XID (hexadecimal) or wayland:HANDLE")
    }

    /// An X11 window ID as C's `strtoul(text, NULL, 0)` reads it, as kdialog's and zenity's
    /// `--attach` do: decimal, hexadecimal after `0x`, octal after a leading `0`.
    public static func xid(_ text: String) -> UInt32? {
        var digits = Substring(text.trimmingWhitespace)
        var radix = 10
        if digits.lowercased().hasPrefix("0x") {
            digits = digits.dropFirst(2)
            radix = 16
        } else if digits.count > 1, digits.hasPrefix("0") {
            digits = digits.dropFirst()
            radix = 8
        }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isHexDigit }), let value = UInt64(digits, radix: radix) else { return nil }
        return validXID(value)
    }

    private static func validXID(_ value: UInt64) -> UInt32? {
        (1...UInt64(largestXID)).contains(value) ? UInt32(value) : nil
    }

    /// The portal's form, `x11:1a00007` or `wayland:HANDLE`.
    public var description: String {
        switch self {
        case .x11(let xid): return "x11:" + String(xid, radix: 16)
        case .wayland(let handle): return "wayland:" + handle
        }
    }
}
