/// A failure the user caused or can fix (no terminal, a file that is not a database):
/// ArgumentParser prints it as `Error: …` and exits with status 1.
///
/// ```swift
/// throw CommandFailure("standard input and output must be a terminal")
/// ```
public struct CommandFailure: Error, CustomStringConvertible {
  public let description: String

  public init(_ description: String) {
    self.description = description
  }
}
