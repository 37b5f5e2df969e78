import SwiftUI
import TodoCore

/// The tasks kept in Application Support, or why that file could not be opened.
///
/// ```swift
/// @main struct TodoApp: App {
///   var body: some Scene { WindowGroup { TodoRootView() } }
/// }
/// ```
public struct TodoRootView: View {
  // Opened once, however often SwiftUI makes this view; created on first launch.
  private static let database = Result { () throws(TodoStoreError) in
    let file = URL.applicationSupportDirectory.appending(path: "todo.sqlite")
    return try TodoDatabase.open(at: file.path())
  }

  /// The root view.
  public init() {}

  public var body: some View {
    switch Self.database {
    case .success(let database):
      TodoListView(database: database)
    case .failure(let error):
      ContentUnavailableView(
        "The tasks cannot be opened", systemImage: "exclamationmark.triangle",
        description: Text(error.description))
    }
  }
}
