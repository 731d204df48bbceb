internal import CMedia

/// One-time set-up of gexiv2 and libheif, before any thread uses them.
enum MetadataLibraries {
    /// Swift runs a static initialiser exactly once, even when threads race to it.
    static let ready: Bool = {
        // Exiv2's XMP toolkit must be initialised before concurrent use (gexiv2 docs).
        let ok = gexiv2_initialize() != 0
        // Exiv2 prints every warning about odd files to stderr; errors still come back as GError.
        gexiv2_log_set_level(GEXIV2_LOG_LEVEL_MUTE)
        // Loads libheif's plugins once; reference counted, never balanced: it lives as long as the process.
        _ = heif_init(nil)
        return ok
    }()
}
