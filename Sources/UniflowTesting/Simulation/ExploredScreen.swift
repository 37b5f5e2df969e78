import Foundation
import PropertyBased
import Uniflow

/// A Unio stream or an MVVM view model under exploration, as the screen an
/// ``Exploration`` drives: each action is an input of the stream or a method call of the
/// view model, which it performs on the object, and the invariant reads the object itself
/// (its outputs, its `@Published` state).
///
/// You do not make one: ``Exploration/init(_:stream:inputs:send:events:invariant:)`` and
/// ``Exploration/init(_:viewModel:calls:call:events:invariant:)`` do. An event receives it
/// and reaches the object through ``subject``:
///
/// ```swift
/// .init("the server answers") { screen in screen.subject.api.answer() }
/// ```
@MainActor
public final class ExploredScreen<Subject: AnyObject, Input>: Reactor {
  /// The stream's inputs or the view model's calls, as your enumeration names them.
  public typealias Action = Input
  /// None: the object changes itself.
  public typealias Mutation = Never

  /// Nothing: the invariant reads ``subject``.
  public struct State: Sendable {}

  /// The empty state.
  public let initialState = State()
  /// The runtime that delivers the inputs, one at a time, in the order sent.
  public let runtime = ReactorRuntime<ExploredScreen>()
  /// The stream or view model explored.
  public let subject: Subject
  private let perform: @MainActor (Input, Subject) -> Void

  init(_ subject: Subject, perform: @escaping @MainActor (Input, Subject) -> Void) {
    self.subject = subject
    self.perform = perform
  }

  /// Performs `action` on the subject; the screen itself changes nothing.
  public func mutate(action: Input) -> Effect<Never> {
    perform(action, subject)
    return .none
  }
}

/// The subject of a stream exploration, carried to another thread for an input sent from
/// there: a stream's inputs are relays, which take values on any thread.
private struct OffMainStream<Stream: AnyObject>: @unchecked Sendable {
  // Sendable because only the stream's input relays are used on the other thread, and
  // relays serialise what they are sent.
  let stream: Stream
}

private struct OffMainInput<Input>: @unchecked Sendable {
  // Sendable because the value is made on the main actor and only read, once, by the
  // stream's input on the other thread while the main actor waits.
  let input: Input
}

@available(iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2, *)
extension Exploration {
  /// An exploration of a Unio stream, explored directly: each step sends one of its
  /// inputs (on the main actor, or from another thread as a relay may be fed), lets its
  /// work run, advances its clock or makes an event happen, and checks the invariant on
  /// the stream.
  ///
  /// ```swift
  /// let search = Exploration(
  ///   "search",
  ///   stream: { clock in RepoSearchStream(api: StandInAPI(), scheduler: clock.scheduler) },
  ///   inputs: Gen.oneOf(Gen.always(SearchInput.search("")), Gen.always(.search("swift"))),
  ///   send: { input, stream in
  ///     switch input { case .search(let query): stream.input.search(query) }
  ///   },
  ///   invariant: { stream in
  ///     if stream.output.query.value.isEmpty, !stream.output.repositories.value.isEmpty {
  ///       throw Broken("results for an empty query")
  ///     }
  ///   })
  /// ```
  ///
  /// - Parameters:
  ///   - name: What the printed test calls it: the name of the property you keep it in.
  ///   - make: Builds the stream, given the exploration's test clock.
  ///   - inputs: Your enumeration of the stream's inputs, with their values.
  ///   - send: Sends one input to the stream: `stream.input.search(query)`. It may run on
  ///     another thread, as a relay's sender may.
  ///   - events: What else may happen, by name.
  ///   - invariant: Throws when what the stream shows is wrong.
  public init<Stream: AnyObject, Input>(
    _ name: String = "exploration",
    stream make: @escaping @MainActor (ExploreClock) -> Stream,
    inputs: Generator<Input, some SendableSequenceType>,
    send: @escaping @Sendable (Input, Stream) -> Void,
    events: [Event] = [],
    invariant: @escaping @MainActor (Stream) throws -> Void = { _ in }
  ) where Screen == ExploredScreen<Stream, Input> {
    self.init(
      name, subject: make, actions: inputs, perform: send, events: events, invariant: invariant)
    sendFromAnotherThread = { screen, input, executor in
      let stream = OffMainStream(stream: screen.subject)
      let value = OffMainInput(input: input)
      // Sent while the main thread waits: the value is on its way when this returns, and
      // the step's settling hands over what it started. The calls it starts wait on the
      // run's executor, as those started on the main actor do, so the run stays the same
      // for the same seed.
      DispatchQueue.global().sync {
        SimulatedExecutor.$current.withValue(executor) { send(value.input, stream.stream) }
      }
    }
  }

  /// An exploration of an MVVM view model, explored directly: each step calls one of its
  /// methods on the main actor, lets its work run, advances its clock or makes an event
  /// happen (a value its injected publishers send, from any thread), and checks the
  /// invariant on the view model. A printed test writes each call as `.call(…)`.
  ///
  /// ```swift
  /// let cart = Exploration(
  ///   "cart",
  ///   viewModel: { _ in CartViewModel(store: StandInStore()) },
  ///   calls: Gen.oneOf(Gen.always(CartCall.add), Gen.always(.clear)),
  ///   call: { call, viewModel in
  ///     switch call {
  ///     case .add: viewModel.add()
  ///     case .clear: viewModel.clear()
  ///     }
  ///   },
  ///   invariant: { viewModel in
  ///     if viewModel.count < 0 { throw Broken("a negative count") }
  ///   })
  /// ```
  ///
  /// - Parameters:
  ///   - name: What the printed test calls it: the name of the property you keep it in.
  ///   - make: Builds the view model, given the exploration's test clock.
  ///   - calls: Your enumeration of the view model's methods, with their arguments.
  ///   - call: Calls one method on the view model.
  ///   - events: What else may happen, by name.
  ///   - invariant: Throws when what the view model shows is wrong.
  public init<ViewModel: AnyObject, Call>(
    _ name: String = "exploration",
    viewModel make: @escaping @MainActor (ExploreClock) -> ViewModel,
    calls: Generator<Call, some SendableSequenceType>,
    call: @escaping @MainActor (Call, ViewModel) -> Void,
    events: [Event] = [],
    invariant: @escaping @MainActor (ViewModel) throws -> Void = { _ in }
  ) where Screen == ExploredScreen<ViewModel, Call> {
    self.init(
      name, subject: make, actions: calls, perform: call, events: events, invariant: invariant)
    // A view model's methods are called on the main actor, never from another thread.
    weights.sendFromAnotherThread = 0
    stepWord = "call"
  }

  /// What the stream and view-model explorations share: the object made, each action
  /// performed on it, the invariant read from it, and its freed check.
  private init<Subject: AnyObject, Input>(
    _ name: String, subject make: @escaping @MainActor (ExploreClock) -> Subject,
    actions: Generator<Input, some SendableSequenceType>,
    perform: @escaping @MainActor (Input, Subject) -> Void, events: [Event],
    invariant: @escaping @MainActor (Subject) throws -> Void
  ) where Screen == ExploredScreen<Subject, Input> {
    self.init(
      name: name, makeAction: { rng in try actions.run(using: &rng, limit: 1_000) },
      events: events, invariant: { try invariant($0.subject) },
      make: { clock in ExploredScreen(make(clock), perform: perform) })
    alsoFreed = { [$0.subject] }
  }
}
