import Synchronization

/// Where Core's human words get their language. Core links no C library, so it cannot call
/// gettext or GLib itself: the executable installs a `Translation` backed by gettext and GLib
/// (PhotoPickSystem's `GettextTranslation`) once at startup, and Core reads it through `tr`/`trn`.
/// Until one is installed (Core's unit tests, any headless caller) the English source text and
/// the built-in English formats below are used, so Core's behaviour never depends on the locale
/// unless a front end asks for it. Machine output (JSON, paths, option names) never calls these.
///
/// Messages are plain string literals with `%s` or `%1$s` placeholders, never `\(…)`
/// interpolation: `make pot` extracts them with xgettext's C parser (see scripts/update-pot.sh)
/// and a translator may reorder numbered placeholders.
///
/// It lives in Text, below every folder with words to show (album titles in Assets, group
/// titles in Collections), and needs only Calendar's `CivilDate` to write dates.
public struct Translation: Sendable {
    /// gettext: the message in the user's language, or the message itself.
    public var singular: @Sendable (String) -> String
    /// ngettext: the form for `n` of a message with a singular and a plural.
    public var plural: @Sendable (String, String, Int) -> String
    /// A size in bytes as the desktop writes it (g_format_size); nil: the English built-in.
    public var bytes: (@Sendable (Int64) -> String)?
    /// A civil date and time written with a strftime-style `format` (g_date_time_format, the
    /// locale's names); nil or a nil result (a year GLib cannot hold): the English built-in.
    public var date: (@Sendable (_ format: String, _ date: CivilDate, _ hour: Int, _ minute: Int) -> String?)?

    public init(singular: @escaping @Sendable (String) -> String,
                plural: @escaping @Sendable (String, String, Int) -> String,
                bytes: (@Sendable (Int64) -> String)? = nil,
                date: (@Sendable (String, CivilDate, Int, Int) -> String?)? = nil) {
        self.singular = singular
        self.plural = plural
        self.bytes = bytes
        self.date = date
    }

    /// The source text: English.
    public static let english = Translation(singular: { $0 }, plural: { one, many, n in n == 1 ? one : many })

    private static let installed = Mutex<Translation>(.english)

    /// The translation every `tr`/`trn` call uses from now on (set once, at startup).
    public static var current: Translation {
        get { installed.withLock { $0 } }
        set { installed.withLock { $0 = newValue } }
    }

    /// `template` with its `%s` (in order) and `%N$s` (numbered) placeholders replaced by
    /// `arguments`; `%%` is a percent sign. A placeholder without an argument stays as written.
    public static func fill(_ template: String, _ arguments: [String]) -> String {
        guard !arguments.isEmpty || template.contains("%%") else { return template }
        var out = ""
        var next = 0
        var chars = template[...]
        while let c = chars.popFirst() {
            guard c == "%" else { out.append(c); continue }
            if chars.first == "%" { chars.removeFirst(); out.append("%"); continue }
            if chars.first == "s" {
                chars.removeFirst()
                out += next < arguments.count ? arguments[next] : "%s"
                next += 1
                continue
            }
            // %N$s
            let digits = chars.prefix(while: \.isNumber)
            let rest = chars.dropFirst(digits.count)
            if !digits.isEmpty, rest.hasPrefix("$s"), let n = Int(digits), n >= 1 {
                chars = rest.dropFirst(2)
                out += n <= arguments.count ? arguments[n - 1] : "%\(n)$s"
                continue
            }
            out.append(c)
        }
        return out
    }

    /// English names for the built-in date format.
    static let months = ["January", "February", "March", "April", "May", "June", "July",
                         "August", "September", "October", "November", "December"]
    static let weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    /// A message in this language, its placeholders filled.
    public func tr(_ message: String, _ arguments: String...) -> String {
        Self.fill(singular(message), arguments)
    }

    /// The form of a counted message for `n`, its placeholders filled.
    public func trn(_ one: String, _ many: String, _ n: Int, _ arguments: String...) -> String {
        Self.fill(plural(one, many, n), arguments)
    }

    /// The date as `format` writes it: the installed formatter, else English with the
    /// directives Core's formats use (%A %B %d %-d %Y %H %M %%).
    public func formatDate(_ format: String, _ date: CivilDate, hour: Int = 0, minute: Int = 0) -> String {
        if let formatted = self.date?(format, date, hour, minute) { return formatted }
        let weekdays = Self.weekdays, months = Self.months
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : String(n) }
        var out = ""
        var chars = format[...]
        while let c = chars.popFirst() {
            guard c == "%", let d = chars.popFirst() else { out.append(c); continue }
            switch d {
            case "A": out += weekdays[CivilDate.weekday(dayNumber: date.dayNumber)]
            case "B": out += months[date.month - 1]
            case "d": out += two(date.day)
            case "-" where chars.first == "d": chars.removeFirst(); out += String(date.day)
            case "Y": out += String(date.year)
            case "H": out += two(hour)
            case "M": out += two(minute)
            case "%": out += "%"
            default: out += "%" + String(d)
            }
        }
        return out
    }
}

/// A message in the user's language, its placeholders filled: `tr("Searching %s", place)`.
public func tr(_ message: String, _ arguments: String...) -> String {
    Translation.fill(Translation.current.singular(message), arguments)
}

/// The form of a counted message for `n`, filled: `trn("%s photo", "%s photos", n, HumanFormat.count(n))`.
public func trn(_ singular: String, _ plural: String, _ n: Int, _ arguments: String...) -> String {
    Translation.fill(Translation.current.plural(singular, plural, n), arguments)
}

/// Marks a literal for extraction without translating it yet (tables of names translated
/// where they are shown, with `Translation.current.singular(name)`).
public func N_(_ message: String) -> String { message }
