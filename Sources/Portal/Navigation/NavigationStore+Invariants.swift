// The navigation store's debug invariants (`checkInvariants`, run after every tick in debug
// builds): the tables agree with one another, a leaving screen is held by a live stack that owes
// it a release, the zoom count is right, and a stack at rest holds only live screens.

extension NavigationStore {
    func checkInvariants(isAlive: (Entity) -> Bool) {
        stacks.checkInvariants("navigation stacks", isAlive: isAlive)
        projections.checkInvariants("navigation projections", isAlive: isAlive)
        owners.checkInvariants("navigation screens", isAlive: isAlive)
        leaving.checkInvariants("navigation leaving screens", isAlive: isAlive)
        pushedWith.checkInvariants("navigation push transitions", isAlive: isAlive)
        for screen in pushedWith.entities {
            precondition(owners.value(of: screen) != nil, "navigation: \(screen) keeps the transition it was pushed with outside any stack")
        }
        for (row, leaving) in leaving.values.enumerated() {
            let screen = self.leaving.entities[row]
            precondition(leaving.releases > 0, "navigation: \(screen) is leaving with no release")
            guard let state = stacks.value(of: leaving.stack) else { preconditionFailure("navigation: \(screen) is leaving a dead stack") }
            precondition(state.holds(screen), "navigation: \(screen) is leaving \(leaving.stack), which does not hold it")
        }
        precondition(stacks.count == projections.count, "navigation: \(stacks.count) stacks, \(projections.count) projections")
        let zooming = stacks.values.reduce(0) { $0 + ($1.active?.zoom != nil ? 1 : 0) }
        precondition(zooms == zooming, "navigation: \(zooms) zooms counted, \(zooming) running")
        for state in stacks.values {
            if let dimming = state.active?.zoom?.dimming { precondition(isAlive(dimming), "navigation: a zoom's dimming view \(dimming) is dead") }
        }
        for (row, state) in stacks.values.enumerated() {
            let stack = stacks.entities[row]
            let watch = FinishWatch(state.active)
            precondition(state.finishWatch.running == watch.running && state.finishWatch.progress == watch.progress,
                         "navigation: \(stack)'s finish watch is out of date with its transition")
            precondition(!state.screens.isEmpty, "navigation: \(stack) has no screen")
            precondition(isAlive(state.progressView), "navigation: \(stack)'s progress view is dead")
            // Requests wait only behind a running transition; one that settles at once starts the next.
            precondition(state.active != nil || state.queue.isEmpty, "navigation: \(stack) holds \(state.queue.count) stranded requests")
            // A despawned screen can stand in the list only until the staged request that released it runs.
            if state.active == nil, let dead = state.screens.first(where: { !isAlive($0) }) {
                preconditionFailure("navigation: \(stack) rests with the dead screen \(dead)")
            }
        }
    }
}
