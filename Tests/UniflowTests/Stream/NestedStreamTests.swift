import Testing
import Uniflow

/// The inner stream: doubles what it is given.
protocol DoublingStreamType: UnioStreamType
where Input == DoublingStream.Input, Output == DoublingStream.Output {}

final class DoublingStream: UnioStream<DoublingStream>, DoublingStreamType {
  struct Input: InputType { let value = PublishRelay<Int>() }
  struct Output: OutputType { let doubled: AnyPublisher<Int, Never> }
  typealias State = NoState
  typealias Extra = NoExtra

  static func bind(from dependency: Dependency<Input, State, Extra>, disposeBag: DisposeBag)
    -> Output
  {
    Output(doubled: dependency.inputPublishers.value.map { $0 * 2 }.eraseToAnyPublisher())
  }

  init() { super.init(input: Input(), state: State(), extra: Extra()) }
}

/// The outer stream holds the inner one in its `Extra`, as seed 000's view stream holds
/// its API stream.
final class TotalStream: UnioStream<TotalStream> {
  struct Input: InputType { let add = PublishRelay<Int>() }
  struct Output: OutputType { let total: BehaviorRelay<Int> }
  struct State: StateType { let total = BehaviorRelay(value: 0) }
  struct Extra: ExtraType { let doubling: any DoublingStreamType }

  static func bind(from dependency: Dependency<Input, State, Extra>, disposeBag: DisposeBag)
    -> Output
  {
    let state = dependency.state
    let doubling = dependency.extra.doubling
    dependency.inputPublishers.add.bind(to: doubling.input.value).disposed(by: disposeBag)
    doubling.output.publishers.doubled
      .sink { state.total.accept(state.total.value + $0) }
      .disposed(by: disposeBag)
    return Output(total: state.total)
  }

  init(doubling: any DoublingStreamType) {
    super.init(input: Input(), state: State(), extra: Extra(doubling: doubling))
  }
}

/// A mock of the inner stream: records what it was sent, answers what the test says.
final class MockDoublingStream: DoublingStreamType {
  let input: InputWrapper<DoublingStream.Input>
  let output: OutputWrapper<DoublingStream.Output>
  let _input = DoublingStream.Input()
  let _doubled = PublishRelay<Int>()

  init() {
    input = InputWrapper(_input)
    output = OutputWrapper(DoublingStream.Output(doubled: _doubled.eraseToAnyPublisher()))
  }
}

@Suite struct NestedStreamTests {
  @Test func anOuterStreamDrivesTheInnerOneThroughItsInputAndReadsItsOutput() {
    let stream = TotalStream(doubling: DoublingStream())
    stream.input.add(1)
    stream.input.add(4)
    #expect(stream.output.total.value == 10)
  }

  @Test func aMockTakesTheInnerStreamsPlaceThroughItsProtocol() {
    let mock = MockDoublingStream()
    let stream = TotalStream(doubling: mock)
    var sent: [Int] = []
    let cancellable = mock._input.value.sink { sent.append($0) }
    stream.input.add(3)
    mock._doubled.accept(100)
    #expect(sent == [3])
    #expect(stream.output.total.value == 100)
    cancellable.cancel()
  }
}
