// expect: success
// The documented spellings for the names Uniflow shares with a library imported beside it:
// a scoped import makes one module's name win in the file, and the module name in front
// reaches the other.
import Neighbours
import Uniflow
import class Uniflow.DisposeBag
import class Uniflow.PublishRelay
import struct Uniflow.Property
import struct Neighbours.Dependency

final class SearchLogic: LogicType {
  struct Input: InputType { let query = PublishRelay<String>() }
  struct Output: OutputType { let count: Property<Int> }
  struct State: StateType { let count = BehaviorRelay(value: 0) }
  typealias Extra = NoExtra

  static func bind(
    from dependency: Uniflow.Dependency<Input, State, Extra>, disposeBag: DisposeBag
  ) -> Output {
    Output(count: Property(dependency.state.count))
  }
}

@MainActor final class HalfPortedScreen {
  @Dependency(3) var retries: Int
  var bag = DisposeBag()
  var rxBag = Neighbours.DisposeBag()
  let taps = PublishRelay<Void>()
  let rxTaps = Neighbours.PublishRelay<Void>()
  let event = Uniflow.Event<Int, Never>.next(1)
  let rxEvent = Neighbours.Event.next(1)
  let user: Uniflow.Single<String> = .just("Ada")
  let rxUser = Neighbours.Single<String>()
  let title: Uniflow.Driver<String> = .just("Profile")
  let rxTitle = Neighbours.Driver<String>()
  init() {}
}
