/// The user's own choice of album (the sidebar), as opposed to the album the window opens on.
extension PickerSession {
    /// Shows `id` because the user chose it: an album still awaited from `--album` or from
    /// last time (it may turn up late in a big scan) no longer takes over.
    public func chooseAlbum(_ id: AlbumID) {
        initialAlbum.choose(id)
        showAlbum(id)
    }
}
