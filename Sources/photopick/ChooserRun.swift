import Foundation
import PhotoPickCore
import PhotoPickSystem
import PhotoPickGtk

/// One chooser run, as the command line (or kdialog's) asked for it: the plan, the window,
/// the answer on stdout and in the response file, the exit status.
enum ChooserRun {
    static func run(_ invocation: ChooserInvocation) throws -> Int32 {
        let cwd = PathArgument.currentDirectory()
        let responder = Responder(path: invocation.responsePath(cwd: cwd))
        if let path = responder.path {
            CrashResponse.arm(path, message: "photopick stopped unexpectedly before it answered; nothing was picked")
        }
        let environment = ProcessInfo.processInfo.environment
        var plan: ChooserInvocation.Plan
        do {
            plan = try invocation.plan(cwd: cwd, defaultRoots: UserDirectories.current().defaultLibraryRoots(),
                                       stdoutHasReader: !StdoutReader.isAbsent(environment: environment))
        } catch let error as PickerOptions.Invalid {
            throw responder.fail(bytes: error.bytes)
        }
        plan.warnings.forEach(warn)
        // Known now, not after the user has picked: the response could not be written.
        if let path = responder.path, let problem = ResponseDestination.problem(path) {
            throw UserError(bytes: Array((invocation.portal != nil ? "--portal: " : "--response: ").utf8) + problem)
        }
        if let target = environment["PHOTOPICK_TEST_DUMP_PLAN"] {  // test hook: the plan, no window
            try PlanDump.write(plan, to: target)
            return 0
        }

        let exporter = plan.configuration.export == nil ? nil : PickerExporter.make()
        if plan.configuration.export != nil, exporter == nil {
            throw responder.fail("photopick-exporter is not installed beside photopick; it does the exporting")
        }
        TestHooks.trapIfAsked()
        let result: WindowResult
        do {
            result = try MainActor.assumeIsolated { try WindowResult.run(plan, exporter: exporter) }
        } catch {
            throw responder.fail("\(error)")
        }
        switch result.outcome {
        case .picked(let assets):
            let title: (Asset) -> String? = { asset in result.albumTitles[asset.id] }
            if let report = result.exportReport {
                return try answerExported(assets, report: report, plan: plan, responder: responder,
                                          result: result, albumTitle: title)
            }
            try responder.write(.success(handedBack: result.handedBack, albumTitle: title, currentFilter: result.currentFilter,
                                         choices: result.choices))
            if let spec = plan.stdout {
                FileHandle.standardOutput.write(Data(AssetFormatter().render(handedBack: result.handedBack, as: spec, albumTitle: title)))
            }
            return ExitStatus.picked
        case .copied:
            return ExitStatus.picked

        case .cancelled:
            try responder.write(ChooserResponse(status: .cancelled, currentFilter: result.currentFilter,
                                                choices: result.choices))
            return ExitStatus.cancelled

        case .browse:
            var response = ChooserResponse(status: .cancelled)
            response.browse = true
            try responder.write(response)
            return ExitStatus.cancelled
        }
    }

    /// After Done's export: the exported files in pick order on stdout and in the response,
    /// each failure on stderr and in the response's `errors`; exit 0 only when all exported.
    private static func answerExported(_ picked: [Asset], report: ExportReport,
                                       plan: ChooserInvocation.Plan, responder: Responder, result: WindowResult,
                                       albumTitle: @escaping (Asset) -> String?) throws -> Int32 {
        ExportFailureLines.write(report)
        // Each export as read back from disk (its real size, type and tags), with its pick.
        var byPath: [RawPath: Asset] = [:]
        for asset in picked { byPath[asset.path] = asset }
        let pairs = ExportedAssets(report: report).assets().compactMap { item in
            byPath[item.original].map { (exported: item.asset, original: $0) }
        }
        try responder.write(.exported(report, pairs: pairs, albumTitle: albumTitle,
                                      currentFilter: result.currentFilter, choices: result.choices))
        if let spec = plan.stdout {
            FileHandle.standardOutput.write(Data(ExportedAsset.render(pairs, as: spec, albumTitle: albumTitle)))
        }
        return report.isComplete ? ExitStatus.picked : ExitStatus.error
    }
}
