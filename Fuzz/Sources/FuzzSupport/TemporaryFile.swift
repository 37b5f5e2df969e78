import Foundation

/// One file a fuzz target writes each input to, for the code under test that reads a path;
/// named after the process, so that targets running side by side never share one, and
/// removed when the process ends normally.
///
/// ```swift
/// let path = TemporaryFile.shared.write(bytes)
/// let contents = try SessionContents(path: path)
/// ```
public final class TemporaryFile: Sendable {
  /// The file of this process.
  public static let shared = TemporaryFile(
    name: "uniflow-fuzz-\(ProcessInfo.processInfo.processIdentifier).jsonl")

  /// Where the file is.
  public let path: String

  init(name: String) {
    path = (NSTemporaryDirectory() as NSString).appendingPathComponent(name)
  }

  /// Replaces the file's contents with `bytes` and returns its path.
  public func write(_ bytes: [UInt8]) -> String {
    guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
      Finding.report("the fuzz target could not write its input to \(path)")
    }
    return path
  }
}
