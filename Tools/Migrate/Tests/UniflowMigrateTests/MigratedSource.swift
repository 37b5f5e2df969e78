import Testing

@testable import UniflowMigrate

/// `source` in a file that imports RxSwift, rewritten, without its import: the one-file
/// rewrite most of the rewrite tests check.
func migrated(_ source: String) throws -> String {
  let text = try Migrator.migrate("import RxSwift\n" + source, path: "Test.swift").text
  #expect(text.hasPrefix("import Uniflow\n"))
  return String(text.dropFirst("import Uniflow\n".count))
}
