import Foundation

/// A fresh folder under the system's temporary directory, removed when released.
public final class TemporaryDirectory {
  public let url: URL

  public init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("uniflow-examples-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// The path of `name` inside the folder.
  public func path(_ name: String) -> String {
    url.appendingPathComponent(name).path
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }
}
