import PhotoPickPortal
import XCTest

/// The backend photopick hands requests to, chosen as xdg-desktop-portal 1.16 would without it,
/// and portal.conf.
final class DelegateChoiceTests: XCTestCase {
    private let fileChooser = DelegateChoice.fileChooserInterface
    private var portals: [DelegateChoice.PortalFile] {
        [.init(name: "photopick", busName: DelegateChoice.ownBusName, interfaces: [fileChooser], useIn: ["photopick", "gnome"]),
         .init(name: "kde", busName: "org.freedesktop.impl.portal.desktop.kde", interfaces: [fileChooser], useIn: ["KDE"]),
         .init(name: "gtk", busName: "org.freedesktop.impl.portal.desktop.gtk", interfaces: [fileChooser, "org.x.Y"], useIn: ["gnome"]),
         .init(name: "gnome", busName: "org.freedesktop.impl.portal.desktop.gnome", interfaces: [fileChooser], useIn: ["gnome"]),
         .init(name: "wlr", busName: "org.freedesktop.impl.portal.desktop.wlr", interfaces: ["org.freedesktop.impl.portal.Screenshot"],
               useIn: ["sway"])]
    }

    private func chosen(_ desktop: String, configured: String? = nil, portals: [DelegateChoice.PortalFile]? = nil) -> String {
        DelegateChoice(portals: portals ?? self.portals, currentDesktop: desktop).busName(configured: configured, warn: { _ in })
    }

    func testUseInOfTheCurrentDesktopsInOrderSkippingPhotopick() {
        XCTAssertEqual(chosen("photopick:GNOME"), "org.freedesktop.impl.portal.desktop.gnome", "first by name among gnome's")
        XCTAssertEqual(chosen("KDE"), "org.freedesktop.impl.portal.desktop.kde")
        XCTAssertEqual(chosen("kde:GNOME"), "org.freedesktop.impl.portal.desktop.kde", "case ignored, desktops in order")
    }

    func testFallbacks() {
        XCTAssertEqual(chosen("sway"), "org.freedesktop.impl.portal.desktop.gnome", "any FileChooser backend, by name")
        XCTAssertEqual(chosen("sway", portals: []), "org.freedesktop.impl.portal.desktop.gtk")
        XCTAssertEqual(chosen("photopick", portals: [portals[0]]), "org.freedesktop.impl.portal.desktop.gtk", "never itself")
    }

    func testConfiguredDelegate() {
        XCTAssertEqual(chosen("GNOME", configured: "kde"), "org.freedesktop.impl.portal.desktop.kde", "a .portal file's name")
        XCTAssertEqual(chosen("GNOME", configured: "lxqt"), "org.freedesktop.impl.portal.desktop.lxqt", "the usual naming")
        XCTAssertEqual(chosen("GNOME", configured: "org.example.Chooser"), "org.example.Chooser")
        XCTAssertEqual(chosen("GNOME", configured: "photopick"), "org.freedesktop.impl.portal.desktop.gnome", "not itself")
        XCTAssertEqual(chosen("GNOME", configured: "bad..name"), "org.freedesktop.impl.portal.desktop.gnome")
    }

    func testSettings() {
        var warnings: [String] = []
        XCTAssertEqual(PortalSettings.from([:], warn: { warnings.append($0) }), PortalSettings())
        XCTAssertEqual(PortalSettings.from(["OpenFile": "every-open", "Delegate": " kde "], warn: { warnings.append($0) }),
                       PortalSettings(takes: .everyOpen, delegate: "kde"))
        XCTAssertEqual(PortalSettings.from(["OpenFile": "always"], warn: { warnings.append($0) }), PortalSettings())
        XCTAssertEqual(warnings.count, 1)
    }

    func testTheCallerBehindAFrontendHandle() {
        XCTAssertEqual(BusConnection.callerName(inHandle: "/org/freedesktop/portal/desktop/request/1_42/token"), ":1.42")
        XCTAssertNil(BusConnection.callerName(inHandle: "/org/freedesktop/portal/desktop/request/x_y/token"))
        XCTAssertNil(BusConnection.callerName(inHandle: "/org/example/1_42/token"))
        XCTAssertEqual(BusConnection.pathElement(ofUniqueName: ":1.7"), "1_7")
    }
}
