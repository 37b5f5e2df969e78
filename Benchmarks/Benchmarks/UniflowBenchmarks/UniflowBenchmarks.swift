import Benchmark
import Foundation
import Scenarios
import Uniflow

// Every scenario runs next to its baseline in this one process. Names are
// "<scenario>" and "baseline: <baseline>"; `scripts/bench.sh` pairs them in its table.
// UNIFLOW_BENCH_SMOKE=1 runs each benchmark for a few iterations only (the test command).

let smoke = ProcessInfo.processInfo.environment["UNIFLOW_BENCH_SMOKE"] != nil

/// The configuration every benchmark uses, with `scaling` operations per iteration (a
/// thousand in a smoke run, which only checks that each benchmark runs).
func configuration(_ scaling: BenchmarkScalingFactor) -> Benchmark.Configuration {
  .init(
    metrics: [.cpuTotal, .wallClock, .mallocCountTotal],
    timeUnits: .nanoseconds,
    warmupIterations: smoke ? 0 : 3,
    scalingFactor: smoke ? .kilo : scaling,
    maxDuration: smoke ? .milliseconds(50) : .seconds(2),
    maxIterations: smoke ? 2 : 10_000
  )
}

/// A benchmark of a main-actor scenario: made on the main actor outside the measurement,
/// then run there for the iteration's operations.
func mainActorBenchmark<Scenario: MainActorScenario>(
  _ name: String,
  configuration: Benchmark.Configuration = Benchmark.defaultConfiguration,
  make: @escaping @MainActor @Sendable () -> Scenario
) {
  Benchmark(name, configuration: configuration) { benchmark async in
    let scenario = await MainActor.run { make() }
    let count = benchmark.scaledIterations.count
    benchmark.startMeasurement()
    await MainActor.run { scenario.run(count) }
  }
}

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = configuration(.kilo)

  // The main-actor scenarios hop to the main actor once per iteration (tens of µs);
  // the cheap ones run a million operations per iteration so that the hop stays below
  // 0.1 ns per operation.
  let mega = configuration(.mega)

  // MARK: Baselines

  Benchmark("baseline: plain reduce loop") { benchmark in
    let sink = WorkSink()
    benchmark.startMeasurement()
    let result = plainReduceLoop(iterations: benchmark.scaledIterations.count, sink: sink) {
      $0 &+= 1
    }
    benchmark.stopMeasurement()
    blackHole(result)
    blackHole(sink.count)
  }

  mainActorBenchmark("baseline: minimal class store", configuration: mega) {
    MinimalStoreCounterScenario()
  }

  Benchmark("baseline: PassthroughSubject → sink") { benchmark in
    let pipeline = SubjectPipeline(mapAndFilter: false)
    benchmark.startMeasurement()
    pipeline.run(benchmark.scaledIterations.count)
    benchmark.stopMeasurement()
    blackHole(pipeline.received)
  }

  Benchmark("baseline: PassthroughSubject → map → filter → sink") { benchmark in
    let pipeline = SubjectPipeline(mapAndFilter: true)
    benchmark.startMeasurement()
    pipeline.run(benchmark.scaledIterations.count)
    benchmark.stopMeasurement()
    blackHole(pipeline.received)
  }

  for size in [100, 1_000, 10_000, 100_000] {
    Benchmark("baseline: in-place array loop, \(size) elements", configuration: mega) {
      benchmark in
      blackHole(plainArrayLoop(size: size, iterations: benchmark.scaledIterations.count))
    }
  }

  mainActorBenchmark("baseline: minimal store, 100 subscribers, value unchanged") {
    MinimalStoreFanOutScenario(changing: false)
  }

  mainActorBenchmark("baseline: minimal store, 100 subscribers, value changing") {
    MinimalStoreFanOutScenario(changing: true)
  }

  Benchmark("baseline: minimal store create + subscribe + release") { benchmark async in
    let count = benchmark.scaledIterations.count
    let total = await MainActor.run { ReactorLifecycleScenario.runMinimalStore(count) }
    blackHole(total)
  }

  Benchmark("baseline: detached task hop") { benchmark async in
    let count = benchmark.scaledIterations.count
    let total = await TaskHopScenario.run(count)
    blackHole(total)
  }

  Benchmark("baseline: CurrentValueSubject create + sink + release") { benchmark in
    blackHole(StreamCreationScenario.runSubjectBaseline(benchmark.scaledIterations.count))
  }

  // MARK: Reactor

  mainActorBenchmark("reactor counter, one state subscriber", configuration: mega) {
    CounterScenario()
  }

  for size in [100, 1_000, 10_000, 100_000] {
    mainActorBenchmark("reactor: one element changed, \(size) elements", configuration: mega) {
      ArrayStateScenario(size: size)
    }
  }

  mainActorBenchmark("reactor: 100 subscribers map+removeDuplicates, value unchanged") {
    FanOutScenario(changing: false)
  }

  mainActorBenchmark("reactor: 100 subscribers map+removeDuplicates, value changing") {
    FanOutScenario(changing: true)
  }

  Benchmark("reactor: create + first subscription + release") { benchmark async in
    let count = benchmark.scaledIterations.count
    let total = await MainActor.run { ReactorLifecycleScenario.run(count) }
    blackHole(total)
  }

  Benchmark(
    "reactor: .run effect round trip",
    configuration: configuration(.one)
  ) { benchmark async in
    let scenario = await MainActor.run { RoundTripScenario() }
    let count = benchmark.scaledIterations.count
    benchmark.startMeasurement()
    await scenario.run(count)
  }

  mainActorBenchmark(
    "reactor with transform(mutation:), one state subscriber", configuration: mega
  ) {
    HookedCounterScenario()
  }

  mainActorBenchmark("reactor with globalEvents, one state subscriber", configuration: mega) {
    GlobalEventsCounterScenario()
  }

  mainActorBenchmark("ReactorTester send with assertion") { TesterScenario() }

  mainActorBenchmark("reactor: a publisher effect per action, one state subscriber") {
    PublisherEffectScenario()
  }

  // An exploration's steps, beside the least a step that drains the main queue costs.
  if #available(macOS 15, iOS 18, *) {
    let explorations: [(String, @MainActor (Int) async -> Int)] = [
      ("explore: counter, one step", ExploreScenario.run(steps:)),
      ("explore: flow 40 to 50 screens deep, one step", DeepFlowExploreScenario.run(steps:)),
    ]
    for (name, explore) in explorations {
      Benchmark(name) { benchmark async in
        let steps = benchmark.scaledIterations.count
        benchmark.startMeasurement()
        let ran = await explore(steps)
        benchmark.stopMeasurement()
        blackHole(ran)
      }
    }
  }
  Benchmark("baseline: send and a main-queue trip") { benchmark async in
    let steps = benchmark.scaledIterations.count
    benchmark.startMeasurement()
    let count = await SendAndYieldScenario.run(steps: steps)
    benchmark.stopMeasurement()
    blackHole(count)
  }

  // Recording: the counter with it on, beside the counter with it off (above) and the
  // JSON encoding alone, so that on − off − encoding is the recorder's own cost.
  mainActorBenchmark("reactor counter, recording into memory") { RecordingCounterScenario() }
  mainActorBenchmark("baseline: JSON encoding of the counter's action, mutation and state") {
    CounterEncodingBaseline()
  }

  mainActorBenchmark("reactor: 50 reactors following one service, one event") {
    ServiceFanOutScenario(reactors: 50)
  }

  mainActorBenchmark(
    "reactor: 50 reactors merging one service in transform(mutation:), one event"
  ) {
    ServiceFanOutScenario(reactors: 50, merging: true)
  }

  Benchmark("baseline: PassthroughSubject → 50 sinks") { benchmark in
    let baseline = SubjectFanOutBaseline(sinks: 50)
    benchmark.startMeasurement()
    baseline.run(benchmark.scaledIterations.count)
    benchmark.stopMeasurement()
    blackHole(baseline.deliveries)
  }

  // MARK: Memory

  // Live heap bytes per object after it is made (and, for the reactor, used and
  // subscribed to once); one reading per iteration, not scaled.
  let liveBytes = BenchmarkMetric.custom("Live bytes", useScalingFactor: false)
  let memory = Benchmark.Configuration(
    metrics: [liveBytes], warmupIterations: 0, maxDuration: .milliseconds(100),
    maxIterations: smoke ? 1 : 3)
  for (name, measure) in [
    ("memory: counter reactor with one subscription", MemoryScenario.reactorBytes),
    ("memory: EchoStream", MemoryScenario.streamBytes),
    ("baseline memory: minimal store with one subscriber", MemoryScenario.minimalStoreBytes),
  ] as [(String, @MainActor @Sendable () -> Int?)] {
    Benchmark(name, configuration: memory) { benchmark async in
      let bytes = await MainActor.run { measure() }
      benchmark.measurement(liveBytes, bytes ?? 0)
    }
  }

  // MARK: Streams and relays

  Benchmark("stream: one input to its output") { benchmark in
    let scenario = StreamThroughputScenario()
    benchmark.startMeasurement()
    scenario.run(benchmark.scaledIterations.count)
    benchmark.stopMeasurement()
    blackHole(scenario.observed)
  }

  Benchmark("stream: create") { benchmark in
    blackHole(StreamCreationScenario.run(benchmark.scaledIterations.count))
  }

  Benchmark("relay: PublishRelay accept, one subscriber") { benchmark in
    let scenario = RelayScenario()
    benchmark.startMeasurement()
    scenario.runPublish(benchmark.scaledIterations.count)
    benchmark.stopMeasurement()
    blackHole(scenario.received)
  }

  Benchmark("relay: BehaviorRelay accept, one subscriber") { benchmark in
    let scenario = RelayScenario()
    benchmark.startMeasurement()
    scenario.runBehavior(benchmark.scaledIterations.count)
    benchmark.stopMeasurement()
    blackHole(scenario.received)
  }
}
