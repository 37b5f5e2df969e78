import Foundation

/// The recording of one stream or view model in a session file: the values sent into its
/// inputs and the values its outputs emit, each with its name and time, from any thread.
///
/// A stream made inside ``SessionRecorder/recordingStreams(_:)`` is recorded by itself:
/// its inputs and outputs are found as `StreamTester` finds them. A view model's are
/// named by the app, which records an input publisher by passing it through
/// ``input(_:_:)`` before the view model sees it:
///
/// ```swift
/// let recording = recorder.recordViewModel(WikipediaSearchViewModel.self)
/// let viewModel = WikipediaSearchViewModel(
///   searchWord: recording.input("searchWord", field.text), api: api)
/// recording.output("wikipediaPages", viewModel.wikipediaPages)
/// recording.output("isLoading", viewModel.isLoading)
/// ```
///
/// A value that is `Encodable` is written in its `Codable` form, anything else as its
/// description (which a replay cannot send again). Inputs that are methods (minne's
/// `onAppear()`) cannot be seen from outside: record the outputs, and what the methods did
/// shows there.
public final class PublisherRecording: @unchecked Sendable {
  // Unchecked because `AnyCancellable` is not Sendable on every platform: what changes is
  // all in `watches`, reached only through its lock; the recorder is written to through
  // its thread-safe `enqueue`.
  private struct Watches {
    /// How many input values have been recorded.
    var inputs = 0
    var cancellables: [AnyCancellable] = []
  }
  private let recorder: SessionRecorder
  private let instance: Int
  private let watches = Locked(Watches())

  init(recorder: SessionRecorder, shape: StaticString, type: String) {
    self.recorder = recorder
    instance = recorder.nextInstance()
    recorder.enqueue(SessionLine.header(instance: instance, shape: shape, type: type))
  }

  deinit {
    for cancellable in watches.withLock({ $0.cancellables }) { cancellable.cancel() }
  }

  /// `publisher`, whose values are recorded as the input `name` as they pass: hand the
  /// result to the view model in place of `publisher`.
  public func input<Source: Publisher>(_ name: String, _ publisher: Source)
    -> AnyPublisher<Source.Output, Source.Failure>
  {
    publisher.handleEvents(receiveOutput: { [weak self] in self?.record(input: name, $0) })
      .eraseToAnyPublisher()
  }

  /// Records every value `publisher` emits from now on as the output `name`.
  public func output<Source: Publisher>(_ name: String, _ publisher: Source) {
    watch(publisher, as: name, skippingCurrent: false)
  }

  /// Records the values of `publisher` as the output `name`; with `skippingCurrent`, the
  /// value it hands over while it is subscribed (a relay's current value) is left out.
  func watch<Source: Publisher>(_ publisher: Source, as name: String, skippingCurrent: Bool) {
    // Whether the subscription is still being made, from any thread.
    let subscribing = Locked(skippingCurrent)
    let cancellable = publisher.sink(
      receiveCompletion: { _ in },
      receiveValue: { [weak self] value in
        guard !subscribing.withLock({ $0 }) else { return }
        self?.record(output: name, value)
      })
    subscribing.withLock { $0 = false }
    watches.withLock { $0.cancellables.append(cancellable) }
  }

  /// Records every value sent into `relay` (an input) from now on.
  func watchInput<Source: Publisher>(_ relay: Source, as name: String) {
    let cancellable = relay.sink(
      receiveCompletion: { _ in }, receiveValue: { [weak self] in self?.record(input: name, $0) })
    watches.withLock { $0.cancellables.append(cancellable) }
  }

  private func record(input name: String, _ value: Any) {
    let number = watches.withLock {
      $0.inputs += 1
      return $0.inputs
    }
    write(kind: "input", number: number, name: name, value: value)
  }

  private func record(output name: String, _ value: Any) {
    write(kind: "output", number: nil, name: name, value: value)
  }

  private func write(kind: StaticString, number: Int?, name: String, value: Any) {
    let time = Date().timeIntervalSince1970
    var json: Data?
    if let encodable = value as? any Encodable {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
      json = try? encoder.encode(encodable)
    }
    recorder.enqueue(
      SessionLine.value(
        kind: kind, instance: instance, number: number, time: time, name: name, json: json,
        description: json == nil ? String(describing: value) : nil))
  }
}

extension SessionRecorder {
  /// Starts the recording of a view model of type `type`: its header is written now, and
  /// its inputs and outputs as the app names them.
  ///
  /// ```swift
  /// let recording = recorder.recordViewModel(ProductListViewModel.self)
  /// recording.output("products", viewModel.$products)
  /// ```
  public func recordViewModel(_ type: Any.Type) -> PublisherRecording {
    PublisherRecording(recorder: self, shape: "viewModel", type: String(reflecting: type))
  }

  /// Makes streams with `make`, and records each one it makes (the streams in their
  /// `Extra` too): the values sent into its inputs and those its outputs emit.
  ///
  /// ```swift
  /// let stream = recorder.recordingStreams {
  ///   SearchViewStream(searchAPIStream: SearchAPIStream(requester: requester))
  /// }
  /// ```
  public func recordingStreams<Result>(_ make: () throws -> Result) rethrows -> Result {
    try StreamRecordingScope.$recorder.withValue(self) { try make() }
  }
}

/// The recorder streams made now are recorded into, if any.
enum StreamRecordingScope {
  @TaskLocal static var recorder: SessionRecorder?
}
