import PhotoPickSystem
import TestSupport
import XCTest

/// Tests that run the model over a fresh sample library on the real disk: the host is the
/// real system (the disk and the local zone), and each test gets its own library.
class SampleLibraryTestCase: XCTestCase {
    override class func setUp() {
        super.setUp()
        SystemHost.install()
    }

    var dir: TemporaryDirectory!
    var sample: SampleLibrary!

    override func setUpWithError() throws {
        try super.setUpWithError()
        dir = TemporaryDirectory()
        sample = try SampleLibrary.make(in: dir)
    }
}
