import Foundation
import Testing
import TodoTestSupport
import TodoCore
import Uniflow

@MainActor
@Suite struct TaskServiceTests {
  let directory: TemporaryDirectory
  let path: String

  init() throws {
    directory = try TemporaryDirectory()
    path = directory.path("todo.sqlite")
  }

  @Test func eachEventIsSentAfterTheChangeIsOnDisk() throws {
    let service = TaskService(database: try TodoDatabase.open(at: path))
    let reader = try TodoDatabase.open(at: path)
    var seenOnDisk: [[String]] = []
    let subscription = service.event.sink { @Sendable _ in
      MainActor.assumeIsolated {
        seenOnDisk.append((try? reader.tasks().map(\.title)) ?? ["read failed"])
      }
    }
    defer { subscription.cancel() }

    var created: TodoTask?
    _ = service.create(title: "Buy milk", memo: nil).sink(
      receiveCompletion: { _ in }, receiveValue: { created = $0 })
    let id = try #require(created?.id)
    _ = service.update(taskID: id, title: "Buy oat milk", memo: nil).sink(
      receiveCompletion: { _ in }, receiveValue: { _ in })
    #expect(seenOnDisk == [["Buy milk"], ["Buy oat milk"]])
  }

  @Test func aFailedChangeSendsTheErrorAndNoEvent() throws {
    let service = TaskService(database: try TodoDatabase.open(at: path))
    var events: [TaskEvent] = []
    let subscription = service.event.sink { @Sendable event in
      MainActor.assumeIsolated { events.append(event) }
    }
    defer { subscription.cancel() }

    var failure: TodoStoreError?
    _ = service.markAsDone(taskID: "missing").sink(
      receiveCompletion: { if case .failure(let error) = $0 { failure = error } },
      receiveValue: { _ in })
    #expect(failure == .taskNotFound(id: "missing"))
    #expect(events.isEmpty)
  }

  @Test func nothingHappensUntilSubscribed() throws {
    let database = try TodoDatabase.open(at: path)
    let service = TaskService(database: database)
    let publisher = service.create(title: "Later", memo: nil)
    #expect(try database.tasks().isEmpty)
    _ = publisher.sink(receiveCompletion: { _ in }, receiveValue: { _ in })
    #expect(try database.tasks().map(\.title) == ["Later"])
  }

  @Test func settingsRoundTripThroughTheDatabase() throws {
    let database = try TodoDatabase.open(at: path)
    try SettingsService(database: database).set("task-1", forKey: .selectedTaskID)
    #expect(
      SettingsService(database: try TodoDatabase.open(at: path)).value(forKey: .selectedTaskID)
        == "task-1")
  }
}
