import Foundation

/// A package's targets as `swift package describe` tells them: which are sources and
/// which tests, where their files are, and which test targets can reach which code.
struct PackageLayout: Decodable {
  struct Target: Decodable {
    var name: String
    /// The module's name, as test identifiers spell it.
    var c99name: String
    /// "library", "executable", "test", "plugin", "macro", "snippet"…
    var type: String
    /// The folder, relative to the package's.
    var path: String
    var sources: [String]?
    var target_dependencies: [String]?
    var product_dependencies: [String]?

    /// The files, relative to the package's folder.
    var files: [String] { (sources ?? []).map { path + "/" + $0 } }
  }

  var name: String
  var targets: [Target]

  /// Reads the layout of the package in `folder`, with SwiftPM's files under `scratch`.
  static func read(folder: URL, scratch: URL) throws(MutateError) -> PackageLayout {
    let result = Shell.run(
      "swift", ["package", "--scratch-path", scratch.path, "describe", "--type", "json"],
      in: folder)
    guard result.status == 0,
      let layout = try? JSONDecoder().decode(PackageLayout.self, from: Data(result.output.utf8))
    else {
      throw .toolFailed(command: "swift package describe", output: result.output)
    }
    return layout
  }

  func target(named name: String) -> Target? { targets.first { $0.name == name } }

  /// The targets whose code can be mutated: libraries and executables written in Swift.
  var sourceTargets: [Target] {
    targets.filter { ["library", "executable"].contains($0.type) }
  }

  /// Every target `name` depends on, itself included.
  func closure(of name: String) -> Set<String> {
    var seen: Set<String> = []
    var waiting = [name]
    while let next = waiting.popLast() {
      guard seen.insert(next).inserted, let target = target(named: next) else { continue }
      waiting += target.target_dependencies ?? []
    }
    return seen
  }

  /// The executables that run Quick specs (they use Quick's product: on Linux, specs run
  /// from an `XCTMain` of their own, since `swift test` finds none of their examples) and
  /// depend on `name`, directly or through other targets.
  func specRunners(reaching name: String) -> [Target] {
    targets.filter {
      $0.type == "executable" && ($0.product_dependencies ?? []).contains("Quick")
        && closure(of: $0.name).contains(name)
    }
  }

  /// The test targets that depend on `name`, directly or through other targets.
  func testTargets(reaching name: String) -> [Target] {
    targets.filter { $0.type == "test" && closure(of: $0.name).contains(name) }
  }
}
