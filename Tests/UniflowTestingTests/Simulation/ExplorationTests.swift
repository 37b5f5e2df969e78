import Clocks
import Foundation
import PropertyBased
import Testing
import Uniflow
import UniflowTesting

/// `explore` finds the bug planted in each small screen within 10,000 steps, shrinks it to
/// a few steps, and prints a test that fails the same way; a screen without bugs passes;
/// the same seed is the same run.
@MainActor
@Suite struct ExplorationTests {
  // MARK: The explorations

  let lock = Exploration(
    "lock",
    actions: Gen.oneOf(
      Gen.always(ThreeStepLock.Action.arm), Gen.always(.load), Gen.always(.fire),
      Gen.always(.reset)),
    invariant: { state in
      if state.charge < 0 { throw Broken("the charge went below zero: \(state.charge)") }
    },
    make: { _ in ThreeStepLock() })

  let search = Exploration(
    "search",
    actions: Gen.oneOf(
      Gen.letter.map { DebouncedSearch.Action.type(String($0)) }, Gen.always(.clear)),
    invariant: { state in
      if state.query.isEmpty, !state.results.isEmpty {
        throw Broken("results \(state.results) are shown for an empty query")
      }
    },
    make: { clock in DebouncedSearch(clock: clock) })

  let scheduledSearch = Exploration(
    "scheduledSearch",
    actions: Gen.oneOf(
      Gen.letter.map { DebouncedSearch.Action.type(String($0)) }, Gen.always(.clear)),
    invariant: { state in
      if state.query.isEmpty, !state.results.isEmpty {
        throw Broken("results \(state.results) are shown for an empty query")
      }
    },
    make: { clock in DebouncedSearch(scheduler: clock.scheduler.eraseToAnyScheduler()) })

  let counter = Exploration(
    "counter",
    actions: Gen.oneOf(Gen.always(RacyCounter.Action.add), Gen.always(.show)),
    invariant: { state in
      if state.count != state.addsDone {
        throw Broken("\(state.addsDone) adds done, but the count is \(state.count)")
      }
    },
    make: { _ in RacyCounter() })

  let editor = Exploration(
    "editor",
    actions: Gen.oneOf(
      Gen.int(in: 1...3).map { EditorFlow.Action.navigation(.push(.detail($0))) },
      // Deep links: a detail, an editor over its detail, an editor alone.
      Gen.int(in: 1...3).map { .navigation(.setPath([.detail($0)])) },
      Gen.int(in: 1...3).map { .navigation(.setPath([.detail($0), .edit($0)])) },
      Gen.int(in: 1...3).map { .navigation(.setPath([.edit($0)])) }),
    events: [
      // The buttons a user has: edit from a detail, back, save from the editor.
      .init("tap edit") { flow in
        if case .detail(let id)? = flow.currentState.path.last {
          flow.send(.navigation(.push(.edit(id))))
        }
      },
      .init("tap back") { flow in
        let depth = flow.currentState.path.count
        if depth > 0 { flow.send(.navigation(.didPop(toDepth: depth - 1))) }
      },
      .init("editor saves") { flow in
        let top = flow.currentState.path.count - 1
        if top >= 0, let editor = flow.screens.screen(at: top, as: Editor.self) {
          if case .edit? = flow.currentState.path.last { editor.save() }
        }
      },
    ],
    make: { _ in EditorFlow() })

  /// A notes flow whose note screens follow the shared service in the way `pinning` says.
  static func notes(_ pinning: NotesFlow.Pinning) -> Exploration<NotesFlow> {
    Exploration(
      "notes",
      actions: Gen.int(in: 1...3).map { NotesFlow.Action.navigation(.push(.note($0))) },
      events: [
        // What a user does on the top note: pin it, close it, or go back with the system.
        .init("pin") { flow in
          let top = flow.currentState.path.count - 1
          flow.screens.screen(at: top, as: NoteViewModel.self)?.pin()
        },
        .init("close") { flow in
          let top = flow.currentState.path.count - 1
          flow.screens.screen(at: top, as: NoteViewModel.self)?.close()
        },
        .init("back") { flow in
          let depth = flow.currentState.path.count
          if depth > 0 { flow.send(.navigation(.didPop(toDepth: depth - 1))) }
        },
      ],
      make: { _ in NotesFlow(pinning: pinning) })
  }

  let forgetful = Exploration(
    "forgetful",
    actions: Gen.oneOf(
      Gen.always(ForgetfulScreen.Action.open), Gen.always(.remember), Gen.always(.close)),
    make: { _ in ForgetfulScreen() })

  let sound = Exploration(
    "sound",
    actions: Gen.oneOf(
      Gen.always(SoundCounter.Action.add), Gen.always(.tick), Gen.always(.reset)),
    invariant: { state in
      if state.count < 0 || state.ticks < 0 { throw Broken("a negative count") }
    },
    make: { clock in SoundCounter(clock: clock) })

  // MARK: Planted bugs

  /// Explores with `exploration`, expecting the failure it reports, and checks the report:
  /// found within `steps` (at most 10,000), shrunk to at most four steps that fail the same
  /// way.
  func expectFound<Screen: Reactor>(
    by exploration: Exploration<Screen>, seed: UInt64, kind: ExploreFailure,
    steps: Int = 10_000, sourceLocation: SourceLocation = #_sourceLocation
  ) async -> ExploreReport<Screen.Action>? {
    var report: ExploreReport<Screen.Action>?
    await withKnownIssue {
      // No time limit that a slow build (the thread sanitizer's) or a busy main actor could
      // reach: the steps are the limit.
      report = await exploration.explore(seed: seed, steps: steps, timeLimit: .seconds(3_600))
    } matching: {
      issue($0, says: "from seed \(seed)", "Shrunk to", "This test fails the same way")
    }
    guard let report, let failure = report.failure else {
      Issue.record("The planted bug was not found", sourceLocation: sourceLocation)
      return nil
    }
    #expect(failure.isSameKind(as: kind), "\(failure)", sourceLocation: sourceLocation)
    #expect(report.stepsRun <= 10_000, sourceLocation: sourceLocation)
    #expect(
      report.shrunkSteps.count <= 4, "\(report.shrunkSteps)", sourceLocation: sourceLocation)
    // The printed test replays the shrunk steps: they fail the same way.
    let count = report.shrunkSteps.count
    await withKnownIssue {
      await exploration.replay(report.shrunkSteps)
    } matching: {
      issue($0, says: "After \(count) step(s)")
    }
    return report
  }

  @Test func anInvariantBrokenOnlyByOneSequenceOfThreeActionsIsFoundAndShrunk() async {
    guard let report = await expectFound(by: lock, seed: 1, kind: .invariant("")) else { return }
    #expect(report.shrunkSteps == [.send(.arm), .send(.load), .send(.fire)])
    let source = report.testSource ?? ""
    #expect(source.contains("await lock.replay(["))
    #expect(source.contains("    .send(.arm),\n    .send(.load),\n    .send(.fire),"))
  }

  @Test func aCancelThatMissesItsEffectIsFoundOnceTheClockAdvances() async {
    guard let report = await expectFound(by: search, seed: 2, kind: .invariant("")) else {
      return
    }
    let steps = report.shrunkSteps
    #expect(steps.contains(.send(.clear)))
    #expect(steps.contains { if case .advanceClock = $0 { true } else { false } })
  }

  @Test func aCancelThatMissesADelayOnTheSchedulerIsFoundOnceTheClockAdvances() async {
    guard
      let report = await expectFound(by: scheduledSearch, seed: 9, kind: .invariant(""))
    else { return }
    #expect(report.shrunkSteps.contains(.send(.clear)))
    #expect(report.shrunkSteps.contains { if case .advanceClock = $0 { true } else { false } })
  }

  @Test func aLostUpdateBetweenTwoOverlappingEffectsIsFound() async {
    guard let report = await expectFound(by: counter, seed: 3, kind: .invariant("")) else {
      return
    }
    #expect(report.shrunkSteps.filter { $0 == .send(.add) }.count == 2)
  }

  @Test func aNavigationMistakeReachableOnlyThroughADeepLinkAndAChildsReportIsFound() async {
    guard let report = await expectFound(by: editor, seed: 4, kind: .issue("")) else { return }
    #expect(report.shrunkSteps.contains(.event("editor saves")))
    #expect(
      report.shrunkSteps.contains {
        if case .send(.navigation(.setPath(let path))) = $0 {
          path.first.map { if case .edit = $0 { true } else { false } } ?? false
        } else {
          false
        }
      })
    #expect("\(report.failure!)".contains("goes past the stack"))
  }

  @Test func aScreenLeakedOnlyAfterOneActionIsFound() async {
    // A leak shows when the exploration lets go of the screen, after its last step.
    guard
      let report = await expectFound(by: forgetful, seed: 5, kind: .leaked(""), steps: 2_000)
    else {
      return
    }
    #expect(report.shrunkSteps == [.send(.remember)])
  }

  @Test(arguments: [UInt64(11), 12, 13])
  func aScreenThatOutlivesItsFlowIsFoundAndShrunkToPushAndPin(seed: UInt64) async {
    // Every screen the run made is checked once the flow is let go of: a push and a pin
    // leak the note with no pop at all, so the shrink keeps those two steps.
    guard
      let report = await expectFound(by: Self.notes(.holdingItself), seed: seed, kind: .leaked(""))
    else { return }
    #expect(report.shrunkSteps.count == 2, "\(report.shrunkSteps)")
    #expect(report.shrunkSteps.first.map { if case .send = $0 { true } else { false } } == true)
    #expect(report.shrunkSteps.last == .event("pin"))
    let message = "\(report.failure!)"
    #expect(message.contains("`NoteViewModel` for route `note("), "\(message)")
    // What holds it, as far as the library can tell: the subscription it keeps.
    #expect(message.contains("(it keeps 1 subscription(s) in `following`: a `sink`"), "\(message)")
  }

  @Test func aScreenThatOutlivesItsRouteIsFoundRightAfterThePop() async {
    // Found after the pop, not only when the run ends: the flow still lives.
    for close in ["back", "close"] {
      await withKnownIssue {
        await Self.notes(.holdingItself).replay([
          .send(.navigation(.push(.note(2)))), .event("pin"), .event(close),
        ])
      } matching: {
        issue(
          $0, says: "After 3 step(s)", "`NoteViewModel` for route `note(2)`",
          "in `following`: a `sink` stored there whose closure captures `self` strongly",
          "its route left the flow and all its work has run")
      }
    }
  }

  @Test func aScreenThatLeavesIsNotJudgedWhileItsWorkStillHoldsIt() async {
    // The call holds the screen until it answers: freed once the work has run.
    let report = await Self.notes(.untilItsCallAnswers)
      .explore(seed: 14, steps: 1_000, timeLimit: .seconds(3_600))
    #expect(report.failure == nil, "\(report)")
  }

  @Test func aScreenThatFollowsTheServiceWeaklyIsNeverReported() async {
    let report = await Self.notes(.weakly)
      .explore(seed: 15, steps: 1_000, timeLimit: .seconds(3_600))
    #expect(report.failure == nil, "\(report)")
  }

  // MARK: Streams and view models, explored directly

  static func typeahead(switches: Bool) -> Exploration<
    ExploredScreen<TypeaheadStream, TypeaheadInput>
  > {
    Exploration(
      "typeahead",
      stream: { _ in TypeaheadStream(switches: switches) },
      inputs: Gen.oneOf(
        Gen.always(TypeaheadInput.type("")), Gen.always(.type("a")), Gen.always(.type("ab"))),
      send: { input, stream in
        switch input {
        case .type(let query): stream.input.query(query)
        }
      },
      invariant: { stream in
        let query: String = stream.output.query
        let results: [String] = stream.output.results
        // An older query's results may show while a newer one loads; never once the
        // field is empty.
        if query.isEmpty, !results.isEmpty {
          throw Broken("results \(results) for an empty field")
        }
      })
  }

  static func inbox(cancelsOnSignOut: Bool) -> Exploration<
    ExploredScreen<InboxViewModel, InboxCall>
  > {
    Exploration(
      "inbox",
      viewModel: { _ in InboxViewModel(cancelsOnSignOut: cancelsOnSignOut) },
      calls: Gen.oneOf(Gen.always(InboxCall.refresh), Gen.always(.signOut)),
      call: { call, viewModel in
        switch call {
        case .refresh: viewModel.refresh()
        case .signOut: viewModel.signOut()
        }
      },
      invariant: { viewModel in
        if viewModel.isSignedOut, !viewModel.messages.isEmpty {
          throw Broken("\(viewModel.messages.count) messages shown after signing out")
        }
      })
  }

  @Test(arguments: [UInt64(21), 22, 23])
  func aStreamsLateAnswerIsFoundExploringTheStreamDirectly(seed: UInt64) async {
    guard
      let report = await expectFound(
        by: Self.typeahead(switches: false), seed: seed, kind: .invariant(""))
    else { return }
    // A query, then the field emptied: the first query's answer, run when the exploration
    // ends, lands on the empty field.
    #expect(report.shrunkSteps.count == 2, "\(report.shrunkSteps)")
    #expect(report.shrunkSteps.last == .send(.type("")), "\(report.shrunkSteps)")
    let source = report.testSource ?? ""
    #expect(source.contains("await typeahead.replay(["), "\(source)")
    #expect(source.contains("    .send(.type(\"\")),\n  ])"), "\(source)")
  }

  @Test(arguments: [UInt64(24), 25, 26])
  func aViewModelsLateLoadIsFoundExploringTheViewModelDirectly(seed: UInt64) async {
    guard
      let report = await expectFound(
        by: Self.inbox(cancelsOnSignOut: false), seed: seed, kind: .invariant(""))
    else { return }
    // The load, run when the exploration ends, lands after the sign-out.
    #expect(report.shrunkSteps == [.call(.refresh), .call(.signOut)])
    let source = report.testSource ?? ""
    #expect(source.contains("    .call(.refresh),\n    .call(.signOut),\n  ])"), "\(source)")
  }

  @Test func theSameSeedIsTheSameRunForAStreamFedFromAnotherThread() async {
    var exploration = Self.typeahead(switches: false)
    exploration.weights.sendFromAnotherThread = 6
    var reports: [ExploreReport<TypeaheadInput>] = []
    for _ in 0..<2 {
      await withKnownIssue {
        reports.append(
          await exploration.explore(seed: 29, steps: 2_000, timeLimit: .seconds(3_600)))
      }
    }
    #expect(reports.count == 2)
    #expect(reports.first?.stepsRun == reports.last?.stepsRun)
    #expect(reports.first?.shrunkSteps == reports.last?.shrunkSteps)
  }

  @Test func theStreamAndTheViewModelWithoutTheirBugsReportNothing() async {
    let stream = await Self.typeahead(switches: true)
      .explore(seed: 27, steps: 2_000, timeLimit: .seconds(3_600))
    #expect(stream.failure == nil, "\(stream)")
    let viewModel = await Self.inbox(cancelsOnSignOut: true)
      .explore(seed: 28, steps: 2_000, timeLimit: .seconds(3_600))
    #expect(viewModel.failure == nil, "\(viewModel)")
  }

  @Test func aViewModelThatHoldsItselfIsReportedWhenTheExplorationLetsGoOfIt() async {
    let exploration = Exploration(
      "keeper",
      viewModel: { _ in SelfKeeper() },
      calls: Gen.always(SelfKeeper.Call.keep),
      call: { _, keeper in keeper.keep() })
    await withKnownIssue {
      await exploration.replay([.call(.keep)])
    } matching: {
      issue($0, says: "`SelfKeeper` was not freed once the exploration let go of it")
    }
  }

  // MARK: What passes

  @Test func aScreenWithoutBugsExploredForTenThousandStepsReportsNothing() async {
    let report = await sound.explore(seed: 6, steps: 10_000, timeLimit: .seconds(3_600))
    #expect(report.failure == nil)
    #expect(report.stepsRun == 10_000)
  }

  @Test func theSameSeedIsTheSameRunStepForStep() async {
    let first = await failing {
      await counter.explore(seed: 99, steps: 2_000, timeLimit: .seconds(3_600))
    }
    let second = await failing {
      await counter.explore(seed: 99, steps: 2_000, timeLimit: .seconds(3_600))
    }
    #expect(first?.stepsRun == second?.stepsRun)
    #expect(first?.shrunkSteps == second?.shrunkSteps)
    #expect(first?.testSource == second?.testSource)
  }

  // MARK: Bad input and limits

  @Test func aStreamsOrAViewModelsGeneratorThatFailsIsReportedWithTheSeed() async {
    let stream = Exploration(
      "stream",
      stream: { _ in TypeaheadStream(switches: true) },
      inputs: Gen.int(in: 0...9).filter { $0 > 100 }.map { _ in TypeaheadInput.type("a") },
      send: { input, stream in
        if case .type(let query) = input { stream.input.query(query) }
      })
    let viewModel = Exploration(
      "viewModel",
      viewModel: { _ in InboxViewModel(cancelsOnSignOut: true) },
      calls: Gen.int(in: 0...9).filter { $0 > 100 }.map { _ in InboxCall.refresh },
      call: { _, viewModel in viewModel.refresh() })
    await withKnownIssue {
      let first = await stream.explore(seed: 30, steps: 10)
      let second = await viewModel.explore(seed: 31, steps: 10)
      for report in [first.failure, second.failure] {
        #expect(report.map { if case .generatorFailed = $0 { true } else { false } } == true)
      }
    } matching: {
      issue($0, says: "the action generator failed") && issue($0, says: "from seed 3")
    }
  }

  @Test func aGeneratorThatFailsIsReportedAsWhatItIs() async {
    let broken = Exploration(
      "broken",
      actions: Gen.int(in: 0...9).filter { $0 > 100 }.map { _ in SoundCounter.Action.add },
      make: { clock in SoundCounter(clock: clock) })
    await withKnownIssue {
      let report = await broken.explore(seed: 7, steps: 10)
      #expect(report.failure.map { if case .generatorFailed = $0 { true } else { false } } == true)
    } matching: {
      issue($0, says: "the action generator failed")
    }
  }

  @Test func aStepWhoseHopsNeverSettleIsReportedAsWhatItIs() async {
    var pingPong = Exploration(
      "pingPong", actions: Gen.always(PingPongScreen.Action.ping), make: { _ in PingPongScreen() })
    // Each piece of its work crosses threads twice: a lower limit keeps the test short.
    pingPong.settleLimit = 500
    await withKnownIssue {
      let report = await pingPong.explore(seed: 10, steps: 5)
      #expect(report.failure.map { if case .neverSettled = $0 { true } else { false } } == true)
    } matching: {
      issue($0, says: "never settled")
    }
  }

  @Test func hostileTextInActionsEventsAndInvariantsReachesTheReportEscaped() async {
    // Text a user or a server could send: ESC and C1 sequences, a right-to-left override, a
    // quote that would end the literal, an emoji with a variation selector, a combining
    // mark, and a megabyte.
    let hostile = "\u{1B}[2J\u{9B}31m\u{202E}\"); exit(1) //☺️e\u{301}"
    let big = String(repeating: "x", count: 1_000_000)
    let search = Exploration(
      "search\u{1B}[2J",
      actions: Gen.oneOf(
        Gen.always(DebouncedSearch.Action.type(hostile)), Gen.always(.type(big)),
        Gen.always(.clear)),
      events: [.init(hostile) { _ in }],
      invariant: { state in
        if state.query == hostile { throw Broken("the query is \(hostile)") }
      },
      make: { clock in DebouncedSearch(clock: clock) })
    var report: ExploreReport<DebouncedSearch.Action>?
    await withKnownIssue {
      report = await search.explore(seed: 11, steps: 10_000, timeLimit: .seconds(3_600))
    } matching: { issue in
      let text = issue.description
      return text.contains("Shrunk to")
        && !text.unicodeScalars.contains { [0x1B, 0x9B, 0x202E].contains($0.value) }
    }
    guard let report, let source = report.testSource else {
      Issue.record("The planted bug was not found")
      return
    }
    let printed = report.description
    for scalar in [0x1B, 0x9B, 0x202E] as [UInt32] {
      #expect(!printed.unicodeScalars.contains { $0.value == scalar })
      #expect(!source.unicodeScalars.contains { $0.value == scalar })
    }
    // The exploration's name becomes an identifier; the payloads, escaped literals.
    #expect(source.contains("await search2J.replay(["))
    #expect(report.shrunkSteps == [.send(.type(hostile))])
    #expect(source.contains(#".send(.type("\u{1B}[2J\u{9B}31m\u{202E}\"); exit(1)"#))
  }

  @Test func anExplorationOutOfTimeSaysHowFarItGot() async {
    let report = await sound.explore(seed: 8, steps: 1_000_000, timeLimit: .milliseconds(50))
    #expect(report.ranOutOfTime)
    #expect(report.stepsRun < 1_000_000)
    #expect(report.description.contains("stopped by its time limit"))
    #expect(report.failure == nil)
  }
}

/// Runs `body`, whose failure the test expects, and returns what it returned.
@MainActor
func failing<Value>(_ body: () async -> Value) async -> Value? {
  var value: Value?
  await withKnownIssue(isIntermittent: true) { value = await body() }
  return value
}
