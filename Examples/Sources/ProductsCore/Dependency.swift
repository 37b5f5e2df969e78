import Foundation

/// Where the app writes what happened, by tag (minne's `LoggerProtocol`).
///
/// An Adaptor's protocol: ``SwiftLogLogger`` wraps apple/swift-log behind it, so nothing
/// else in the app imports the logging library, and tests pass a logger of their own.
public protocol LoggerProtocol: Sendable {
  func post(tag: String)
}

/// Gives access to the logger.
public protocol HasLogger {
  var logger: any LoggerProtocol { get }
}

/// The signed-in user, as far as the screens care.
public struct AppUser: Equatable, Sendable {
  public var name: String

  public init(name: String) {
    self.name = name
  }
}

/// Gives access to the signed-in user.
public protocol HasAppUser {
  var appUser: AppUser { get }
}

/// Everything the app's view models may depend on; each names the part it needs,
/// `typealias Dependencies = HasLogger & HasAppUser`, and takes
/// `dependencies: Dependencies = AppDependency()` (minne's DI by protocol composition;
/// minne writes `Dependency`, which would shadow Uniflow's stream `Dependency`).
///
/// ```swift
/// let viewModel = ProductListViewModel(
///   repository: repository, dependencies: AppDependency(logger: SwiftLogLogger()))
/// ```
public struct AppDependency: HasLogger, HasAppUser {
  public let logger: any LoggerProtocol
  public let appUser: AppUser

  public init(
    logger: any LoggerProtocol = SwiftLogLogger(), appUser: AppUser = AppUser(name: "guest")
  ) {
    self.logger = logger
    self.appUser = appUser
  }
}
