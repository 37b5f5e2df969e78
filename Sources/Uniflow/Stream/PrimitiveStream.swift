/// The base of every stream: it builds the inputs, runs the logic once and exposes the
/// two wrappers.
///
/// Subclass it through ``UnioStream``, which also makes the subclass its own logic:
///
/// ```swift
/// final class CounterStream: UnioStream<CounterStream>, CounterStreamType {
///   struct Input: InputType { let increment = PublishRelay<Void>() }
///   struct Output: OutputType { let count: BehaviorRelay<Int> }
///   struct State: StateType { let count = BehaviorRelay(value: 0) }
///   typealias Extra = NoExtra
///
///   static func bind(
///     from dependency: Dependency<Input, State, Extra>, disposeBag: DisposeBag
///   ) -> Output {
///     let count = dependency.state.count
///     dependency.inputPublishers.increment
///       .sink { count.accept(count.value + 1) }
///       .disposed(by: disposeBag)
///     return Output(count: count)
///   }
///
///   init() { super.init(input: Input(), state: State(), extra: Extra()) }
/// }
/// ```
open class PrimitiveStream<Logic: LogicType> {
  /// The inputs, which the screen can send into.
  public let input: InputWrapper<Logic.Input>
  /// The outputs, which the screen can observe and read.
  public let output: OutputWrapper<Logic.Output>

  /// Keeps the logic's subscriptions alive as long as the stream.
  private let disposeBag: CancelBag
  private let state: Logic.State
  private let extra: Logic.Extra
  /// The stream's recording, when it was made inside
  /// ``SessionRecorder/recordingStreams(_:)``.
  private let recording: PublisherRecording?

  /// Builds the stream and calls `Logic.bind(from:disposeBag:)` once.
  public init(input: Logic.Input, state: Logic.State, extra: Logic.Extra) {
    let disposeBag = CancelBag()
    let dependency = Dependency(input: input, state: state, extra: extra)
    // Recorded inputs are watched before the logic binds them, so that each is written
    // before what the logic makes of it.
    let recording = StreamRecordingScope.recorder.map {
      PublisherRecording(recorder: $0, shape: "stream", type: String(reflecting: Self.self))
    }
    if let recording {
      for (name, relay) in publishers(in: input) { recording.watchInput(relay, as: name) }
    }
    let output = Logic.bind(from: dependency, disposeBag: disposeBag)
    if let recording {
      for (name, publisher) in publishers(in: output) {
        recording.watch(publisher, as: name, skippingCurrent: true)
      }
    }
    self.input = InputWrapper(input)
    self.output = OutputWrapper(output)
    self.disposeBag = disposeBag
    self.state = state
    self.extra = extra
    self.recording = recording
  }
}

/// A stream whose class is its own logic, as in Unio:
/// `final class SearchViewStream: UnioStream<SearchViewStream>`.
///
/// > Note: In a module whose code defaults to the main actor (`-default-isolation
/// > MainActor`, Xcode 26's default for app targets), this spelling fails with "circular
/// > reference", even with `@MainActor`. Streams are thread-agnostic; declare them
/// > `nonisolated final class SearchViewStream: UnioStream<SearchViewStream>`.
public typealias UnioStream<Logic: LogicType> = PrimitiveStream<Logic> & LogicType
