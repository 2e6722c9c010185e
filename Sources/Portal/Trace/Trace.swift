// Traces: a world's host calls as text, and their replay.
//
// A trace starts with a header line — `portal-trace VERSION` and the world's configuration —
// and has one line per host call, in call order:
//
//     portal-trace 1 tickRate=120 maxCatchUpTicks=8 settleTolerance=0.001 reservedCapacity=0 reduceMotion=false
//     @0 spawnView frame=20.0,30.0,90.0,90.0 radius=6.0 opacity=1.0 -> e1
//     @0 animate view=e1 frame=290.0,170.0,110.0,110.0 with=spring(duration,0.5,0.0,0.0,0.0,1.0)
//     @0 advance seconds=0.016666666666666666
//     @2 refused update view=#2a opacity=2.0 ! stale entity Entity(42v0) …
//
// `@N` is the world's tick count when the call was made; `-> eN` names the entity a spawn
// made (entities are named by the order the host spawned them, so a trace does not depend on
// how Portal numbers its own entities); `refused … ! error` is a call the world refused, kept
// so that a bug report shows what the host tried. Replaying a trace makes the same calls on a
// fresh world, which — Portal being deterministic — gives the same render lists and events,
// bit for bit, on the same platform.

/// A recorded trace, parsed and checked, ready to replay.
///
/// ```swift
/// let world = World()
/// try world.startRecording()
/// // … the host's calls …
/// let text = world.stopRecording()!
///
/// let replayed = try Trace(text).replay()   // a fresh world that made the same calls
/// ```
///
/// User systems are code, not data: a trace does not hold them. Add them again in `setUp`,
/// which runs on the fresh world before the first call; the calls they make are made again by
/// them (a recording world writes only the host's calls, not those systems make inside a tick).
/// Custom navigation transitions are code too: the trace names them and `replay` takes their
/// handlers by name.
public struct Trace: Sendable {
    static let magic = "portal-trace"
    /// The version of the trace format this library writes. It reads this one and every
    /// earlier one (``oldestReadableVersion``).
    ///
    /// Version 2 writes an unset optional number as `-`: version 1 wrote a zoom's unset corner
    /// radius as −1, so a zoom refused for a negative radius read back as one with none, and
    /// its replay accepted it. A version 1 trace still reads as it was written (a negative
    /// radius there is none).
    public static let formatVersion = 2
    /// The oldest trace format version this library reads.
    public static let oldestReadableVersion = 1

    /// The configuration of the recorded world, from the header.
    public let configuration: World.Configuration
    /// The format version of the text it was read from.
    public let version: Int
    let lines: [TraceLine]

    /// The number of calls in the trace (refused ones included).
    public var callCount: Int { lines.count }

    /// The number of ticks the trace's calls ran, at most (an `advance` counts its whole
    /// frame time, which the catch-up cap can cut).
    public var tickCount: UInt64 { lines.last.map { $0.tick + ($0.verb == "tick" || $0.verb == "advance" ? 1 : 0) } ?? 0 }

    /// Parses and checks `text`: every line's syntax, numbers, entity names and calls.
    ///
    /// - Throws: ``TraceError``, naming the line, for a truncated trace (a last line without its
    ///   newline), an unknown format version, an unknown call, a malformed value, an entity
    ///   never spawned, or a NaN where the call cannot take one.
    public init(_ text: String) throws(TraceError) {
        guard !text.isEmpty else { throw TraceError(line: 1, kind: .truncated) }
        var rows = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard rows.last == "" else { throw TraceError(line: rows.count, kind: .truncated) }
        rows.removeLast()
        let (configuration, version) = try Self.header(rows[0])
        self.configuration = configuration
        self.version = version
        var lines: [TraceLine] = []
        var spawned = 0
        for (i, row) in rows.enumerated().dropFirst() {
            let number = i + 1
            if row.isEmpty || row.hasPrefix("//") { continue }
            var reader = TraceReader(row, line: number)
            let line = try reader.parseLine()
            // A dry decode checks every value and entity name now, not halfway through a replay.
            let count = spawned
            let decoder = TraceDecoder(line: line, allowsNaN: line.refused || TraceDecoder.acceptsNaN(line.verb),
                                       resolve: { name throws(TraceError) in try Self.check(name, spawned: count, line: number) },
                                       atomicHandlers: [:], navigationHandlers: [:], dryRun: true, version: version)
            if try decoder.call().spawns && !line.refused {
                spawned += 1
                guard line.result == "e\(spawned)" else {
                    throw TraceError(line: number, kind: .malformed("a spawn must end with -> e\(spawned)"))
                }
            } else if line.result != nil {
                throw TraceError(line: number, kind: .malformed("only an accepted spawn names its entity"))
            }
            if let last = lines.last, line.tick < last.tick {
                throw TraceError(line: number, kind: .malformed("tick \(line.tick) comes after tick \(last.tick)"))
            }
            lines.append(line)
        }
        self.lines = lines
    }

    static func check(_ name: String, spawned: Int, line: Int) throws(TraceError) -> Entity {
        if name.hasPrefix("e"), let n = TraceInteger.int(String(name.dropFirst())) {
            guard n >= 1, n <= spawned else { throw TraceError(line: line, kind: .unknownEntity(name)) }
            return Entity(bits: UInt64(n))
        }
        if name.hasPrefix("#"), let bits = TraceInteger.uint64(String(name.dropFirst()), radix: 16) { return Entity(bits: bits) }
        throw TraceError(line: line, kind: .malformed("‘\(name)’ is not an entity (eN or #HEX)"))
    }

    /// The header's keys, each once, in any order.
    static let headerKeys = ["tickRate", "maxCatchUpTicks", "settleTolerance", "reservedCapacity", "reduceMotion"]

    static func header(_ row: Substring) throws(TraceError) -> (World.Configuration, Int) {
        let words = row.split(separator: " ")
        guard words.first.map(String.init) == magic else { throw TraceError(line: 1, kind: .notATrace) }
        guard words.count >= 2 else { throw TraceError(line: 1, kind: .truncated) }
        guard let version = TraceInteger.int(String(words[1])), (oldestReadableVersion...formatVersion).contains(version) else {
            throw TraceError(line: 1, kind: .unknownVersion(String(words[1])))
        }
        var config = World.Configuration()
        // The keys seen, a bit each (in `headerKeys`' order).
        var seen = 0
        for word in words.dropFirst(2) {
            let parts = word.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else { throw TraceError(line: 1, kind: .malformed("‘\(word)’ is not key=value")) }
            let key = String(parts[0]), value = String(parts[1])
            guard let k = headerKeys.firstIndex(of: key) else { throw TraceError(line: 1, kind: .malformed("unknown key \(key)=")) }
            seen |= 1 << k
            let ok: Bool
            switch k {
            case 2:
                let f = Float(value)
                config.settleTolerance = f ?? .nan
                ok = f != nil
            case 4:
                config.reduceMotion = value == "true"
                ok = value == "true" || value == "false"
            default:
                let n = TraceInteger.int(value)
                if k == 0 { config.tickRate = n ?? 0 } else if k == 1 { config.maxCatchUpTicks = n ?? 0 } else { config.reservedCapacity = n ?? 0 }
                ok = n != nil
            }
            guard ok else { throw TraceError(line: 1, kind: .malformed("\(key): ‘\(value)’ is not a valid value")) }
        }
        guard seen == 1 << headerKeys.count - 1 else { throw TraceError(line: 1, kind: .truncated) }
        do throws(PortalError) {
            try config.validate()
        } catch {
            throw TraceError(line: 1, kind: .malformed("the configuration is invalid: \(error)"))
        }
        return (config, version)
    }

    /// Replays the trace on a fresh world and returns it.
    ///
    /// - Parameters:
    ///   - atomicTransitions: the handlers of the custom atomic transitions the trace names.
    ///   - navigationTransitions: the handlers of the custom navigation transitions it names.
    ///   - setUp: runs on the fresh world before the first call: add the systems the recorded
    ///     world had, start recording, or add an output-stage system that observes every tick.
    /// - Throws: ``TraceError/Kind/diverged(_:)`` when the replay does not follow the trace (a
    ///   call accepted in the trace is refused, or the other way round, or the ticks differ:
    ///   the systems or the library are not those of the recording), and
    ///   ``TraceError/Kind/unresolvedCustomTransition(_:)``.
    @discardableResult
    public func replay(atomicTransitions: [String: AtomicTransition.Handler] = [:],
                       navigationTransitions: [String: NavigationTransition.Handler] = [:],
                       setUp: (World) -> Void = { _ in }) throws(TraceError) -> World {
        let replayer = TraceReplayer(self, atomicTransitions: atomicTransitions, navigationTransitions: navigationTransitions)
        setUp(replayer.world)
        while try replayer.step() {}
        return replayer.world
    }
}

/// Replays a trace one call at a time, for hosts that draw as they go.
public final class TraceReplayer {
    /// The world the calls are made on.
    public let world: World
    /// The trace being replayed.
    public let trace: Trace
    /// The index of the next call.
    public private(set) var position = 0
    var spawned: [Entity] = []
    let atomicHandlers: [String: AtomicTransition.Handler]
    let navigationHandlers: [String: NavigationTransition.Handler]

    /// A replayer of `trace` on a fresh world of the trace's configuration.
    public init(_ trace: Trace, atomicTransitions: [String: AtomicTransition.Handler] = [:],
                navigationTransitions: [String: NavigationTransition.Handler] = [:]) {
        self.trace = trace
        // The header was validated when the trace was parsed.
        world = (try? World(configuration: trace.configuration)) ?? World()
        atomicHandlers = atomicTransitions
        navigationHandlers = navigationTransitions
    }

    /// Whether every call has been made.
    public var isFinished: Bool { position >= trace.lines.count }

    /// The trace's name of `entity` in this replay: `eN` for the Nth entity spawned, `#HEX` for
    /// any other.
    public func name(of entity: Entity) -> String {
        if let i = spawned.firstIndex(of: entity) { return "e\(i + 1)" }
        return "#" + String(entity.bits, radix: 16)
    }

    /// The entity the trace calls `eN` (1-based), or `nil` when not spawned yet.
    public func entity(spawnedAt n: Int) -> Entity? { n >= 1 && n <= spawned.count ? spawned[n - 1] : nil }

    /// Makes the next call. Returns false when the trace is finished.
    public func step() throws(TraceError) -> Bool {
        guard position < trace.lines.count else { return false }
        let line = trace.lines[position]
        position += 1
        guard line.tick == world.tickCount else {
            throw TraceError(line: line.number, kind: .diverged("the call is at tick \(line.tick) but the replay is at tick \(world.tickCount)"))
        }
        let spawned = self.spawned
        let decoder = TraceDecoder(line: line, allowsNaN: true,
                                   resolve: { name throws(TraceError) in
                                       if name.hasPrefix("e"), let n = TraceInteger.int(String(name.dropFirst())), n >= 1, n <= spawned.count { return spawned[n - 1] }
                                       return try Trace.check(name, spawned: 0, line: line.number)
                                   },
                                   atomicHandlers: atomicHandlers, navigationHandlers: navigationHandlers, dryRun: false,
                                   version: trace.version)
        let call = try decoder.call().call
        let outcome: Result<Entity?, PortalError>
        do throws(PortalError) {
            outcome = .success(try call.submit(world))
        } catch {
            outcome = .failure(error)
        }
        switch outcome {
        case let .success(result):
            if line.refused {
                throw TraceError(line: line.number, kind: .diverged("the trace says this call was refused (\(line.error ?? "")), the replay accepted it"))
            }
            if let e = result { self.spawned.append(e) }
        case let .failure(error):
            if !line.refused {
                throw TraceError(line: line.number, kind: .diverged("the replay refused this call: \(error)"))
            }
        }
        return true
    }
}

/// A trace that cannot be read or replayed, and the line (1-based) where that was found.
public struct TraceError: Error, Hashable, Sendable, CustomStringConvertible {
    // Boxed (`indirect`): a `TraceError` is then two words, not five, in every reader's error path.
    /// What is wrong.
    public indirect enum Kind: Hashable, Sendable {
        /// The text ends inside a line (every line of a trace ends with a newline), or has no
        /// complete header.
        case truncated
        /// The first line is not a trace header.
        case notATrace
        /// The header names a format version this library does not read.
        case unknownVersion(String)
        /// A line that does not parse: the particulars.
        case malformed(String)
        /// A call this version of the format does not know.
        case unknownCall(String)
        /// An entity name (`eN`) no earlier line spawned.
        case unknownEntity(String)
        /// `nan` in a field of an accepted call, which no accepted call can take.
        case notANumber(field: String)
        /// A custom transition the replay was given no handler for.
        case unresolvedCustomTransition(String)
        /// The replay did not follow the trace: the particulars.
        case diverged(String)
    }

    /// The line of the trace, counting from 1 (the header).
    public let line: Int
    /// What is wrong.
    public let kind: Kind

    /// An error at `line`.
    public init(line: Int, kind: Kind) {
        self.line = line
        self.kind = kind
    }

    /// The line and the problem, e.g. "trace line 7: e9 was never spawned".
    public var description: String {
        let what: String
        switch kind {
        case .truncated: what = "the trace is truncated (its last line has no newline, or the header is incomplete)"
        case .notATrace: what = "not a Portal trace (the first line must start with \(Trace.magic))"
        case let .unknownVersion(v): what = "unknown trace format version \(v) (this library reads versions \(Trace.oldestReadableVersion) to \(Trace.formatVersion))"
        case let .malformed(m): what = "malformed: \(m)"
        case let .unknownCall(c): what = "unknown call ‘\(c)’"
        case let .unknownEntity(e): what = "\(e) was never spawned"
        case let .notANumber(field): what = "NaN in \(field), where the call does not take one"
        case let .unresolvedCustomTransition(name): what = "no handler was given for the custom transition \"\(name)\""
        case let .diverged(d): what = "the replay diverged: \(d)"
        }
        return "trace line \(line): \(what)"
    }
}
