import PhotoPickPortal
import XCTest

/// Which backend each xdg-desktop-portal version gives the FileChooser to, as its sources
/// choose: 1.16 by UseIn alone, 1.17–1.18 by portals.conf matched in the files' order, 1.19 on
/// in the list's order, with UseIn and then -gtk after the configuration.
final class FileChooserRouteTests: XCTestCase {
    private let fileChooser = PortalsConfText.fileChooserKey
    private let v116 = PortalVersion(1, 16, 0), v118 = PortalVersion(1, 18, 4), v120 = PortalVersion(1, 20, 3)

    private var backends: [FileChooserRoute.Backend] {
        [.init(name: "photopick", busName: "org.freedesktop.impl.portal.desktop.photopick", interfaces: [fileChooser], useIn: ["photopick"]),
         .init(name: "gtk", busName: "org.freedesktop.impl.portal.desktop.gtk", interfaces: [fileChooser, "org.x.Print"], useIn: ["gnome"]),
         .init(name: "gnome", busName: "org.freedesktop.impl.portal.desktop.gnome", interfaces: [fileChooser], useIn: ["gnome"]),
         .init(name: "kde", busName: "org.freedesktop.impl.portal.desktop.kde", interfaces: [fileChooser], useIn: ["KDE"]),
         .init(name: "wlr", busName: "org.freedesktop.impl.portal.desktop.wlr", interfaces: ["org.x.Screenshot"], useIn: nil)]
    }

    private func route(_ version: PortalVersion, _ desktop: String, _ entries: [(String, [String])]? = nil,
                       backends: [FileChooserRoute.Backend]? = nil) -> FileChooserRoute {
        FileChooserRoute.choose(version: version, backends: backends ?? self.backends, desktop: DesktopNames(desktop),
                                config: entries.map { .init(path: "/c/portals.conf", entries: $0.map { (key: $0.0, portals: $0.1) }) })
    }

    func test116ChoosesByUseInInTheDesktopsOrder() {
        XCTAssertEqual(route(v116, "photopick:GNOME"), .init(backend: "photopick", reason: .useIn(desktop: "photopick")))
        XCTAssertEqual(route(v116, "GNOME"), .init(backend: "gnome", reason: .useIn(desktop: "GNOME")), "gnome.portal before gtk.portal")
        XCTAssertEqual(route(v116, "kde"), .init(backend: "kde", reason: .useIn(desktop: "kde")), "case ignored")
        XCTAssertEqual(route(v116, "sway"), .init(backend: "gnome", reason: .anyBackend), "else the first by name")
        XCTAssertEqual(route(v116, "x-photopick-test"), .init(backend: "gnome", reason: .anyBackend))
        XCTAssertEqual(route(v116, "sway", [(fileChooser, ["kde"])]).backend, "gnome", "1.16 reads no portals.conf")
        let noUseIn = [FileChooserRoute.Backend(name: "a", busName: "a.b", interfaces: [fileChooser], useIn: nil)]
        XCTAssertEqual(route(v116, "GNOME", backends: noUseIn), .init(backend: nil, reason: .noBackend), "1.16 loads no file without UseIn")
    }

    func testTheInterfacesLineWinsOverDefault() {
        for version in [v118, v120] {
            XCTAssertEqual(route(version, "GNOME", [("default", ["gnome", "gtk"]), (fileChooser, ["photopick"])]),
                           .init(backend: "photopick", reason: .configured(path: "/c/portals.conf")), "\(version)")
            XCTAssertEqual(route(version, "GNOME", [("default", ["kde"])]),
                           .init(backend: "kde", reason: .configDefault(path: "/c/portals.conf")), "\(version)")
            XCTAssertEqual(route(version, "GNOME", [(fileChooser, ["none"])]),
                           .init(backend: nil, reason: .configNone(path: "/c/portals.conf")), "\(version)")
            XCTAssertEqual(route(version, "GNOME", [("default", ["none"])]).backend, nil, "\(version)")
        }
    }

    func testListOrderDiffersBetween118And120() {
        // 1.18 goes through the backends in their own order (UseIn for GNOME first, then by
        // name) and takes the first the list names; 1.20 goes through the list.
        let entries = [(fileChooser, ["gtk", "gnome"])]
        XCTAssertEqual(route(v118, "GNOME", entries).backend, "gnome")
        XCTAssertEqual(route(v120, "GNOME", entries).backend, "gtk")
        // A listed backend that is not installed: 1.20 goes on to default=, 1.18 does not.
        let missing = [("default", ["kde"]), (fileChooser, ["photopick"])]
        let without = backends.filter { $0.name != "photopick" }
        XCTAssertEqual(route(v120, "GNOME", missing, backends: without), .init(backend: "kde", reason: .configDefault(path: "/c/portals.conf")))
        XCTAssertEqual(route(v118, "GNOME", missing, backends: without), .init(backend: "gnome", reason: .useIn(desktop: "gnome")))
    }

    func testStarAndTheFallbacksAfterTheConfiguration() {
        XCTAssertEqual(route(v120, "sway", [(fileChooser, ["*"])]).backend, "gnome", "any, in the backends' order")
        // 1.20 looks up "*" in default= for an interface called "default": nothing, then UseIn.
        XCTAssertEqual(route(v120, "GNOME", [("default", ["*"])]), .init(backend: "gnome", reason: .useIn(desktop: "gnome")))
        XCTAssertEqual(route(v118, "sway", [("default", ["*"])]).backend, "gnome", "1.18 matches * against each backend")
        XCTAssertEqual(route(v120, "x-photopick-test"), .init(backend: "gtk", reason: .gtkLastResort))
        XCTAssertEqual(route(PortalVersion(1, 18, 1), "x-photopick-test"), .init(backend: nil, reason: .noBackend))
        XCTAssertEqual(route(v120, "../x:Photopick"), .init(backend: "photopick", reason: .useIn(desktop: "photopick")),
                       "an invalid name is skipped, as the portal skips it")
    }
}
