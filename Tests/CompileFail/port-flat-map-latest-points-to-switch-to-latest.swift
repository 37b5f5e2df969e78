// expect: warning: 'flatMapLatest' is deprecated: use map(_:) followed by switchToLatest()
// RxSwift's name compiles, and the compiler says how Combine spells it.
import Uniflow

func latest(_ words: AnyPublisher<String, Never>) -> some Publisher<Int, Never> {
  words.flatMapLatest { Just($0.count) }
}
