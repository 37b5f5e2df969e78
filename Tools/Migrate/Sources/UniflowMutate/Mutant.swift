/// One small change to one place in a file: where it is, what it was and what it becomes.
///
/// ```swift
/// // Sources/TodoCore/Reactors/TaskEditViewReactor.swift:118
/// //   state.taskMemo = memo   →   (removed)
/// mutant.mutationOperator   // .removedStateAssignment
/// ```
public struct Mutant: Sendable, Hashable, Codable {
  /// The mutant's number in its run; the schemata switch turns it on by this number.
  public var id: Int
  /// The file, relative to the package's folder.
  public var file: String
  /// The type whose code it changes (a reactor, a stream, a view model), or the file's
  /// name for code outside any type.
  public var screen: String
  /// The kind of change.
  public var mutationOperator: MutationOperator
  /// Where the changed code starts and ends, 1-based lines and columns of the original.
  public var start: Position
  public var end: Position
  /// The code as it was (on one line), and what it becomes ("" when it is removed).
  public var original: String
  public var replacement: String

  /// A line and a column, both counted from 1.
  public struct Position: Sendable, Hashable, Codable, Comparable {
    public var line: Int
    public var column: Int

    public static func < (left: Position, right: Position) -> Bool {
      (left.line, left.column) < (right.line, right.column)
    }
  }

  /// How the report names the place: `Sources/App/Reactor.swift:42:9`.
  public var place: String { "\(file):\(start.line):\(start.column)" }
}
