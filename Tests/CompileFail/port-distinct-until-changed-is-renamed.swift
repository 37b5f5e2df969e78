// expect: warning: 'distinctUntilChanged()' is deprecated: renamed to 'removeDuplicates()'
// RxSwift's name compiles, and the compiler offers Combine's.
import Uniflow

func dedupe(_ values: AnyPublisher<Int, Never>) -> some Publisher<Int, Never> {
  values.distinctUntilChanged()
}
