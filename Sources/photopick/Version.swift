/// photopick's version: the one place it is written. The Makefile reads it from this line for
/// the man page and the Debian package (`make deb`); the metainfo's newest release must match
/// (DataFilesTests).
enum PhotopickVersion {
    static let string = "0.1.0"
}
