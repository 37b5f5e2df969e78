// expect: warning: 'observable(for:)' is deprecated: read the output by name: output.repositories
// expect: warning: 'value(for:)' is deprecated: read the output by name: output.repositories.value
// expect: warning: 'property(for:)' is deprecated: read the output by name: output.repositories
// expect: warning: 'accept(_:for:)' is deprecated: call the input by name: input.search(value)
// expect: warning: 'onEvent(_:for:)' is deprecated: call the input by name: input.search(value); a screen cannot complete an input
// expect: warning: 'onNext' is deprecated: call the input like a function: input.search(value)
// expect: warning: 'inputObservable(for:)' is deprecated: read the input by name: dependency.inputPublishers.search
// expect: warning: 'init(getter:)' is deprecated: replaced by 'init(_:)'
// expect: warning: 'init(capture:)' is deprecated: capture the value in the closure: Computed { element }
// expect: warning: 'throwableValue()' is deprecated: renamed to 'value'
// expect: warning: 'ThrowableProperty' is deprecated: use SubjectProperty<Element, any Error>
// Unio's key-path methods and its names for subjects and computed values compile as a port
// writes them, each with a message that gives the live spelling.
import Uniflow

final class PortedStream: UnioStream<PortedStream> {
  struct Input: InputType {
    let relay = PublishRelay<String>()
    let subject = PassthroughSubject<String, Never>()
  }
  struct Output: OutputType {
    let relay: BehaviorRelay<String>
    let subject: CurrentValueSubject<String?, any Error>
    let computed: Computed<Int>
  }
  struct State: StateType {
    let relay = BehaviorRelay(value: "")
    let subject = CurrentValueSubject<String?, any Error>(nil)
  }
  typealias Extra = NoExtra

  static func bind(from dependency: Dependency<Input, State, Extra>, disposeBag: DisposeBag)
    -> Output
  {
    dependency.inputObservable(for: \.relay).bind(to: dependency.state.relay)
      .disposed(by: disposeBag)
    return Output(
      relay: dependency.state.relay, subject: dependency.state.subject,
      computed: Computed(getter: { 1 }))
  }

  convenience init() { self.init(input: Input(), state: State(), extra: NoExtra()) }
}

func port(_ stream: PortedStream) throws {
  stream.input.accept("swift", for: \.relay)
  stream.input.onEvent(.next("swift"), for: \.subject)
  stream.input.subject.onNext("swift")
  _ = stream.output.observable(for: \.relay)
  _ = stream.output.value(for: \.relay)
  _ = stream.output.property(for: \.subject)
  let property: ThrowableProperty<String?> = stream.output.subject
  _ = try property.throwableValue()
  _ = Computed(capture: 3)
}
