import TerminalKit

/// Everything a search-as-you-type screen draws: the field, a loading mark, the results
/// and the last error.
public struct SearchScreen: Equatable, Sendable {
  /// One result: a title and a line of detail under it.
  public struct Row: Equatable, Sendable {
    public var title: String
    public var detail: String

    public init(title: String, detail: String = "") {
      self.title = title
      self.detail = detail
    }
  }

  public var title: String
  /// What the field asks for when empty.
  public var placeholder: String
  public var field = TextField(limit: SearchScreen.queryLimit)
  /// The most characters the search field takes.
  public static let queryLimit = 256
  public var isLoading = false
  public var results: [Row] = []
  public var errorMessage: String?
  public var selectedIndex: Int?

  public init(title: String, placeholder: String) {
    self.title = title
    self.placeholder = placeholder
  }
}
