// expect: error: 'DisposeBag' is ambiguous for type lookup in this context
// A file that imports RxSwift and Uniflow during a migration cannot write `DisposeBag`
// alone; the migration guides give the module-qualified spelling (the next snippet).
import Neighbours
import Uniflow

@MainActor final class HalfPortedScreen {
  var disposeBag: DisposeBag
  init(bag: DisposeBag) { disposeBag = bag }
}
