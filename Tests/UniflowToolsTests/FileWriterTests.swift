import Foundation
import Testing
import UniflowToolSupport

@Suite final class FileWriterTests {
  let folder: URL

  /// Each test gets a new instance, and its folder goes with it.
  deinit { try? FileManager.default.removeItem(at: folder) }

  init() throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("uniflow-scaffold-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  func planned(_ names: [String], shared: Set<String> = []) -> [PlannedFile] {
    names.map {
      PlannedFile(
        url: folder.appendingPathComponent($0), contents: Data("new \($0)".utf8),
        keepsExisting: shared.contains($0))
    }
  }

  func contents(_ name: String) -> String? {
    try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
  }

  @Test func existingFilesAreAllNamedAndNothingIsWritten() throws {
    try Data("mine".utf8).write(to: folder.appendingPathComponent("B.swift"))
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("Tests"), withIntermediateDirectories: true)
    try Data("mine too".utf8).write(to: folder.appendingPathComponent("Tests/C.swift"))
    #expect(
      throws: FileWriterError.filesExist([
        folder.appendingPathComponent("B.swift").path,
        folder.appendingPathComponent("Tests/C.swift").path,
      ])
    ) {
      try FileWriter.write(self.planned(["A.swift", "B.swift", "Tests/C.swift"]), force: false)
    }
    #expect(contents("A.swift") == nil)
    #expect(contents("B.swift") == "mine")
    #expect(contents("Tests/C.swift") == "mine too")
  }

  @Test func forceOverwritesAndASharedFileIsKept() throws {
    try Data("mine".utf8).write(to: folder.appendingPathComponent("B.swift"))
    try Data("shared".utf8).write(to: folder.appendingPathComponent("Shared.swift"))
    let written = try FileWriter.write(
      planned(["A.swift", "B.swift", "Shared.swift"], shared: ["Shared.swift"]), force: true)
    #expect(written.count == 2)
    #expect(contents("B.swift") == "new B.swift")
    #expect(contents("Shared.swift") == "shared")
  }

  @Test func aPlaceThatCannotBeWrittenWritesNothing() throws {
    // A file where a folder should be.
    try Data("a file".utf8).write(to: folder.appendingPathComponent("Tests"))
    #expect {
      try FileWriter.write(self.planned(["A.swift", "Tests/B.swift"]), force: false)
    } throws: { error in
      if case .cannotWrite = error as? FileWriterError { true } else { false }
    }
    #expect(contents("A.swift") == nil)
  }

  @Test func missingFoldersAreMade() throws {
    try FileWriter.write(planned(["Sources/App/A.swift", "Tests/AppTests/B.swift"]), force: false)
    #expect(contents("Sources/App/A.swift") == "new Sources/App/A.swift")
    #expect(contents("Tests/AppTests/B.swift") == "new Tests/AppTests/B.swift")
  }
}
