import Foundation
import GRDB
import Testing
import TodoTestSupport
import UniflowTesting

#if canImport(Glibc)
  import Glibc
#endif

/// `todo`'s scriptable subcommands, run as a shell script would.
@Suite struct TodoCommandTests {
  let directory: TemporaryDirectory
  let database: String

  init() throws {
    directory = try TemporaryDirectory()
    database = directory.path("todo.sqlite")
  }

  func todo(_ arguments: String...) async throws -> (status: Int32, output: String, error: String) {
    try await Binaries.run("todo", arguments + ["--db", database])
  }

  @Test func addListDoneMoveAndRemove() async throws {
    #expect(
      try await todo("add", "Buy milk", "--memo", "2 litres").output
        == "Added 1. [ ] Buy milk — 2 litres\n")
    #expect(try await todo("add", "Call mom").status == 0)
    #expect(try await todo("add", "Taxes").status == 0)
    #expect(try await todo("done", "2").output == "Done 2. [x] Call mom\n")
    #expect(try await todo("mv", "3", "1").output == "Moved 1. [ ] Taxes\n")
    #expect(
      try await todo("list").output == "1. [ ] Taxes\n2. [ ] Buy milk — 2 litres\n3. [x] Call mom\n"
    )
    #expect(try await todo("undone", "3").status == 0)
    #expect(try await todo("rm", "2").output == "Deleted 2. [ ] Buy milk — 2 litres\n")
    #expect(try await todo("list").output == "1. [ ] Taxes\n2. [ ] Call mom\n")
  }

  @Test(arguments: ["done", "undone", "rm", "mv"])
  func theSmallestAndLargestIntegersAreOutOfRangeNotACrash(command: String) async throws {
    _ = try await todo("add", "Only one")
    for number in [Int.min, Int.max, 0] {
      let numbers = command == "mv" ? ["\(number)", "1"] : ["\(number)"]
      let result = try await Binaries.run("todo", [command, "--db", database, "--"] + numbers)
      #expect(result.status == 1, "\(command) \(number)")
      #expect(result.error.contains("no task \(number): there are tasks 1 to 1"))
    }
    let moveTo = try await Binaries.run("todo", ["mv", "--db", database, "--", "1", "\(Int.min)"])
    #expect(moveTo.status == 1)
    #expect(try await todo("list").output == "1. [ ] Only one\n")
  }

  @Test func eachConcurrentAddReportsTheTaskItAdded() async throws {
    _ = try await todo("add", "first")  // the schema exists before the race
    let outputs = Recorder<(title: String, output: String)>()
    let database = self.database
    await withTaskGroup { group in
      for process in 0..<4 {
        group.addTask {
          for round in 0..<5 {
            let title = "p\(process)-\(round)"
            let result = try? await Binaries.run("todo", ["add", title, "--db", database])
            outputs.append((title, result?.output ?? "failed"))
          }
        }
      }
    }
    let lines = try await todo("list").output.split(separator: "\n").map(String.init)
    #expect(lines.count == 21)
    for (title, output) in outputs.values {
      // "Added N. [ ] title", and line N of the list is that very task.
      let added = output.dropFirst("Added ".count).trimmingCharacters(in: .newlines)
      #expect(added.hasSuffix("[ ] \(title)"), "\(output)")
      #expect(lines.contains(added), "\(added)")
    }
  }

  @Test func aHostileTitlePrintsAsOneLineOfText() async throws {
    let title = "evil\u{1B}]0;pwned\u{7}\n2. [ ] forged"
    let added = try await todo("add", title, "--memo", "\u{1B}[2J")
    #expect(added.output == "Added 1. [ ] evil␛]0;pwned␇␊2. [ ] forged — ␛[2J\n")
    let listed = try await todo("list").output
    #expect(listed == "1. [ ] evil␛]0;pwned␇␊2. [ ] forged — ␛[2J\n")
    #expect(try await todo("done", "1").output.hasPrefix("Done 1. [x] evil␛]0;pwned␇␊"))
  }

  @Test func aPathIsAPathNotAnSQLiteName() async throws {
    let folder = directory.path("")
    let empty = try await Binaries.run("todo", ["add", "--db", "", "Tea"], in: folder)
    #expect(empty.status == 1)
    #expect(empty.error.contains("the path is empty; use --in-memory"))
    // SQLite's in-memory and URI names are files in the current folder, kept like any other.
    for name in [":memory:", "file:x.db?mode=memory"] {
      #expect(try await Binaries.run("todo", ["add", "--db", name, "Tea"], in: folder).status == 0)
      let listed = try await Binaries.run("todo", ["list", "--db", name], in: folder)
      #expect(listed.output == "1. [ ] Tea\n", "\(name)")
      #expect(FileManager.default.fileExists(atPath: directory.path(name)), "\(name)")
    }
  }

  @Test func aFIFOOrAFolderIsRefusedAtOnce() async throws {
    let fifo = directory.path("pipe")
    #expect(mkfifo(fifo, 0o600) == 0)
    for path in [fifo, directory.path("")] {
      let result = try await Binaries.run("todo", ["list", "--db", path])
      #expect(result.status == 1)
      #expect(result.error.contains("it is not a regular file"), "\(path)")
    }
  }

  @Test func listingWritesNothingAndAnotherProgramsDatabaseIsRefusedUntouched() async throws {
    let missing = try await todo("list")
    #expect(missing.status == 0)
    #expect(!FileManager.default.fileExists(atPath: database))

    let other = directory.path("other-app.sqlite")
    #expect(
      makeForeignDatabase(
        other, "CREATE TABLE contact (name TEXT); INSERT INTO contact VALUES ('Ann');"))
    let before = try Data(contentsOf: URL(fileURLWithPath: other))
    for command in [["list"], ["add", "Tea"], ["done", "1"]] {
      let result = try await Binaries.run("todo", command + ["--db", other])
      #expect(result.status == 1, "\(command)")
      #expect(result.error.contains("is another program's database (it holds contact)"))
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: other)) == before)
  }

  @Test func twoProcessesStartingOnANewDatabaseAtOnceBothKeepTheirTask() async throws {
    let failures = Recorder<String>()
    for pair in 0..<10 {
      let path = directory.path("pair-\(pair).sqlite")
      await withTaskGroup { group in
        for process in 0..<2 {
          group.addTask {
            let result = try? await Binaries.run("todo", ["add", "from \(process)", "--db", path])
            if result?.status != 0 { failures.append(result?.error ?? "did not run") }
          }
        }
      }
      let listed = try await Binaries.run("todo", ["list", "--db", path]).output
      #expect(listed.split(separator: "\n").count == 2, "pair \(pair): \(listed)")
    }
    #expect(failures.values == [])
  }

  @Test func aTitleOverTheLimitIsRefusedWithTheLimit() async throws {
    let result = try await todo("add", String(repeating: "x", count: 201))
    #expect(result.status == 1)
    #expect(result.error.contains("a title holds at most 200 characters"))
    #expect(try await todo("list").output.isEmpty)
  }

  @Test func anErrorMessageCarriesNoControlSequence() async throws {
    let path = directory.path("evil\u{1B}]0;pwned\u{7}")
    try Data("not SQLite".utf8).write(to: URL(fileURLWithPath: path))
    let result = try await Binaries.run("todo", ["list", "--db", path])
    #expect(result.status == 1)
    #expect(result.error.contains("evil␛]0;pwned␇ is not a Todo database"))
    #expect(!result.error.contains("\u{1B}"))
  }

  @Test func aNumberOutOfRangeFailsWithStatusOneAndChangesNothing() async throws {
    _ = try await todo("add", "Only one")
    let result = try await todo("done", "5")
    #expect(result.status == 1)
    #expect(result.error.contains("no task 5: there are tasks 1 to 1"))
    #expect(result.output.isEmpty)
    #expect(try await todo("list").output == "1. [ ] Only one\n")
  }

  @Test func misuseFailsWithTheUsageStatus() async throws {
    #expect(try await todo("frobnicate").status == 64)
    #expect(try await todo("done", "two").status == 64)
    #expect(try await Binaries.run("todo", ["list", "--db", database, "--in-memory"]).status == 64)
  }

  @Test func aBlankTitleIsRefused() async throws {
    let result = try await todo("add", "  ")
    #expect(result.status == 1)
    #expect(result.error.contains("a task needs a title"))
  }

  @Test func listingPrintsNothingWhenEmptyAndNotATerminal() async throws {
    let result = try await todo("list")
    #expect(result.status == 0)
    #expect(result.output.isEmpty)
  }

  @Test func helpListsTheSubcommands() async throws {
    let result = try await Binaries.run("todo", ["--help"])
    #expect(result.status == 0)
    for subcommand in ["add", "list", "done", "undone", "rm", "mv"] {
      #expect(result.output.contains("  \(subcommand)"))
    }
  }

  @Test func theFullScreenAppNeedsATerminal() async throws {
    let result = try await todo()
    #expect(result.status == 1)
    #expect(result.error.contains("must be a terminal"))
  }

  /// Makes a database as another program would: a connection of the test's own, with
  /// tables `todo` knows nothing of.
  func makeForeignDatabase(_ path: String, _ sql: String) -> Bool {
    do {
      let queue = try DatabaseQueue(path: path)
      try queue.write { db in try db.execute(sql: sql) }
      try queue.close()
      return true
    } catch {
      return false
    }
  }
}
