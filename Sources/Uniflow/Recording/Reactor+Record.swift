import Foundation

extension Reactor where Action: Codable, Mutation: Codable, State: Codable {
  /// Records, into `recorder`, each action this reactor handles, each mutation it reduces
  /// with where it came from, and the state after it; `stopRecording()` ends it.
  ///
  /// ```swift
  /// let recorder = try SessionRecorder(creatingFileAt: path)
  /// reactor.record(into: recorder, redacting: SignInReactor.redaction)
  /// ```
  ///
  /// The action, mutation and state types must be `Codable`; the compiler says so here
  /// when one is not. What is recorded is what `mutate` saw (after `transform(action:)`)
  /// and what `reduce` got (after `transform(mutation:)`), so that a replay can feed
  /// them in again. The reactor's header line holds the state it is in now, where a
  /// replay or a test written from the recording starts. While nothing is recorded it
  /// costs one check per action and per mutation.
  // Inlinable so that the app's build makes the three encoders for its own types.
  @inlinable
  public func record(
    into recorder: SessionRecorder, redacting redaction: SessionRedaction<Self> = .none
  ) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    func json(_ value: some Encodable) throws -> Data {
      try encoder.encode(value)
    }
    runtime.recording = SessionTap(
      recorder: recorder, reactorType: String(reflecting: Self.self),
      encodeAction: { action in try redaction.action(action).map(json) },
      encodeMutation: { mutation in try redaction.mutation(mutation).map(json) },
      encodeState: { state in try json(redaction.state(state)) },
      startingFrom: runtime.reducedState(of: self))
  }
}

extension Reactor {
  /// Stops what ``record(into:redacting:)`` started; the recorder keeps what it has.
  ///
  /// ```swift
  /// reactor.stopRecording()
  /// ```
  public func stopRecording() {
    runtime.recording = nil
  }
}

/// What a recording leaves out: the one place an app hides a password or drops a value
/// before it is written.
///
/// ```swift
/// extension SignInReactor {
///   static let redaction = SessionRedaction<SignInReactor>(
///     action: { action in
///       guard case .setPassword(let password) = action else { return action }
///       return .setPassword(password.isEmpty ? "" : "•••")
///     },
///     mutation: { mutation in
///       guard case .setPassword(let password) = mutation else { return mutation }
///       return .setPassword(password.isEmpty ? "" : "•••")
///     },
///     state: { state in
///       var state = state
///       state.password = state.password.isEmpty ? "" : "•••"
///       return state
///     })
/// }
/// ```
///
/// A replay given the same redaction reduces the redacted mutations and compares
/// redacted states, so hide a value in the action and the mutation the way the state
/// hides it: above, reducing the hidden mutation gives the hidden state. A mutation left
/// out (`nil`) is missing from the replay, which then fails at the next state; hide
/// values rather than drop them where a replay matters.
public struct SessionRedaction<Reactor: Uniflow.Reactor> {
  /// The action as written, or `nil` to leave it out.
  public var action: (Reactor.Action) -> Reactor.Action?
  /// The mutation as written, or `nil` to leave it (and the state after it) out.
  public var mutation: (Reactor.Mutation) -> Reactor.Mutation?
  /// The state as written.
  public var state: (Reactor.State) -> Reactor.State

  /// A redaction made of the three functions; each keeps its value by default.
  public init(
    action: @escaping (Reactor.Action) -> Reactor.Action? = { $0 },
    mutation: @escaping (Reactor.Mutation) -> Reactor.Mutation? = { $0 },
    state: @escaping (Reactor.State) -> Reactor.State = { $0 }
  ) {
    self.action = action
    self.mutation = mutation
    self.state = state
  }

  /// Writes everything as it is.
  public static var none: SessionRedaction { SessionRedaction() }
}
