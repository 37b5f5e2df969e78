import Uniflow

/// The effects one ``ReactorTester/send(_:assert:fileID:filePath:line:column:)`` started:
/// cancel them, as when the screen that sent the action goes away, or wait for them alone.
/// TCA's `TestStoreTask`.
///
/// ```swift
/// let timer = tester.send(.startTimer) { $0.isRunning = true }
/// await clock.advance(by: .seconds(1))
/// await tester.receive(.tick) { $0.seconds = 1 }
/// await timer.cancel()
/// await tester.finish()
/// ```
///
/// The effects of an action count as its own when they start while it is sent, including
/// the later parts of a `concat` and the effects of actions it sends on its way.
@MainActor
public struct ReactorTestTask<Reactor: Uniflow.Reactor> where Reactor.State: Equatable {
  @usableFromInline let tester: ReactorTester<Reactor>
  /// The number of the send, which its effects carry.
  @usableFromInline let number: Int

  @inlinable
  init(tester: ReactorTester<Reactor>, number: Int) {
    self.tester = tester
    self.number = number
  }

  /// Whether an effect of this send is still running.
  public var isRunning: Bool { tester.reactor.runtime.runningEffectCount(ofSend: number) > 0 }

  /// Cancels the effects of this send that are still running.
  public func cancel() async {
    tester.reactor.runtime.cancelEffects(ofSend: number)
    // Let what the cancelled effects already handed to the main actor arrive.
    await Task.yield()
  }

  /// Waits until every effect of this send has finished; fails if one is still running
  /// after `timeout` seconds (the tester's timeout by default).
  public func finish(
    timeout: Double? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    let seconds = timeout ?? tester.timeout
    let done = await tester.wait(seconds: seconds) { !isRunning }
    guard !done else { return }
    CallSite(fileID: fileID, filePath: filePath, line: line, column: column).fail(
      "Expected the effects of this send to finish, but "
        + "\(tester.reactor.runtime.runningEffectCount(ofSend: number)) of them were still "
        + "running after \(seconds) s.")
  }
}
