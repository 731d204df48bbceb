import Foundation

/// Where the built `photopick` is: `$PHOTOPICK_BIN`, or beside the test bundle.
public enum Binaries {
    public static var photopick: String {
        if let env = ProcessInfo.processInfo.environment["PHOTOPICK_BIN"], !env.isEmpty { return env }
        // .build/<config>/photopickPackageTests.xctest → .build/<config>/photopick
        let bundle = Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") }?.bundleURL
            ?? URL(fileURLWithPath: CommandLine.arguments[0])
        return bundle.deletingLastPathComponent().appendingPathComponent("photopick").path
    }

    /// The thumbnail worker built beside `photopick`.
    public static var thumbnailer: String {
        URL(fileURLWithPath: photopick).deletingLastPathComponent().appendingPathComponent("photopick-thumbnailer").path
    }

    /// The export worker built beside `photopick`.
    public static var exporter: String {
        URL(fileURLWithPath: photopick).deletingLastPathComponent().appendingPathComponent("photopick-exporter").path
    }

    /// The portal backend built beside `photopick`.
    public static var portal: String {
        URL(fileURLWithPath: photopick).deletingLastPathComponent().appendingPathComponent("photopick-portal").path
    }

    /// The full path of a program on PATH, or nil.
    public static func which(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":") {
            let candidate = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
