import Foundation

/// Builds the copy of the package, tests included, and reads the compiler's errors back
/// to the files of the package.
struct Builder {
  let scratch: ScratchPackage

  /// A compiler error, in a file of the copy (its path relative to the package).
  struct CompilerError: Hashable {
    var file: String
    var line: Int
    var text: String
  }

  /// Builds; nil when it succeeded, else the build's output.
  func build() -> (output: String, errors: [CompilerError])? {
    let result = Shell.run(
      "swift",
      [
        "build", "--build-tests", "--package-path", scratch.work.path, "--scratch-path",
        scratch.build.path,
      ], in: scratch.work)
    guard result.status != 0 else { return nil }
    return (result.output, Self.errors(in: result.output, work: scratch.work))
  }

  /// The folder the test program is in.
  func binFolder() throws(MutateError) -> URL {
    let result = Shell.run(
      "swift",
      [
        "build", "--show-bin-path", "--package-path", scratch.work.path, "--scratch-path",
        scratch.build.path,
      ], in: scratch.work)
    guard result.status == 0, let line = result.output.split(separator: "\n").last else {
      throw .toolFailed(command: "swift build --show-bin-path", output: result.output)
    }
    return URL(fileURLWithPath: String(line).trimmingCharacters(in: .whitespaces))
  }

  /// `path:line:column: error: text` lines whose file is in the copy.
  static func errors(in output: String, work: URL) -> [CompilerError] {
    let prefix = work.standardizedFileURL.path + "/"
    var errors: [CompilerError] = []
    for line in output.split(separator: "\n") {
      guard let marker = line.range(of: ": error: ") else { continue }
      let place = line[..<marker.lowerBound].split(separator: ":")
      guard place.count >= 3, let number = Int(place[place.count - 2]) else { continue }
      let path = place.dropLast(2).joined(separator: ":")
      guard path.hasPrefix(prefix) else { continue }
      errors.append(
        CompilerError(
          file: String(path.dropFirst(prefix.count)), line: number,
          text: String(line[marker.upperBound...])))
    }
    return errors
  }

  /// The error lines of a build's output, for a refusal.
  static func errorLines(_ output: String) -> String {
    let lines = output.split(separator: "\n").filter { $0.contains("error:") }
    return (lines.isEmpty ? output.split(separator: "\n").suffix(20) : lines.prefix(40))
      .joined(separator: "\n")
  }
}
