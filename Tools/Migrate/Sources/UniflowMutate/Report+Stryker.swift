import Foundation

/// The report in Stryker's mutation-testing report schema (version 2), which its HTML
/// elements and dashboards read: each file's source and mutants, each mutant's status,
/// place, replacement, and the tests that ran and that killed it.
extension MutationReport {
  static let generator = "uniflow mutate"

  struct Schema: Encodable {
    var schemaVersion = "2"
    var thresholds = ["high": 80, "low": 60]
    var projectRoot: String
    var files: [String: File]
    var testFiles: [String: TestFile]
    var framework = Framework()

    struct Framework: Encodable {
      var name = MutationReport.generator
    }
    struct File: Encodable {
      var language = "swift"
      var source: String
      var mutants: [SchemaMutant]
    }
    struct SchemaMutant: Encodable {
      var id: String
      var mutatorName: String
      var description: String
      var replacement: String
      var location: Location
      var status: String
      var statusReason: String
      var killedBy: [String]
      var coveredBy: [String]
    }
    struct Location: Encodable {
      var start: Mutant.Position
      var end: Mutant.Position
    }
    struct TestFile: Encodable {
      var tests: [Test]
    }
    struct Test: Encodable {
      var id: String
      var name: String
    }
  }

  /// The JSON document.
  public func strykerJSON() throws -> Data {
    var files: [String: Schema.File] = [:]
    var tests: [String: Set<String>] = [:]
    for result in results {
      let mutant = result.mutant
      files[mutant.file, default: Schema.File(source: sources[mutant.file] ?? "", mutants: [])]
        .mutants.append(
          Schema.SchemaMutant(
            id: String(mutant.id), mutatorName: mutant.mutationOperator.rawValue,
            description: mutant.mutationOperator.summary, replacement: mutant.replacement,
            location: .init(start: mutant.start, end: mutant.end), status: result.status.rawValue,
            statusReason: result.reason, killedBy: result.killedBy, coveredBy: result.ranTests))
      for test in result.ranTests + result.killedBy {
        tests[String(test.split(separator: ".").first ?? ""), default: []].insert(test)
      }
    }
    let testFiles = tests.mapValues { names in
      Schema.TestFile(tests: names.sorted().map { Schema.Test(id: $0, name: $0) })
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    return try encoder.encode(Schema(projectRoot: package, files: files, testFiles: testFiles))
  }
}
