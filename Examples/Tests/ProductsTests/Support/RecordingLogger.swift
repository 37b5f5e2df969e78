import ProductsCore
import Uniflow

/// A logger that keeps its tags.
///
/// `@unchecked Sendable`: `tags` is read and written under `lock` alone.
final class RecordingLogger: LoggerProtocol, @unchecked Sendable {
  private let lock = Lock()
  private var stored: [String] = []
  var tags: [String] { lock.withLock { stored } }
  func post(tag: String) { lock.withLock { stored.append(tag) } }
}
