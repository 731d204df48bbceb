import Foundation
import TestSupport

/// An install tree as `make install PREFIX=…` lays it out, made of the built binaries:
/// `bin/photopick` (and its thumbnail worker), `libexec/photopick-portal`, and the D-Bus
/// service and `.portal` files from the Makefile's own `install-portal-data`. The portals
/// folder also holds the system's `gtk.portal`, the delegate.
struct PortalTree {
    let prefix: String
    var share: String { prefix + "/share" }
    var portals: String { share + "/xdg-desktop-portal/portals" }

    static var repository: String { Repository.root }

    static func make(in prefix: String) throws -> PortalTree {
        let built = URL(fileURLWithPath: Binaries.photopick).deletingLastPathComponent().path
        let fm = FileManager.default
        for (folder, name) in [("bin", "photopick"), ("bin", "photopick-thumbnailer"), ("bin", "photopick-exporter"), ("libexec", "photopick-portal")] {
            guard fm.isExecutableFile(atPath: "\(built)/\(name)") else {
                throw PortalTestError("\(built)/\(name) is not built (swift build --build-tests builds it)")
            }
            try fm.createDirectory(atPath: "\(prefix)/\(folder)", withIntermediateDirectories: true)
            try fm.createSymbolicLink(atPath: "\(prefix)/\(folder)/\(name)", withDestinationPath: "\(built)/\(name)")
        }
        let make = try ProcessRunner.run("/usr/bin/env", ["make", "-s", "-C", repository, "install-portal-data", "PREFIX=\(prefix)"],
                                         timeout: 60)
        guard make.status == 0 else { throw PortalTestError("make install-portal-data failed: \(make.stderrText)") }
        let tree = PortalTree(prefix: prefix)
        try fm.copyItem(atPath: "/usr/share/xdg-desktop-portal/portals/gtk.portal", toPath: tree.portals + "/gtk.portal")
        return tree
    }
}

/// The portal tests' failures are the GUI tests' kind.
typealias PortalTestError = GUITestError
