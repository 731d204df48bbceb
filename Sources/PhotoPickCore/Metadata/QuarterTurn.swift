/// How far a video's frames are turned, clockwise, to be shown upright: a phone held upright
/// records sideways frames and says so in its track header's matrix (QuickTime, MP4).
public enum QuarterTurn: Int, Sendable, Hashable, CaseIterable {
    case none = 0, clockwise = 1, half = 2, counterclockwise = 3

    /// The turn a track header's matrix describes, from its a, b, c, d (16.16 fixed point;
    /// x' = a·x + c·y, y' = b·x + d·y with y downwards). A turn by θ clockwise has
    /// a = d = cos θ, b = sin θ, c = −sin θ. Anything else (a mirror, a shear, a scale of
    /// zero) is shown as stored.
    public init(a: Int32, b: Int32, c: Int32, d: Int32) {
        switch (a.signum(), b.signum(), c.signum(), d.signum()) {
        case (1, 0, 0, 1): self = .none
        case (0, 1, -1, 0): self = .clockwise
        case (-1, 0, 0, -1): self = .half
        case (0, -1, 1, 0): self = .counterclockwise
        default: self = .none
        }
    }

    /// True for a quarter turn either way: width and height trade places.
    public var swapsSides: Bool { rawValue % 2 == 1 }

    /// Where stored frames go to fill an upright box of `width` × `height`: they are laid out
    /// `frameWidth` × `frameHeight`, turned by `degrees` clockwise about their top-left corner,
    /// then moved by (`x`, `y`) so the turned frame covers the box again.
    public struct Placement: Sendable, Equatable {
        public let frameWidth: Double, frameHeight: Double
        public let x: Double, y: Double
        public let degrees: Double
    }

    public func placement(width: Double, height: Double) -> Placement {
        switch self {
        case .none: Placement(frameWidth: width, frameHeight: height, x: 0, y: 0, degrees: 0)
        case .clockwise: Placement(frameWidth: height, frameHeight: width, x: width, y: 0, degrees: 90)
        case .half: Placement(frameWidth: width, frameHeight: height, x: width, y: height, degrees: 180)
        case .counterclockwise: Placement(frameWidth: height, frameHeight: width, x: 0, y: height, degrees: 270)
        }
    }
}
