import Foundation
import GRDB

/// A task's row: the task and its place in the list.
struct TaskRecord: Codable, FetchableRecord, PersistableRecord {
  static let databaseTableName = "task"

  var id: String
  var title: String
  var memo: String?
  var isDone: Bool
  var position: Int

  init(_ task: TodoTask, position: Int) {
    self.id = task.id
    self.title = task.title
    self.memo = task.memo
    self.isDone = task.isDone
    self.position = position
  }

  var task: TodoTask {
    TodoTask(id: id, title: title, memo: memo, isDone: isDone)
  }

  static func ordered(_ db: Database) throws -> [TaskRecord] {
    try TaskRecord.order(Column("position")).fetchAll(db)
  }

  static func find(id: String, in db: Database) throws -> TaskRecord {
    guard let record = try TaskRecord.fetchOne(db, key: id) else {
      throw TodoStoreError.taskNotFound(id: id)
    }
    return record
  }
}

extension TodoDatabase {
  /// Every task, in list order.
  public func tasks() throws(TodoStoreError) -> [TodoTask] {
    try read { db in try TaskRecord.ordered(db).map(\.task) }
  }

  /// Adds a task at the end of the list.
  @discardableResult
  public func insertTask(title: String, memo: String?) throws(TodoStoreError) -> TodoTask {
    try appendTask(title: title, memo: memo).task
  }

  /// Adds a task at the end of the list and returns it with its number in the list
  /// (from 1), both read in the insert's own transaction: another process adding at the
  /// same moment cannot make this report its task instead.
  public func appendTask(title: String, memo: String?) throws(TodoStoreError)
    -> (number: Int, task: TodoTask)
  {
    let title = try Self.validated(title)
    let task = TodoTask(title: title, memo: try Self.normalized(memo))
    return try write { db in
      let last = try Int.fetchOne(db, sql: "SELECT MAX(position) FROM task") ?? -1
      try TaskRecord(task, position: last + 1).insert(db)
      let number = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM task") ?? 1
      return (number, task)
    }
  }

  /// Changes a task's title and memo.
  @discardableResult
  public func updateTask(id: String, title: String, memo: String?) throws(TodoStoreError)
    -> TodoTask
  {
    let title = try Self.validated(title)
    let memo = try Self.normalized(memo)
    return try write { db in
      var record = try TaskRecord.find(id: id, in: db)
      record.title = title
      record.memo = memo
      try record.update(db)
      return record.task
    }
  }

  /// Marks a task done or not done.
  @discardableResult
  public func setTask(id: String, isDone: Bool) throws(TodoStoreError) -> TodoTask {
    try write { db in
      var record = try TaskRecord.find(id: id, in: db)
      record.isDone = isDone
      try record.update(db)
      return record.task
    }
  }

  /// Removes a task.
  @discardableResult
  public func deleteTask(id: String) throws(TodoStoreError) -> TodoTask {
    try write { db in
      let record = try TaskRecord.find(id: id, in: db)
      try record.delete(db)
      return record.task
    }
  }

  /// Moves a task to `index` in the list (clamped to the list), shifting the others.
  @discardableResult
  public func moveTask(id: String, to index: Int) throws(TodoStoreError) -> TodoTask {
    try write { db in
      var records = try TaskRecord.ordered(db)
      guard let source = records.firstIndex(where: { $0.id == id }) else {
        throw TodoStoreError.taskNotFound(id: id)
      }
      let record = records.remove(at: source)
      records.insert(record, at: min(max(0, index), records.count))
      for (position, var record) in records.enumerated() where record.position != position {
        record.position = position
        try record.update(db)
      }
      return record.task
    }
  }

  private static func validated(_ title: String) throws(TodoStoreError) -> String {
    let trimmed = title.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty else { throw .emptyTitle }
    guard !trimmed.unicodeScalars.contains("\0") else { throw .nulCharacter }
    guard trimmed.count <= TodoTask.titleLimit else {
      throw .tooLong(field: "title", limit: TodoTask.titleLimit)
    }
    return trimmed
  }

  private static func normalized(_ memo: String?) throws(TodoStoreError) -> String? {
    if let memo, memo.unicodeScalars.contains("\0") { throw .nulCharacter }
    guard let memo = memo?.trimmingCharacters(in: .whitespacesAndNewlines), !memo.isEmpty else {
      return nil
    }
    guard memo.count <= TodoTask.memoLimit else {
      throw .tooLong(field: "memo", limit: TodoTask.memoLimit)
    }
    return memo
  }
}
