import Scenarios
import Testing
import Uniflow

// Each benchmark scenario does the work it claims, so that a figure measures something.

@MainActor
@Suite struct ReactorScenarioTests {
  @Test func theCounterAndItsBaselineCountEveryAction() {
    let scenario = CounterScenario()
    scenario.run(1_000)
    #expect(scenario.observed == 1_000)
    let baseline = MinimalStoreCounterScenario()
    baseline.run(1_000)
    #expect(baseline.observed == 1_000)
    let hooked = HookedCounterScenario()
    hooked.run(1_000)
    hooked.reactor.events.accept(.increase)
    #expect(hooked.observed == 1_001)
    let following = GlobalEventsCounterScenario()
    following.run(1_000)
    following.reactor.events.accept(.increase)
    #expect(following.observed == 1_001)
  }

  @Test func aPublisherEffectPerActionReducesEachOfItsMutations() {
    let scenario = PublisherEffectScenario()
    scenario.run(1_000)
    // `Just` delivers while the effect starts, on the main actor: each action's mutation is
    // reduced before `send` returns.
    #expect(scenario.observed == 1_000)
    #expect(scenario.reactor.currentState.loaded == 1_000)
  }

  @Test func theRecordingCounterWritesThreeLinesPerActionAndItsBaselineEncodesThem() {
    let scenario = RecordingCounterScenario()
    scenario.run(1_000)
    #expect(scenario.observed == 1_000)
    // The header, then per action its line, its mutation's, and its time on the main actor.
    let lines = scenario.recorder.lines
    #expect(lines.count == 3_001)
    #expect(lines[lines.count - 2].contains(#""state":{"count":1000}"#))
    #expect(lines.last?.hasPrefix(#"{"kind":"timing","instance":1,"number":1000,"#) == true)
    let baseline = CounterEncodingBaseline()
    baseline.run(1_000)
    #expect(baseline.bytes > 1_000 * 20)
  }

  @Test func theDeepFlowStaysBetweenFortyAndFiftyScreensDeep() async {
    #expect(DeepFlow.depth(after: 50) == 50)
    #expect(DeepFlow.depth(after: 51) == 40)
    #expect(DeepFlow.depth(after: 1_000) >= 40)
    if #available(macOS 15, iOS 18, *) {
      #expect(await DeepFlowExploreScenario.run(steps: 200) == 200)
    }
  }

  @Test func theCountedHopAndItsBaselineDeliverEveryValue() {
    let expected = (0..<1_000).reduce(0, +)
    #expect(MainSchedulerHopScenario.runCounted(1_000) == expected)
    #expect(MainSchedulerHopScenario.runBaseline(1_000) == expected)
  }

  @Test func theOrderedDelayAndItsBaselineDeliverEveryValue() {
    let expected = (0..<1_000).reduce(0, +)
    #expect(DelayScenario.runOrdered(1_000) == expected)
    #expect(DelayScenario.runBaseline(1_000) == expected)
  }

  @Test func thePlainReduceLoopHandsEveryStepToTheSink() {
    // A baseline the optimizer could fold to a constant would hand nothing to the sink.
    let sink = WorkSink()
    #expect(plainReduceLoop(iterations: 1_000, sink: sink) { $0 += 1 } == 1_000)
    #expect(sink.count == 1_000)
    #expect(sink.last == 1_000)
  }

  @Test(arguments: [100, 1_000])
  func theArrayScenarioChangesOneElementPerAction(size: Int) {
    let scenario = ArrayStateScenario(size: size)
    scenario.run(size * 2)
    #expect(scenario.reactor.currentState.values.allSatisfy { $0 == 2 })
    #expect(scenario.observedFirst == 2)
    #expect(plainArrayLoop(size: size, iterations: size * 2) == 2)
  }

  @Test func removeDuplicatesDropsUnchangedValuesForEverySubscriber() {
    let unchanged = FanOutScenario(changing: false)
    unchanged.run(10)
    #expect(unchanged.deliveries == 100)
    let changing = FanOutScenario(changing: true)
    changing.run(10)
    #expect(changing.deliveries == 100 * 11)

    let baselineUnchanged = MinimalStoreFanOutScenario(changing: false)
    baselineUnchanged.run(10)
    #expect(baselineUnchanged.deliveries == 100)
    let baselineChanging = MinimalStoreFanOutScenario(changing: true)
    baselineChanging.run(10)
    #expect(baselineChanging.deliveries == 100 * 11)
  }

  @Test func theLifecycleScenariosSubscribeOncePerReactor() {
    #expect(ReactorLifecycleScenario.run(50) == 50)
    #expect(ReactorLifecycleScenario.runMinimalStore(50) == 50)
  }

  @Test func theRoundTripWaitsForEachMutation() async {
    let scenario = RoundTripScenario()
    await scenario.run(20)
    #expect(scenario.reactor.currentState.loaded == 20)
    #expect(await TaskHopScenario.run(5) == 5)
  }

  @Test func theTesterScenarioAssertsEverySend() {
    let scenario = TesterScenario()
    scenario.run(10)
    #expect(scenario.tester.reactor.currentState.count == 10)
  }
}

@Suite struct StreamScenarioTests {
  @Test func eachInputReachesTheOutput() {
    let scenario = StreamThroughputScenario()
    scenario.run(100)
    #expect(scenario.observed == 100)
    #expect(StreamCreationScenario.run(10) == 0)
    #expect(StreamCreationScenario.runSubjectBaseline(10) == 0)
  }

  @Test func eachRelayDeliversEveryValue() {
    let scenario = RelayScenario()
    scenario.runPublish(100)
    scenario.runBehavior(100)
    #expect(scenario.received == 201)
    let subject = SubjectPipeline(mapAndFilter: true)
    subject.run(100)
    #expect(subject.received == 100)
  }
}

@MainActor
@Suite struct ServiceAndMemoryScenarioTests {
  @Test func oneServiceEventReachesEveryFollowingReactorAndEverySink() {
    for merging in [false, true] {
      let scenario = ServiceFanOutScenario(reactors: 50, merging: merging)
      let before = scenario.deliveries  // each subscriber's first, current state
      scenario.run(3)
      #expect(scenario.deliveries - before == 150)
      #expect(scenario.reactors.allSatisfy { $0.currentState.count == 3 })
    }
    let baseline = SubjectFanOutBaseline(sinks: 50)
    baseline.run(3)
    #expect(baseline.deliveries == 150)
    #expect(baseline.counts.allSatisfy { $0 == 3 })
  }

  @Test func liveBytesCountWhatTheObjectsKeep() throws {
    // 1,000 arrays of 1,000 bytes each keep at least about that much each. The reading is
    // of the whole process, where other tests run at the same time: take the median of
    // five.
    var readings: [Int] = []
    for _ in 0..<5 {
      readings.append(try #require(LiveBytes.perObject { [UInt8](repeating: 1, count: 1_000) }))
    }
    let median = readings.sorted()[2]
    #expect(median >= 800 && median < 2_000, "\(readings)")
    let reactor = try #require(MemoryScenario.reactorBytes())
    let store = try #require(MemoryScenario.minimalStoreBytes())
    #expect(reactor > 0 && store > 0)
    #expect(try #require(MemoryScenario.streamBytes()) > 0)
  }
}
