import Clocks
import Foundation
import Uniflow

// Small screens, each with one bug planted where only an order of steps that nobody would
// write by hand reaches it, and one screen with none.

/// The invariant the explorations check: a thrown `Broken` names what is wrong.
struct Broken: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

/// A lock with three actions: only `arm`, then `load`, then `fire` in that order drives
/// the charge below zero (`fire` forgets that `load` already spent it).
final class ThreeStepLock: Reactor {
  enum Action: Equatable, CaseIterable { case arm, load, fire, reset }
  struct State: Equatable {
    var isArmed = false
    var isLoaded = false
    var charge = 1
  }

  let initialState = State()
  let runtime = ReactorRuntime<ThreeStepLock>()

  func mutate(action: Action) -> Effect<Action> { .just(action) }

  func reduce(state: inout State, mutation: Action) {
    switch mutation {
    case .arm: state.isArmed = true
    case .load:
      if state.isArmed, !state.isLoaded {
        state.isLoaded = true
        state.charge -= 1
      } else {
        state.isArmed = false
      }
    case .fire:
      // The bug: a loaded lock pays the charge a second time.
      if state.isLoaded { state.charge -= 1 }
      state.isArmed = false
      state.isLoaded = false
    case .reset: state = State()
    }
  }
}

/// A search that waits 300 ms before it asks, on a clock or on a Combine scheduler;
/// clearing it cancels the wait, but under the wrong id: the results of the cleared query
/// arrive once time moves on.
final class DebouncedSearch: Reactor {
  enum Action: Equatable { case type(String), clear }
  enum Mutation: Equatable { case setQuery(String), setResults([String]) }
  struct State: Equatable {
    var query = ""
    var results: [String] = []
  }
  /// What the search waits on.
  enum Waiting {
    case clock(any Clock<Duration>)
    case scheduler(AnySchedulerOf<DispatchQueue>)
  }
  private enum SearchID: Hashable { case typing, clearing }

  let initialState = State()
  let runtime = ReactorRuntime<DebouncedSearch>()
  let waiting: Waiting

  init(clock: any Clock<Duration>) { waiting = .clock(clock) }
  init(scheduler: AnySchedulerOf<DispatchQueue>) { waiting = .scheduler(scheduler) }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .type(let query):
      .concat(
        .just(.setQuery(query)),
        search(query).cancellable(id: SearchID.typing, cancelInFlight: true))
    case .clear:
      // The bug: the id of the wait is `.typing`.
      .concat(.cancel(id: SearchID.clearing), .just(.setQuery("")), .just(.setResults([])))
    }
  }

  private func search(_ query: String) -> Effect<Mutation> {
    let results = Mutation.setResults(["\(query)-1", "\(query)-2"])
    switch waiting {
    case .clock(let clock):
      return .run { send in
        try? await clock.sleep(for: .milliseconds(300))
        if !Task.isCancelled { send(results) }
      }
    case .scheduler(let scheduler):
      return .publisher(Just(results).delay(for: .milliseconds(300), scheduler: scheduler))
    }
  }

  func reduce(state: inout State, mutation: Mutation) {
    switch mutation {
    case .setQuery(let query): state.query = query
    case .setResults(let results): state.results = results
    }
  }
}

/// A counter whose `add` computes the new count from the state it saw when it started: two
/// adds whose work overlaps lose one.
final class RacyCounter: Reactor {
  enum Action: Equatable { case add, show }
  enum Mutation: Equatable { case setCount(Int), showed }
  struct State: Equatable {
    var count = 0
    var addsDone = 0
    var shown = 0
  }

  let initialState = State()
  let runtime = ReactorRuntime<RacyCounter>()

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .add:
      // The bug: `count` is read when the work starts, not when it ends.
      .run { [count = currentState.count] send in
        await Task.yield()
        send(.setCount(count + 1))
      }
    case .show: .just(.showed)
    }
  }

  func reduce(state: inout State, mutation: Mutation) {
    switch mutation {
    case .setCount(let count):
      state.count = count
      state.addsDone += 1
    case .showed: state.shown += 1
    }
  }
}

/// A flow of a list, a detail and an editor. The editor, once it saves, closes itself by
/// popping back to the screen under it: right when it was pushed over a detail, and a pop
/// past the stack when a deep link opened it on its own.
final class EditorFlow: Reactor {
  enum Route: Hashable { case detail(Int), edit(Int) }
  enum Action: Equatable { case navigation(NavigationAction<Route>) }
  struct State: NavigationState, Equatable {
    var path: [Route] = []
    var modal: Route?
  }

  let initialState = State()
  let runtime = ReactorRuntime<EditorFlow>()
  let screens = ChildScreens<EditorFlow>()

  init() {
    screens.attach(to: self, root: nil) { route in
      switch route {
      case .detail: return ChildScreen(Editor())
      case .edit:
        let editor = Editor()
        return ChildScreen(editor, transitionItem: editor.saved) { _, sender in
          // The bug: the screen under the editor is taken to be a detail.
          sender.index.map { .navigation(.didPop(toDepth: $0 - 1)) }
        }
      }
    }
  }

  func reduce(state: inout State, mutation: Action) {
    switch mutation {
    case .navigation(let navigation): state.apply(navigation)
    }
  }
}

/// The editor screen of ``EditorFlow``: it reports when it saves.
final class Editor: Sendable {
  let saved = PublishRelay<Void>()
  func save() { saved.accept(()) }
}

/// A screen whose `remember` action keeps a closure that holds the screen itself.
final class ForgetfulScreen: Reactor {
  enum Action: Equatable { case open, remember, close }
  struct State: Equatable { var opened = 0 }

  let initialState = State()
  let runtime = ReactorRuntime<ForgetfulScreen>()
  private var onClose: (() -> Void)?

  func mutate(action: Action) -> Effect<Action> {
    // The bug: the closure captures `self` strongly, so the screen holds itself.
    if action == .remember { onClose = { _ = self.currentState } }
    return .just(action)
  }

  func reduce(state: inout State, mutation: Action) {
    if mutation == .open { state.opened += 1 }
  }
}

/// A counter with no bug: adds that complete in any order, a timer, a reset.
final class SoundCounter: Reactor {
  enum Action: Equatable { case add, tick, reset }
  enum Mutation: Equatable { case added, ticked, reset }
  struct State: Equatable {
    var count = 0
    var ticks = 0
  }

  let initialState = State()
  let runtime = ReactorRuntime<SoundCounter>()
  let clock: any Clock<Duration>

  init(clock: any Clock<Duration>) { self.clock = clock }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .add:
      .run { send in
        await Task.yield()
        send(.added)
      }
    case .tick:
      .run { [clock] send in
        try? await clock.sleep(for: .seconds(1))
        if !Task.isCancelled { send(.ticked) }
      }
      .cancellable(id: "tick", cancelInFlight: true)
    case .reset: .concat(.cancel(id: "tick"), .just(.reset))
    }
  }

  func reduce(state: inout State, mutation: Mutation) {
    switch mutation {
    case .added: state.count += 1
    case .ticked: state.ticks += 1
    case .reset: state = State()
    }
  }
}

/// A screen whose `ping` starts two relays answering each other from another thread,
/// forever: its hops to the main actor never settle.
final class PingPongScreen: Reactor {
  enum Action: Equatable { case ping }
  struct State: Equatable { var pings = 0 }

  let initialState = State()
  let runtime = ReactorRuntime<PingPongScreen>()
  private let left = PublishRelay<Int>()
  private let right = PublishRelay<Int>()
  private var bag = Set<AnyCancellable>()

  func mutate(action: Action) -> Effect<Action> {
    if bag.isEmpty {
      let (left, right) = (left, right)
      left.sinkOnMainActor { value in DispatchQueue.global().sync { right.accept(value + 1) } }
        .store(in: &bag)
      right.sinkOnMainActor { value in DispatchQueue.global().sync { left.accept(value + 1) } }
        .store(in: &bag)
    }
    let left = left
    DispatchQueue.global().sync { left.accept(0) }
    return .just(action)
  }

  func reduce(state: inout State, mutation: Action) { state.pings += 1 }
}

/// A shared service of notes: it tells whoever follows it that a note changed.
final class NotesService: Sendable {
  let changes = PublishRelay<Int>()
}

/// A flow of notes over a shared service. A note's screen follows the service's changes
/// once the user pins it; how it follows them is its `Pinning`.
final class NotesFlow: Reactor {
  /// How a note's screen follows the service.
  enum Pinning: Sendable {
    /// The bug: a `sink` whose closure holds the screen, kept in the screen, so the
    /// screen and its subscription hold each other for as long as the service lives.
    case holdingItself
    /// `[weak self]`: the screen goes when its route does.
    case weakly
    /// Holds the screen only while a call it started is running: freed once that work
    /// has run, which is no leak.
    case untilItsCallAnswers
  }

  enum Route: Hashable { case note(Int) }
  enum Action: Equatable { case navigation(NavigationAction<Route>) }
  struct State: NavigationState, Equatable {
    var path: [Route] = []
    var modal: Route?
  }

  let initialState = State()
  let runtime = ReactorRuntime<NotesFlow>()
  let screens = ChildScreens<NotesFlow>()
  let service = NotesService()

  init(pinning: Pinning) {
    screens.attach(to: self, root: nil) { [service] route in
      let note = NoteViewModel(service: service, pinning: pinning)
      return ChildScreen(note, transitionItem: note.closed) { _ in .navigation(.pop) }
    }
  }

  func reduce(state: inout State, mutation: Action) {
    switch mutation {
    case .navigation(let navigation): state.apply(navigation)
    }
  }
}

/// A note's screen as a view model.
@MainActor
final class NoteViewModel {
  let closed = PublishRelay<Void>()
  private(set) var changes = 0
  private let service: NotesService
  private let pinning: NotesFlow.Pinning
  private var following: AnyCancellable?

  init(service: NotesService, pinning: NotesFlow.Pinning) {
    self.service = service
    self.pinning = pinning
  }

  func pin() {
    switch pinning {
    case .holdingItself:
      following = service.changes.sink { _ in self.changes += 1 }
    case .weakly:
      following = service.changes.sink { [weak self] _ in self?.changes += 1 }
    case .untilItsCallAnswers:
      following = TaskPublisher { 1 }.sink { count in self.changes += count }
    }
  }

  func close() { closed.accept(()) }
}
