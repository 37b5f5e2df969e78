import CustomDump
import Uniflow

/// How far a replay went: see
/// ``ReactorTester/init(replaying:reactor:occurrence:redacting:exhaustivity:timeout:checkFreed:fileID:filePath:line:column:)``.
///
/// ```swift
/// #expect(tester.replayed.actions == 12)
/// ```
public struct SessionReplay: Equatable, Sendable {
  /// The recorded actions given to `mutate`.
  public var actions = 0
  /// The recorded mutations reduced, each checked against the state recorded after it.
  public var mutations = 0
  /// Whether every state matched the recording (the replay stops at the first that does
  /// not, and reports it).
  public var matched = true

  /// A count of the given actions and mutations.
  public init(actions: Int = 0, mutations: Int = 0, matched: Bool = true) {
    self.actions = actions
    self.mutations = mutations
    self.matched = matched
  }
}

extension ReactorTester
where Reactor.Action: Codable, Reactor.Mutation: Codable, Reactor.State: Codable {
  /// Replays a recorded session on `reactor`, checking every state against the recording,
  /// then goes on as a tester from where the recording ended.
  ///
  /// ```swift
  /// @MainActor @Test func bugReport1234() async throws {
  ///   let tester = try ReactorTester(
  ///     replaying: "Tests/Recordings/bug-1234.jsonl",
  ///     reactor: TaskListViewReactor(provider: MockServiceProvider()))
  ///   await tester.finish()
  /// }
  /// ```
  ///
  /// The fresh reactor must start in the state the recording began in (the header holds
  /// it). Each recorded action then goes to `mutate`, but the effect it returns does not run:
  /// every mutation comes from the recording, so a replay needs no server and no clock.
  /// Each is reduced, and the state after it must equal the recorded one. The first that
  /// does not is reported with a diff and the step: "after action #12
  /// `.toggleTaskDone(3)`". Where `mutate` now returns different immediate mutations
  /// (`.just`, `.sequence`) from those recorded, that is reported too.
  ///
  /// `path` is the session file, as `SessionRecorder` wrote it. `occurrence` picks which
  /// recording of this reactor type in the file, from 1: a file holds every editor the
  /// app opened. `redacting` is the redaction the app recorded with; the states are then
  /// compared redacted. The reactor is made here, as by
  /// ``init(exhaustivity:timeout:checkFreed:effects:fileID:filePath:line:column:_:)``, so that the
  /// tester holds the only reference and checks at the end that it is freed; pass
  /// `checkFreed: false` for a reactor the test keeps too.
  ///
  /// It throws a `SessionFileError`, naming the file and line, when the file cannot be
  /// read, records no such reactor, or holds a value that no longer decodes.
  public convenience init(
    replaying path: String, reactor make: @autoclosure () -> Reactor, occurrence: Int = 1,
    redacting redaction: SessionRedaction<Reactor> = .none,
    exhaustivity: Exhaustivity = .on, timeout: Double = 1, checkFreed: Bool = true,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) throws(SessionFileError) {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let reader = try SessionFileReader<Reactor.Action, Reactor.Mutation, Reactor.State>(
      path: path, reactorType: String(reflecting: Reactor.self), occurrence: occurrence)
    self.init(
      make(), checksFreed: checkFreed, exhaustivity: exhaustivity, timeout: timeout,
      effects: .run, at: site)
    try replay(reader, path: path, redaction: redaction, at: site)
    // The recording is the history: the tester starts asserting after it.
    events.received.removeAll()
    expected = reactor.currentState
  }

  private func replay(
    _ reader: SessionFileReader<Reactor.Action, Reactor.Mutation, Reactor.State>,
    path: String, redaction: SessionRedaction<Reactor>, at site: CallSite
  ) throws(SessionFileError) {
    let reactor = self.reactor
    // The last action, described only when a step fails: custom-dump is not free.
    var lastAction: (number: Int, action: Reactor.Action)?
    func step() -> String {
      guard let (number, action) = lastAction else { return "before the first action" }
      return "after action #\(number) `\(String(customDumping: action))`"
    }
    // What `mutate` returned at once for the last action, still to be matched.
    var immediate: [Reactor.Mutation] = []
    var mutateChecked = true
    var startChecked = false
    while let event = try reader.next() {
      if !startChecked {
        startChecked = true
        guard startsAsRecorded(reader.startState, path: path, redaction: redaction, at: site)
        else { return }
      }
      switch event {
      case .action(let number, let action, _):
        lastAction = (number, action)
        let effect = reactor.mutate(action: action)
        let mutations = effect.immediateMutations
        immediate = mutations ?? []
        mutateChecked = mutations == nil
        replayed.actions += 1

      case .mutation(let source, let mutation, let recordedState, let line):
        if source == .mutate, !mutateChecked {
          if immediate.first.map({ sameValue($0, mutation) }) != true {
            site.fail(
              "Replaying \(path), \(step()) (line \(line)): mutate now returns "
                + "\(immediate.first.map { String(customDumping: $0) } ?? "no mutation") "
                + "where the recording has \(String(customDumping: mutation)).")
            mutateChecked = true
          } else {
            immediate.removeFirst()
          }
        }
        reactor.runtime.replay(mutation, reactor)
        replayed.mutations += 1
        let state = redaction.state(reactor.runtime.reducedState(of: reactor))
        guard state == recordedState else {
          let difference =
            diff(recordedState, state, format: .proportional)
            .map { "\n\n" + $0 } ?? ""
          site.fail(
            "Replaying \(path), \(step()), mutation \(String(customDumping: mutation)) "
              + "(line \(line)): the state differs from the recording. "
              + "(Expected: −, Actual: +)\(difference)")
          replayed.matched = false
          return
        }
      }
    }
  }

  /// Whether the fresh reactor is in the state the recording began in (a recording made
  /// before that state was written down is not checked); reported when it is not.
  private func startsAsRecorded(
    _ recorded: Reactor.State?, path: String, redaction: SessionRedaction<Reactor>,
    at site: CallSite
  ) -> Bool {
    guard let recorded else { return true }
    let state = redaction.state(reactor.runtime.reducedState(of: reactor))
    guard state != recorded else { return true }
    let difference = diff(recorded, state, format: .proportional).map { "\n\n" + $0 } ?? ""
    site.fail(
      "Replaying \(path): the reactor does not start in the state the recording began in; "
        + "make it as the app had it. (Expected: −, Actual: +)\(difference)")
    replayed.matched = false
    return false
  }

  /// Whether two mutations are the same: `==` when the type is `Equatable`, otherwise
  /// their custom-dump text (slow for large values, so only as the fallback).
  private func sameValue(_ a: Reactor.Mutation, _ b: Reactor.Mutation) -> Bool {
    func equal<Value: Equatable>(_ a: Value, _ b: Any) -> Bool { a == (b as? Value) }
    if let a = a as? any Equatable { return equal(a, b) }
    return String(customDumping: a) == String(customDumping: b)
  }
}
