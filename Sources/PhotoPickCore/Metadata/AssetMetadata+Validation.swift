extension AssetMetadata {
    /// The largest side any photo or video can plausibly have; more is a damaged value.
    static let maxSide = 1 << 20

    /// The same metadata with every value photopick could not use safely set to unknown:
    /// dates outside `RepresentableTime`, offsets past ±18 h, sides outside 1…2^20,
    /// orientations outside 1…8, places off the globe, ratings outside −1…5, durations that
    /// are negative, not finite or longer than a century, content identifiers that are not
    /// short printable ASCII, embedded videos that are empty or end past 2^63. Whatever the source — a file's
    /// EXIF, a container header, a cache — nothing past here has to check again.
    /// The longest content identifier kept: Apple's are 36-character UUIDs.
    static let maxIdentifierBytes = 64

    /// A content identifier is printable ASCII of 1…64 bytes: it is compared, stored and
    /// printed in JSON, and anything else is a damaged or hostile value.
    static func isPlausibleIdentifier(_ id: String) -> Bool {
        let bytes = id.utf8
        return !bytes.isEmpty && bytes.count <= maxIdentifierBytes && bytes.allSatisfy { (0x21...0x7E).contains($0) }
    }

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
        if let id = m.contentIdentifier, !Self.isPlausibleIdentifier(id) { m.contentIdentifier = nil }
        if let range = m.motionVideo, !(range.offset > 0 && range.length > 0 && range.end != nil) { m.motionVideo = nil }
        return m
    }

    /// `validated()`, and an embedded video that does not end inside the file dropped (a
    /// cache's value for a file that has since been cut).
    public func validated(fileSize: Int64) -> AssetMetadata {
        var m = validated()
        if let end = m.motionVideo?.end, end > fileSize { m.motionVideo = nil }
        return m
    }
}
