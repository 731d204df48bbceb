// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "photopick",
    products: [
        .executable(name: "photopick", targets: ["photopick"]),
        .executable(name: "photopick-thumbnailer", targets: ["photopick-thumbnailer"]),
        .executable(name: "photopick-exporter", targets: ["photopick-exporter"]),
        .executable(name: "photopick-portal", targets: ["photopick-portal"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // C interop: GTK for the window, and a GTK-free module for decoding and metadata.
        // libadwaita 1.2 (Debian 12) brings GTK 4 with it: one pkg-config name gives both.
        .systemLibrary(name: "CGtk", pkgConfig: "libadwaita-1", providers: [.apt(["libgtk-4-dev", "libadwaita-1-dev"])]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CMedia", pkgConfig: "gdk-pixbuf-2.0",
                       providers: [.apt(["libgdk-pixbuf-2.0-dev", "libgexiv2-dev", "libheif-dev", "libturbojpeg0-dev", "zlib1g-dev", "libdeflate-dev"])]),
        // libvips for exports, linked into the export worker alone (GLib's flags from gobject-2.0:
        // vips.pc would add every image library's include path).
        .systemLibrary(name: "CVips", pkgConfig: "gobject-2.0", providers: [.apt(["libvips-dev"])]),
        // GIO alone (GDBus, GSubprocess, key files, desktop entries) for the portal backend.
        .systemLibrary(name: "CGio", pkgConfig: "gio-unix-2.0", providers: [.apt(["libglib2.0-dev"])]),

        // The model: pure Swift, headless, no system calls (it asks `Host`, which System answers).
        // Its folders form a DAG; each uses only folders to its left (checked for the house
        // rebuild): Paths, Text, Thumbnails → Host, Metadata, Search, Export → Assets → Collections,
        // Selection → Library (and Library/Changes), Output, Presentation → Request → Session, Settings.
        .target(name: "PhotoPickCore"),
        // The system layer: one syscall wrapper (EINTR, typed errno), files and folders, the
        // atomic write, the directory walk, inotify and change detection. Depends on Core's
        // value types; Core never on it. GLib/ holds what GLib already does well.
        .target(name: "PhotoPickSystem", dependencies: ["PhotoPickCore", "CGio"]),
        // Decoding, content types and metadata over gdk-pixbuf / GIO / gexiv2; the export engine; headless.
        .target(name: "PhotoPickMedia", dependencies: ["PhotoPickCore", "PhotoPickSystem", "CMedia"]),
        // One photo exported by libvips, and the export worker's loop: only photopick-exporter links it.
        .target(name: "PhotoPickConvert", dependencies: ["PhotoPickMedia", "PhotoPickCore", "PhotoPickSystem", "CMedia", "CVips"]),
        // The GTK 4 front: thin views over the core.
        .target(name: "PhotoPickGtk", dependencies: ["PhotoPickCore", "PhotoPickSystem", "PhotoPickMedia", "PhotoPickIndex", "CGtk"],
                resources: []),
        // The SQLite metadata index: an unchanged library is reopened without reading files.
        .target(name: "PhotoPickIndex", dependencies: ["PhotoPickCore", "PhotoPickSystem", "CSQLite"]),
        // The worker process the window starts: one per core for thumbnails, one for the preview.
        .executableTarget(name: "photopick-thumbnailer", dependencies: ["PhotoPickMedia", "PhotoPickSystem"]),
        // The export worker ExportEngine starts, one per core: libvips and the export loop, no more.
        .executableTarget(name: "photopick-exporter", dependencies: ["PhotoPickConvert", "PhotoPickMedia", "PhotoPickSystem"]),
        // Timings of the hot paths (`make bench`); sections in separate files.
        .executableTarget(name: "photopick-bench", dependencies: ["PhotoPickCore", "PhotoPickSystem", "PhotoPickMedia", "PhotoPickIndex", "CMedia"]),
        // The xdg-desktop-portal FileChooser backend: D-Bus in, photopick's portal file out.
        .target(name: "PhotoPickPortal", dependencies: ["PhotoPickCore", "PhotoPickSystem", "CGio"]),
        .executableTarget(name: "photopick-portal", dependencies: ["PhotoPickPortal", "PhotoPickSystem", "CGio"]),
        // `photopick portal enable|disable|status` uses the portal module's setup (PhotoPickPortal/Setup).
        .executableTarget(name: "photopick", dependencies: [
            "PhotoPickCore", "PhotoPickSystem", "PhotoPickMedia", "PhotoPickIndex", "PhotoPickGtk", "PhotoPickPortal",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        // Test helpers: the Media-free part (temporary folders, processes, fixtures) that Core's
        // tests may use, and the rest (images, sample libraries) over it.
        .target(name: "TestSupportCore", dependencies: ["PhotoPickCore"], path: "Tests/TestSupportCore"),
        .target(name: "TestSupport", dependencies: ["TestSupportCore", "PhotoPickCore", "PhotoPickSystem", "PhotoPickMedia", "CMedia"],
                path: "Tests/TestSupport"),
        .testTarget(name: "PhotoPickCoreTests", dependencies: ["PhotoPickCore", "TestSupportCore"]),
        .testTarget(name: "PhotoPickSystemTests", dependencies: ["PhotoPickSystem", "PhotoPickCore", "PhotoPickMedia", "TestSupport", "TestSupportCore"]),
        .testTarget(name: "PhotoPickMediaTests", dependencies: ["PhotoPickMedia", "PhotoPickConvert", "PhotoPickSystem", "PhotoPickCore", "TestSupport"]),
        .testTarget(name: "PhotoPickIndexTests", dependencies: ["PhotoPickIndex", "PhotoPickSystem", "PhotoPickMedia", "PhotoPickCore", "TestSupport"]),
        .testTarget(name: "PhotoPickGtkTests", dependencies: ["PhotoPickGtk", "PhotoPickSystem", "PhotoPickMedia", "PhotoPickCore", "CGtk", "GUITestSupport"]),
        .testTarget(name: "PhotoPickCLITests", dependencies: ["PhotoPickCore", "TestSupport"]),
        // One launcher for every GUI and portal test: the process's Xvfb and session bus, the
        // environment, and the driver that starts photopick and works it with xdotool.
        .target(name: "GUITestSupport", dependencies: ["TestSupport"], path: "Tests/GUITestSupport"),
        .testTarget(name: "PhotoPickGUITests", dependencies: ["PhotoPickCore", "TestSupport", "GUITestSupport"]),
        .testTarget(name: "PhotoPickPortalTests", dependencies: ["PhotoPickPortal", "PhotoPickSystem", "PhotoPickCore", "CGio", "TestSupport", "GUITestSupport"],
                    exclude: ["Clients", "Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)
