import Foundation
import Testing
import Uniflow
import UniflowTesting

/// Each recorded action's time on the main actor: `mutate`, `reduce` and the observers of
/// its states, less the recorder's own work.
@MainActor
@Suite struct ActionTimingTests {
  /// Busy for `milliseconds`, on the calling thread, as a slow observer is.
  func spin(milliseconds: Int) {
    let end = DispatchTime.now().uptimeNanoseconds + UInt64(milliseconds) * 1_000_000
    while DispatchTime.now().uptimeNanoseconds < end {}
  }

  @Test func anActionsTimingCoversItsObserversAndAFastOneIsShort() throws {
    let file = try TemporaryFile()
    let recorder = try SessionRecorder(creatingFileAt: file.path)
    let reactor = NotesReactor()
    reactor.record(into: recorder)
    var slowObserver = true
    let subscription = reactor.state.sink { [self] _ in if slowObserver { spin(milliseconds: 25) } }
    reactor.send(.add("slow"))  // the observer takes 25 ms for the state it made
    slowObserver = false
    reactor.send(.add("fast"))
    subscription.cancel()

    let contents = try SessionContents(path: file.path)
    let actions = contents.recordings[0].steps.filter { $0.kind == "action" }
    // The timing lines are read into their actions' steps, not listed as steps.
    #expect(
      contents.recordings[0].steps.map(\.kind) == ["action", "mutation", "action", "mutation"])
    let slow = try #require(actions[0].microseconds)
    let fast = try #require(actions[1].microseconds)
    #expect(slow >= 25_000)
    #expect(fast < slow)
  }

  @Test func anEffectsLaterMutationsAreNotItsActionsTime() throws {
    let recorder = SessionRecorder.inMemory()
    let reactor = NotesReactor()
    reactor.record(into: recorder)
    reactor.send(.load)  // the server answers later
    let subscription = reactor.state.sink { [self] _ in spin(milliseconds: 20) }
    reactor.server.send(["bread"])
    subscription.cancel()
    let lines = recorder.lines.map {
      try! JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
    }
    #expect(lines.map { $0["kind"] as? String } == ["header", "action", "timing", "mutation"])
    let microseconds = try #require(lines[2]["microseconds"] as? Int)
    #expect(microseconds < 20_000)
  }
}
