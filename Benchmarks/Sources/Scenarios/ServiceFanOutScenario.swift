import Uniflow

/// Seed 003's global events: `reactors` reactors each merge one service's events, each
/// has one state subscriber, and one event reaches them all.
@MainActor
public final class ServiceFanOutScenario: MainActorScenario {
  public let service = PublishRelay<ServiceFollowingReactor.Action>()
  public let reactors: [ServiceFollowingReactor]
  public private(set) var deliveries = 0
  private var cancellables: [AnyCancellable] = []

  /// `reactors` reactors following the service as their `globalEvents`, or, with
  /// `merging`, through `transform(mutation:)`.
  public init(reactors count: Int = 50, merging: Bool = false) {
    reactors = (0..<count).map { [service] _ in
      ServiceFollowingReactor(events: service, merges: merging)
    }
    for reactor in reactors {
      cancellables.append(reactor.state.sink { [unowned self] _ in self.deliveries &+= 1 })
    }
  }

  public func run(_ iterations: Int) {
    for _ in 0..<iterations { service.accept(.bump) }
  }
}

/// The baseline for ``ServiceFanOutScenario``: one `PassthroughSubject` and `sinks` sinks,
/// each keeping a count as the reactors' states do.
public final class SubjectFanOutBaseline {
  public let subject = PassthroughSubject<Int, Never>()
  public private(set) var counts: [Int]
  public private(set) var deliveries = 0
  private var cancellables: [AnyCancellable] = []

  public init(sinks: Int = 50) {
    counts = Array(repeating: 0, count: sinks)
    for index in 0..<sinks {
      cancellables.append(
        subject.sink { [unowned self] _ in
          self.counts[index] &+= 1
          self.deliveries &+= 1
        })
    }
  }

  @inline(never)
  public func run(_ iterations: Int) {
    for index in 0..<iterations { subject.send(index) }
  }
}
