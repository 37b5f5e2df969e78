import CustomDump

/// Writes what a reactor does, for debugging: each action, each mutation it leads to, and
/// how the state changed, as a diff. Made by ``Reactor/logChanges(_:)``.
@MainActor
@usableFromInline
final class ChangeLog<Action, Mutation, State> {
  private let write: (String) -> Void

  init(write: @escaping (String) -> Void) {
    self.write = write
  }

  /// An action is about to go to `mutate`.
  @usableFromInline
  func handling(_ action: Action) {
    write("action \(String(customDumping: action))")
  }

  /// `mutation` was reduced.
  @usableFromInline
  func reduced(_ mutation: Mutation, from before: State, to after: State) {
    var entry = "  mutation \(String(customDumping: mutation))"
    if let difference = diff(before, after, format: .proportional) {
      entry +=
        "\n"
        + difference.split(separator: "\n", omittingEmptySubsequences: false)
        .map { "    " + $0 }.joined(separator: "\n")
    } else {
      entry += " (state unchanged)"
    }
    write(entry)
  }
}

extension Reactor {
  /// Writes every action this reactor handles, the mutations each leads to, and a diff of
  /// the state after each mutation, through `write`: `print`, a file, a logger. Call it
  /// with `nil` to stop. While it is off it costs one check per action and per mutation.
  ///
  /// ```swift
  /// reactor.logChanges { print($0) }
  /// // action TaskListViewReactor.Action.refresh
  /// //   mutation TaskListViewReactor.Mutation.setTasks(…)
  /// //     TaskListViewReactor.State(
  /// //   -   tasks: [],
  /// //   +   tasks: [ … ],
  /// //       …
  /// //     )
  /// ```
  public func logChanges(_ write: ((String) -> Void)?) {
    runtime.changeLog = write.map { ChangeLog(write: $0) }
  }
}
