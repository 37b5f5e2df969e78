import ArgumentParser
import CommandSupport
import Foundation
import TerminalKit
import TodoCore
import TodoUI
import Uniflow

/// `todo`: the full-screen app with no subcommand, and scriptable subcommands over the
/// same database.
@main
struct TodoCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "todo",
    abstract: "A todo list: RxTodo on Uniflow's reactors, kept in SQLite.",
    discussion: """
      With no subcommand, todo opens the full-screen app. Tasks are numbered from 1 in \
      list order, as `todo list` shows them.
      """,
    subcommands: [Open.self, Add.self, List.self, Done.self, Undone.self, Remove.self, Move.self],
    defaultSubcommand: Open.self
  )

  /// Runs the command as ArgumentParser does, with one difference: the message of an
  /// error from the database or the command passes through `TerminalLine`, as it may
  /// quote a path or a title, and those reach stderr as text, never as control sequences.
  static func main() async {
    do {
      var command = try parseAsRoot()
      if var command = command as? any AsyncParsableCommand {
        try await command.run()
      } else {
        try command.run()
      }
    } catch  where error is TodoStoreError || error is CommandFailure {
      exit(withError: CommandFailure(TerminalLine("\(error)").text))
    } catch {
      exit(withError: error)
    }
  }
}

/// Where the tasks are kept; every subcommand takes these.
struct StoreOptions: ParsableArguments {
  @Option(
    name: .customLong("db"),
    help: "The database file (default: $XDG_DATA_HOME/uniflow-todo/todo.sqlite).")
  var path: String?

  @Flag(help: "Keep tasks in memory only; nothing is saved.")
  var inMemory = false

  func validate() throws {
    if inMemory, path != nil {
      throw ValidationError("--db and --in-memory cannot be used together.")
    }
  }

  /// The database, opened only for reading when `readOnly` (a missing file is then no
  /// tasks, and nothing is created).
  func openDatabase(readOnly: Bool = false) throws(TodoStoreError) -> TodoDatabase {
    if inMemory { return TodoDatabase.inMemory() }
    return try TodoDatabase.open(at: path ?? TodoDatabase.defaultPath(), readOnly: readOnly)
  }
}

extension TodoCommand {
  struct Open: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Open the full-screen app (the default).")

    @OptionGroup var store: StoreOptions

    @Option(
      name: .customLong("log-changes"),
      help: ArgumentHelp(
        "Append each action, its mutations and the state's changes to FILE.",
        valueName: "FILE"))
    var logChanges: String?

    @Option(
      help: ArgumentHelp(
        "Record the session into FILE, a new file, to replay in a test (memos hidden).",
        valueName: "FILE"))
    var record: String?

    @MainActor
    func run() async throws {
      let database = try store.openDatabase()
      let changeLog = try logChanges.map(ChangeLogFile.init(appendingTo:))
      let app = TodoApp(database: database)
      if let changeLog { app.changeLog = { changeLog.write($0) } }
      // A recording that cannot be made or written is said once, when the app ends (the
      // app runs on without it).
      let recording = CommandRecording(path: record)
      defer { recording.finish() }
      app.recorder = recording.recorder
      app.start()
      do {
        try await Terminal.runFullScreen(
          render: { TodoRenderer.render(app.screen, size: $0) },
          handle: { app.handle($0) == .quit })
      } catch {
        throw CommandFailure("\(error); use `todo list` and `todo add` in scripts")
      }
    }
  }

  struct Add: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Add a task at the end of the list.")

    @OptionGroup var store: StoreOptions
    @Argument(help: "The task's title.") var title: String
    @Option(help: "A note shown after the title.") var memo: String?

    func run() throws {
      let database = try store.openDatabase()
      let added = try database.appendTask(title: title, memo: memo)
      print("Added \(TaskLine(number: added.number, task: added.task))")
    }
  }

  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Print the tasks, numbered.")

    @OptionGroup var store: StoreOptions

    func run() throws {
      let tasks = try store.openDatabase(readOnly: true).tasks()
      if tasks.isEmpty, isatty(STDOUT_FILENO) == 1 {
        print("No tasks yet. Add one with: todo add \"title\"")
      }
      for (index, task) in tasks.enumerated() {
        print(TaskLine(number: index + 1, task: task))
      }
    }
  }

  struct Done: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Mark task N done.")

    @OptionGroup var store: StoreOptions
    @Argument(help: "The task's number in `todo list`.") var number: Int

    func run() throws {
      print("Done \(try store.openDatabase().mark(number: number, isDone: true))")
    }
  }

  struct Undone: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Mark task N not done.")

    @OptionGroup var store: StoreOptions
    @Argument(help: "The task's number in `todo list`.") var number: Int

    func run() throws {
      print("Not done \(try store.openDatabase().mark(number: number, isDone: false))")
    }
  }

  struct Remove: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "rm", abstract: "Delete task N.", aliases: ["remove"])

    @OptionGroup var store: StoreOptions
    @Argument(help: "The task's number in `todo list`.") var number: Int

    func run() throws {
      let database = try store.openDatabase()
      let task = try database.task(number: number)
      try database.deleteTask(id: task.id)
      print("Deleted \(TaskLine(number: number, task: task))")
    }
  }

  struct Move: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "mv", abstract: "Move task N to position M.", aliases: ["move"])

    @OptionGroup var store: StoreOptions
    @Argument(help: "The task's number in `todo list`.") var number: Int
    @Argument(help: "Its new number.") var position: Int

    func run() throws {
      let database = try store.openDatabase()
      let task = try database.task(number: number)
      _ = try database.task(number: position)
      let moved = try database.moveTask(id: task.id, to: position - 1)
      print("Moved \(TaskLine(number: position, task: moved))")
    }
  }
}

/// A task as `todo list` prints it: `2. [x] Buy milk — 2 litres`, sanitised like every
/// line drawn on screen (a title cannot hold a control sequence or start a new line).
struct TaskLine: CustomStringConvertible {
  let number: Int
  let task: TodoTask

  var description: String {
    let memo = task.memo.map { " — \($0)" } ?? ""
    return TerminalLine("\(number). [\(task.isDone ? "x" : " ")] \(task.title)\(memo)").text
  }
}

extension TodoDatabase {
  /// The task numbered `number` in list order, or an error naming the valid range.
  func task(number: Int) throws -> TodoTask {
    let tasks = try tasks()
    // Compared before any arithmetic: `number - 1` would overflow for `Int.min`.
    guard number >= 1, number <= tasks.count else {
      let range = tasks.isEmpty ? "the list is empty" : "there are tasks 1 to \(tasks.count)"
      throw CommandFailure("no task \(number): \(range)")
    }
    return tasks[number - 1]
  }

  /// Marks the task numbered `number` done or not, and returns its new line.
  func mark(number: Int, isDone: Bool) throws -> TaskLine {
    let task = try task(number: number)
    return TaskLine(number: number, task: try setTask(id: task.id, isDone: isDone))
  }
}

/// The file behind `--log-changes`: opened for appending (what it holds is kept), and only
/// if it is a regular file or does not exist yet.
final class ChangeLogFile {
  private let handle: FileHandle

  init(appendingTo path: String) throws {
    var isDirectory: ObjCBool = false
    let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
    if exists {
      let type =
        try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType
      guard type == .typeRegular else {
        throw CommandFailure("--log-changes: \(path) is not a regular file")
      }
    } else if !FileManager.default.createFile(atPath: path, contents: nil) {
      throw CommandFailure("--log-changes: cannot create \(path)")
    }
    guard let handle = FileHandle(forWritingAtPath: path) else {
      throw CommandFailure("--log-changes: cannot write to \(path)")
    }
    handle.seekToEndOfFile()
    self.handle = handle
  }

  func write(_ entry: String) {
    handle.write(Data((entry + "\n").utf8))
  }
}
