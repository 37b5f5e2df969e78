import Foundation
import Uniflow

extension ReactorTester {
  /// Waits until `condition` holds, checking it again at each event: the engine's, a
  /// call that ends, a hop to the main actor scheduled or run. Gives up after `seconds` of
  /// ``WaitBudget``. Returns whether the condition held.
  ///
  /// A condition that holds because nothing is in flight is not taken on trust: what
  /// the app put on the main queue itself (a `Task { @MainActor in … }`, a
  /// `DispatchQueue.main.async`, a `receive(on: DispatchQueue.main)`) is counted by nobody,
  /// so the wait first lets the main queue run up to now (``MainQueue/drain()``) and looks
  /// again. Only a look after a drain in which nothing happened is believed.
  ///
  /// Given `arrived` (what a `receive` waits for), a wait that would end on "nothing is in
  /// flight" before it arrived also gives work nobody can see (a block on a dispatch queue
  /// of the app's own, which reaches the main queue only when it is done)
  /// ``unseenWorkGrace`` seconds of quiet first, and a ``PoolProbe``'s round trip, so that a
  /// loaded machine gets as long as it needs: an event in that time starts the look again.
  /// Something that happens after a look found nothing counted in flight is such work, seen
  /// (``uncountedWork``): from then on, this tester's waits give it their whole time.
  func wait(
    seconds: Double, until condition: () -> Bool, arrived: () -> Bool = { true }
  ) async -> Bool {
    var budget = WaitBudget(seconds: seconds)
    // Charges the budget while nothing happens; it looks for no work (every piece of work
    // wakes the wait itself), so it only lets the wait notice that its time is up.
    let timer = Task { @MainActor [events] in
      while true {
        try? await Task.sleep(nanoseconds: WaitBudget.longestCharge)
        // A cancelled sleep returns at once; waking then would wake the next wait.
        if Task.isCancelled { return }
        events.wake()
      }
    }
    // The tester's own work: a cancelled sleep's task goes on to the global executor, and
    // counted as the test's work it would be in flight when the wait is over.
    defer { GlobalJobs.asTestersOwnWork { timer.cancel() } }
    // What had happened when a look last found nothing counted in flight, even after the
    // main queue had run, and when: what happens after it came from work nobody counts.
    var quiet: (events: Int, hops: UInt64, since: UInt64)?
    // It lasts, through the looks and the main queue's runs that follow, until something
    // happens.
    func noteWhatHappenedInTheQuiet() {
      guard let seen = quiet,
        (events.count, inFlight?.hopChanges ?? 0) != (seen.events, seen.hops)
      else { return }
      quiet = nil
      guard uncountedWork == nil else { return }
      uncountedWork = UncountedWork(
        milliseconds: Int((DispatchTime.now().uptimeNanoseconds &- seen.since) / 1_000_000))
    }
    // The grace under way, if one is: when its quiet began, and the probe sent then.
    var grace: (started: UInt64, probe: PoolProbe)?
    defer { grace?.probe.cancel() }
    func endGrace() {
      grace?.probe.cancel()
      grace = nil
    }
    while true {
      deliverWhatWaitsForAHop()
      noteWhatHappenedInTheQuiet()
      if condition() {
        if mayDeliverLater {
          // The condition held while work is in flight: it arrived, or the work came just
          // after the condition looked (then the wait goes on).
          if arrived() { return true }
          continue
        }
        // Nothing known is in flight: let the main queue run what it holds, and believe
        // the look only if nothing happened meanwhile.
        let before = (events.count, inFlight?.hopChanges ?? 0)
        await MainQueue.drain()
        deliverWhatWaitsForAHop()
        let after = (events.count, inFlight?.hopChanges ?? 0)
        guard after == before, !mayDeliverLater, condition() else {
          endGrace()
          continue
        }
        guard !arrived() else { return true }
        let now = DispatchTime.now().uptimeNanoseconds
        // What the main queue held has run: what happens from now on, nobody counts.
        if quiet == nil { quiet = (after.0, after.1, now) }
        if let begins = whenQuietBegins {
          whenQuietBegins = nil
          begins()
        }
        let current = grace ?? (now, PoolProbe { [events] in events.wake() })
        grace = current
        // Work nobody counts has been seen in this test: it gets the whole wait.
        if uncountedWork == nil,
          now &- current.started >= UInt64(Self.unseenWorkGrace * 1_000_000_000),
          current.probe.isBack
        {
          return true
        }
        if budget.isSpent() { return uncountedWork == nil }
        await events.suspend()
        continue
      }
      endGrace()
      if budget.isSpent() { return false }
      await events.suspend()
    }
  }

  /// Hands the reactor, now, what was sent to it from other threads and waits for a hop
  /// to the main actor: actions, and its screens' reports when it is a flow. The hop would
  /// deliver the same values in the same order; the tester does not depend on when the
  /// main actor gets to run it, which, while other tests hold it, can be late.
  func deliverWhatWaitsForAHop() {
    guard let held = lifecycle.reactor else { return }
    held.runtime.deliverActionsOnTheirWay()
    inFlight?.deliverPending()
  }

  /// Lets the running effects that are ready deliver: while effects run, it waits for
  /// their next event, and stops at the first quiet spell. An effect blocked on a test
  /// clock, a test scheduler or a server that does not answer is not ready, and is left
  /// running.
  func letReadyEffectsDeliver() async {
    // What is already queued for the main actor runs first.
    for _ in 0..<10 { await Task.yield() }
    while reactor.runtime.runningEffectCount > 0 {
      let before = events.count
      _ = await wait(seconds: Self.quietSpell) { events.count != before }
      if events.count == before { return }
    }
  }

  /// How long effects must stay silent for a skip to take them as settled, in seconds.
  static var quietSpell: Double { 0.1 }

  /// How long a `receive` that found nothing in flight still waits, in quiet, for work
  /// it cannot see before it fails, in seconds: until such work has been seen in the test
  /// (``uncountedWork``), after which it waits its whole timeout.
  static var unseenWorkGrace: Double { 0.05 }
}

/// Work no tester counts, seen arriving: something happened (a mutation, an action on its
/// way) after a look had found nothing counted in flight. It comes from a queue or a thread
/// of the app's own, or from the main queue without a hop the library made.
struct UncountedWork {
  /// How long after that look it came, in milliseconds.
  let milliseconds: Int
}
