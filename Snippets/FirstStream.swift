// A counter screen as a Unio-style stream, and its test.
import Uniflow
import UniflowTesting

// snippet.stream

final class CounterStream: UnioStream<CounterStream> {
  struct Input: InputType {
    let increment = PublishRelay<Void>()
    let reset = PublishRelay<Void>()
  }

  struct Output: OutputType {
    let count: BehaviorRelay<Int>
    let label: AnyPublisher<String, Never>
  }

  struct State: StateType {
    let count = BehaviorRelay<Int>(value: 0)
  }

  struct Extra: ExtraType {
    let step: Int
  }

  static func bind(from dependency: Dependency<Input, State, Extra>, disposeBag: CancelBag)
    -> Output
  {
    let count = dependency.state.count
    let step = dependency.extra.step
    dependency.inputPublishers.increment
      .map { count.value + step }
      .merge(with: dependency.inputPublishers.reset.map { 0 })
      .bind(to: count)
      .disposed(by: disposeBag)
    return Output(count: count, label: count.map { "\($0) taps" }.eraseToAnyPublisher())
  }

  init(step: Int = 1) {
    super.init(input: Input(), state: State(), extra: Extra(step: step))
  }
}

// snippet.end

// snippet.use
// The view sends into `input` and reads `output`; nothing else compiles.
let stream = CounterStream(step: 2)
stream.input.increment(())
print(stream.output.count.value)  // 2
// snippet.end

// snippet.test

// In a test target: `@Test func tappingCountsAndResetStartsOver() async { … }`
func tappingCountsAndResetStartsOver() async {
  let tester = StreamTester { CounterStream(step: 2) }
  tester.input.increment(())
  await tester.receive(\.count, 2)
  await tester.receive(\.label, "2 taps")
  tester.input.reset(())
  await tester.receive(\.count, 0)
  await tester.receive(\.label, "0 taps")
  await tester.finish()
}
// snippet.end
