import Foundation
import Uniflow

// A stream and a view model, each with a bug that only some order of steps reaches, and
// each with a switch that takes the bug out: explored directly, not as a flow's child.

/// What a user may do to ``TypeaheadStream``: type a query.
enum TypeaheadInput: Equatable, Sendable {
  case type(String)
}

/// Searches as the user types and shows the answer to the query typed. The bug, when
/// `switches` is false: `flatMap` keeps every search running, so the answer to an older
/// query lands after a newer one, even after the field was emptied.
final class TypeaheadStream: UnioStream<TypeaheadStream>, @unchecked Sendable {
  // Sendable because its inputs are relays and its outputs are read on the main actor.
  struct Input: InputType { let query = PublishRelay<String>() }
  struct Output: OutputType {
    let query: BehaviorRelay<String>
    let results: BehaviorRelay<[String]>
  }
  struct State: StateType {
    let query = BehaviorRelay(value: "")
    let results = BehaviorRelay<[String]>(value: [])
  }
  struct Extra: ExtraType { let switches: Bool }

  static func bind(from dependency: Dependency<Input, State, Extra>, disposeBag: DisposeBag)
    -> Output
  {
    let state = dependency.state
    dependency.inputPublishers.query.bind(to: state.query).disposed(by: disposeBag)
    let answers = dependency.inputPublishers.query.map { query in
      query.isEmpty
        ? Just([]).eraseToAnyPublisher()
        : TaskPublisher { ["\(query)-1", "\(query)-2"] }.eraseToAnyPublisher()
    }
    let latest =
      dependency.extra.switches
      ? answers.switchToLatest().eraseToAnyPublisher()
      : answers.flatMap { $0 }.eraseToAnyPublisher()
    latest.bind(to: state.results).disposed(by: disposeBag)
    return Output(query: state.query, results: state.results)
  }

  init(switches: Bool) {
    super.init(input: Input(), state: State(), extra: Extra(switches: switches))
  }
}

/// What a user may do on ``InboxViewModel``'s screen.
enum InboxCall: Equatable, Sendable {
  case refresh, signOut
}

/// An inbox: `refresh` loads the messages, `signOut` empties them. The bug, when
/// `cancelsOnSignOut` is false: a load still running when the user signs out delivers
/// the messages afterwards, to a signed-out screen.
@MainActor
final class InboxViewModel {
  @Published private(set) var messages: [String] = []
  @Published private(set) var isSignedOut = false
  private let cancelsOnSignOut: Bool
  private var loading: AnyCancellable?

  init(cancelsOnSignOut: Bool) { self.cancelsOnSignOut = cancelsOnSignOut }

  func refresh() {
    isSignedOut = false
    loading = TaskPublisher { ["hello", "welcome"] }
      .sinkOnMainActor { [weak self] messages in self?.messages = messages }
  }

  func signOut() {
    if cancelsOnSignOut { loading = nil }
    messages = []
    isSignedOut = true
  }
}

/// A view model whose `keep` stores a closure that holds the view model itself.
@MainActor
final class SelfKeeper {
  enum Call: Equatable, Sendable { case keep }
  private var onDone: (() -> Void)?

  func keep() { onDone = { _ = self.onDone } }
}

/// A view model that counts what comes back from a background queue: its `load` hops to
/// a global queue and back to the main queue with Combine's `receive(on:)`.
@MainActor
final class BackgroundCounter {
  enum Call: Equatable, Sendable { case load }
  private(set) var count = 0
  private var loads: [AnyCancellable] = []

  func load() {
    Just(1).receive(on: DispatchQueue.global()).receive(on: DispatchQueue.main)
      .sink { [weak self] value in MainActor.assumeIsolated { self?.count += value } }
      .store(in: &loads)
  }
}
