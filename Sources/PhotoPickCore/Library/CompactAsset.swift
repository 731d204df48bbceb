/// One asset of `AssetTable` in fixed-width fields: 112 bytes with no allocation of its own,
/// where an `Asset` with its file identity took about 270 (and its folder album a path of
/// its own). Repeating values are positions in the table's `Interned` lists, the path a place
/// in its `PathArena`; an optional is a flag beside its value. `Asset` values are made from
/// it on reading.
///
/// Every validated asset fits (sizes ≤ 2^20, offsets ≤ 18 h, ratings −1…5); one that would
/// not (more than 65,535 distinct cameras or MIME types, or a content identifier or embedded
/// video, which pair photos carry) is kept whole beside the table, so
/// reading always returns exactly the asset stored.
struct CompactAsset: Sendable {
    var path: PathArena.Ref
    var sizeBytes: Int64
    var modified: Double
    var capture: Double
    var latitude: Double
    var longitude: Double
    var altitude: Double
    var duration: Double
    var device: UInt64
    var inode: UInt64
    var width: Int32
    var height: Int32
    var utcOffset: Int32
    var album: UInt32
    var mimeType: UInt16
    var make: UInt16
    var model: UInt16
    var flags: Flags
    var orientation: UInt8
    var dateSource: UInt8
    var rating: Int8

    struct Flags: OptionSet, Sendable {
        let rawValue: UInt16
        static let present = Flags(rawValue: 1 << 0)
        /// Kept whole in the table's spill: the other fields are not read.
        static let spilled = Flags(rawValue: 1 << 1)
        static let video = Flags(rawValue: 1 << 2)
        static let modifiedIsKnown = Flags(rawValue: 1 << 3)
        static let hasWidth = Flags(rawValue: 1 << 4)
        static let hasHeight = Flags(rawValue: 1 << 5)
        static let hasCapture = Flags(rawValue: 1 << 6)
        static let hasOffset = Flags(rawValue: 1 << 7)
        static let hasLocation = Flags(rawValue: 1 << 8)
        static let hasAltitude = Flags(rawValue: 1 << 9)
        static let hasRating = Flags(rawValue: 1 << 10)
        static let screenshot = Flags(rawValue: 1 << 11)
        static let hasDuration = Flags(rawValue: 1 << 12)
        static let hasMake = Flags(rawValue: 1 << 13)
        static let hasModel = Flags(rawValue: 1 << 14)
    }

    /// An empty slot (no asset under its identifier).
    static let absent = CompactAsset(path: .empty, sizeBytes: 0, modified: 0, capture: 0, latitude: 0,
                                     longitude: 0, altitude: 0, duration: 0, device: 0, inode: 0, width: 0, height: 0,
                                     utcOffset: 0, album: 0, mimeType: 0, make: 0, model: 0, flags: [], orientation: 0,
                                     dateSource: 0, rating: 0)

    var isPresent: Bool { flags.contains(.present) }

    /// A slot that says only "present, kept whole elsewhere", with its path and file for the
    /// cheap reads.
    static func spilled(_ asset: Asset, key: FileIdentity, path: PathArena.Ref) -> CompactAsset {
        var slot = absent
        slot.path = path
        slot.device = key.device
        slot.inode = key.inode
        slot.flags = [.present, .spilled]
        return slot
    }

    var key: FileIdentity { FileIdentity(device: device, inode: inode) }
}

/// The lists a `CompactAsset` names by position.
struct CompactAssetLists: Sendable {
    /// `DateSource.allCases` made once (it is a new array per call).
    private static let dateSources = DateSource.allCases
    var mimeTypes = Interned<String>()
    var albums = Interned<AlbumID>()
    /// Camera makes and models (one list: a make is often a model's first word).
    var cameras = Interned<String>()

    /// `asset` in fixed-width fields, or nil when one of its values does not fit.
    mutating func compact(_ asset: Asset, key: FileIdentity, path: PathArena.Ref) -> CompactAsset? {
        let m = asset.metadata
        // A Live Photo's identifier or a Motion Photo's video: rare beside a library's other
        // photos, and a UUID has no fixed-width place here, so such an asset is kept whole.
        if m.contentIdentifier != nil || m.motionVideo != nil { return nil }
        var flags: CompactAsset.Flags = [.present]
        func small<T: FixedWidthInteger>(_ value: Int?, _ flag: CompactAsset.Flags, as: T.Type) -> T?? {
            guard let value else { return .some(nil) }
            guard let fitted = T(exactly: value) else { return nil }
            flags.insert(flag)
            return .some(fitted)
        }
        guard let width = small(m.pixelWidth, .hasWidth, as: Int32.self),
              let height = small(m.pixelHeight, .hasHeight, as: Int32.self),
              let offset = small(m.captureDate?.utcOffset, .hasOffset, as: Int32.self),
              let rating = small(m.rating, .hasRating, as: Int8.self),
              let orientation = UInt8(exactly: m.orientation),
              let source = Self.dateSources.firstIndex(of: m.dateSource),
              let mime = UInt16(exactly: mimeTypes.position(of: asset.mimeType)),
              let album = UInt32(exactly: albums.position(of: asset.albumID)) else { return nil }
        var make: UInt16 = 0, model: UInt16 = 0
        if let name = m.cameraMake {
            guard let p = UInt16(exactly: cameras.position(of: name)) else { return nil }
            make = p
            flags.insert(.hasMake)
        }
        if let name = m.cameraModel {
            guard let p = UInt16(exactly: cameras.position(of: name)) else { return nil }
            model = p
            flags.insert(.hasModel)
        }
        if asset.kind == .video { flags.insert(.video) }
        if asset.modifiedIsKnown { flags.insert(.modifiedIsKnown) }
        if m.captureDate != nil { flags.insert(.hasCapture) }
        if m.location != nil { flags.insert(.hasLocation) }
        if m.location?.altitude != nil { flags.insert(.hasAltitude) }
        if m.isScreenshot { flags.insert(.screenshot) }
        if m.durationSeconds != nil { flags.insert(.hasDuration) }
        return CompactAsset(path: path, sizeBytes: asset.sizeBytes, modified: asset.modified,
                            capture: m.captureDate?.seconds ?? 0, latitude: m.location?.latitude ?? 0,
                            longitude: m.location?.longitude ?? 0, altitude: m.location?.altitude ?? 0,
                            duration: m.durationSeconds ?? 0, device: key.device, inode: key.inode,
                            width: width ?? 0, height: height ?? 0, utcOffset: offset ?? 0, album: album,
                            mimeType: mime, make: make, model: model, flags: flags, orientation: orientation,
                            dateSource: UInt8(source), rating: rating ?? 0)
    }

    /// The asset `slot` holds, under `id` and at `path` (a slot that is present and not spilled).
    func asset(_ slot: CompactAsset, id: AssetID, path: RawPath) -> Asset {
        let f = slot.flags
        var m = AssetMetadata()
        m.pixelWidth = f.contains(.hasWidth) ? Int(slot.width) : nil
        m.pixelHeight = f.contains(.hasHeight) ? Int(slot.height) : nil
        m.orientation = Int(slot.orientation)
        m.captureDate = f.contains(.hasCapture)
            ? CaptureDate(seconds: slot.capture, utcOffset: f.contains(.hasOffset) ? Int(slot.utcOffset) : nil) : nil
        m.dateSource = Self.dateSources[Int(slot.dateSource)]
        m.location = f.contains(.hasLocation)
            ? GeoLocation(latitude: slot.latitude, longitude: slot.longitude,
                          altitude: f.contains(.hasAltitude) ? slot.altitude : nil) : nil
        m.cameraMake = f.contains(.hasMake) ? cameras[Int(slot.make)] : nil
        m.cameraModel = f.contains(.hasModel) ? cameras[Int(slot.model)] : nil
        m.rating = f.contains(.hasRating) ? Int(slot.rating) : nil
        m.isScreenshot = f.contains(.screenshot)
        m.durationSeconds = f.contains(.hasDuration) ? slot.duration : nil
        return Asset(stored: id, path: path, mimeType: mimeTypes[Int(slot.mimeType)],
                     kind: f.contains(.video) ? .video : .photo, sizeBytes: slot.sizeBytes, modified: slot.modified,
                     modifiedIsKnown: f.contains(.modifiedIsKnown), albumID: albums[Int(slot.album)], metadata: m)
    }
}
