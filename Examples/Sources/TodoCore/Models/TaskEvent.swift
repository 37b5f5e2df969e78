/// A change made through the task service, told to every screen that shows tasks.
///
/// The list screen merges these into its mutations (`transform(mutation:)`), so a task
/// saved on the edit screen appears on the list without the two screens knowing each other.
public enum TaskEvent: Equatable, Sendable {
  case create(TodoTask)
  case update(TodoTask)
  case delete(id: String)
  case move(id: String, to: Int)
  case markAsDone(id: String)
  case markAsUndone(id: String)
}
