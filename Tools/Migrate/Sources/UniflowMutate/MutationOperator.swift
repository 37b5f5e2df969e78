/// A kind of small change `uniflow mutate` makes to an app's code, one that a test
/// should notice.
///
/// The first seven are the usual ones of every mutation tool; the rest know the
/// architecture: a reducer, an effect, a relay, a flow's navigation.
///
/// ```swift
/// MutationOperator.mutateCaseNone.summary   // "a `mutate` case returns `.none`"
/// ```
public enum MutationOperator: String, CaseIterable, Sendable, Codable {
  /// `<` ↔ `<=`, `>` ↔ `>=`, `==` ↔ `!=`.
  case relational
  /// `true` ↔ `false`.
  case booleanLiteral
  /// `&&` ↔ `||`.
  case logical
  /// `+` ↔ `-`, `*` ↔ `/`, `%` → `*`, and the same for `+=` and its kin.
  case arithmetic
  /// An `if`, `guard` or `while` condition negated.
  case negatedCondition
  /// A ternary's branches swapped.
  case swappedTernary
  /// A call made for its effect removed.
  case removedCall
  /// A case of `reduce` that changes nothing.
  case reduceCaseUnchanged
  /// One assignment to the state in `reduce` removed.
  case removedStateAssignment
  /// A case of `mutate` that returns `.none`.
  case mutateCaseNone
  /// Two effects of a `concat` swapped.
  case swappedConcat
  /// `.cancellable(id:)` removed from an effect.
  case removedCancellable
  /// `.cancellable(id:)`'s `cancelInFlight` flipped.
  case flippedCancelInFlight
  /// `.cancel(id:)` replaced with `.none`.
  case removedCancel
  /// A relay's `accept` or a subject's `send` removed.
  case removedSend
  /// An assignment to a `@Published` property removed.
  case removedPublishedAssignment
  /// A flow's `push` made a `present`, or the other way round.
  case swappedNavigation
  /// A statement that pops a flow's stack removed.
  case removedPop
  /// A child screen's `transitionItem` report removed.
  case removedTransitionReport
  /// `removeDuplicates` removed.
  case removedRemoveDuplicates
  /// A `debounce` or `throttle` interval made zero.
  case zeroedInterval

  /// What the change is, in a report's words.
  public var summary: String {
    switch self {
    case .relational: "a comparison changed"
    case .booleanLiteral: "a Boolean literal flipped"
    case .logical: "`&&` and `||` swapped"
    case .arithmetic: "an arithmetic operator changed"
    case .negatedCondition: "a condition negated"
    case .swappedTernary: "a ternary's branches swapped"
    case .removedCall: "a call removed"
    case .reduceCaseUnchanged: "a `reduce` case changes nothing"
    case .removedStateAssignment: "an assignment to the state removed"
    case .mutateCaseNone: "a `mutate` case returns `.none`"
    case .swappedConcat: "two effects of a `concat` swapped"
    case .removedCancellable: "`.cancellable(id:)` removed"
    case .flippedCancelInFlight: "`cancelInFlight` flipped"
    case .removedCancel: "`.cancel(id:)` made `.none`"
    case .removedSend: "an `accept` or `send` removed"
    case .removedPublishedAssignment: "an assignment to a `@Published` property removed"
    case .swappedNavigation: "`push` and `present` swapped"
    case .removedPop: "a pop removed"
    case .removedTransitionReport: "a `transitionItem` report removed"
    case .removedRemoveDuplicates: "`removeDuplicates` removed"
    case .zeroedInterval: "a `debounce` or `throttle` interval made zero"
    }
  }

  /// Whether the operator knows the architecture (a reducer, an effect, a flow), rather
  /// than being one every mutation tool has.
  public var isArchitectural: Bool {
    switch self {
    case .relational, .booleanLiteral, .logical, .arithmetic, .negatedCondition, .swappedTernary,
      .removedCall:
      false
    default: true
    }
  }
}
