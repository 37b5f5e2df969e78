import Testing
import Uniflow

@testable import UniflowTesting

/// How a tester names an output key path in its messages.
@Suite struct OutputNameTests {
  struct Model {
    var count = 0
    var form = Form()
    var computed: Int { count * 2 }
    struct Form { var isValid = false }
  }

  /// The names of `keyPaths`, given at this call.
  private func names(
    _ keyPaths: AnyKeyPath..., line: UInt = #line, column: UInt = #column
  ) -> [String] {
    OutputName.of(
      keyPaths,
      writtenAt: CallSite(fileID: #fileID, filePath: #filePath, line: line, column: column))
  }

  /// The key paths among the arguments of this call, as written.
  private func written(
    _ text: String, outputs: PartialKeyPath<Model>..., line: UInt = #line,
    column: UInt = #column
  ) -> [String]? {
    KeyPathSource.arguments(
      at: CallSite(fileID: #fileID, filePath: #filePath, line: line, column: column))
  }

  @Test func storedPropertiesAreNamedByTheirDescription() {
    #expect(names(\Model.count, \Model.form.isValid) == ["count", "form.isValid"])
  }

  @Test func aComputedPropertyIsNamedAsTheCallWroteIt() {
    #expect(names(\Model.count, \Model.computed) == ["count", "computed"])
  }

  @Test func aCallOverSeveralLinesWithLabelsAndStringsIsRead() {
    let keyPaths = written(
      "a string, with \\.escapes and ) parentheses",
      outputs: \Model.computed,
      \.form.isValid)
    #expect(keyPaths == ["computed", "form.isValid"])
  }

  @Test func withoutItsSourceAComputedOutputIsNamedByItsType() {
    let nowhere = CallSite(
      fileID: "Nowhere/Gone.swift", filePath: "/nonexistent/Gone.swift", line: 3, column: 1)
    #expect(OutputName.of([\Model.computed], writtenAt: nowhere) == ["<computed Int>"])
  }
}
