import Foundation
import TerminalKit

/// A failure the user can fix; the commands print it as `Error: …` and exit with 1.
public struct SearchCommandError: Error, CustomStringConvertible {
  public let description: String

  public init(_ description: String) {
    self.description = description
  }
}

/// Parses a `--base-url` value: an absolute http(s) URL.
public func parseBaseURL(_ text: String) throws -> URL {
  guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased()),
    url.host != nil
  else {
    throw SearchCommandError("--base-url must be an http or https URL, not \"\(text)\"")
  }
  return url
}

/// Takes over the terminal, or explains why the command needs one.
public func takeOverTerminal() throws -> Terminal {
  do {
    return try Terminal.takeOver()
  } catch {
    throw SearchCommandError("\(error)")
  }
}
