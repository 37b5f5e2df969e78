import Testing

@testable import UniflowMigrate

/// What the imports become: each Rx module's counterpart, and what the Rx module brought
/// along that the counterpart does not.
@Suite struct ImportRewriteTests {
  @Test func rxCocoaWasFoundationTooSoFoundationIsImported() throws {
    let source =
      "import RxSwift\nimport RxCocoa\n\nlet home = URL(string: \"https://example.com\")\n"
    let text = try Migrator.migrate(source, path: "A.swift").text
    #expect(text.hasPrefix("import Uniflow\nimport Foundation\n\nlet home"))
    #expect(try Migrator.migrate(text, path: "A.swift", everyFile: true).text == text)
  }

  @Test func aFileThatImportsFoundationAlreadyKeepsOne() throws {
    let source = "import Foundation\nimport RxCocoa\n\nlet row = IndexPath(row: 0, section: 0)\n"
    let text = try Migrator.migrate(source, path: "A.swift").text
    #expect(text.hasPrefix("import Foundation\nimport Uniflow\n\nlet row"))
  }

  @Test func rxSwiftAloneBringsNoFoundation() throws {
    let text = try Migrator.migrate("import RxSwift\n\nlet x = 1\n", path: "A.swift").text
    #expect(text == "import Uniflow\n\nlet x = 1\n")
  }
}
