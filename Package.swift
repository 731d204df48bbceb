// swift-tools-version: 6.0
import Foundation
import PackageDescription

// MARK: GTK and libadwaita versions, chosen at compile time
//
// Debian 12's GTK 4.8 / libadwaita 1.2 are the floor; newer releases deprecate some of what
// those need (AdwFlap, AdwAboutWindow, AdwMessageDialog, GtkFileChooserNative). The versions
// pkg-config reports become Swift conditions, so the code says `#if ADW_1_5 … #else … #endif`
// and each release builds with its own API and no deprecation warnings. Without pkg-config
// (or without an answer) nothing is defined: the 4.8/1.2 path.
// SwiftPM caches the evaluated manifest by its text and the environment, not by what
// pkg-config answers: after upgrading GTK or libadwaita in place, build once with
// `--manifest-cache none`.

/// What `pkg-config ARGUMENTS…` prints; nil when pkg-config or a module is missing.
func pkgConfig(_ arguments: [String]) -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["pkg-config"] + arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return nil }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return process.terminationStatus == 0 ? String(decoding: data, as: UTF8.self) : nil
}

/// `pkg-config --modversion module` as [major, minor, micro]; nil when pkg-config or the module is missing.
func pkgConfigVersion(_ module: String) -> [Int]? {
    guard let text = pkgConfig(["--modversion", module]) else { return nil }
    let parts = text.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ".").map { Int($0) ?? 0 }
    return parts.isEmpty ? nil : parts
}

/// `prefix_MAJOR_MINOR` for each of `versions` that `module` reaches.
func versionDefines(_ module: String, prefix: String, _ versions: [(Int, Int)]) -> [SwiftSetting] {
    guard let found = pkgConfigVersion(module), found.count >= 2 else { return [] }
    return versions.filter { (found[0], found[1]) >= $0 }.map { .define("\(prefix)_\($0.0)_\($0.1)") }
}

/// GTK_4_10: GtkFileDialog. GTK_4_12: a button's label may shrink. ADW_1_4: AdwOverlaySplitView,
/// AdwBreakpoint (AdwFlap and AdwSqueezer deprecated). ADW_1_5: AdwAboutDialog, AdwAlertDialog
/// (AdwAboutWindow and AdwMessageDialog deprecated). ADW_1_8: the alert's heading measured right.
let gtkVersionDefines = versionDefines("gtk4", prefix: "GTK", [(4, 10), (4, 12)])
    + versionDefines("libadwaita-1", prefix: "ADW", [(1, 4), (1, 5), (1, 8)])

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
        // C interop: GTK for the window, and a GTK-free module for decoding and metadata. Each
        // module map links exactly the libraries its module calls; the include folders come from
        // pkg-config below (`cIncludeFlags`), for every target. (libadwaita 1.2 brings GTK 4.)
        .systemLibrary(name: "CGtk"),
        .systemLibrary(name: "CSQLite"),
        .systemLibrary(name: "CMedia"),
        // libvips for exports, linked into the export worker alone (its headers are in the
        // default include folder; vips.pc would add every image library's).
        .systemLibrary(name: "CVips"),
        // GIO alone (GDBus, GSubprocess, desktop entries) for the portal backend and the system layer.
        .systemLibrary(name: "CGio"),
        // GLib alone, for PhotoPickGLib.
        .systemLibrary(name: "CGLib"),

        // The model: pure Swift, headless, no system calls (it asks `Host`, which System answers).
        // Its folders form a DAG, each using only folders to its left, in the order that
        // docs/ARCHITECTURE.md states and Tests/PhotoPickCoreTests/CoreFolderOrder.swift holds;
        // checked by CoreFolderOrderAuditTests.
        .target(name: "PhotoPickCore"),
        // The system layer: one syscall wrapper (EINTR, typed errno), files and folders, the
        // atomic write, the directory walk, inotify and change detection. Depends on Core's
        // value types; Core never on it. GLib/ holds what GLib already does well.
        .target(name: "PhotoPickSystem", dependencies: ["PhotoPickCore", "CGio"]),
        // What the GTK front, the portal backend and Media's thumbnailer registry share of GLib:
        // the one box for Swift values GLib carries (CallbackBox) and the one GKeyFile reader.
        .target(name: "PhotoPickGLib", dependencies: ["CGLib"]),
        // Decoding, content types and metadata over gdk-pixbuf / GIO / gexiv2; the export engine; headless.
        .target(name: "PhotoPickMedia", dependencies: ["PhotoPickCore", "PhotoPickSystem", "PhotoPickGLib", "CMedia"]),
        // One photo exported by libvips, and the export worker's loop: only photopick-exporter links it.
        .target(name: "PhotoPickConvert", dependencies: ["PhotoPickMedia", "PhotoPickCore", "PhotoPickSystem", "CMedia", "CVips"]),
        // How a library is opened and kept live (index first or disk, the watcher, the listing
        // recorded), without a window: the GTK front and the headless commands use it.
        .target(name: "PhotoPickOpen", dependencies: ["PhotoPickCore", "PhotoPickSystem", "PhotoPickMedia", "PhotoPickIndex"]),
        // The GTK 4 front: thin views over the core.
        .target(name: "PhotoPickGtk", dependencies: ["PhotoPickCore", "PhotoPickSystem", "PhotoPickMedia", "PhotoPickOpen", "PhotoPickGLib", "CGtk"],
                resources: [], swiftSettings: gtkVersionDefines),
        // The SQLite metadata index: an unchanged library is reopened without reading files.
        .target(name: "PhotoPickIndex", dependencies: ["PhotoPickCore", "PhotoPickSystem", "CSQLite"]),
        // The worker process the window starts: one per core for thumbnails, one for the preview.
        .executableTarget(name: "photopick-thumbnailer", dependencies: ["PhotoPickMedia", "PhotoPickSystem"]),
        // The export worker ExportEngine starts, one per core: libvips and the export loop, no more.
        .executableTarget(name: "photopick-exporter", dependencies: ["PhotoPickConvert", "PhotoPickMedia", "PhotoPickSystem"]),
        // Timings of the hot paths (`make bench`); sections in separate files.
        .executableTarget(name: "photopick-bench", dependencies: ["PhotoPickCore", "PhotoPickSystem", "PhotoPickMedia", "PhotoPickIndex", "CMedia"]),
        // The xdg-desktop-portal FileChooser backend: D-Bus in, photopick's portal file out.
        .target(name: "PhotoPickPortal", dependencies: ["PhotoPickCore", "PhotoPickSystem", "PhotoPickGLib", "CGio"]),
        .executableTarget(name: "photopick-portal", dependencies: ["PhotoPickPortal", "PhotoPickSystem", "CGio"]),
        // `photopick portal enable|disable|status` uses the portal module's setup (PhotoPickPortal/Setup).
        .executableTarget(name: "photopick", dependencies: [
            "PhotoPickCore", "PhotoPickSystem", "PhotoPickMedia", "PhotoPickIndex", "PhotoPickOpen", "PhotoPickGtk", "PhotoPickPortal",
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
        .testTarget(name: "PhotoPickOpenTests", dependencies: ["PhotoPickOpen", "PhotoPickIndex", "PhotoPickSystem", "PhotoPickCore", "TestSupport"]),
        .testTarget(name: "PhotoPickIndexTests", dependencies: ["PhotoPickIndex", "PhotoPickSystem", "PhotoPickMedia", "PhotoPickCore", "TestSupport"]),
        .testTarget(name: "PhotoPickGtkTests", dependencies: ["PhotoPickGtk", "PhotoPickSystem", "PhotoPickMedia", "PhotoPickCore", "CGtk", "GUITestSupport"]),
        .testTarget(name: "PhotoPickCLITests", dependencies: ["PhotoPickCore", "TestSupport"]),
        .testTarget(name: "PhotoPickGLibTests", dependencies: ["PhotoPickGLib", "TestSupportCore"]),
        // One launcher for every GUI and portal test: the process's Xvfb and session bus, the
        // environment, and the driver that starts photopick and works it with xdotool.
        .target(name: "GUITestSupport", dependencies: ["TestSupport"], path: "Tests/GUITestSupport"),
        .testTarget(name: "PhotoPickGUITests", dependencies: ["PhotoPickCore", "TestSupport", "GUITestSupport"]),
        .testTarget(name: "PhotoPickPortalTests", dependencies: ["PhotoPickPortal", "PhotoPickSystem", "PhotoPickCore", "PhotoPickGLib", "CGio",
                                                                 "TestSupport", "GUITestSupport"],
                    exclude: ["Clients", "Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)

// MARK: The C libraries' include folders
//
// A system library's `pkgConfig:` would pass all of pkg-config's --cflags and --libs: GLib's
// -pthread and graphene's -msse… (which SwiftPM warns about as "prohibited" and drops) and
// every library GTK's .pc names, linked whether photopick calls it or not (dpkg-shlibdeps:
// "useless dependency"). The include folders are all photopick needs from pkg-config; the
// module maps link what each module calls. Without pkg-config the build fails on the first
// missing header, which `make deps` installs.
let cIncludeFlags: [SwiftSetting] = {
    let flags = pkgConfig(["--cflags-only-I", "libadwaita-1", "gdk-pixbuf-2.0", "gio-unix-2.0", "sqlite3"]) ?? ""
    let folders = flags.split(whereSeparator: \.isWhitespace).filter { $0.hasPrefix("-I") }
    return folders.isEmpty ? [] : [.unsafeFlags(folders.flatMap { ["-Xcc", String($0)] })]
}()
for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + cIncludeFlags
}
