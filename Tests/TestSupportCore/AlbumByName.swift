import PhotoPickCore

extension AlbumSource {
    /// The album `--album name` opens: the name resolved as `photopick list` resolves it
    /// (`AlbumNames`, the names `photopick albums` prints).
    public func album(named name: String) -> Album? {
        AlbumNames(albums).album(named: name).flatMap(album)
    }

    /// The album's assets, newest first, as the source holds them.
    public func assets(in album: AlbumID) -> [Asset] {
        (self.album(album)?.assetIDs ?? []).compactMap(asset)
    }
}
