import Foundation
import Uniflow

/// Suggestions for what is typed, once the typing stops for 300 ms: a view model that takes
/// its scheduler, `.main` in the app and a test scheduler in its tests. The module depends
/// only on `Uniflow`, which brings `AnySchedulerOf` and `DispatchQueue.test` with it.
final class ShoppingSuggestions {
  let suggestions: Driver<[String]>

  init(
    typed: AnyPublisher<String, Never>, known: [String],
    scheduler: AnySchedulerOf<DispatchQueue> = .main
  ) {
    suggestions =
      typed
      .debounce(for: .milliseconds(300), scheduler: scheduler)
      .map { text in known.filter { $0.lowercased().hasPrefix(text.lowercased()) } }
      .asDriver()
  }
}
