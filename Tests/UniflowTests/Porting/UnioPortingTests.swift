import Testing
import Uniflow

// Unio's own test scenarios, each written as a port would write it against Uniflow. The
// test names say which of Unio's scenarios each one follows.

/// A logic that is an `enum` with a static `bind`, as Unio's own test fixture declares it;
/// the stream is a `PrimitiveStream` over it.
enum GreetingLogic: LogicType {
  struct Input: InputType {
    let name = PublishRelay<String>()
  }
  struct Output: OutputType {
    let greeting: BehaviorRelay<String>
  }
  struct State: StateType {
    let greeting = BehaviorRelay(value: "")
  }
  typealias Extra = NoExtra

  static func bind(from dependency: Dependency<Input, State, Extra>, disposeBag: DisposeBag)
    -> Output
  {
    dependency.inputPublishers.name.map { "Hello, \($0)" }
      .bind(to: dependency.state.greeting)
      .disposed(by: disposeBag)
    return Output(greeting: dependency.state.greeting)
  }
}

/// Inputs and outputs backed by Combine's subjects, as Unio's wrapper tests back them with
/// `PublishSubject` and `BehaviorSubject`. The subjects are handed in, so that the test
/// (like any code holding them) can end them.
final class SubjectStream: UnioStream<SubjectStream> {
  struct Input: InputType {
    let text: PassthroughSubject<String, Never>
    let query: PassthroughSubject<String, any Error>
    let tap = PublishRelay<Void>()
  }
  struct Output: OutputType {
    let echo: CurrentValueSubject<String?, any Error>
    let lastQuery: BehaviorRelay<String>
    let queryFailure: BehaviorRelay<String?>
    let taps: BehaviorRelay<Int>
  }
  struct State: StateType {
    let echo = CurrentValueSubject<String?, any Error>(nil)
    let lastQuery = BehaviorRelay(value: "")
    let queryFailure = BehaviorRelay<String?>(value: nil)
    let taps = BehaviorRelay(value: 0)
  }
  typealias Extra = NoExtra

  static func bind(from dependency: Dependency<Input, State, Extra>, disposeBag: DisposeBag)
    -> Output
  {
    let state = dependency.state
    dependency.inputPublishers.text
      .sink { state.echo.send($0) }
      .disposed(by: disposeBag)
    // An input that can fail must be handled before it reaches a relay: the types make
    // the logic choose (here, the failure becomes an output).
    dependency.inputPublishers.query.materialize()
      .sink { event in
        switch event {
        case .next(let query): state.lastQuery.accept(query)
        case .error(let error): state.queryFailure.accept("\(error)")
        case .completed: break
        }
      }
      .disposed(by: disposeBag)
    dependency.inputPublishers.tap
      .sink { state.taps.accept(state.taps.value + 1) }
      .disposed(by: disposeBag)
    return Output(
      echo: state.echo, lastQuery: state.lastQuery, queryFailure: state.queryFailure,
      taps: state.taps)
  }

  init(
    text: PassthroughSubject<String, Never> = .init(),
    query: PassthroughSubject<String, any Error> = .init(), state: State = State()
  ) {
    super.init(input: Input(text: text, query: query), state: state, extra: NoExtra())
  }
}

struct Refused: Error, CustomStringConvertible {
  var description: String { "refused" }
}

@Suite struct UnioPortingTests {
  @Test func aLogicEnumWithAStaticBindDrivesAPrimitiveStream() {
    let stream = PrimitiveStream<GreetingLogic>(
      input: GreetingLogic.Input(), state: GreetingLogic.State(), extra: NoExtra())
    stream.input.name("Ada")
    #expect(stream.output.greeting.value == "Hello, Ada")
  }

  // MARK: Unio's wrapper tests

  @Test func aValueSentIntoASubjectInputReachesTheLogic() {
    let stream = SubjectStream()
    stream.input.text("on-event")
    #expect(stream.output.echo.value == "on-event")
  }

  @Test func aPublisherSubscribedToASubjectInputReachesTheLogic() {
    let stream = SubjectStream()
    let text: (String) -> Void = stream.input.text
    _ = ["observer"].publisher.sink(receiveValue: text)
    #expect(stream.output.echo.value == "observer")
  }

  @Test func aCurrentValueSubjectOutputIsObservedAndItsValueRead() {
    let stream = SubjectStream()
    var seen: [String?] = []
    let subscription = stream.output.echo
      .sink(receiveCompletion: { _ in }, receiveValue: { seen.append($0) })
    stream.input.text("subject")
    // The subject replays its current value (nil) first, as a BehaviorSubject does.
    #expect(seen == [nil, "subject"])
    let current: String? = stream.output.echo
    #expect(current == "subject")
    #expect(stream.output.echo.value == "subject")
    subscription.cancel()
  }

  @Test func aComputedIsBuiltFromAnotherAndReadEachTime() {
    let relay = BehaviorRelay(value: 1)
    let first = Computed { relay.value * 10 }
    let second = Computed(first)
    relay.accept(2)
    #expect(second.value == 20)
  }

  // MARK: What happens when a subject input ends

  @Test func aSubjectInputThatFinishesEndsOnlyWhatWasBuiltOnIt() {
    let text = PassthroughSubject<String, Never>()
    let stream = SubjectStream(text: text)
    stream.input.text("before")
    text.send(completion: .finished)
    // Combine drops what is sent into a finished subject: the echo keeps its last value...
    stream.input.text("after")
    #expect(stream.output.echo.value == "before")
    // ...and the rest of the stream goes on working.
    stream.input.tap()
    #expect(stream.output.taps.value == 1)
  }

  @Test func aSubjectInputThatFailsReachesTheLogicAsAFailure() {
    let query = PassthroughSubject<String, any Error>()
    let stream = SubjectStream(query: query)
    stream.input.query("swift")
    query.send(completion: .failure(Refused()))
    #expect(stream.output.lastQuery.value == "swift")
    #expect(stream.output.queryFailure.value == "refused")
    stream.input.tap()
    #expect(stream.output.taps.value == 1)
  }

  @Test func aFailedSubjectOutputKeepsItsLastValueAndReportsTheFailureToSubscribers() {
    let state = SubjectStream.State()
    let stream = SubjectStream(state: state)
    stream.input.text("last")
    let echo = stream.output.echo
    var failure: String?
    let subscription = echo.sink(
      receiveCompletion: { if case .failure(let error) = $0 { failure = "\(error)" } },
      receiveValue: { _ in })
    // Only code that holds the subject can end it: here, the state the test handed in.
    state.echo.send(completion: .failure(Refused()))
    #expect(failure == "refused")
    // Reading the value does not throw: Combine keeps the last one.
    #expect(echo.value == "last")
    subscription.cancel()
  }
}

/// Streams of one shape, each its own logic, declared in Unio's shortest form: no state,
/// no extra, no initialiser of their own. Unio keeps fifty of them to catch a Swift
/// runtime bug (SR-12081) that mixed up their generic metadata.
enum SameShape {
  final class One: UnioStream<One> {
    struct Input: InputType {}
    struct Output: OutputType { let number = BehaviorRelay(value: 1) }
    static func bind(from dependency: Dependency<Input, NoState, NoExtra>, disposeBag: DisposeBag)
      -> Output
    { Output() }
  }

  final class Two: UnioStream<Two> {
    struct Input: InputType {}
    struct Output: OutputType { let number = BehaviorRelay(value: 2) }
    static func bind(from dependency: Dependency<Input, NoState, NoExtra>, disposeBag: DisposeBag)
      -> Output
    { Output() }
  }
}

extension UnioPortingTests {
  @Test func streamsOfTheSameShapeEachRunTheirOwnLogic() {
    let one = SameShape.One(input: .init(), state: .init(), extra: .init())
    let two = SameShape.Two(input: .init(), state: .init(), extra: .init())
    #expect(one.output.number.value == 1)
    #expect(two.output.number.value == 2)
  }
}
