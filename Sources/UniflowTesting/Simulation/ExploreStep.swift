/// One step of an exploration (see ``Exploration``): what a screen can see happen next in
/// a real app. A failure is reported as the shortest list of steps that still fails, which
/// ``Exploration/replay(_:fileID:filePath:line:column:)`` runs again.
///
/// ```swift
/// await exploration.replay([
///   .send(.search("a")),
///   .advanceClock(milliseconds: 300),
///   .runWork(0),
/// ])
/// ```
public enum ExploreStep<Action> {
  /// Sends the action on the main actor, as a tap would.
  case send(Action)
  /// Sends the action through `reactor.action` from another thread; it reaches the screen
  /// in the step, after its hop to the main actor.
  case sendFromAnotherThread(Action)
  /// Lets one piece of the screen's asynchronous work run until it next waits: the body
  /// of a `.run` effect or of a `TaskPublisher` call, picked by its place among those
  /// waiting, oldest first (an index past the end picks the newest). So completions come
  /// in every order, not only the one a fast machine gives.
  case runWork(Int)
  /// Advances the clock the screen was given, and its Combine scheduler with it
  /// (``ExploreClock/scheduler``).
  case advanceClock(milliseconds: Int)
  /// One of the events the exploration declares, by name: a child screen's report, a
  /// deep link arriving, a notification.
  case event(String)
}

extension ExploreStep: Equatable where Action: Equatable {}
extension ExploreStep: Sendable where Action: Sendable {}

extension ExploreStep {
  /// A view model's method called on the main actor: the same step as ``send(_:)``, named
  /// as a test of a view model reads.
  ///
  /// ```swift
  /// await search.replay([.call(.search("a")), .runWork(0)])
  /// ```
  public static func call(_ method: Action) -> ExploreStep { .send(method) }

  /// The step as Swift source, as a test to paste writes it: `.send(.increment)`, or with
  /// `sending` as `call`, `.call(.search("a"))`.
  func source(sending word: String = "send") -> String {
    switch self {
    case .send(let action): ".\(word)(\(SwiftLiteral(action).oneLine))"
    case .sendFromAnotherThread(let action):
      ".sendFromAnotherThread(\(SwiftLiteral(action).oneLine))"
    case .runWork(let index): ".runWork(\(index))"
    case .advanceClock(let milliseconds): ".advanceClock(milliseconds: \(milliseconds))"
    case .event(let name): ".event(\(SwiftLiteral(name).oneLine))"
    }
  }
}
