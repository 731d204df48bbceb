/// The preview's information panel: what is known about one asset, as labelled lines.
/// Unknown facts are left out rather than shown as "unknown".
public enum AssetDetails {
    public struct Line: Sendable, Equatable {
        public let label: String
        public let value: String
        public init(_ label: String, _ value: String) {
            self.label = label
            self.value = value
        }
    }

    /// `localOffset` gives the zone's offset at a moment (the process's zone by default), for
    /// dates the camera recorded without one and for modification times.
    public static func lines(_ asset: Asset, localOffset: (Int64) -> Int64 = LocalClock.systemOffset) -> [Line] {
        var out: [Line] = []
        let m = asset.metadata
        if asset.hasKnownDate {
            let seconds = Int64(asset.dateSeconds.rounded(.down))
            let offset = m.captureDate?.utcOffset.map(Int64.init) ?? localOffset(seconds)
            out.append(Line(m.captureDate == nil ? "Modified" : "Taken", date(seconds + offset)))
        }
        if let size = m.displaySize {
            out.append(Line("Dimensions", dimensions(width: size.width, height: size.height)))
        }
        if asset.kind == .video, let d = m.durationSeconds, d > 0 { out.append(Line("Duration", HumanFormat.duration(d))) }
        out.append(Line("File size", HumanFormat.bytes(asset.sizeBytes)))
        if let camera = m.camera { out.append(Line("Camera", camera)) }
        if let location = m.location { out.append(Line("Location", coordinates(location))) }
        out.append(Line("Type", asset.mimeType))
        return out
    }

    /// Local seconds (UTC seconds plus the offset) as "Wednesday, 1 May 2024, 14:03".
    public static func date(_ localSeconds: Int64) -> String {
        let day = Int(localSeconds.floorDiv(86_400))
        let inDay = Int(localSeconds - Int64(day) * 86_400)
        let h = inDay / 3600, mi = (inDay % 3600) / 60
        let civil = CivilDate(dayNumber: day)
        return "\(GroupTitle.weekdays[CivilDate.weekday(dayNumber: day)]), \(GroupTitle.long(civil)), \(h < 10 ? "0" : "")\(h):\(mi < 10 ? "0" : "")\(mi)"
    }

    /// "4000 × 3000 (12.0 MP)"; the megapixels only when there are a million or more.
    public static func dimensions(width: Int, height: Int) -> String {
        let pixels = width * height
        let base = "\(width) × \(height)"
        guard pixels >= 1_000_000 else { return base }
        let tenths = Int((Double(pixels) / 100_000).rounded())
        return "\(base) (\(tenths / 10).\(tenths % 10) MP)"
    }

    /// "48.8584° N, 2.2945° E": four decimals, about 10 m.
    public static func coordinates(_ l: GeoLocation) -> String {
        func part(_ v: Double, _ positive: String, _ negative: String) -> String {
            let tenThousandths = Int((abs(v) * 10_000).rounded())
            let fraction = String(tenThousandths % 10_000)
            return "\(tenThousandths / 10_000).\(String(repeating: "0", count: 4 - fraction.count))\(fraction)° \(v < 0 ? negative : positive)"
        }
        return "\(part(l.latitude, "N", "S")), \(part(l.longitude, "E", "W"))"
    }
}
