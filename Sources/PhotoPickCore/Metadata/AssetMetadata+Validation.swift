extension AssetMetadata {
    /// The largest side any photo or video can plausibly have; more is a damaged value.
    static let maxSide = 1 << 20

    /// The same metadata with every value photopick could not use safely set to unknown:
    /// dates outside `RepresentableTime`, offsets past ±18 h, sides outside 1…2^20,
    /// orientations outside 1…8, places off the globe, ratings outside −1…5, durations that
    /// are negative, not finite or longer than a century. Whatever the source — a file's
    /// EXIF, a container header, a cache — nothing past here has to check again.
    public func validated() -> AssetMetadata {
        var m = self
        if let w = m.pixelWidth, let h = m.pixelHeight, (1...Self.maxSide).contains(w), (1...Self.maxSide).contains(h) {
        } else {
            m.pixelWidth = nil
            m.pixelHeight = nil
        }
        if !(1...8).contains(m.orientation) { m.orientation = 1 }
        if let date = m.captureDate {
            if !RepresentableTime.contains(date.seconds) {
                m.captureDate = nil
            } else if let offset = date.utcOffset, abs(offset) > RepresentableTime.maxUTCOffset {
                m.captureDate?.utcOffset = nil
            }
        }
        if m.captureDate == nil, m.dateSource != .modified { m.dateSource = .modified }
        if let place = m.location {
            if !place.latitude.isFinite || !place.longitude.isFinite
                || abs(place.latitude) > 90 || abs(place.longitude) > 180 {
                m.location = nil
            } else if let altitude = place.altitude, !altitude.isFinite || abs(altitude) > 1e7 {
                m.location?.altitude = nil
            }
        }
        if let rating = m.rating, !(-1...5).contains(rating) { m.rating = nil }
        if let duration = m.durationSeconds, !(duration.isFinite && duration >= 0 && duration < 3.2e9) {
            m.durationSeconds = nil
        }
        return m
    }
}
