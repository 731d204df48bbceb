/// The film-strip border video thumbnailers draw down both sides of a frame (ffmpegthumbnailer
/// `-f`, as Debian's `.thumbnailer` entry runs it and GNOME's cached thumbnails carry): a
/// dark band with a hole every band-width, on the left and the right. In a square tile that
/// cuts a tall frame, the two bands read as a frame around the tile — a second focus ring.
/// The window shows what is between them and marks videos with its own badge; the shared
/// cache keeps the thumbnail as other programs made it.
///
/// A band is recognised by its shape, not its size (a cached thumbnail may have been scaled):
/// the outermost column is dark, the band repeats downwards with a period of its own width,
/// and it is part dark, part lit (the holes), and the picture beside it does not go on with
/// the same pattern. Both sides must have one, of the same width.
public enum FilmStripBorder {
    /// Pixels, 8 bits a channel, the first three channels R, G, B.
    public struct Pixels {
        public let bytes: UnsafeRawBufferPointer
        public let width: Int
        public let height: Int
        public let rowStride: Int
        public let channels: Int

        public init(bytes: UnsafeRawBufferPointer, width: Int, height: Int, rowStride: Int, channels: Int) {
            self.bytes = bytes
            self.width = width
            self.height = height
            self.rowStride = rowStride
            self.channels = channels
        }

        /// The brightest channel at (x, y): enough to tell dark from lit.
        func level(_ x: Int, _ y: Int) -> Int {
            let i = y * rowStride + x * channels
            return Int(max(bytes[i], bytes[i + 1], bytes[i + 2]))
        }
    }

    static let dark = 48, lit = 80

    /// The width of the band on each side (0 when there is none): the columns to leave out.
    /// Of the widths that fit, the one whose pattern repeats most exactly (a band one column
    /// narrower than the real one nearly repeats too).
    public static func width(of image: Pixels) -> Int {
        guard image.width >= 24, image.height >= 8, image.channels >= 3,
              image.rowStride >= image.width * image.channels,
              image.bytes.count >= (image.height - 1) * image.rowStride + image.width * image.channels,
              isDarkColumn(image, 0), isDarkColumn(image, image.width - 1) else { return 0 }
        var best: (band: Int, difference: Double)?
        for band in 3...(image.width / 6) where 2 * band <= image.height {
            guard let left = bandDifference(image, band, mirrored: false),
                  let right = bandDifference(image, band, mirrored: true),
                  !repeats(image, column: band, every: band), !repeats(image, column: image.width - 1 - band, every: band)
            else { continue }
            let difference = left + right
            if best.map({ difference < $0.difference }) ?? true { best = (band, difference) }
        }
        return best?.band ?? 0
    }

    private static func isDarkColumn(_ image: Pixels, _ x: Int) -> Bool {
        var darkRows = 0
        for y in 0..<image.height where image.level(x, y) < dark { darkRows += 1 }
        return darkRows * 10 >= image.height * 9
    }

    /// True when column `x` is partly dark, partly lit, and repeats every `period` rows: a
    /// pattern going on, not the edge of one.
    private static func repeats(_ image: Pixels, column x: Int, every period: Int) -> Bool {
        var difference = 0, darkCount = 0, litCount = 0
        for y in 0..<image.height {
            let v = image.level(x, y)
            if v < dark { darkCount += 1 } else if v > lit { litCount += 1 }
            if y + period < image.height { difference += abs(v - image.level(x, y + period)) }
        }
        return darkCount * 10 >= image.height && litCount * 10 >= image.height && difference <= 16 * (image.height - period)
    }

    /// For the `band` columns at the left (or, `mirrored`, the right) edge that repeat every
    /// `band` rows, are between a third and nine tenths dark with holes lit, and dark all the
    /// way across between the holes: how much a pixel differs on average from the one a
    /// period below. Nil when they are no band.
    private static func bandDifference(_ image: Pixels, _ band: Int, mirrored: Bool) -> Double? {
        var difference = 0, darkCount = 0, litCount = 0, darkRows = 0
        let rows = image.height - band
        for y in 0..<image.height {
            var rowDark = true
            for i in 0..<band {
                let x = mirrored ? image.width - 1 - i : i
                let v = image.level(x, y)
                if v < dark { darkCount += 1 } else { rowDark = false }
                if v > lit { litCount += 1 }
                if y < rows { difference += abs(v - image.level(x, y + band)) }
            }
            if rowDark { darkRows += 1 }
        }
        let pixels = band * image.height
        guard difference <= 16 * band * rows, darkCount * 3 >= pixels, darkCount * 10 <= pixels * 9, litCount * 10 >= pixels,
              darkRows * 5 >= image.height
        else { return nil }
        return Double(difference) / Double(band * rows)
    }
}
