import PhotoPickGLib
import XCTest

/// The one box GLib carries Swift values in: the reference it holds for GLib is given back
/// once, by the destroy notify or by `take`, and never while GLib may still call.
final class CallbackBoxTests: XCTestCase {
    private final class Tracked {
        let seen: () -> Void
        init(_ seen: @escaping () -> Void) { self.seen = seen }
        deinit { seen() }
    }

    func testTheDestroyNotifyGivesBackGLibsReference() {
        var gone = false
        var pointer: UnsafeMutableRawPointer?
        do {
            let tracked = Tracked { gone = true }
            pointer = CallbackBox(tracked).retainedPointer()
        }
        XCTAssertFalse(gone, "GLib's reference keeps the box and what it carries")
        XCTAssertNotNil(CallbackBox<Tracked>.from(pointer).call, "from borrows: the box stays")
        XCTAssertFalse(gone)
        releaseBox(pointer)
        XCTAssertTrue(gone, "the destroy notify released the box")
    }

    func testTakeIsForOneShotCallbacks() {
        var gone = false
        var pointer: UnsafeMutableRawPointer?
        do { pointer = CallbackBox(Tracked { gone = true }).retainedPointer() }
        do {
            let box = CallbackBox<Tracked>.take(pointer)
            withExtendedLifetime(box) { XCTAssertFalse(gone, "the caller holds the box now") }
        }
        XCTAssertTrue(gone, "take handed GLib's reference over: nothing is left behind")
    }

    func testAClosureComesBackAsItWent() {
        var calls = 0
        let pointer = CallbackBox<() -> Int> { calls += 1; return calls }.retainedPointer()
        XCTAssertEqual(CallbackBox<() -> Int>.from(pointer).call(), 1)
        XCTAssertEqual(CallbackBox<() -> Int>.from(pointer).call(), 2)
        releaseBox(pointer)
    }

    func testARetainedObjectIsFoundByItsClassAndReleasedOnce() {
        var gone = false
        var pointer: UnsafeMutableRawPointer?
        do { pointer = Retained.pointer(Tracked { gone = true }) }
        XCTAssertNotNil(Retained.object(pointer!, as: Tracked.self))
        XCTAssertNil(Retained.object(pointer!, as: CallbackBoxTests.self), "another class is not found there")
        XCTAssertFalse(gone)
        Retained.release(pointer)
        XCTAssertTrue(gone)
        Retained.release(nil)  // a notify given no data does nothing
    }
}
