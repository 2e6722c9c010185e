// The track store's part of the tick: `prepare` (every step matrix brought up to date, the
// timings due collected), `advanceLanes` (the hot loop), `finish` (completions reported, settled
// timings retired and their lanes landed) and `writeBack` (the lanes' values copied into the
// views). The step itself is described in `TrackStore.swift`.

extension TrackStore {
    /// Interpolation, part one: brings every timing's step matrix up to date for `tick` and
    /// collects the timings with an event this tick.
    mutating func prepare(tick: UInt64) {
        while let next = springEvents.popDue(by: tick) {
            let slot = Int(next.owner)
            guard records[slot].version == next.version else { continue }
            // A delayed spring's own row, should its lanes not have moved to the shared row at
            // the end of its delay (`finish`), starts moving now. (The world starts no timing
            // that could miss it; a store driven from tick 0 could.)
            if tick == TrackStore.later(records[slot].origin, by: 1), case let .spring(phi, _, _) = records[slot].drive,
               rowUsers[Int(records[slot].row)] == 0 {
                coefficients[Int(records[slot].row)] = phi
            }
            due.append(next.owner)
        }
        // Every curve group that has started, every tick: one table read (a solve the first
        // time a table reaches a tick) and one row write for all its timings; on its last tick
        // its timings are due.
        for i in liveGroups.indices {
            let slot = Int(liveGroups[i])
            let group = groups[slot]
            guard tick > group.origin else { continue }
            let remaining = tables[Int(group.table)].remaining(atTick: tick &- group.origin)
            coefficients[Int(group.row)] = StepCoefficients(xx: 0, xv: remaining, vx: 0, vv: 1)
            guard tick >= group.endTick else { continue }
            var member = group.first
            while member != CurveGroup.none {
                due.append(member)
                member = records[Int(member)].nextMember
            }
        }
    }

    /// Interpolation, part two — the hot loop: advances every lane by one tick.
    ///
    /// Four lanes at a time in SIMD registers, one coefficient per register, and the same
    /// multiplications and additions as the scalar step on all four, so every lane's result is
    /// bit for bit the scalar one. A block of four lanes that read one row (its `blockRow` tag)
    /// broadcasts that row's four coefficients — kept in their registers while the next uniform
    /// blocks name the same row, so a run of lanes of one spring loads and shuffles nothing per
    /// block; a mixed block gathers its four rows (16 bytes each, one register) and transposes
    /// them. The last `count % 4` lanes take the scalar step.
    ///
    /// The gather is kept to the fewest instructions: the four row indices come in two 8-byte
    /// loads, and the transpose is the 8-shuffle one (see ``transpose(_:_:_:_:)``).
    @_optimize(speed)
    mutating func advanceLanes() {
        let count = laneCount
        value.withUnsafeMutableBufferPointer { value in
            velocity.withUnsafeMutableBufferPointer { velocity in
                target.withUnsafeBufferPointer { target in
                    row.withUnsafeBufferPointer { rows in
                    blockRow.withUnsafeBufferPointer { tags in
                        coefficients.withUnsafeBufferPointer { coefficients in
                            var i = 0
                            if count >= 4, let x = UnsafeMutableRawPointer(value.baseAddress), let v = UnsafeMutableRawPointer(velocity.baseAddress),
                               let goals = UnsafeRawPointer(target.baseAddress), let k = UnsafeRawPointer(coefficients.baseAddress),
                               let rowBytes = UnsafeRawPointer(rows.baseAddress), let tagBase = tags.baseAddress {
                            let shift = MemoryLayout<StepCoefficients>.stride.trailingZeroBitCount
                            /// One block of four lanes with its coefficients, one per register.
                            @inline(__always)
                            func step(_ offset: Int, _ xx: SIMD4<Float>, _ xv: SIMD4<Float>, _ vx: SIMD4<Float>, _ vv: SIMD4<Float>) {
                                let goal = goals.loadUnaligned(fromByteOffset: offset, as: SIMD4<Float>.self)
                                let now = x.loadUnaligned(fromByteOffset: offset, as: SIMD4<Float>.self)
                                let speed = v.loadUnaligned(fromByteOffset: offset, as: SIMD4<Float>.self)
                                let d = now - goal
                                x.storeBytes(of: goal + (xx * d + xv * speed), toByteOffset: offset, as: SIMD4<Float>.self)
                                v.storeBytes(of: vx * d + vv * speed, toByteOffset: offset, as: SIMD4<Float>.self)
                            }
                            // A uniform block broadcasts its row's coefficients and steps, with
                            // them still in registers, every following block tagged with the
                            // same row (one load, compare and branch per block); a mixed block
                            // gathers.
                            while i &+ 4 <= count {
                                let tag = tagBase[i &>> 2]
                                if tag != TrackStore.mixedBlock {
                                    let c = k.loadUnaligned(fromByteOffset: Int(tag) &<< shift, as: SIMD4<Float>.self)
                                    let (xx, xv, vx, vv) = (SIMD4(repeating: c.x), SIMD4(repeating: c.y), SIMD4(repeating: c.z), SIMD4(repeating: c.w))
                                    repeat {
                                        step(i &* MemoryLayout<Float>.stride, xx, xv, vx, vv)
                                        i &+= 4
                                    } while i &+ 4 <= count && tagBase[i &>> 2] == tag
                                } else {
                                    let offset = i &* MemoryLayout<Float>.stride
                                    let (r0, r1) = TrackStore.rowPair(rowBytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                                    let (r2, r3) = TrackStore.rowPair(rowBytes.loadUnaligned(fromByteOffset: offset &+ 8, as: UInt64.self))
                                    let k0 = k.loadUnaligned(fromByteOffset: r0 &<< shift, as: SIMD4<Float>.self)
                                    let k1 = k.loadUnaligned(fromByteOffset: r1 &<< shift, as: SIMD4<Float>.self)
                                    let k2 = k.loadUnaligned(fromByteOffset: r2 &<< shift, as: SIMD4<Float>.self)
                                    let k3 = k.loadUnaligned(fromByteOffset: r3 &<< shift, as: SIMD4<Float>.self)
                                    let (xx, xv, vx, vv) = TrackStore.transpose(k0, k1, k2, k3)
                                    step(offset, xx, xv, vx, vv)
                                    i &+= 4
                                }
                            }
                            }
                            while i < count {
                                let k = coefficients[Int(rows[i])]
                                let goal = target[i]
                                let d = value[i] - goal
                                let v = velocity[i]
                                value[i] = goal + (k.xx * d + k.xv * v)
                                velocity[i] = k.vx * d + k.vv * v
                                i += 1
                            }
                        }
                    }
                    }
                }
            }
        }
    }

    /// The row indices of two consecutive lanes, read as one 8-byte word.
    @inline(__always)
    static func rowPair(_ bits: UInt64) -> (Int, Int) {
        #if _endian(little)
        (Int(truncatingIfNeeded: bits & 0xFFFF_FFFF), Int(truncatingIfNeeded: bits &>> 32))
        #else
        (Int(truncatingIfNeeded: bits &>> 32), Int(truncatingIfNeeded: bits & 0xFFFF_FFFF))
        #endif
    }

    /// The 4×4 transpose of four lanes' (xx, xv, vx, vv) records into one register per
    /// coefficient, in 8 shuffles: the pairs (k0.x, k1.x, k0.y, k1.y) and the like, then their
    /// 8-byte halves combined. The halves are moved as `Double`s so that the compiler keeps the
    /// two steps; written as one shuffle per result it fuses them into 3 shuffles each (12 in
    /// all), and shuffles are what the gathering loop is bound by.
    @inline(__always)
    static func transpose(_ k0: SIMD4<Float>, _ k1: SIMD4<Float>, _ k2: SIMD4<Float>,
                          _ k3: SIMD4<Float>) -> (SIMD4<Float>, SIMD4<Float>, SIMD4<Float>, SIMD4<Float>) {
        let low01 = unsafeBitCast(SIMD4(k0.x, k1.x, k0.y, k1.y), to: SIMD2<Double>.self)
        let low23 = unsafeBitCast(SIMD4(k2.x, k3.x, k2.y, k3.y), to: SIMD2<Double>.self)
        let high01 = unsafeBitCast(SIMD4(k0.z, k1.z, k0.w, k1.w), to: SIMD2<Double>.self)
        let high23 = unsafeBitCast(SIMD4(k2.z, k3.z, k2.w, k3.w), to: SIMD2<Double>.self)
        return (unsafeBitCast(SIMD2(low01.x, low23.x), to: SIMD4<Float>.self), unsafeBitCast(SIMD2(low01.y, low23.y), to: SIMD4<Float>.self),
                unsafeBitCast(SIMD2(high01.x, high23.x), to: SIMD4<Float>.self), unsafeBitCast(SIMD2(high01.y, high23.y), to: SIMD4<Float>.self))
    }

    /// Snapping and finish: reports logical completions, retires settled animations (their
    /// lanes land exactly on their targets), and schedules the next event of the rest.
    mutating func finish(tick: UInt64, views: inout ViewStore, events: inout [WorldEvent]) {
        for chunk in ReadAhead.chunks(of: due.indices) {
            if due.count > 1 { touchDue(chunk, views: views) }
            for i in chunk { finish(timing: Int(due[i]), tick: tick, views: &views, events: &events) }
        }
        due.removeAll(keepingCapacity: true)
    }

    /// Reads ahead (see `ReadAhead`) what finishing the timings in `range` of `due` touches:
    /// their records, their views' blocks, their lanes' rows, and a curve timing's neighbours in
    /// its group's list (a landing unlinks it). A whole duration class of flights lands on one
    /// tick, and nothing has read these since the flights began.
    private mutating func touchDue(_ range: Range<Int>, views: ViewStore) {
        var sum = touchSum
        records.withUnsafeBufferPointer { records in
            for i in range { sum &+= touchLines(records.baseAddress! + Int(due[i])) }
            for i in range {
                let record = records.baseAddress! + Int(due[i])
                sum &+= views.touchBlocks(slot: Int(record.pointee.viewSlot))
                if case .curve = record.pointee.drive {
                    let (previous, next) = (record.pointee.previousMember, record.pointee.nextMember)
                    if previous != CurveGroup.none { sum &+= touchLines(records.baseAddress! + Int(previous)) }
                    if next != CurveGroup.none { sum &+= touchLines(records.baseAddress! + Int(next)) }
                }
            }
            var landing = 0
            for i in range {
                let record = records.baseAddress! + Int(due[i])
                let base = Int(record.pointee.viewSlot) * ViewChannel.stride
                var channels = record.pointee.channels
                landing += channels.nonzeroBitCount
                while channels != 0 {
                    let lane = Int(views.lanes[base + channels.trailingZeroBitCount])
                    channels &= channels - 1
                    guard lane >= 0, lane < laneCount else { continue }
                    sum &+= value[lane].bitPattern &+ velocity[lane].bitPattern &+ target[lane].bitPattern
                    sum &+= UInt32(timing[lane]) &+ row[lane] &+ output[lane]
                }
            }
            // The lanes that removing as many swaps into the holes (the last ones), whose
            // views' lane maps are rewritten, and the animated views those removals drop.
            for k in 0..<min(landing, laneCount) { sum &+= UInt32(bitPattern: views.lanes[Int(output[laneCount - 1 - k])]) }
            sum &+= views.touchAnimatedTail(range.count)
        }
        touchSum = sum
    }

    /// Finishes timing `slot`, due this tick (see `finish(tick:views:events:)`).
    private mutating func finish(timing slot: Int, tick: UInt64, views: inout ViewStore, events: inout [WorldEvent]) {
        var record = records[slot]
        if !record.logicalReported && tick >= record.logicalTick {
            if record.id != .internal { events.append(.animationCompleted(AnimationCompletion(id: record.id, view: record.view,
                                                                  criterion: .logicallyComplete, tick: tick, wasInterrupted: false))) }
            record.logicalReported = true
            records[slot].logicalReported = true
        }
        if tick >= record.settleTick {
            landLanes(of: record.channels, base: Int(record.viewSlot) * ViewChannel.stride, views: &views)
            records[slot].channels = 0
            end(timing: slot, interrupted: false, events: &events)
        } else if case let .spring(phi, _, _) = record.drive {
            if tick >= record.origin && rowUsers[Int(record.row)] == 0 {
                joinSharedRow(timing: slot, phi, views: &views)
            }
            let next = record.logicalReported ? record.settleTick : min(record.logicalTick, record.settleTick)
            springEvents.push(ScheduledEvent(tick: next, owner: UInt32(slot), version: record.version))
        }
    }

    /// Lands the lanes of `channels` of the view whose block starts at `base` on their targets
    /// and removes them, channel by channel in increasing order: what setting each lane's value
    /// to its target and then ``removeLaneRow(_:views:)`` does, with each lane column made
    /// unique once per settling animation instead of once per lane (a landing flight removes five
    /// lanes, and whole duration classes of flights land on one tick). The view's value block
    /// and lane map are written through one pointer each, and the view is noted as written once
    /// (the value column's subscript noted it once per lane). Its timing's bookkeeping is the
    /// caller's.
    private mutating func landLanes(of channels: UInt16, base: Int, views: inout ViewStore) {
        guard channels != 0 else { return }
        var channels = channels
        var count = laneCount
        views.columns.lanes.withUnsafeMutableBufferPointer { viewLanes in
        views.columns.values.withUnsafeMutableBufferPointer(noting: base / ViewChannel.stride) { presented in
        value.withUnsafeMutableBufferPointer { value in
            velocity.withUnsafeMutableBufferPointer { velocity in
                target.withUnsafeMutableBufferPointer { target in
                    timing.withUnsafeMutableBufferPointer { timing in
                        row.withUnsafeMutableBufferPointer { rows in
                            output.withUnsafeMutableBufferPointer { output in
                                blockRow.withUnsafeMutableBufferPointer { tags in
                                    while channels != 0 {
                                        let c = channels.trailingZeroBitCount
                                        channels &= channels - 1
                                        let lane = Int(viewLanes[base + c])
                                        let out = Int(output[lane])
                                        value[lane] = target[lane]
                                        presented[out] = value[lane]
                                        viewLanes[out] = ViewStore.noLane   // counted by `dropLanes` below
                                        let last = count - 1
                                        count = last
                                        guard lane != last else { continue }
                                        viewLanes[Int(output[last])] = Int32(lane)
                                        value[lane] = value[last]
                                        velocity[lane] = velocity[last]
                                        target[lane] = target[last]
                                        timing[lane] = timing[last]
                                        rows[lane] = rows[last]
                                        output[lane] = output[last]
                                        tags[lane &>> 2] = TrackStore.blockTag(lane &>> 2, rows: UnsafeBufferPointer(rows))
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        }
        }
        views.dropLanes(laneCount - count, slot: base / ViewChannel.stride)
        laneCount = count
    }

    /// Output, part one: copies every lane's presented value into its view's block.
    ///
    /// `mutating` though it writes nothing here: called on the world's `tracks` with the world's
    /// `views` inout, a non-mutating method had the whole store copied out first (a retain and
    /// a release per array, every tick), a mutating one runs in place.
    mutating func writeBack(into views: inout ViewStore) {
        let count = laneCount
        value.withUnsafeBufferPointer { value in
            output.withUnsafeBufferPointer { output in
                views.writeLanes(value, to: output, count: count)
            }
        }
    }
}
