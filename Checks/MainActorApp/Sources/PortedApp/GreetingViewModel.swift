import Uniflow
import Foundation

// A small RxSwift view model whose output arrives later on the main queue.
final class GreetingViewModel {
  let name = BehaviorRelay<String>(value: "")
  let greeting: AnyPublisher<String, Never>

  init() {
    greeting = name
      .filter { !$0.isEmpty }
      .map { "Hello, \($0)!" }
      .receive(on: MainScheduler.asyncInstance).eraseToAnyPublisher()
  }
}
