import Uniflow

/// A Unio-style stream: a search input mapped into a results output.
public final class EchoStream: UnioStream<EchoStream> {
  public struct Input: InputType {
    let query = PublishRelay<Int>()
  }

  public struct Output: OutputType {
    let result: BehaviorRelay<Int>
  }

  public struct State: StateType {
    let result = BehaviorRelay(value: 0)
  }

  public typealias Extra = NoExtra

  public static func bind(
    from dependency: Dependency<Input, State, Extra>, disposeBag: DisposeBag
  ) -> Output {
    let result = dependency.state.result
    dependency.inputPublishers.query
      .sink { result.accept($0 &+ 1) }
      .disposed(by: disposeBag)
    return Output(result: result)
  }

  public init() {
    super.init(input: Input(), state: State(), extra: Extra())
  }
}

/// One input value to the stream's output, observed by one subscriber.
public final class StreamThroughputScenario {
  public let stream = EchoStream()
  public private(set) var observed = 0
  private var cancellable: AnyCancellable?

  public init() {
    cancellable = stream.output.result.sink { [unowned self] in self.observed = $0 }
  }

  @inline(never)
  public func run(_ iterations: Int) {
    // Through the input wrapper each time, as a screen sends: any cost of reaching the
    // input is measured too.
    for index in 0..<iterations { stream.input.query(index) }
  }
}

/// Creates streams and releases them.
public enum StreamCreationScenario {
  @inline(never)
  public static func run(_ iterations: Int) -> Int {
    var total = 0
    for _ in 0..<iterations {
      let stream = EchoStream()
      total &+= stream.output.result.value
    }
    return total
  }

  /// The baseline: a subject and one subscription, created and released.
  @inline(never)
  public static func runSubjectBaseline(_ iterations: Int) -> Int {
    var total = 0
    for _ in 0..<iterations {
      let subject = CurrentValueSubject<Int, Never>(0)
      let cancellable = subject.sink { total &+= $0 }
      cancellable.cancel()
    }
    return total
  }
}

/// A relay with one subscriber.
public final class RelayScenario {
  public let publish = PublishRelay<Int>()
  public let behavior = BehaviorRelay(value: 0)
  public private(set) var received = 0
  private var cancellables: [AnyCancellable] = []

  public init() {
    cancellables.append(publish.sink { [unowned self] _ in self.received &+= 1 })
    cancellables.append(behavior.sink { [unowned self] _ in self.received &+= 1 })
  }

  @inline(never)
  public func runPublish(_ iterations: Int) {
    for index in 0..<iterations { publish.accept(index) }
  }

  @inline(never)
  public func runBehavior(_ iterations: Int) {
    for index in 0..<iterations { behavior.accept(index) }
  }
}
