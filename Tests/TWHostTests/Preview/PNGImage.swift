import Foundation

/// A decoded PNG (8-bit RGB or RGBA, not interlaced: what Chromium's
/// screenshots are), with a test-only inflate (RFC 1950/1951).
struct PNGImage {
    var width: Int
    var height: Int
    /// RGBA, row after row.
    var pixels: [UInt8]

    struct Pixel: Equatable, CustomStringConvertible {
        var r: Int, g: Int, b: Int, a: Int
        var description: String { "rgba(\(r), \(g), \(b), \(a))" }
        /// Whether every channel is within `tolerance` of `other`'s.
        func near(_ other: Pixel, tolerance: Int) -> Bool {
            abs(r - other.r) <= tolerance && abs(g - other.g) <= tolerance && abs(b - other.b) <= tolerance
                && abs(a - other.a) <= tolerance
        }
    }

    struct DecodeError: Error, CustomStringConvertible {
        var description: String
    }

    subscript(x: Int, y: Int) -> Pixel {
        let i = (y * width + x) * 4
        return Pixel(r: Int(pixels[i]), g: Int(pixels[i + 1]), b: Int(pixels[i + 2]), a: Int(pixels[i + 3]))
    }

    init(contentsOf path: String) throws {
        let data = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        try self.init(data)
    }

    init(_ data: [UInt8]) throws {
        guard data.count > 8, Array(data[0..<8]) == [137, 80, 78, 71, 13, 10, 26, 10] else {
            throw DecodeError(description: "not a PNG")
        }
        var offset = 8
        var idat: [UInt8] = []
        var width = 0
        var height = 0
        var colorType = 0
        func be32(_ at: Int) -> Int {
            Int(data[at]) << 24 | Int(data[at + 1]) << 16 | Int(data[at + 2]) << 8 | Int(data[at + 3])
        }
        while offset + 8 <= data.count {
            let length = be32(offset)
            let type = String(decoding: data[offset + 4..<offset + 8], as: UTF8.self)
            let body = offset + 8
            guard body + length + 4 <= data.count else { throw DecodeError(description: "truncated chunk \(type)") }
            switch type {
            case "IHDR":
                width = be32(body)
                height = be32(body + 4)
                guard data[body + 8] == 8, data[body + 12] == 0 else {
                    throw DecodeError(description: "only 8-bit, non-interlaced PNGs")
                }
                colorType = Int(data[body + 9])
                guard colorType == 2 || colorType == 6 else {
                    throw DecodeError(description: "colour type \(colorType)")
                }
            case "IDAT": idat += data[body..<body + length]
            default: break
            }
            offset = body + length + 4
            if type == "IEND" { break }
        }
        let channels = colorType == 6 ? 4 : 3
        let raw = try Inflate.zlib(idat)
        let stride = width * channels
        guard raw.count == height * (stride + 1) else { throw DecodeError(description: "wrong image data size") }
        var out = [UInt8](repeating: 255, count: width * height * 4)
        var previous = [UInt8](repeating: 0, count: stride)
        var row = [UInt8](repeating: 0, count: stride)
        for y in 0..<height {
            let start = y * (stride + 1)
            let filter = raw[start]
            for i in 0..<stride {
                let x = Int(raw[start + 1 + i])
                let a = i >= channels ? Int(row[i - channels]) : 0
                let b = Int(previous[i])
                let c = i >= channels ? Int(previous[i - channels]) : 0
                let value: Int
                switch filter {
                case 0: value = x
                case 1: value = x + a
                case 2: value = x + b
                case 3: value = x + (a + b) / 2
                case 4:
                    let p = a + b - c
                    let pa = abs(p - a)
                    let pb = abs(p - b)
                    let pc = abs(p - c)
                    value = x + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c)
                default: throw DecodeError(description: "filter \(filter)")
                }
                row[i] = UInt8(value & 0xFF)
            }
            for px in 0..<width {
                for ch in 0..<channels { out[(y * width + px) * 4 + ch] = row[px * channels + ch] }
            }
            swap(&previous, &row)
        }
        self.width = width
        self.height = height
        self.pixels = out
    }
}

/// DEFLATE decompression, for test screenshots only.
enum Inflate {
    static func zlib(_ data: [UInt8]) throws -> [UInt8] {
        guard data.count >= 2, (Int(data[0]) << 8 | Int(data[1])) % 31 == 0, data[0] & 0x0F == 8 else {
            throw PNGImage.DecodeError(description: "bad zlib header")
        }
        return try inflate(Array(data[2...]))
    }

    struct Bits {
        let data: [UInt8]
        var position = 0
        var bitBuffer = 0
        var bitCount = 0
        mutating func bits(_ n: Int) throws -> Int {
            while bitCount < n {
                guard position < data.count else { throw PNGImage.DecodeError(description: "deflate: out of data") }
                bitBuffer |= Int(data[position]) << bitCount
                position += 1
                bitCount += 8
            }
            let v = bitBuffer & ((1 << n) - 1)
            bitBuffer >>= n
            bitCount -= n
            return v
        }
        mutating func alignToByte() {
            bitBuffer = 0
            bitCount = 0
        }
    }

    /// Canonical Huffman code: counts per length and symbols in order.
    struct Huffman {
        var counts = [Int](repeating: 0, count: 16)
        var symbols: [Int] = []
        init(lengths: [Int]) {
            for l in lengths { counts[l] += 1 }
            counts[0] = 0
            var offsets = [Int](repeating: 0, count: 16)
            for i in 1..<16 { offsets[i] = offsets[i - 1] + counts[i - 1] }
            symbols = [Int](repeating: 0, count: lengths.count)
            for (s, l) in lengths.enumerated() where l != 0 {
                symbols[offsets[l]] = s
                offsets[l] += 1
            }
        }
        func decode(_ bits: inout Bits) throws -> Int {
            var code = 0
            var first = 0
            var index = 0
            for len in 1..<16 {
                code |= try bits.bits(1)
                let count = counts[len]
                if code - count < first { return symbols[index + (code - first)] }
                index += count
                first += count
                first <<= 1
                code <<= 1
            }
            throw PNGImage.DecodeError(description: "deflate: bad code")
        }
    }

    static let lengthBase = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227,
        258,
    ]
    static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    static let distBase = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097,
        6145, 8193, 12289, 16385, 24577,
    ]
    static let distExtra = [
        0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
    ]

    static func inflate(_ data: [UInt8]) throws -> [UInt8] {
        var bits = Bits(data: data)
        var out: [UInt8] = []
        out.reserveCapacity(data.count * 4)
        var last = 0
        repeat {
            last = try bits.bits(1)
            let type = try bits.bits(2)
            switch type {
            case 0:
                bits.alignToByte()
                let p = bits.position
                guard p + 4 <= data.count else { throw PNGImage.DecodeError(description: "deflate: stored block") }
                let len = Int(data[p]) | Int(data[p + 1]) << 8
                guard p + 4 + len <= data.count else {
                    throw PNGImage.DecodeError(description: "deflate: stored block")
                }
                out += data[p + 4..<p + 4 + len]
                bits.position = p + 4 + len
            case 1:
                let lit = Huffman(lengths: (0..<288).map { $0 < 144 ? 8 : $0 < 256 ? 9 : $0 < 280 ? 7 : 8 })
                let dist = Huffman(lengths: [Int](repeating: 5, count: 30))
                try block(&bits, &out, lit, dist)
            case 2:
                let hlit = try bits.bits(5) + 257
                let hdist = try bits.bits(5) + 1
                let hclen = try bits.bits(4) + 4
                let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
                var codeLengths = [Int](repeating: 0, count: 19)
                for i in 0..<hclen { codeLengths[order[i]] = try bits.bits(3) }
                let lengthCode = Huffman(lengths: codeLengths)
                var lengths: [Int] = []
                while lengths.count < hlit + hdist {
                    let sym = try lengthCode.decode(&bits)
                    switch sym {
                    case 0..<16: lengths.append(sym)
                    case 16:
                        guard let prev = lengths.last else {
                            throw PNGImage.DecodeError(description: "deflate: repeat")
                        }
                        lengths += [Int](repeating: prev, count: 3 + (try bits.bits(2)))
                    case 17: lengths += [Int](repeating: 0, count: 3 + (try bits.bits(3)))
                    default: lengths += [Int](repeating: 0, count: 11 + (try bits.bits(7)))
                    }
                }
                try block(
                    &bits, &out, Huffman(lengths: Array(lengths[0..<hlit])),
                    Huffman(lengths: Array(lengths[hlit..<hlit + hdist])))
            default:
                throw PNGImage.DecodeError(description: "deflate: block type 3")
            }
        } while last == 0
        return out
    }

    static func block(_ bits: inout Bits, _ out: inout [UInt8], _ lit: Huffman, _ dist: Huffman) throws {
        while true {
            let sym = try lit.decode(&bits)
            if sym < 256 {
                out.append(UInt8(sym))
            } else if sym == 256 {
                return
            } else {
                let i = sym - 257
                guard i < lengthBase.count else { throw PNGImage.DecodeError(description: "deflate: length") }
                let length = lengthBase[i] + (try bits.bits(lengthExtra[i]))
                let d = try dist.decode(&bits)
                guard d < distBase.count else { throw PNGImage.DecodeError(description: "deflate: distance") }
                let distance = distBase[d] + (try bits.bits(distExtra[d]))
                guard distance <= out.count else { throw PNGImage.DecodeError(description: "deflate: too far back") }
                let start = out.count - distance
                for k in 0..<length { out.append(out[start + k]) }
            }
        }
    }
}
