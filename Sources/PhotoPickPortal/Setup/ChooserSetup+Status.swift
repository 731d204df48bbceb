import PhotoPickCore
import PhotoPickSystem

extension ChooserSetup {
    /// Who answers FileChooser requests, worked out as the installed portal chooses (for the
    /// running portal's environment when one runs, else this session's), whether photopick's
    /// files are in place, and whether the running portal follows the configuration or
    /// started before it changed. Exit status: `ChooserStatusCode`.
    public static func status(_ environment: [String: String]) throws(SetupError) -> SetupReport {
        let paths = SetupPaths(environment: environment)
        let portal = try InstalledPortal.find(paths)
        let version = portal.version
        var report = SetupReport()
        report.lines.append(tr("xdg-desktop-portal %1$s (%2$s)", version.description, portal.source))

        let running = RunningPortal.find(paths)
        var evaluated = paths
        if case .running(let process) = running, var env = process.environment {
            if env["HOME"] == nil { env["HOME"] = environment["HOME"] }
            evaluated = SetupPaths(environment: env)
        }
        let portalDirs = evaluated.portalFileDirs(version)
        let backends = SetupFiles.backends(in: portalDirs)
        let route: FileChooserRoute
        var runningRoute: FileChooserRoute?
        var watched = portalDirs
        if version.readsPortalsConf {
            let config = SetupFiles.configInEffect(dirs: evaluated.configSearch, desktop: evaluated.currentDesktop)?.config
            route = FileChooserRoute.choose(version: version, backends: backends, desktop: evaluated.currentDesktop, config: config)
            watched += evaluated.configSearch + (config.map { [$0.path] } ?? [])
        } else {
            // 1.16: the desktops systemd starts it with, else this session's.
            let fromDropIns = DropIns.currentDesktop(paths)
            let desktop = DesktopNames(fromDropIns ?? environment["XDG_CURRENT_DESKTOP"] ?? "")
            route = FileChooserRoute.choose(version: version, backends: backends, desktop: desktop, config: nil)
            if let fromDropIns {
                report.lines.append(tr("Its systemd drop-ins set XDG_CURRENT_DESKTOP=%s.", LogText.value(fromDropIns)))
            }
            if case .running(let process) = running, let env = process.environment {
                runningRoute = FileChooserRoute.choose(version: version, backends: backends,
                                                       desktop: DesktopNames(env["XDG_CURRENT_DESKTOP"] ?? ""), config: nil)
            }
        }
        report.lines.append(describe(route))

        let portalFile = SetupFiles.first(SetupPaths.portalFileName, in: portalDirs)
        let service = SetupFiles.first(SetupPaths.backendServiceName, in: evaluated.dbusServiceDirs)
        report.lines.append(portalFile.map { tr("photopick.portal: %s", $0) }
                            ?? tr("photopick.portal: not in %s, where this portal reads .portal files", portalDirs.joined(separator: ", ")))
        report.lines.append(service.map { tr("D-Bus service: %s", $0) }
                            ?? tr("D-Bus service: %1$s is in none of %2$s", SetupPaths.backendServiceName, evaluated.dbusServiceDirs.joined(separator: ", ")))
        if let portalFile { watched.append(portalFile) }
        // What enable and disable did last: the backup folder and the folder holding it, whose
        // list of names changes when disable removes the backup. Disable also removes the
        // folders enable made, so the folder the portal reads may be gone with its time.
        if let backupDir = paths.backupDir { watched += [backupDir, RawPath(backupDir).parent.description] }
        if let backup = try? SetupBackup(paths) {
            for kind in SetupRecord.Kind.allCases {
                if case .record(let record, _, _) = backup.load(kind) {
                    report.lines.append(tr("Changed by 'photopick portal enable': %s ('photopick portal disable' puts it back).", record.path))
                }
            }
        }

        var stale = false
        switch running {
        case .unknown(let why):
            report.lines.append(tr("Running portal: cannot ask (%s).", why))
        case .notRunning:
            report.lines.append(tr("Running portal: none on the session bus; it starts when an application asks."))
        case .running(let process):
            stale = (runningRoute.map { $0 != route } ?? false) || process.startedBefore(SetupFiles.lastChange(watched))
            report.lines.append(stale
                ? tr("Running portal: pid %1$s started before its configuration changed: restart it (systemctl --user restart %2$s, or log out and in).",
                     String(process.pid), SetupPaths.portalUnit)
                : tr("Running portal: pid %s, started after the last change: it follows this configuration.", String(process.pid)))
        }
        if stale {
            report.status = ChooserStatusCode.restartNeeded
        } else {
            report.status = route.backend == PortalsConfText.photopick && service != nil ? ChooserStatusCode.photopick : ChooserStatusCode.other
        }
        return report
    }

    static func describe(_ route: FileChooserRoute) -> String {
        let name = route.backend ?? ""
        switch route.reason {
        case .configured(let path): return tr("FileChooser: %1$s, named for it in %2$s", name, path)
        case .configDefault(let path): return tr("FileChooser: %1$s, by the default= line of %2$s", name, path)
        case .configNone(let path): return tr("FileChooser: none (%s says none)", path)
        case .useIn(let desktop): return tr("FileChooser: %1$s, whose UseIn names the desktop %2$s", name, desktop)
        case .anyBackend: return tr("FileChooser: %s, the first backend that offers it (no UseIn names a desktop of this session)", name)
        case .gtkLastResort: return tr("FileChooser: %s, the portal's last resort (nothing else was chosen)", name)
        case .noBackend: return tr("FileChooser: none (no backend offers it)")
        }
    }
}
