import Foundation
import Uniflow

// A flow whose screens finish their work asynchronously and then ask to close: a record
// screen in each of the three shapes, each waiting on a gate the test opens. The echo
// screen reports whatever the test sends it, from any thread.

/// What a record screen's save waits for: the test opens it when it likes. Waiting ends
/// early when the task is cancelled.
final class Gate: @unchecked Sendable {
  // Sendable because `isOpen` is only read and written with `lock` held.
  private let lock = Lock()
  private var isOpen = false

  func open() { lock.withLock { isOpen = true } }

  /// Returns once the gate is open, or the task is cancelled.
  func pass() async {
    while !lock.withLock({ isOpen }), !Task.isCancelled {
      try? await Task.sleep(nanoseconds: 1_000_000)
    }
  }
}

/// The record screen as a reactor: its save is a `.run` effect.
final class RecordReactor: Reactor {
  enum Action { case save }
  enum Mutation { case saved }
  struct State { @Pulse var transitionItem: Void? }

  let initialState = State()
  let runtime = ReactorRuntime<RecordReactor>()
  let gate: Gate

  init(gate: Gate) { self.gate = gate }

  func mutate(action: Action) -> Effect<Mutation> {
    .run { [gate] send in
      await gate.pass()
      send(.saved)
    }
  }

  func reduce(state: inout State, mutation: Mutation) {
    state.transitionItem = ()
  }
}

/// The record screen as a stream: its save calls a service through `TaskPublisher`, whose
/// answer arrives on the task's thread.
final class RecordStream: UnioStream<RecordStream> {
  struct Input: InputType { let save = PublishRelay<Void>() }
  struct Output: OutputType { let transitionItem: AnyPublisher<Void, Never> }
  typealias State = NoState
  struct Extra: ExtraType { let gate: Gate }

  static func bind(from dependency: Dependency<Input, State, Extra>, disposeBag: DisposeBag)
    -> Output
  {
    let gate = dependency.extra.gate
    return Output(
      transitionItem: dependency.inputPublishers.save
        .map { TaskPublisher { await gate.pass() } }
        .switchToLatest()
        .eraseToAnyPublisher())
  }

  init(gate: Gate) { super.init(input: Input(), state: NoState(), extra: Extra(gate: gate)) }
}

/// The record screen as a view model: its save calls the service and reports when it
/// answers, on the task's thread.
@MainActor
final class RecordViewModel {
  let transitionItem: AnyPublisher<Void, Never>
  private let done = PublishRelay<Void>()
  private let gate: Gate
  private var saving: AnyCancellable?

  init(gate: Gate) {
    self.gate = gate
    transitionItem = done.eraseToAnyPublisher()
  }

  func save() {
    saving = TaskPublisher { [gate] in await gate.pass() }
      .sink { @Sendable [done] in done.accept(()) }
  }
}

/// How a record view model hands its service's answer to the main actor before it asks
/// to close: the hops an app writes, which nothing but the main queue knows of.
enum Hop: Hashable, CaseIterable, Sendable {
  /// `sinkOnMainActor`, the library's hop, as the docs recommend.
  case sinkOnMainActor
  /// `Task { @MainActor in … }`.
  case mainActorTask
  /// `DispatchQueue.main.async`.
  case mainQueue
  /// `receive(on: DispatchQueue.main)` before the sink.
  case receiveOnMainQueue
  /// A `Task { @MainActor in … }` that starts another before it reports.
  case twoTasks
  /// A dispatch queue of the app's own, then `DispatchQueue.main.async`: work no tester can
  /// see until it reaches the main queue.
  case backgroundQueue
  /// Combine's `delay` on a serial background queue, then `receive(on: DispatchQueue.main)`: the
  /// shape of a screen ported from `observe(on: MainScheduler.instance)` after background
  /// work.
  case delayThenMainQueue
  /// Combine's `debounce` on a background queue, then `receive(on: DispatchQueue.main)`.
  case debounceThenMainQueue
  /// `receive(on: RunLoop.main)` before the sink.
  case receiveOnMainRunLoop
  /// `receive(on: OperationQueue.main)` before the sink.
  case receiveOnMainOperationQueue
  /// `subscribe(on:)` a serial background queue, then `receive(on: DispatchQueue.main)`.
  case subscribeOnBackgroundThenMainQueue
  /// `Task.detached` that reports through `MainActor.run`.
  case detachedTaskThenMainActorRun
}

/// The record screen as a view model that keeps its state on the main actor: the
/// service's answer hops there (in the way `hop` says), and only then does the screen
/// ask to close.
@MainActor
final class HoppingRecordViewModel {
  let transitionItem: AnyPublisher<Void, Never>
  private(set) var isSaved = false
  private let done = PublishRelay<Void>()
  private let gate: Gate
  private let hop: Hop
  private var saving: AnyCancellable?

  /// A serial background queue. A concurrent one (`DispatchQueue.global()`) may run a
  /// delayed value and the completion delayed with it at once, and hand the completion
  /// on first: the value is then lost, in the app as in the test.
  static let background = DispatchQueue(label: "RecordFlow.background")

  init(gate: Gate, hop: Hop) {
    self.gate = gate
    self.hop = hop
    transitionItem = done.eraseToAnyPublisher()
  }

  func save() {
    let call = TaskPublisher { [gate] in await gate.pass() }
    switch hop {
    case .sinkOnMainActor:
      saving = call.sinkOnMainActor { [weak self] in self?.saved() }
    case .mainActorTask:
      saving = call.sink { @Sendable [weak self] in
        Task { @MainActor in self?.saved() }
      }
    case .mainQueue:
      saving = call.sink { @Sendable [weak self] in
        DispatchQueue.main.async { MainActor.assumeIsolated { self?.saved() } }
      }
    case .receiveOnMainQueue:
      saving = call.receive(on: DispatchQueue.main).sink { @Sendable [weak self] in
        MainActor.assumeIsolated { self?.saved() }
      }
    case .twoTasks:
      saving = call.sink { @Sendable [weak self] in
        Task { @MainActor in
          Task { @MainActor in self?.saved() }
        }
      }
    case .backgroundQueue:
      saving = call.sink { @Sendable [weak self] in
        DispatchQueue.global().async {
          DispatchQueue.main.async { MainActor.assumeIsolated { self?.saved() } }
        }
      }
    case .delayThenMainQueue:
      saving = call.delay(for: .milliseconds(2), scheduler: Self.background)
        .receive(on: DispatchQueue.main)
        .sink { @Sendable [weak self] in MainActor.assumeIsolated { self?.saved() } }
    case .debounceThenMainQueue:
      // An upstream that stays open: `debounce` drops a value still waiting when its
      // upstream finishes, on Apple's Combine as on OpenCombine.
      saving = call.append(Empty(completeImmediately: false))
        .debounce(for: .milliseconds(2), scheduler: Self.background)
        .receive(on: DispatchQueue.main)
        .sink { @Sendable [weak self] in MainActor.assumeIsolated { self?.saved() } }
    case .receiveOnMainRunLoop:
      saving = call.receive(on: RunLoop.main).sink { @Sendable [weak self] in
        MainActor.assumeIsolated { self?.saved() }
      }
    case .receiveOnMainOperationQueue:
      saving = call.receive(on: OperationQueue.main).sink { @Sendable [weak self] in
        MainActor.assumeIsolated { self?.saved() }
      }
    case .subscribeOnBackgroundThenMainQueue:
      saving = call.subscribe(on: Self.background)
        .receive(on: DispatchQueue.main)
        .sink { @Sendable [weak self] in MainActor.assumeIsolated { self?.saved() } }
    case .detachedTaskThenMainActorRun:
      saving = call.sink { @Sendable [weak self] in
        Task.detached { await MainActor.run { self?.saved() } }
      }
    }
  }

  private func saved() {
    isSaved = true
    done.accept(())
  }
}

/// A screen that reports what the test sends it, from any thread.
final class Echo: Sendable {
  let items = PublishRelay<Int>()
}

/// The flow: a detail screen, record screens over it, the echo screen.
final class RecordFlow: Reactor {
  enum Shape: Hashable, CaseIterable, Sendable { case reactor, stream, viewModel }
  enum Route: Hashable {
    case detail(Int), record(Int, Shape), hopping(Int, Hop), echo, shared, note(Title)
  }
  /// A note's title as the app shows it: its description is the raw text.
  struct Title: Hashable, CustomStringConvertible { let description: String }
  enum Action: Equatable { case navigation(NavigationAction<Route>) }
  struct State: NavigationState, Equatable {
    var path: [Route] = []
    var modal: Route?
  }

  let initialState = State()
  let runtime = ReactorRuntime<RecordFlow>()
  let screens = ChildScreens<RecordFlow>()
  let gate: Gate
  /// The one object every `.shared` route gets (a misuse the flow reports).
  let sharedEcho = Echo()

  init(gate: Gate = Gate(), rootEcho: Echo? = nil) {
    self.gate = gate
    screens.attach(
      to: self,
      root: rootEcho.map { echo in
        ChildScreen(echo, transitionItem: echo.items) { _ in .navigation(.pop) }
      },
      make: { [unowned self] route in makeScreen(for: route) })
  }

  private func makeScreen(for route: Route) -> ChildScreen<Action> {
    // A record screen closes itself, and whatever was pushed over it, wherever it is now.
    func close(_ sender: ScreenSender) -> Action? {
      if sender.isModal { return .navigation(.dismiss) }
      return sender.index.map { .navigation(.didPop(toDepth: $0)) }
    }
    switch route {
    case .detail, .note:
      return ChildScreen(Echo())
    case .record(_, .reactor):
      let record = RecordReactor(gate: gate)
      return ChildScreen(record, transitionItem: record.pulse(\.$transitionItem).compactMap { $0 })
      {
        close($1)
      }
    case .record(_, .stream):
      let record = RecordStream(gate: gate)
      return ChildScreen(record, transitionItem: record.output.transitionItem) { close($1) }
    case .record(_, .viewModel):
      let record = RecordViewModel(gate: gate)
      return ChildScreen(record, transitionItem: record.transitionItem) { close($1) }
    case .hopping(_, let hop):
      let record = HoppingRecordViewModel(gate: gate, hop: hop)
      return ChildScreen(record, transitionItem: record.transitionItem) { close($1) }
    case .echo:
      let echo = Echo()
      return ChildScreen(echo, transitionItem: echo.items) { .navigation(.push(.detail($0))) }
    case .shared:
      return ChildScreen(sharedEcho, transitionItem: sharedEcho.items) {
        .navigation(.push(.detail($0)))
      }
    }
  }

  func reduce(state: inout State, mutation: Action) {
    switch mutation {
    case .navigation(let navigation): state.apply(navigation)
    }
  }

  /// Starts the save of the record screen at `index` of the path (or the modal's).
  func startSaving(at index: Int?) {
    let screen = index.map { screens.screen(at: $0, as: AnyObject.self) } ?? screens.modal
    switch screen {
    case let record as RecordReactor: record.send(.save)
    case let record as RecordStream: record.input.save()
    case let record as RecordViewModel: record.save()
    case let record as HoppingRecordViewModel: record.save()
    default: preconditionFailure("No record screen at \(String(describing: index))")
    }
  }
}
