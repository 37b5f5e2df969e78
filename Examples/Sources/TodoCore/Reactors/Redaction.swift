import Uniflow

// What `todo --record` leaves out of a recording: task memos, which may be private.
// Titles stay, so that a replay still reads like the session it came from. A memo is
// hidden the same way in actions, mutations and states, so that reducing a hidden
// mutation gives the hidden state (see `SessionRedaction`).

extension TaskListViewReactor {
  /// Hides every task's memo.
  public static let redaction = SessionRedaction<TaskListViewReactor>(
    mutation: { mutation in
      switch mutation {
      case .setTasks(let tasks, let selectedIndex):
        .setTasks(tasks.map(\.withMemoHidden), selectedIndex: selectedIndex)
      case .insertTask(let index, let task): .insertTask(index, task.withMemoHidden)
      case .updateTask(let index, let task): .updateTask(index, task.withMemoHidden)
      default: mutation
      }
    },
    state: { state in
      var state = state
      state.tasks = state.tasks.map(\.withMemoHidden)
      return state
    })
}

extension TaskEditViewReactor {
  /// Hides the memo being edited. A replay compares hidden memos, so it cannot tell two
  /// memos apart, nor check what `reduce` derives from them (`shouldConfirmCancel`).
  public static let redaction = SessionRedaction<TaskEditViewReactor>(
    action: { action in
      guard case .updateTaskMemo(let memo) = action else { return action }
      return .updateTaskMemo(hiddenMemo(memo))
    },
    mutation: { mutation in
      guard case .updateTaskMemo(let memo) = mutation else { return mutation }
      return .updateTaskMemo(hiddenMemo(memo))
    },
    state: { state in
      var state = state
      state.taskMemo = hiddenMemo(state.taskMemo)
      return state
    })
}

extension TodoTask {
  /// The task with its memo hidden.
  var withMemoHidden: TodoTask {
    var task = self
    task.memo = memo.map(hiddenMemo)
    return task
  }
}

/// A memo as a recording shows it: empty stays empty, anything else is "(memo)".
func hiddenMemo(_ memo: String) -> String {
  memo.isEmpty ? "" : "(memo)"
}
