import ProductsCore
import Uniflow

/// A logger that keeps its tags.
final class RecordingLogger: LoggerProtocol {
  private let stored = Locked<[String]>([])
  var tags: [String] { stored.withLock { $0 } }
  func post(tag: String) { stored.withLock { $0.append(tag) } }
}
