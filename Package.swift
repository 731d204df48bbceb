// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "photopick",
    products: [
        .executable(name: "photopick", targets: ["photopick"]),
        .executable(name: "photopick-thumbnailer", targets: ["photopick-thumbnailer"]),
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
                       providers: [.apt(["libgdk-pixbuf-2.0-dev", "libgexiv2-dev", "libheif-dev"])]),
        // GIO alone (GDBus, GSubprocess, key files, desktop entries) for the portal backend.
        .systemLibrary(name: "CGio", pkgConfig: "gio-unix-2.0", providers: [.apt(["libglib2.0-dev"])]),

        // The model: pure Swift, headless, no C libraries beyond the platform's.
        .target(name: "PhotoPickCore"),
        // The operating system under the model; GLib/ holds what GLib already does well.
        .target(name: "PhotoPickSystem", dependencies: ["PhotoPickCore", "CGio"]),
        // Decoding, content types and metadata over gdk-pixbuf / GIO / gexiv2; headless.
        .target(name: "PhotoPickMedia", dependencies: ["PhotoPickCore", "CMedia"]),
        // The GTK 4 front: thin views over the core.
        .target(name: "PhotoPickGtk", dependencies: ["PhotoPickCore", "PhotoPickMedia", "PhotoPickIndex", "CGtk"],
                resources: []),
        // The SQLite metadata index: an unchanged library is reopened without reading files.
        .target(name: "PhotoPickIndex", dependencies: ["PhotoPickCore", "CSQLite"]),
        // The worker process the window starts: one per core for thumbnails, one for the preview.
        .executableTarget(name: "photopick-thumbnailer", dependencies: ["PhotoPickMedia"]),
        // Timings of the hot paths (`make bench`); sections in separate files.
        .executableTarget(name: "photopick-bench", dependencies: ["PhotoPickCore", "PhotoPickMedia", "PhotoPickIndex", "CMedia"]),
        // The xdg-desktop-portal FileChooser backend: D-Bus in, photopick's portal file out.
        .target(name: "PhotoPickPortal", dependencies: ["PhotoPickCore", "CGio"]),
        .executableTarget(name: "photopick-portal", dependencies: ["PhotoPickPortal", "CGio"]),
        .executableTarget(name: "photopick", dependencies: [
            "PhotoPickCore", "PhotoPickSystem", "PhotoPickMedia", "PhotoPickGtk",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        .target(name: "TestSupport", dependencies: ["PhotoPickCore", "PhotoPickMedia", "CMedia"],
                path: "Tests/TestSupport"),
        .testTarget(name: "PhotoPickCoreTests", dependencies: ["PhotoPickCore", "PhotoPickMedia", "TestSupport"]),
        .testTarget(name: "PhotoPickMediaTests", dependencies: ["PhotoPickMedia", "PhotoPickCore", "TestSupport"]),
        .testTarget(name: "PhotoPickSystemTests", dependencies: ["PhotoPickSystem", "PhotoPickCore", "TestSupport"]),
        .testTarget(name: "PhotoPickIndexTests", dependencies: ["PhotoPickIndex", "PhotoPickCore", "TestSupport"]),
        .testTarget(name: "PhotoPickGtkTests", dependencies: ["PhotoPickGtk", "PhotoPickMedia", "PhotoPickCore", "CGtk"]),
        .testTarget(name: "PhotoPickCLITests", dependencies: ["PhotoPickCore", "TestSupport"]),
        // One launcher for every GUI and portal test: the process's Xvfb and session bus, the
        // environment, and the driver that starts photopick and works it with xdotool.
        .target(name: "GUITestSupport", dependencies: ["TestSupport"], path: "Tests/GUITestSupport"),
        .testTarget(name: "PhotoPickGUITests", dependencies: ["PhotoPickCore", "TestSupport", "GUITestSupport"]),
        .testTarget(name: "PhotoPickPortalTests", dependencies: ["PhotoPickPortal", "PhotoPickCore", "CGio", "TestSupport", "GUITestSupport"],
                    exclude: ["Clients"]),
    ],
    swiftLanguageModes: [.v6]
)
