import Foundation

/// A task on the list: RxTodo's `Task`, renamed so that it does not hide Swift's `Task`.
public struct TodoTask: Identifiable, Equatable, Hashable, Sendable, Codable {
  public var id: String
  public var title: String
  public var memo: String?
  public var isDone: Bool

  /// The most characters a title holds: enough for any task, short enough to draw.
  public static let titleLimit = 200
  /// The most characters a memo holds.
  public static let memoLimit = 2_000

  public init(
    id: String = UUID().uuidString, title: String, memo: String? = nil, isDone: Bool = false
  ) {
    self.id = id
    self.title = title
    self.memo = memo
    self.isDone = isDone
  }
}
