import PhotoPickCore

extension PreparedLibrary {
    /// `files` admitted by `restriction`, handed to the builder one by one as an index-first
    /// open hands in the index's rows; Recently Added measured from `now`.
    init(roots: [RawPath], restriction: AssetRestriction, files: [DiscoveredFile], now: Double = Host.current.now()) {
        let builder = Builder(roots: roots, restriction: restriction, now: now)
        builder.reserve(files.count)
        for file in files { builder.add(file) }
        self = builder.finish()
    }
}
