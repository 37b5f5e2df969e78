/// The assignments that turn one state into another, as a test's assertion closure
/// writes them: `$0.tasks[0].isDone = true`, not a whole new state.
///
/// A state's own properties are compared one by one. Below them, a struct or an array of
/// the same length is followed down while one or two of its parts changed; past that, the
/// property is assigned whole, which reads better than many small assignments and does
/// not reach into a nested `let`.
enum StateChanges {
  /// How deep an assignment path may go.
  private static let depthLimit = 6

  /// One assignment: where, and the literal given.
  struct Change {
    var path: String
    var literal: SwiftLiteral
    /// Whether the literal is appended to the array at `path` rather than assigned.
    var appends = false

    /// The statement up to the literal: `$0.notes = ` or `$0.notes.append(`.
    var opening: String { appends ? "\(path).append(" : "\(path) = " }
    /// What follows the literal.
    var closing: String { appends ? ")" : "" }
  }

  /// The assignments from `old` to `new`, each starting with `$0`; every property of
  /// `new` when there is no `old`.
  static func changes(from old: Any?, to new: Any) -> [Change] {
    changes(from: old, to: new, path: "$0", depth: 0)
  }

  private static func changes(from old: Any?, to new: Any, path: String, depth: Int) -> [Change] {
    // Made only where the value is compared or given whole: a state followed down to one
    // changed property is not printed at every level on the way.
    func whole() -> [Change] { [Change(path: path, literal: SwiftLiteral(new))] }
    func unchanged() -> Bool { old.map(SwiftLiteral.init) == SwiftLiteral(new) }
    guard depth < depthLimit else { return unchanged() ? [] : whole() }
    let newMirror = Mirror(reflecting: new)
    guard let old else {
      // No earlier state: each property of a struct, or the value whole.
      guard depth == 0, newMirror.displayStyle == .struct else { return whole() }
      return newMirror.children.flatMap { child in
        property(child.label, old: nil, new: child.value, path: path, depth: depth)
      }
    }
    let oldMirror = Mirror(reflecting: old)
    switch (oldMirror.displayStyle, newMirror.displayStyle) {
    case (.struct, .struct) where type(of: old) == type(of: new) && !newMirror.children.isEmpty:
      var result: [Change] = []
      var changedProperties = 0
      for (oldChild, newChild) in zip(oldMirror.children, newMirror.children) {
        let found = property(
          newChild.label, old: oldChild.value, new: newChild.value, path: path, depth: depth)
        if !found.isEmpty { changedProperties += 1 }
        result += found
      }
      // Below the state itself, a struct with several changes is given whole.
      if depth > 0, changedProperties > 1 { return whole() }
      return result
    case (.collection, .collection) where oldMirror.children.count + 1 == newMirror.children.count:
      // One element added at the end: `append`, as a person writes it.
      guard case .array(let elements) = SwiftLiteral(new),
        SwiftLiteral(old) == .array(elements.dropLast())
      else { return whole() }
      return [Change(path: path, literal: elements.last!, appends: true)]
    case (.collection, .collection) where oldMirror.children.count == newMirror.children.count:
      var result: [Change] = []
      var changedElements = 0
      for (index, pair) in zip(oldMirror.children, newMirror.children).enumerated() {
        let found = changes(
          from: pair.0.value, to: pair.1.value, path: "\(path)[\(index)]", depth: depth + 1)
        if !found.isEmpty { changedElements += 1 }
        result += found
      }
      return changedElements > 2 ? whole() : result
    default:
      return unchanged() ? [] : whole()
    }
  }

  /// The changes of one stored property. A pulse's storage (`_message`) is assigned
  /// through its wrapper once per time it was set, so that the count matches too.
  private static func property(
    _ label: String?, old: Any?, new: Any, path: String, depth: Int
  ) -> [Change] {
    guard let label else { return [] }
    if label.hasPrefix("_"), let pulse = new as? any Pulsing {
      let oldPulse = old as? any Pulsing
      let oldCount = oldPulse?.pulseCount ?? 0
      let literal = SwiftLiteral(pulse.pulsedValue)
      let sameValue = oldPulse.map { SwiftLiteral($0.pulsedValue) == literal } ?? false
      let times =
        pulse.pulseCount > oldCount ? Int(pulse.pulseCount - oldCount) : (sameValue ? 0 : 1)
      let change = Change(path: "\(path).\(label.dropFirst())", literal: literal)
      return Array(repeating: change, count: min(times, 100))
    }
    return changes(from: old, to: new, path: "\(path).\(label)", depth: depth + 1)
  }
}
