import Logging

/// The Adaptor around apple/swift-log: the one file of the app that imports `Logging`.
/// Swapping the logging library means rewriting this type and nothing else.
///
/// ```swift
/// let logger: any LoggerProtocol = SwiftLogLogger(label: "products")
/// logger.post(tag: "product_list_appear")
/// ```
public struct SwiftLogLogger: LoggerProtocol {
  private let logger: Logger

  public init(label: String = "products") {
    logger = Logger(label: label)
  }

  public func post(tag: String) {
    logger.info("\(tag)")
  }
}
