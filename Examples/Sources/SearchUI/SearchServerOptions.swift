import ArgumentParser
import Foundation
import Networking

/// The options every search command takes: where the API is and how long to wait.
///
/// ```swift
/// @OptionGroup var server: SearchServerOptions
/// let client = try server.client(defaultBaseURL: URL(string: "https://api.github.com")!)
/// ```
public struct SearchServerOptions: ParsableArguments {
  @Option(help: "The API server, e.g. http://127.0.0.1:8080 (default: the public service).")
  public var baseURL: String?

  @Option(help: "Seconds to wait for the server.")
  public var timeout: Double = 15

  public init() {}

  public func validate() throws {
    if let baseURL { _ = try Self.parse(baseURL) }
    guard timeout > 0 else { throw ValidationError("--timeout must be more than 0 seconds.") }
  }

  /// A client for `--base-url`, or for `defaultBaseURL` when it was not given.
  public func client(defaultBaseURL: URL) throws -> APIClient {
    APIClient(baseURL: try baseURL.map(Self.parse) ?? defaultBaseURL, timeout: timeout)
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
