/// Coordinates written as text, as videos and XMP keep them: an ISO 6709 point (QuickTime's
/// `©xyz` and `location.ISO6709` key) and an XMP coordinate (`exif:GPSLatitude`'s
/// "48,51.504N", a drone's "+48.8584"). Untrusted text: anything odd is nil, never a guess.
public enum GeoText {
    /// "+48.8584+002.2945+035.000/", also in the ±DDMM(.M) and ±DDMMSS(.S) forms; nil unless
    /// both latitude and longitude are there and in range.
    public static func iso6709(_ text: String) -> GeoLocation? {
        var numbers: [(sign: Double, integer: Substring, fraction: Substring)] = []
        var rest = Substring(text.prefix(128))
        while numbers.count < 3, let sign = rest.first, sign == "+" || sign == "-" {
            rest = rest.dropFirst()
            let integer = rest.prefix(while: \.isASCIIDigit)
            rest = rest.dropFirst(integer.count)
            var fraction: Substring = ""
            if rest.first == "." {
                fraction = rest.dropFirst().prefix(while: \.isASCIIDigit)
                rest = rest.dropFirst(fraction.count + 1)
            }
            guard !integer.isEmpty else { return nil }
            numbers.append((sign == "-" ? -1 : 1, integer, fraction))
        }
        guard numbers.count >= 2,
              let latitude = degrees(numbers[0].integer, numbers[0].fraction, degreeDigits: 2).map({ $0 * numbers[0].sign }),
              let longitude = degrees(numbers[1].integer, numbers[1].fraction, degreeDigits: 3).map({ $0 * numbers[1].sign }),
              abs(latitude) <= 90, abs(longitude) <= 180 else { return nil }
        let altitude = numbers.count == 3 ? Double("\(numbers[2].integer).\(numbers[2].fraction)0").map { $0 * numbers[2].sign } : nil
        return GeoLocation(latitude: latitude, longitude: longitude, altitude: altitude?.isFinite == true ? altitude : nil)
    }

    /// ISO 6709's degrees, degrees and minutes, or degrees, minutes and seconds, told apart by
    /// the number of integer digits (2, 4, 6 for a latitude; 3, 5, 7 for a longitude).
    private static func degrees(_ integer: Substring, _ fraction: Substring, degreeDigits d: Int) -> Double? {
        guard let value = Double("\(integer).\(fraction)0") else { return nil }
        switch integer.count {
        case d: return value
        case d + 2:
            let minutes = value.truncatingRemainder(dividingBy: 100)
            return minutes < 60 ? (value - minutes) / 100 + minutes / 60 : nil
        case d + 4:
            let seconds = value.truncatingRemainder(dividingBy: 100)
            let minutes = ((value - seconds) / 100).truncatingRemainder(dividingBy: 100)
            return seconds < 60 && minutes < 60 ? (value - seconds - minutes * 100) / 10_000 + minutes / 60 + seconds / 3600 : nil
        default: return nil
        }
    }

    /// An XMP coordinate: "DDD,MM,SSk" or "DDD,MM.mmk" (k one of N, S, E, W, as the XMP
    /// specification writes GPS values), or a signed decimal ("-2.2945", as drones write them).
    /// nil when it is neither or not a number a coordinate can be.
    public static func xmpCoordinate(_ text: String) -> Double? {
        var s = Substring(String(text.prefix(64)).trimmingWhitespace)
        guard let last = s.last else { return nil }
        var sign = 1.0
        if "NSEW".contains(last) {
            if last == "S" || last == "W" { sign = -1 }
            s = s.dropLast()
        } else if let value = Double(s), value.isFinite, abs(value) <= 180 {
            return value
        } else {
            return nil
        }
        let parts = s.split(separator: ",", omittingEmptySubsequences: false).map { Double($0) }
        guard (1...3).contains(parts.count), parts.allSatisfy({ $0.map { $0.isFinite && $0 >= 0 } ?? false }) else { return nil }
        let values = parts.compactMap { $0 }
        guard values.dropFirst().allSatisfy({ $0 < 60 }) else { return nil }
        let value = values.enumerated().reduce(0.0) { sum, part in sum + part.element / [1.0, 60, 3600][part.offset] }
        return value <= 180 ? sign * value : nil
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
