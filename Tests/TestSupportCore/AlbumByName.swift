import PhotoPickCore

extension AlbumSource {
    /// The album `--album name` opens: the name resolved as `photopick list` resolves it
    /// (`AlbumNames`, the names `photopick albums` prints).
    public func album(named name: String) -> Album? {
        AlbumNames(albums).album(named: name).flatMap(album)
    }
}
