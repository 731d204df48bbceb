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
            out.append(Line(m.captureDate == nil ? tr("Modified") : tr("Taken"), date(seconds + offset)))
        }
        if let size = m.displaySize {
            out.append(Line(tr("Dimensions"), dimensions(width: size.width, height: size.height)))
        }
        if asset.kind == .video, let d = m.durationSeconds, d > 0 { out.append(Line(tr("Duration"), HumanFormat.duration(d))) }
        out.append(Line(tr("File size"), HumanFormat.bytes(asset.sizeBytes)))
        if let camera = m.camera { out.append(Line(tr("Camera"), camera)) }
        if let location = m.location { out.append(Line(tr("Location"), coordinates(location))) }
        out.append(Line(tr("Type"), asset.mimeType))
        return out
    }

    /// Local seconds (UTC seconds plus the offset) as "Wednesday, 1 May 2024, 14:03" (in English).
    public static func date(_ localSeconds: Int64) -> String {
        let day = Int(localSeconds.floorDiv(86_400))
        let inDay = Int(localSeconds - Int64(day) * 86_400)
        let h = inDay / 3600, mi = (inDay % 3600) / 60
        // TRANSLATORS: when a photo was taken, a g_date_time_format() format: "Wednesday, 1 May 2024, 14:03".
        return Translation.current.formatDate(tr("%A, %-d %B %Y, %H:%M"), CivilDate(dayNumber: day), hour: h, minute: mi)
    }

    /// "4000 × 3000 (12.0 MP)"; the megapixels only when there are a million or more.
    public static func dimensions(width: Int, height: Int) -> String {
        let pixels = width * height
        // TRANSLATORS: an image's size in pixels: "4000 × 3000" (width, height).
        let base = tr("%1$s × %2$s", String(width), String(height))
        guard pixels >= 1_000_000 else { return base }
        let tenths = Int((Double(pixels) / 100_000).rounded())
        // TRANSLATORS: the decimal separator in numbers such as "12.0 MP".
        let point = tr(".")
        // TRANSLATORS: an image's size with its megapixels: "4000 × 3000 (12.0 MP)".
        return tr("%1$s (%2$s MP)", base, String(tenths / 10) + point + String(tenths % 10))
    }

    /// "48.8584° N, 2.2945° E": four decimals, about 10 m.
    public static func coordinates(_ l: GeoLocation) -> String {
        func part(_ v: Double, _ positive: String, _ negative: String) -> String {
            let tenThousandths = Int((abs(v) * 10_000).rounded())
            let fraction = String(tenThousandths % 10_000)
            let number = String(tenThousandths / 10_000) + tr(".") + String(repeating: "0", count: 4 - fraction.count) + fraction
            // TRANSLATORS: one coordinate: "48.8584° N" (the number, the compass point).
            return tr("%1$s° %2$s", number, v < 0 ? negative : positive)
        }
        // TRANSLATORS: a place as latitude and longitude: "48.8584° N, 2.2945° E"; N, S, E and W
        // below are the compass points.
        return tr("%1$s, %2$s", part(l.latitude, tr("N"), tr("S")), part(l.longitude, tr("E"), tr("W")))
    }
}
