import Foundation
import GRDB
import Testing
import TodoTestSupport
import UniflowTesting
import TodoCore

@Suite struct TodoDatabaseTests {
  let directory: TemporaryDirectory
  let path: String

  init() throws {
    directory = try TemporaryDirectory()
    path = directory.path("data/todo.sqlite")
  }

  @Test func tasksAreKeptInListOrderAcrossOpenings() throws {
    let database = try TodoDatabase.open(at: path)
    let milk = try database.insertTask(title: "  Buy milk ", memo: "2 litres")
    let mom = try database.insertTask(title: "Call mom", memo: "  ")
    let taxes = try database.insertTask(title: "Taxes", memo: nil)
    try database.setTask(id: mom.id, isDone: true)
    try database.updateTask(id: taxes.id, title: "Pay taxes", memo: "by Friday")
    try database.moveTask(id: taxes.id, to: 0)
    try database.deleteTask(id: milk.id)

    let reopened = try TodoDatabase.open(at: path)
    #expect(
      try reopened.tasks() == [
        TodoTask(id: taxes.id, title: "Pay taxes", memo: "by Friday"),
        TodoTask(id: mom.id, title: "Call mom", memo: nil, isDone: true),
      ])
    #expect(milk.title == "Buy milk")
  }

  @Test func movingClampsToTheListAndKeepsEveryTask() throws {
    let database = try TodoDatabase.open(at: path)
    let titles = ["a", "b", "c", "d"]
    let tasks = try titles.map { try database.insertTask(title: $0, memo: nil) }
    try database.moveTask(id: tasks[0].id, to: 99)
    try database.moveTask(id: tasks[3].id, to: -5)
    #expect(try database.tasks().map(\.title) == ["d", "b", "c", "a"])
  }

  @Test func aBlankTitleIsRefusedAndNothingIsStored() throws {
    let database = try TodoDatabase.open(at: path)
    #expect(throws: TodoStoreError.emptyTitle) { try database.insertTask(title: " \n", memo: nil) }
    #expect(try database.tasks().isEmpty)
  }

  @Test func aNULInATitleOrMemoIsRefusedRatherThanCutOnTheWayBack() throws {
    let database = try TodoDatabase.open(at: path)
    #expect(throws: TodoStoreError.nulCharacter) {
      try database.insertTask(title: "Buy\u{0}milk", memo: nil)
    }
    #expect(throws: TodoStoreError.nulCharacter) {
      try database.insertTask(title: "Buy milk", memo: "2\u{0}litres")
    }
    let task = try database.insertTask(title: "Buy milk", memo: nil)
    #expect(throws: TodoStoreError.nulCharacter) {
      try database.updateTask(id: task.id, title: "Buy\u{0}milk", memo: nil)
    }
    // Everything else a keyboard or a paste can give comes back whole.
    let odd = "é\u{301} ❤️ 🇯🇵 日本語 \u{1B}[2J \t tab"
    let stored = try database.updateTask(id: task.id, title: odd, memo: odd)
    #expect(try TodoDatabase.open(at: path).tasks().map(\.title) == [stored.title])
    #expect(try TodoDatabase.open(at: path).tasks().first?.memo == odd)
  }

  @Test func changingAMissingTaskSaysItIsGone() throws {
    let database = try TodoDatabase.open(at: path)
    #expect(throws: TodoStoreError.taskNotFound(id: "nope")) {
      try database.setTask(id: "nope", isDone: true)
    }
  }

  @Test func settingsAreStoredAndRemoved() throws {
    let database = try TodoDatabase.open(at: path)
    try database.setSettingData(Data("1".utf8), forKey: "k")
    try database.setSettingData(Data("2".utf8), forKey: "k")
    #expect(try TodoDatabase.open(at: path).settingData(forKey: "k") == Data("2".utf8))
    try database.setSettingData(nil, forKey: "k")
    #expect(try database.settingData(forKey: "k") == nil)
  }

  @Test func aFileThatIsNotADatabaseIsRefusedAndLeftAlone() throws {
    try FileManager.default.createDirectory(
      atPath: directory.path("data"), withIntermediateDirectories: true)
    let contents = Data("my shopping list, not SQLite\n".utf8)
    try contents.write(to: URL(fileURLWithPath: path))
    #expect(throws: TodoStoreError.notADatabase(path: path)) { try TodoDatabase.open(at: path) }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == contents)
  }

  @Test func aDamagedDatabaseIsRefusedAndLeftAlone() throws {
    do {
      let database = try TodoDatabase.open(at: path)
      try database.insertTask(title: "Buy milk", memo: nil)
    }
    // Keep SQLite's header, scribble over the rest of the first page (the schema).
    var contents = try Data(contentsOf: URL(fileURLWithPath: path))
    for index in 100..<min(contents.count, 4096) { contents[index] = 0xA5 }
    try contents.write(to: URL(fileURLWithPath: path))

    #expect(throws: TodoStoreError.notADatabase(path: path)) { try TodoDatabase.open(at: path) }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == contents)
  }

  @Test func aDatabaseFromANewerVersionIsRefusedAndLeftAlone() throws {
    do {
      let database = try TodoDatabase.open(at: path)
      try database.insertTask(title: "Buy milk", memo: nil)
    }
    let newer = try DatabaseQueue(path: path)
    try newer.write { db in
      try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v2: tags')")
      try db.execute(sql: "CREATE TABLE tag (name TEXT)")
    }
    try newer.close()
    let before = try Data(contentsOf: URL(fileURLWithPath: path))

    #expect(throws: TodoStoreError.newerSchema(path: path, unknownMigrations: ["v2: tags"])) {
      try TodoDatabase.open(at: path)
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
  }

  @Test func anotherProgramsDatabaseIsRefusedUntouchedInBothModes() throws {
    try FileManager.default.createDirectory(
      atPath: directory.path("data"), withIntermediateDirectories: true)
    let other = try DatabaseQueue(path: path)
    try other.write { db in
      try db.execute(sql: "CREATE TABLE contact (name TEXT); INSERT INTO contact VALUES ('Ann')")
    }
    try other.close()
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    for readOnly in [true, false] {
      #expect(throws: TodoStoreError.notATodoDatabase(path: path, tables: ["contact"])) {
        try TodoDatabase.open(at: path, readOnly: readOnly)
      }
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
  }

  @Test func anotherGRDBAppsDatabaseIsNotMistakenForANewerTodo() throws {
    try FileManager.default.createDirectory(
      atPath: directory.path("data"), withIntermediateDirectories: true)
    var migrator = DatabaseMigrator()
    migrator.registerMigration("users") { db in try db.execute(sql: "CREATE TABLE user (id)") }
    let other = try DatabaseQueue(path: path)
    try migrator.migrate(other)
    try other.close()
    #expect(
      throws: TodoStoreError.notATodoDatabase(path: path, tables: ["grdb_migrations", "user"])
    ) {
      try TodoDatabase.open(at: path)
    }
  }

  @Test func readingOnlyCreatesNothingAndWritesNothing() throws {
    let missing = try TodoDatabase.open(at: path, readOnly: true)
    #expect(try missing.tasks().isEmpty)
    #expect(!FileManager.default.fileExists(atPath: path))
    #expect(!FileManager.default.fileExists(atPath: directory.path("data")))

    do {
      let database = try TodoDatabase.open(at: path)
      try database.insertTask(title: "Buy milk", memo: nil)
    }
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    let reader = try TodoDatabase.open(at: path, readOnly: true)
    #expect(try reader.tasks().map(\.title) == ["Buy milk"])
    #expect(throws: TodoStoreError.self) { try reader.insertTask(title: "Nope", memo: nil) }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
  }

  @Test func anEmptySQLiteFileReadsAsNoTasksAndIsLeftEmpty() throws {
    try FileManager.default.createDirectory(
      atPath: directory.path("data"), withIntermediateDirectories: true)
    #expect(FileManager.default.createFile(atPath: path, contents: Data()))
    #expect(try TodoDatabase.open(at: path, readOnly: true).tasks().isEmpty)
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)).isEmpty)
  }

  @Test func manyConnectionsMigratingANewFileAtOnceAllSucceed() throws {
    // Threads with a connection each race as processes do: each checks the schema,
    // finds nothing, and migrates. (The end-to-end suite races real processes.)
    for round in 0..<10 {
      let path = directory.path("race-\(round).sqlite")
      let failures = Recorder<String>()
      DispatchQueue.concurrentPerform(iterations: 4) { index in
        do {
          let database = try TodoDatabase.open(at: path)
          try database.insertTask(title: "from \(index)", memo: nil)
        } catch {
          failures.append("\(error)")
        }
      }
      #expect(failures.values == [])
      #expect(try TodoDatabase.open(at: path).tasks().count == 4)
    }
  }

  @Test func titlesAndMemosPastTheirLimitsAreRefused() throws {
    let database = try TodoDatabase.open(at: path)
    let longTitle = String(repeating: "牛", count: TodoTask.titleLimit + 1)
    #expect(throws: TodoStoreError.tooLong(field: "title", limit: TodoTask.titleLimit)) {
      try database.insertTask(title: longTitle, memo: nil)
    }
    let longMemo = String(repeating: "a", count: TodoTask.memoLimit + 1)
    #expect(throws: TodoStoreError.tooLong(field: "memo", limit: TodoTask.memoLimit)) {
      try database.insertTask(title: "ok", memo: longMemo)
    }
    let atTheLimit = String(repeating: "🇯🇵", count: TodoTask.titleLimit)
    #expect(try database.insertTask(title: atTheLimit, memo: nil).title == atTheLimit)
    #expect(try database.tasks().count == 1)
  }

  @Test func aDatabaseLockedByAnotherConnectionIsReportedAsLocked() throws {
    do {
      let database = try TodoDatabase.open(at: path)
      try database.insertTask(title: "Buy milk", memo: nil)
    }
    let other = try DatabaseQueue(path: path)
    try other.writeWithoutTransaction { db in
      try db.execute(sql: "BEGIN EXCLUSIVE")
      #expect(throws: TodoStoreError.locked(path: path)) {
        try TodoDatabase.open(at: path, busyTimeout: 0.1)
      }
      try db.execute(sql: "ROLLBACK")
    }
    #expect(try TodoDatabase.open(at: path).tasks().map(\.title) == ["Buy milk"])
  }

  @Test func aFolderInPlaceOfTheFileCannotBeOpened() throws {
    let folder = directory.path("folder.sqlite")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    #expect {
      try TodoDatabase.open(at: folder)
    } throws: { error in
      if case .cannotOpen(let failedPath, _) = error as? TodoStoreError {
        failedPath == folder
      } else {
        false
      }
    }
  }

  @Test func theDefaultPathFollowsXDGDataHome() {
    #expect(
      TodoDatabase.defaultPath(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/a"])
        == "/data/uniflow-todo/todo.sqlite")
    #expect(
      TodoDatabase.defaultPath(environment: ["HOME": "/home/a"])
        == "/home/a/.local/share/uniflow-todo/todo.sqlite")
    #expect(
      TodoDatabase.defaultPath(environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/a"])
        == "/home/a/.local/share/uniflow-todo/todo.sqlite")
  }
}
