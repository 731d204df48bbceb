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
        if let target = environment["PHOTOPICK_TEST_DUMP_PLAN"] {  // test hook: the plan, no window
            try PlanDump.write(plan, to: target)
            return 0
        }

        TestHooks.trapIfAsked()
        let result: WindowResult
        do {
            result = try MainActor.assumeIsolated { try WindowResult.run(plan) }
        } catch {
            throw responder.fail("\(error)")
        }
        switch result.outcome {
        case .picked(let assets):
            let title: (Asset) -> String? = { asset in result.albumTitles[asset.id] }
            try responder.write(.success(assets, albumTitle: title, currentFilter: result.currentFilter,
                                         choices: result.choices))
            if let spec = plan.stdout {
                FileHandle.standardOutput.write(Data(AssetFormatter().render(assets, as: spec, albumTitle: title)))
            }
            return ExitStatus.picked
        case .copied:
            return ExitStatus.picked
        case .cancelled:
            try responder.write(ChooserResponse(status: .cancelled, currentFilter: result.currentFilter,
                                                choices: result.choices))
            return ExitStatus.cancelled
        }
    }
}
