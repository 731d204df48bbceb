internal import CMedia
import Foundation
import PhotoPickCore

/// Writes 8-bit RGB or RGBA pixels as a PNG, with text chunks before the image data, through
/// libdeflate directly rather than gdk-pixbuf's saver (libpng); zlib computes the chunks' CRCs.
///
/// Why not the saver: a thumbnail is made once per photo, on the worker's CPU the decoder
/// also wants, and libpng's adaptive filtering tries every filter on every row before
/// deflating. One fixed filter (Up: each byte minus the one above it; photos vary smoothly
/// down a column) leaves small numbers that a fast deflate packs well. On the bench photos'
/// 256×192 thumbnails (instructions under callgrind, Up-filtered rows): libdeflate at level 1
/// 5.9 M and 44 kB, zlib's Huffman-only 11.7 M and 40 kB, zlib level 1 13.2 M and 49 kB,
/// libdeflate level 2 9.6 M and 42 kB; the saver at zlib level 1 took 2.7 ms and 49 kB.
/// Any PNG reader reads it: the format allows any filter on any row, and the stream is zlib's.
enum PNGEncoder {
    /// `texts`: keyword and text of each `tEXt` chunk, in order. Both must be Latin-1 (the
    /// chunk's encoding); a pair that is not is left out.
    static func encode(width: Int, height: Int, hasAlpha: Bool, rowStride: Int, pixels: UnsafeRawBufferPointer,
                       texts: [(String, String)]) throws(MediaError) -> [UInt8] {
        let channels = hasAlpha ? 4 : 3
        let rowBytes = width * channels
        guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max), rowStride >= rowBytes,
              pixels.count >= (height - 1) * rowStride + rowBytes else {
            throw .failed(path: nil, step: .encode, reason: "\(width) × \(height) pixels in \(pixels.count) bytes")
        }
        let idat = try deflate(filteredRows(width: width, height: height, rowBytes: rowBytes, rowStride: rowStride, pixels))

        var png = PNGTextChunks.signature
        png.reserveCapacity(idat.count + 1024)
        // IHDR: size, 8 bits a channel, colour type 2 (RGB) or 6 (RGBA), deflate, filter
        // method 0, no interlace.
        var header = bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        header += [8, hasAlpha ? 6 : 2, 0, 0, 0]
        appendChunk("IHDR", header, to: &png)
        for (key, value) in texts {
            guard !key.isEmpty, key.utf8.count < 80, let k = latin1(key), let v = latin1(value) else { continue }
            appendChunk("tEXt", k + [0] + v, to: &png)
        }
        appendChunk("IDAT", idat, to: &png)
        appendChunk("IEND", [], to: &png)
        return png
    }

    /// Each row prefixed by its filter type, 2 (Up); the first row, with nothing above it,
    /// is its own bytes under Up.
    private static func filteredRows(width: Int, height: Int, rowBytes: Int, rowStride: Int,
                                     _ pixels: UnsafeRawBufferPointer) -> [UInt8] {
        let lineBytes = rowBytes + 1
        return [UInt8](unsafeUninitializedCapacity: lineBytes * height) { out, count in
            let source = pixels.bindMemory(to: UInt8.self).baseAddress!
            let target = out.baseAddress!
            for y in 0..<height {
                let line = target + y * lineBytes
                line[0] = 2
                let row = source + y * rowStride
                if y == 0 {
                    (line + 1).update(from: row, count: rowBytes)
                } else {
                    upFiltered(row, above: row - rowStride, count: rowBytes, into: line + 1)
                }
            }
            count = lineBytes * height
        }
    }

    /// `row` minus `above`, byte by byte (wrapping), into `target`; 16 bytes at a time, as the
    /// compiler left the plain loop at a byte a step (6 instructions a byte).
    private static func upFiltered(_ row: UnsafePointer<UInt8>, above: UnsafePointer<UInt8>, count: Int,
                                   into target: UnsafeMutablePointer<UInt8>) {
        var x = 0
        while x + 16 <= count {
            let difference = UnsafeRawPointer(row + x).loadUnaligned(as: SIMD16<UInt8>.self)
                &- UnsafeRawPointer(above + x).loadUnaligned(as: SIMD16<UInt8>.self)
            UnsafeMutableRawPointer(target + x).storeBytes(of: difference, as: SIMD16<UInt8>.self)
            x += 16
        }
        while x < count {
            target[x] = row[x] &- above[x]
            x += 1
        }
    }

    /// One zlib stream of `data`, from libdeflate at level 1 (see the type's comment).
    private static func deflate(_ data: [UInt8]) throws(MediaError) -> [UInt8] {
        guard let compressor = libdeflate_alloc_compressor(1) else { throw .libraryUnavailable(name: "libdeflate") }
        defer { libdeflate_free_compressor(compressor) }
        let bound = libdeflate_zlib_compress_bound(compressor, data.count)
        let out = [UInt8](unsafeUninitializedCapacity: bound) { buffer, count in
            // With the bound's room it always fits; 0 would mean it did not.
            count = data.withUnsafeBytes { libdeflate_zlib_compress(compressor, $0.baseAddress, $0.count, buffer.baseAddress, bound) }
        }
        guard !out.isEmpty else { throw .failed(path: nil, step: .encode, reason: "libdeflate compressed nothing") }
        return out
    }

    private static func appendChunk(_ type: String, _ data: [UInt8], to png: inout [UInt8]) {
        let typeBytes = Array(type.utf8)
        png += bigEndian(UInt32(data.count))
        png += typeBytes
        png += data
        var crc = typeBytes.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
        crc = data.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, uInt($0.count)) }
        png += bigEndian(UInt32(crc))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// `text` as Latin-1 bytes, or nil if it holds a character Latin-1 has not (or a NUL,
    /// which separates a chunk's keyword from its text).
    private static func latin1(_ text: String) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            guard scalar.value > 0, scalar.value <= 0xFF else { return nil }
            bytes.append(UInt8(scalar.value))
        }
        return bytes
    }
}
