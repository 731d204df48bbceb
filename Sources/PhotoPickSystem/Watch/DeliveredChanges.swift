import PhotoPickCore

/// The last state the monitor reported for each path, laid over snapshots the library has
/// not caught up with yet. Delivery hops to the main actor, so the next comparison may see
/// a snapshot without the last batch; without this, a file inserted and then renamed in
/// quick succession would never be reported deleted.
///
/// Laying the latest reported state over a snapshot is idempotent, so an entry can stay
/// until the snapshot agrees with it; then it is dropped.
struct DeliveredChanges {
    private var latest: [RawPath: FileStamp?] = [:]

    var count: Int { latest.count }

    mutating func record(_ changes: LibraryChangeSet) {
        for path in changes.deleted { latest[path] = .some(nil) }
        for file in changes.inserted + changes.updated { latest[file.path] = .some(FileStamp(file)) }
    }

    /// `snapshot` with every reported state not yet in it.
    mutating func overlay(on snapshot: LibrarySnapshot) -> LibrarySnapshot {
        var result = snapshot
        for (path, stamp) in latest {
            let agrees: Bool
            switch (snapshot.stamp(for: path), stamp) {
            case let (known?, reported?): agrees = known.matches(reported)
            case (nil, nil): agrees = true
            default: agrees = false
            }
            if agrees {
                latest[path] = nil  // caught up
            } else {
                result.setStamp(stamp, for: path)
            }
        }
        return result
    }
}
