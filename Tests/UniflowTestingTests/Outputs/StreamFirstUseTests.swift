import Dispatch
import Testing
import UniflowTesting

/// A stream in Unio's own shape: the class is its own logic (`UnioStream<Self>`), so its
/// superclass is generic over the class itself.
final class SelfLogicStream: UnioStream<SelfLogicStream> {
  // The same parts as ``SeparateLogic``, so that only the spelling differs.
  typealias Input = SeparateLogic.Input
  typealias Output = SeparateLogic.Output
  typealias State = SeparateLogic.State
  typealias Extra = NoExtra

  static func bind(from dependency: Dependency<Input, State, Extra>, disposeBag: DisposeBag)
    -> Output
  {
    SeparateLogic.bind(from: dependency, disposeBag: disposeBag)
  }

  init() { super.init(input: Input(), state: State(), extra: Extra()) }
}

/// The same stream with its logic in a type of its own: nothing is generic over itself.
final class SeparateLogicStream: PrimitiveStream<SeparateLogic> {
  init() { super.init(input: .init(), state: .init(), extra: .init()) }
}

/// The logic of ``SeparateLogicStream``.
final class SeparateLogic: LogicType {
  struct Input: InputType { let add = PublishRelay<Int>() }
  struct Output: OutputType { let total: BehaviorRelay<Int> }
  struct State: StateType { let total = BehaviorRelay(value: 0) }
  typealias Extra = NoExtra

  static func bind(from dependency: Dependency<Input, State, Extra>, disposeBag: DisposeBag)
    -> Output
  {
    let total = dependency.state.total
    dependency.inputPublishers.add.sink { total.accept(total.value + $0) }
      .disposed(by: disposeBag)
    return Output(total: total)
  }
}

/// The first use of a stream type builds its type metadata and looks up its conformances.
/// `StreamTesterTests` once crashed in the runtime's conformance lookup when two tests did
/// that at the same moment. Each test here starts fresh processes, so that every run is a
/// first use, and has 16 threads make the stream and a tester for it at once.
@Suite struct StreamFirstUseTests {
  @Test func aSelfReferentialStreamSurvivesManyFirstUsesAtOnce() async {
    for _ in 0..<10 {
      await #expect(processExitsWith: .success) { firstUsesOfATester { SelfLogicStream() } }
    }
  }

  @Test func aStreamWithSeparateLogicSurvivesManyFirstUsesAtOnce() async {
    for _ in 0..<10 {
      await #expect(processExitsWith: .success) { firstUsesOfATester { SeparateLogicStream() } }
    }
  }
}

/// Has 16 threads, released at once, each make a stream and a tester for it and send one
/// value through; exits the process with a failure if any sees a wrong total.
private func firstUsesOfATester<Stream: UnioStreamType & SendableMetatype>(
  _ make: @escaping @Sendable () -> Stream
)
where Stream.Input == SeparateLogic.Input, Stream.Output == SeparateLogic.Output {
  firstUses(threads: 16) {
    let tester = StreamTester(make())
    tester.input.add(1)
    return tester.output.total.value
  }
}

/// Runs `use` on `threads` threads released at the same moment; exits the process with a
/// failure if any use returns something other than 1.
private func firstUses(threads: Int, _ use: @escaping @Sendable () -> Int) {
  let start = DispatchSemaphore(value: 0)
  let done = DispatchGroup()
  let failures = Recorder<Int>()
  for _ in 0..<threads {
    DispatchQueue.global().async(group: done) {
      start.wait()
      let value = use()
      if value != 1 { failures.append(value) }
    }
  }
  for _ in 0..<threads { start.signal() }
  done.wait()
  if failures.count > 0 { fatalError("a first use saw \(failures.values)") }
}
