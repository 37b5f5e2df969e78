import CustomDump
import Uniflow

extension ReactorTester {
  /// Lets the effects that are ready deliver, then forgets the mutations received and not
  /// yet asserted, and takes the reactor's current state as the expected one; TCA's
  /// `skipReceivedActions`.
  ///
  /// ```swift
  /// tester.send(.load) { $0.isLoading = true }
  /// await tester.skipReceivedMutations()
  /// tester.assert { $0.items = ["milk"] }
  /// ```
  ///
  /// With `strict` (the default, as in TCA), it fails when there was nothing to skip, so a
  /// skip that is no longer needed does not stay in the test unnoticed.
  public func skipReceivedMutations(
    strict: Bool = true,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    await letReadyEffectsDeliver()
    guard !events.received.isEmpty else {
      if strict {
        site.fail(
          "There were no received mutations to skip. Remove the skip, or pass "
            + "`strict: false`.")
      }
      return
    }
    showSkipped(
      "\(events.received.count) received mutation(s) were skipped:"
        + describe(events.received.map(\.mutation)), at: site)
    showSkippedStateChanges(from: expected, to: reactor.currentState, at: site)
    events.received.removeAll()
    expected = reactor.currentState
  }

  /// Cancels the effects still running (a flow's, and its reactor screens'), and the
  /// `TaskPublisher` calls the test started, so that ``finish(timeout:checkFreed:fileID:filePath:line:column:)``
  /// does not wait for them or fail on them; like TCA's `skipInFlightEffects`, except
  /// that TCA only stops tracking them, and this ends them.
  ///
  /// ```swift
  /// tester.send(.startTimer)
  /// await tester.receive(.tick) { $0.seconds = 1 }
  /// tester.skipInFlightEffects()      // the timer would run forever
  /// await tester.finish()
  /// ```
  ///
  /// With `strict` (the default), it fails when no effect was running.
  public func skipInFlightEffects(
    strict: Bool = true,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let running = reactor.runtime.runningEffectCount
    let calls = inFlight?.cancelCalls() ?? 0
    let screens = inFlight?.cancelScreensWork() ?? 0
    guard running > 0 || calls > 0 || screens > 0 else {
      if strict {
        site.fail(
          "There were no in-flight effects to skip. Remove the skip, or pass "
            + "`strict: false`.")
      }
      return
    }
    showSkipped(
      "Skipped \(running) effect(s) still running"
        + (calls > 0 ? ", \(calls) `TaskPublisher` call(s) in flight" : "")
        + (screens > 0 ? ", \(screens) effect(s) of the flow's screens" : ""), at: site)
    reactor.runtime.cancelAllEffects()
  }
}
