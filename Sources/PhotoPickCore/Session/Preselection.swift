/// The caller's preselected files, picked as they arrive (issue 4): found by path or by
/// identity (a link or a hard link to a file the library lists under another name), and
/// picked in the caller's list's order across scan batches too. After a restart
/// (`PickerSession.rescan`) the list is the user's picks, in pick order, then the caller's
/// files not found yet.
struct Preselection {
    /// The files to pick, in the caller's order.
    let paths: [RawPath]
    /// The files by path and by identity, to their place in `paths`: `stat`ed once, at
    /// the first arrival.
    private var lookup: (byPath: [RawPath: Int], byIdentity: [FileIdentity: Int])?
    /// By place in `paths`, the asset that place picked (nil: not found yet; empty until
    /// the first look).
    private var found: [AssetID?] = []
    /// The last place that picked something, so files arriving in the list's order are
    /// appended without looking through the places after them.
    private var lastPlaceFound = -1

    init(_ paths: [RawPath]) { self.paths = paths }

    var isEmpty: Bool { paths.isEmpty }

    /// The files that picked nothing yet (once scanned: not media, hidden, refused by the
    /// caller's own restriction, or outside the folders shown).
    var unmatched: [RawPath] {
        paths.enumerated().filter { $0.offset >= found.count || found[$0.offset] == nil }.map(\.element)
    }

    /// Picks in `selection` those of `arrived` that the list names, `identity` telling a
    /// file's identity. Each goes before the pick of the nearest later place already picked,
    /// else after every pick: the numbered checkmarks and Done show the list's order, while
    /// a listing delivers files in its own. Returns the first slot whose pick changed; nil
    /// when nothing was picked.
    mutating func pick(_ arrived: [Asset], identity: (AssetID) -> FileIdentity?, in selection: inout Selection) -> Int? {
        guard !paths.isEmpty else { return nil }
        let wanted = places()
        var matches: [(place: Int, id: AssetID)] = []
        for asset in arrived {
            let place = wanted.byPath[asset.path]
                ?? (wanted.byIdentity.isEmpty ? nil : identity(asset.id).flatMap { wanted.byIdentity[$0] })
            if let place { matches.append((place, asset.id)) }
        }
        guard !matches.isEmpty else { return nil }
        if found.count < paths.count { found.append(contentsOf: repeatElement(nil, count: paths.count - found.count)) }
        var picks: [(id: AssetID, slot: Int)] = []
        for (place, id) in matches.sorted(by: { $0.place < $1.place }) {
            // One picked already (shown again as the whole library is adopted) needs no place.
            if !selection.contains(id) {
                picks.append((id, place > lastPlaceFound ? selection.count : slot(before: place, in: selection)))
            }
            found[place] = id
            lastPlaceFound = max(lastPlaceFound, place)
        }
        return selection.insert(picks)
    }

    /// Where a file of `place` goes: before the nearest later place's pick still picked.
    private func slot(before place: Int, in selection: Selection) -> Int {
        guard place < lastPlaceFound else { return selection.count }
        for later in (place + 1)...lastPlaceFound {
            if let id = found[later], let slot = selection.index(of: id) { return slot }
        }
        return selection.count
    }

    /// The places of `paths` by path and by identity, `stat`ed the first time only.
    private mutating func places() -> (byPath: [RawPath: Int], byIdentity: [FileIdentity: Int]) {
        if let lookup { return lookup }
        var byPath: [RawPath: Int] = [:], byIdentity: [FileIdentity: Int] = [:]
        for (place, path) in paths.enumerated() {
            if byPath[path] == nil { byPath[path] = place }
            if let identity = FileIdentity.of(path), byIdentity[identity] == nil { byIdentity[identity] = place }
        }
        lookup = (byPath, byIdentity)
        return (byPath, byIdentity)
    }
}
