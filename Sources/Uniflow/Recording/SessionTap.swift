import Foundation

/// The runtime's side of a recording: it turns what the engine does into session-file
/// lines for a ``SessionRecorder``. Made by ``Reactor/record(into:redacting:)``, which
/// knows the types are `Codable` and hands in the encoders.
@MainActor
@usableFromInline
final class SessionTap<Action, Mutation, State> {
  /// What the runtime knows about the mutation about to be reduced.
  @usableFromInline
  enum Arrival {
    /// Nothing: it came out of the `transform(mutation:)` hook's own publishers.
    case unknown
    /// From the `.just` or `.sequence` effect that `mutate` returned.
    case mutate
    /// From an asynchronous effect.
    case effect
  }

  private let recorder: SessionRecorder
  private let instance: Int
  private let encodeAction: (Action) throws -> Data?
  private let encodeMutation: (Mutation) throws -> Data?
  private let encodeState: (State) throws -> Data
  private var arrival = Arrival.unknown
  private var actions = 0
  /// The actions being performed, innermost last: each one's number, when it started, and
  /// how long the recorder itself has taken since (which its duration leaves out).
  private var open: [(number: Int, start: UInt64, recorderNanoseconds: UInt64)] = []
  /// The same intervals for Instruments, on Apple platforms.
  private let signposts = ActionSignposts()

  @usableFromInline
  init(
    recorder: SessionRecorder, reactorType: String,
    encodeAction: @escaping (Action) throws -> Data?,
    encodeMutation: @escaping (Mutation) throws -> Data?,
    encodeState: @escaping (State) throws -> Data,
    startingFrom state: State
  ) {
    self.recorder = recorder
    self.encodeAction = encodeAction
    self.encodeMutation = encodeMutation
    self.encodeState = encodeState
    instance = recorder.nextInstance()
    // A state that cannot be encoded is said by the first mutation line, which stops the
    // recorder; the header is written without it.
    recorder.write(
      SessionLine.header(instance: instance, reactor: reactorType, state: try? encodeState(state)))
  }

  /// `action` is about to go to `mutate`.
  @usableFromInline
  func performing(_ action: Action) {
    actions += 1
    let number = actions
    recorder.write {
      guard let json = try encodeAction(action) else { return nil }
      return SessionLine.action(
        instance: instance, number: number, time: Date().timeIntervalSince1970, json: json)
    }
    signposts.begin(number)
    open.append((number, DispatchTime.now().uptimeNanoseconds, 0))
  }

  /// The action `performing(_:)` announced has been through `mutate`, its synchronous
  /// mutations through `reduce`, and the new states to their observers: what it took on the
  /// main actor, less the recorder's own work, is written as its timing line.
  @usableFromInline
  func performed() {
    let end = DispatchTime.now().uptimeNanoseconds
    guard let action = open.popLast() else { return }
    signposts.end(action.number)
    let elapsed = end &- action.start
    let spent = elapsed > action.recorderNanoseconds ? elapsed - action.recorderNanoseconds : 0
    // An action performed inside this one is part of this one's time, its recording too.
    if !open.isEmpty { open[open.count - 1].recorderNanoseconds += action.recorderNanoseconds }
    recorder.write(
      SessionLine.timing(
        instance: instance, number: action.number, microseconds: Int(spent / 1000)))
  }

  /// Runs `body`, which applies mutations that came from `arrival`.
  @usableFromInline
  func arriving(from arrival: Arrival, _ body: () -> Void) {
    let outer = self.arrival
    self.arrival = arrival
    body()
    self.arrival = outer
  }

  /// `mutation` was reduced, and `state` is the result.
  @usableFromInline
  func reduced(_ mutation: Mutation, to state: State) {
    let source: MutationSource =
      switch arrival {
      case .unknown: .hook
      case .mutate: .mutate
      case .effect: .effect
      }
    let start = open.isEmpty ? 0 : DispatchTime.now().uptimeNanoseconds
    recorder.write {
      guard let json = try encodeMutation(mutation) else { return nil }
      return SessionLine.mutation(
        instance: instance, source: source, json: json, state: try encodeState(state))
    }
    if !open.isEmpty {
      open[open.count - 1].recorderNanoseconds += DispatchTime.now().uptimeNanoseconds - start
    }
  }
}
