// A counter screen as a Unio-style stream (its test is in the Getting Started article).
import Uniflow

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
func countTwice() -> Int {
  let stream = CounterStream(step: 2)
  stream.input.increment(())
  stream.input.increment(())
  return stream.output.count.value  // 4
}
// snippet.end
