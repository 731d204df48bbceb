import CGtk
import PhotoPickCore

extension Gtk {
    /// A GtkMediaFile (GTK's GStreamer media backend) playing one file, with one reference of
    /// its own; a picture showing it takes another. Times are in seconds.
    @MainActor
    final class MediaFile {
        private let file: UnsafeMutablePointer<GtkMediaFile>
        private var stream: UnsafeMutablePointer<GtkMediaStream> { raw(file).assumingMemoryBound(to: GtkMediaStream.self) }

        /// Opens `path` (its bytes as they are), paused.
        init(path: RawPath) {
            file = path.withCString { raw(gtk_media_file_new_for_filename($0)).assumingMemoryBound(to: GtkMediaFile.self) }
        }

        isolated deinit { g_object_unref(raw(file)) }

        var isPlaying: Bool { gtk_media_stream_get_playing(stream) != 0 }
        var hasEnded: Bool { gtk_media_stream_get_ended(stream) != 0 }
        var isSeekable: Bool { gtk_media_stream_is_seekable(stream) != 0 }
        var hasAudio: Bool { gtk_media_stream_has_audio(stream) != 0 }
        var isMuted: Bool { gtk_media_stream_get_muted(stream) != 0 }
        /// Zero until the stream knows it.
        var duration: Double { Double(gtk_media_stream_get_duration(stream)) / 1_000_000 }
        var timestamp: Double { Double(gtk_media_stream_get_timestamp(stream)) / 1_000_000 }
        /// Why the stream cannot play, in GStreamer's words; nil while it can.
        var errorMessage: String? { gtk_media_stream_get_error(stream).map { String(cString: $0.pointee.message) } }

        func play() { gtk_media_stream_play(stream) }
        func pause() { gtk_media_stream_pause(stream) }
        func seek(to seconds: Double) { gtk_media_stream_seek(stream, gint64(seconds * 1_000_000)) }
        func setMuted(_ on: Bool) { gtk_media_stream_set_muted(stream, on ? 1 : 0) }
        /// Stops the pipeline and lets go of the file now, not when the last reference goes.
        func clear() { gtk_media_file_clear(file) }

        /// `handler` runs whenever `property` ("playing", "timestamp"…) changes, until the
        /// returned connection is disconnected or let go.
        func onNotify(_ property: String, _ handler: @escaping Action) -> SignalConnection {
            SignalConnection(instance: raw(file), handler: onPointerSignal(raw(file), "notify::" + property) { _ in handler() })
        }

        /// A picture showing the stream's frames (it takes its own reference).
        func picture() -> Gtk.Picture { Gtk.Picture(gtk_picture_new_for_paintable(OpaquePointer(file))) }

        /// Whether the GTK running here draws a clip turned as its container says (GStreamer's
        /// image-orientation tag, from the track header's matrix): GTK 4.17.4 and later, so 4.18
        /// (Debian 13) on (its NEWS: "GtkVideo: Support rotated videos"); GTK 4.8 draws the
        /// frames as stored. A runtime check: it is the installed library that draws.
        static var turnsFramesUpright: Bool {
            let minor = gtk_get_minor_version(), micro = gtk_get_micro_version()
            return minor > 17 || (minor == 17 && micro >= 4)
        }
    }
}
