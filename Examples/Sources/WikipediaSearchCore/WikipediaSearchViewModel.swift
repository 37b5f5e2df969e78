import Networking
import Uniflow

/// An RxSwift MVVM view model: the view hands it the search field's text as a publisher.
/// Words shorter than three characters are not searched; a newer word cancels the older
/// request; an error goes to ``error`` and ``wikipediaPages`` carries on. A word that
/// becomes too short is not a newer search, so it does not cancel the request in flight:
/// the RxSwift original shows that answer, and its tests expect it (unlike clearing the
/// GitHub search field, which must empty the screen).
///
/// ```swift
/// let viewModel = WikipediaSearchViewModel(searchWord: field.text, api: WikipediaDefaultAPI())
/// viewModel.wikipediaPages.sink { pages in … }
/// ```
public final class WikipediaSearchViewModel {
  /// The fewest characters a word needs to be searched.
  public static let minimumWordLength = 3

  public let wikipediaPages: AnyPublisher<[WikipediaPage], Never>
  public let error: AnyPublisher<APIError, Never>
  /// `true` from a search's start to its answer.
  public let isLoading: AnyPublisher<Bool, Never>

  public init(searchWord: AnyPublisher<String, Never>, api: any WikipediaAPI) {
    // Each search starts with `nil` (its request is on its way), then its events.
    let results =
      searchWord
      .filter { Self.minimumWordLength <= $0.count }
      .map { word in
        Just(nil).append(api.search(from: word).materialize().map(Optional.some))
      }
      .switchToLatest()
      .share(replay: 1)

    wikipediaPages = results.compactMap { $0?.element }.eraseToAnyPublisher()
    error = results.compactMap { $0?.error }.eraseToAnyPublisher()
    isLoading = results.compactMap { event -> Bool? in
      guard let event else { return true }
      if case .completed = event { return nil }
      return false
    }
    .eraseToAnyPublisher()
  }
}
