// The trace's text: writing values (allocation-free for numbers: they are written straight
// into the output buffer) and reading them back from a line.
//
// A line is `@TICK [refused] VERB key=value … [-> eN] [! error text]`. A value is a
// comma-separated list of atoms (numbers, words, entity names), quoted strings and nodes
// `name(list)`; it holds no space outside a string. Numbers are Swift's shortest round-trip
// `description` (`Float(String)` gives the same bits back), so a replay reads exactly what was
// passed; a NaN is `nan` (the default quiet NaN) or `nan#BITS` (its bits in hex).

/// Writes trace text into a growing buffer.
struct TraceWriter {
    var out: String = ""
    /// The spawn number (1-based) of each entity the host spawned while recording.
    var names: [Entity: Int] = [:]
    var spawned = 0

    mutating func raw(_ text: String) { out.append(text) }
    mutating func text(_ text: String) { out.append(text) }
    @inline(never)
    mutating func key(_ key: String) {
        raw(" ")
        raw(key)
        raw("=")
    }
    mutating func comma() { raw(",") }
    /// A number: its shortest round-trip description, or for a NaN `nan` (the default quiet
    /// NaN) or `nan#BITS` (any other: sign and payload kept), so every value comes back bit for bit.
    mutating func float(_ v: Float) {
        if !v.isNaN {
            v.write(to: &out)
        } else if v.bitPattern == Float.nan.bitPattern {
            raw("nan")
        } else {
            raw("nan#")
            out.append(String(v.bitPattern, radix: 16))
        }
    }
    mutating func double(_ v: Double) {
        if !v.isNaN {
            v.write(to: &out)
        } else if v.bitPattern == Double.nan.bitPattern {
            raw("nan")
        } else {
            raw("nan#")
            out.append(String(v.bitPattern, radix: 16))
        }
    }
    mutating func floats(_ values: Float...) {
        for (i, v) in values.enumerated() {
            if i > 0 { comma() }
            float(v)
        }
    }
    /// An integer (its description is a small string, stored inline: no allocation).
    mutating func int<I: BinaryInteger>(_ v: I) { out.append(v.description) }
    mutating func bool(_ v: Bool) { raw(v ? "true" : "false") }
    mutating func string(_ s: String) {
        raw("\"")
        for c in s.unicodeScalars {
            switch c {
            case "\"": raw("\\\"")
            case "\\": raw("\\\\")
            case "\n": raw("\\n")
            case "\r": raw("\\r")
            default: out.unicodeScalars.append(c)
            }
        }
        raw("\"")
    }
    /// An entity: `eN` for the Nth host spawn, `#HEX` (its bits) for any other handle.
    @inline(never)
    mutating func entity(_ e: Entity) {
        if let n = names[e] {
            raw("e")
            int(n)
        } else {
            raw("#")
            out.append(String(e.bits, radix: 16))
        }
    }
    mutating func entity(_ e: Entity?) {
        if let e { entity(e) } else { raw("-") }
    }
    mutating func rect(_ r: Rect) { floats(r.origin.x, r.origin.y, r.size.width, r.size.height) }
    mutating func rect(_ r: Rect?) {
        if let r { rect(r) } else { raw("-") }
    }
    mutating func point(_ p: Point) { floats(p.x, p.y) }
    mutating func size(_ s: Size) { floats(s.width, s.height) }
}

/// The integers of trace text, parsed by two bodies: a signed `Int` (decimal) and a `UInt64` (any
/// radix). Narrower types take the value when it fits (`UInt8(exactly:)`), which accepts and
/// refuses exactly the texts their own parsers do (the same digits and sign, the same range),
/// without a parser specialised for each type and for `String` and `Substring` each.
enum TraceInteger {
    @inline(never)
    static func int(_ text: String) -> Int? { Int(text, radix: 10) }
    @inline(never)
    static func uint64(_ text: String, radix: Int) -> UInt64? { UInt64(text, radix: radix) }
    static func uint8(_ text: String) -> UInt8? { int(text).flatMap { UInt8(exactly: $0) } }
    static func int32(_ text: String) -> Int32? { int(text).flatMap { Int32(exactly: $0) } }
    static func uint32(_ text: String, radix: Int) -> UInt32? { uint64(text, radix: radix).flatMap { UInt32(exactly: $0) } }
}

/// One parsed value: an atom, a quoted string, or `name(list)`.
indirect enum TraceValue: Equatable, Sendable {
    case atom(String)
    case string(String)
    case node(String, [TraceValue])
}

/// A parsed line: its tick, whether it was refused, its verb, its arguments in order, the name
/// of the entity it spawned and its error text.
struct TraceLine: Sendable {
    let number: Int
    let tick: UInt64
    let refused: Bool
    let verb: String
    var args: [(key: String, value: [TraceValue])]
    let result: String?
    let error: String?
}

/// Reads a line's values; every failure names the line.
struct TraceReader {
    let bytes: [UInt8]
    var i = 0
    let line: Int

    init(_ text: Substring, line: Int) {
        bytes = Array(text.utf8)
        self.line = line
    }

    func fail(_ kind: TraceError.Kind) -> TraceError { TraceError(line: line, kind: kind) }
    var atEnd: Bool { i >= bytes.count }
    var peek: UInt8? { i < bytes.count ? bytes[i] : nil }

    static func isDelimiter(_ b: UInt8) -> Bool {
        b == UInt8(ascii: " ") || b == UInt8(ascii: "(") || b == UInt8(ascii: ")") || b == UInt8(ascii: ",") || b == UInt8(ascii: "=")
    }

    mutating func skipSpaces() { while peek == UInt8(ascii: " ") { i += 1 } }

    mutating func word() -> String {
        let start = i
        while let b = peek, !Self.isDelimiter(b) { i += 1 }
        return String(decoding: bytes[start..<i], as: UTF8.self)
    }

    mutating func expect(_ c: Unicode.Scalar) throws(TraceError) {
        guard peek == UInt8(ascii: c) else {
            throw fail(.malformed("expected ‘\(c)’ at column \(i + 1)"))
        }
        i += 1
    }

    mutating func quoted() throws(TraceError) -> String {
        try expect("\"")
        var scalars: [UInt8] = []
        while true {
            guard let b = peek else { throw fail(.malformed("an unterminated string")) }
            i += 1
            if b == UInt8(ascii: "\"") { break }
            if b == UInt8(ascii: "\\") {
                guard let e = peek else { throw fail(.malformed("an unterminated string")) }
                i += 1
                switch e {
                case UInt8(ascii: "n"): scalars.append(10)
                case UInt8(ascii: "r"): scalars.append(13)
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): scalars.append(e)
                default: throw fail(.malformed("an unknown escape \\\(Unicode.Scalar(e))"))
                }
            } else {
                scalars.append(b)
            }
        }
        return String(decoding: scalars, as: UTF8.self)
    }

    mutating func value(depth: Int = 0) throws(TraceError) -> TraceValue {
        guard depth < 64 else { throw fail(.malformed("values nested too deeply")) }
        if peek == UInt8(ascii: "\"") { return .string(try quoted()) }
        let name = word()
        if peek == UInt8(ascii: "(") {
            i += 1
            var items: [TraceValue] = []
            if peek != UInt8(ascii: ")") { items = try list(depth: depth + 1) }
            try expect(")")
            return .node(name, items)
        }
        guard !name.isEmpty else { throw fail(.malformed("a missing value at column \(i + 1)")) }
        return .atom(name)
    }

    mutating func list(depth: Int = 0) throws(TraceError) -> [TraceValue] {
        var items = [try value(depth: depth)]
        while peek == UInt8(ascii: ",") {
            i += 1
            items.append(try value(depth: depth))
        }
        return items
    }

    /// Parses `@TICK [refused] VERB key=value … [-> eN] [! error]`.
    mutating func parseLine() throws(TraceError) -> TraceLine {
        try expect("@")
        guard let tick = TraceInteger.uint64(word(), radix: 10) else { throw fail(.malformed("a line must start with @TICK")) }
        skipSpaces()
        var verb = word()
        var refused = false
        if verb == "refused" {
            refused = true
            skipSpaces()
            verb = word()
        }
        guard !verb.isEmpty else { throw fail(.malformed("a line needs a call")) }
        var args: [(key: String, value: [TraceValue])] = []
        var result: String?
        var error: String?
        while true {
            skipSpaces()
            guard let b = peek else { break }
            if b == UInt8(ascii: "!") {
                i += 1
                skipSpaces()
                error = String(decoding: bytes[i...], as: UTF8.self)
                i = bytes.count
                break
            }
            if b == UInt8(ascii: "-"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: ">") {
                i += 2
                skipSpaces()
                let name = word()
                guard !name.isEmpty else { throw fail(.malformed("‘->’ needs the entity spawned")) }
                result = name
                continue
            }
            let key = word()
            guard !key.isEmpty else { throw fail(.malformed("an unexpected character at column \(i + 1)")) }
            try expect("=")
            args.append((key, try list()))
            guard atEnd || peek == UInt8(ascii: " ") else { throw fail(.malformed("an unexpected character at column \(i + 1)")) }
        }
        return TraceLine(number: line, tick: tick, refused: refused, verb: verb, args: args, result: result, error: error)
    }
}
