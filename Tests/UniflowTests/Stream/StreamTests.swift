import Testing
import Uniflow

/// A small stream with every kind of input and output, declared the seed's way.
final class CounterStream: UnioStream<CounterStream> {
  nonisolated(unsafe) static var bindCount = 0

  struct Input: InputType {
    let increment = PublishRelay<Void>()
    let set = BehaviorRelay<Int>(value: 0)
  }

  struct Output: OutputType {
    let count: BehaviorRelay<Int>
    let changes: PublishRelay<Int>
    let doubled: AnyPublisher<Int, Never>
    let isEven: Computed<Bool>
    let total: Property<Int>
  }

  struct State: StateType {
    let count = BehaviorRelay(value: 0)
    let changes = PublishRelay<Int>()
  }

  typealias Extra = NoExtra

  static func bind(from dependency: Dependency<Input, State, Extra>, disposeBag: DisposeBag)
    -> Output
  {
    bindCount += 1
    let state = dependency.state
    dependency.inputPublishers.increment
      .sink { state.count.accept(state.count.value + 1) }
      .disposed(by: disposeBag)
    dependency.inputPublishers.set
      .dropFirst()
      .bind(to: state.count)
      .disposed(by: disposeBag)
    state.count.dropFirst().bind(to: state.changes).disposed(by: disposeBag)
    return Output(
      count: state.count,
      changes: state.changes,
      doubled: state.count.map { $0 * 2 }.eraseToAnyPublisher(),
      isEven: Computed { state.count.value.isMultiple(of: 2) },
      total: Property(state.count)
    )
  }

  init() {
    super.init(input: Input(), state: State(), extra: Extra())
  }
}

@Suite(.serialized) struct StreamTests {
  @Test func anInputReachesTheOutput() {
    let stream = CounterStream()
    stream.input.increment()
    stream.input.increment()
    stream.input.set(10)
    stream.input.set(20)
    let value: Int = stream.output.count
    #expect(value == 20)
  }

  @Test func anOutputReadsAsPublisherPropertyOrValueByTheExpectedType() {
    let stream = CounterStream()
    let publisher: AnyPublisher<Int, Never> = stream.output.count
    let property: Property<Int> = stream.output.count
    var seen: [Int] = []
    let cancellable = publisher.sink { seen.append($0) }
    stream.input.increment()
    let value: Int = stream.output.count
    #expect(seen == [0, 1])
    #expect(property.value == 1)
    #expect(value == 1)
    // With no type context a BehaviorRelay output reads as a Property.
    let untyped = stream.output.count
    #expect(type(of: untyped) == Property<Int>.self)
    #expect(stream.output.count.value == 1)
    #expect(stream.output.isEven == false)
    #expect(stream.output.total.value == 1)
    #expect((stream.output.count as Int) == 1)
    cancellable.cancel()
  }

  @Test func publishAndPublisherOutputsReadAsPublishers() {
    let stream = CounterStream()
    var changes: [Int] = []
    var doubled: [Int] = []
    let a = stream.output.changes.sink { changes.append($0) }
    let b = stream.output.doubled.sink { doubled.append($0) }
    stream.input.increment()
    #expect(changes == [1])
    #expect(doubled == [0, 2])
    _ = (a, b)
  }

  @Test func anInputCanBeBoundFromAPublisherOrUsedAsAClosureOrSubscriber() {
    let stream = CounterStream()
    let taps = PublishRelay<Void>()
    let bag = CancelBag()
    taps.bind(to: stream.input.increment).disposed(by: bag)
    taps.accept(())
    let increment: () -> Void = stream.input.increment
    increment()
    let set: (Int) -> Void = stream.input.set
    [5].publisher.sink(receiveValue: stream.input.set.callAsFunction).disposed(by: bag)
    #expect(stream.output.count.value == 5)
    Just(7).subscribe(stream.input.set)
    #expect(stream.output.count.value == 7)
    set(9)
    #expect(stream.output.count.value == 9)
  }

  @Test func bindRunsOncePerStream() {
    let before = CounterStream.bindCount
    let stream = CounterStream()
    stream.input.increment()
    stream.input.increment()
    #expect(CounterStream.bindCount == before + 1)
  }

  @Test func aReleasedStreamIsFreedWithItsSubscriptions() {
    weak var weakStream: CounterStream?
    var cancellable: AnyCancellable?
    var received: [Int] = []
    do {
      let stream = CounterStream()
      cancellable = stream.output.changes.sink { received.append($0) }
      stream.input.increment()
      weakStream = stream
    }
    #expect(weakStream == nil)
    #expect(received == [1])
    cancellable?.cancel()
  }

  @Test func anyUnioStreamErasesAStream() {
    let erased = AnyUnioStream(CounterStream())
    erased.input.increment()
    #expect(erased.output.count.value == 1)
  }
}
