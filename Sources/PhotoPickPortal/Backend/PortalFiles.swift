import Foundation
import PhotoPickGLib

/// The `.portal` files xdg-desktop-portal chooses backends from.
@MainActor
enum PortalFiles {
    static func load(_ directory: String) -> [DelegateChoice.PortalFile] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasSuffix(".portal") }.sorted().compactMap { name in
            guard let file = KeyFile(path: directory + "/" + name, problem: Log.line),
                  let busName = file.string("portal", "DBusName") else { return nil }
            return DelegateChoice.PortalFile(name: String(name.dropLast(".portal".count)), busName: busName,
                                             interfaces: file.list("portal", "Interfaces"), useIn: file.list("portal", "UseIn"))
        }
    }

    /// The bus name requests photopick does not take go to, for this request.
    static func delegate(_ environment: BackendEnvironment, settings: PortalSettings) -> String {
        DelegateChoice(portals: load(environment.portalsDirectory), currentDesktop: environment.currentDesktop)
            .busName(configured: settings.delegate, warn: Log.line)
    }
}
