import Uniflow

/// A reactor with every way a mutation arrives: at once from `mutate`, from a publisher
/// (the "server"), and from the `transform(mutation:)` hook (a service's events).
@MainActor
final class NotesReactor: Reactor {
  enum Action: Codable, Equatable, Sendable {
    case add(String)
    case toggle(Int)
    case load
    case setPassword(String)
  }

  enum Mutation: Codable, Equatable, Sendable {
    case append(String)
    case toggle(Int)
    case setNotes([String])
    case setPassword(String)
  }

  struct State: Codable, Equatable, Sendable {
    var notes: [String] = []
    var done: Set<Int> = []
    var password = ""
  }

  let initialState = State()
  let runtime = ReactorRuntime<NotesReactor>()
  /// Answers `load`, once per load.
  let server = PassthroughSubject<[String], Never>()
  /// Mutations from elsewhere, merged in by the hook.
  let events = PassthroughSubject<Mutation, Never>()
  /// A copy of `reduce` with one line changed: `toggle` marks the next note.
  let breaksToggle: Bool

  init(breaksToggle: Bool = false) {
    self.breaksToggle = breaksToggle
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .add(let text): .just(.append(text))
    case .toggle(let index): .just(.toggle(index))
    case .load: .publisher(server.prefix(1).map(Mutation.setNotes))
    case .setPassword(let password): .just(.setPassword(password))
    }
  }

  func transform(mutation: AnyPublisher<Mutation, Never>) -> AnyPublisher<Mutation, Never> {
    mutation.merge(with: events).eraseToAnyPublisher()
  }

  func reduce(state: inout State, mutation: Mutation) {
    switch mutation {
    case .append(let text): state.notes.append(text)
    case .toggle(let index):
      let index = breaksToggle ? index + 1 : index
      if state.done.contains(index) { state.done.remove(index) } else { state.done.insert(index) }
    case .setNotes(let notes):
      state.notes = notes
      state.done = []
    case .setPassword(let password): state.password = password
    }
  }

  /// What a recording of this reactor leaves out: the password. The action and the
  /// mutation are hidden as the state is (an empty password stays empty), so that the
  /// redacted mutation leads to the redacted state; the property test found a version
  /// where it did not.
  static let redaction = SessionRedaction<NotesReactor>(
    action: { action in
      if case .setPassword(let password) = action { return .setPassword(hidden(password)) }
      return action
    },
    mutation: { mutation in
      if case .setPassword(let password) = mutation { return .setPassword(hidden(password)) }
      return mutation
    },
    state: { state in
      var state = state
      state.password = hidden(state.password)
      return state
    })

  private static func hidden(_ password: String) -> String {
    password.isEmpty ? "" : "•••"
  }
}
