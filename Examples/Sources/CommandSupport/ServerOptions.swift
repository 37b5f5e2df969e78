import ArgumentParser
import Foundation
import Networking

/// The options every command that talks to a server takes: where the API is and how long
/// to wait.
///
/// ```swift
/// @OptionGroup var server: ServerOptions
/// let client = try server.client(defaultBaseURL: URL(string: "https://api.github.com")!)
/// ```
public struct ServerOptions: ParsableArguments {
  @Option(
    help: """
      The API server, e.g. http://127.0.0.1:8080 (without it: the public service, or the \
      command's own demo server).
      """)
  public var baseURL: String?

  @Option(help: "Seconds a whole request may take.")
  public var timeout: Double = 15

  public init() {}

  public func validate() throws {
    if let baseURL { _ = try Self.parse(baseURL) }
    guard timeout > 0, timeout.isFinite else {
      throw ValidationError("--timeout must be more than 0 seconds.")
    }
  }

  /// The `--base-url` given, or `nil` when there was none.
  public func givenBaseURL() throws -> URL? {
    try baseURL.map(Self.parse)
  }

  /// A client for `--base-url`, or for `defaultBaseURL` when it was not given.
  public func client(defaultBaseURL: URL) throws -> APIClient {
    APIClient(baseURL: try givenBaseURL() ?? defaultBaseURL, timeout: timeout)
  }

  /// An absolute http(s) URL, or a usage error.
  static func parse(_ text: String) throws -> URL {
    guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased()),
      url.host?.isEmpty == false
    else {
      throw ValidationError("--base-url must be an http or https URL, not \"\(text)\".")
    }
    return url
  }
}
