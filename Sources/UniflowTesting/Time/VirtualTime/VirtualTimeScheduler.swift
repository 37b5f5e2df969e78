import Foundation

/// A virtual clock counted in ticks, for testing publishers that involve time the way
/// RxTest does: hot publishers from timed events, observers that record when each event
/// arrived, and a clock that only moves when the test says so.
///
/// It wraps combine-schedulers' `TestScheduler`; hand ``scheduler`` to the code under test
/// wherever it takes a scheduler (`debounce`, `receive(on:)`, `delay`). One tick is
/// `resolution` seconds of scheduler time, one second by default.
///
/// ```swift
/// let scheduler = VirtualTimeScheduler()
/// let words = scheduler.createHotPublisher([.next(1, "S"), .next(2, "Sw"), .next(3, "Swi")])
/// let observer = scheduler.createObserver(String.self)
/// words.filter { $0.count >= 3 }.subscribe(observer)
/// scheduler.start()
/// #expect(observer.events == [.next(3, "Swi")])
/// ```
public final class VirtualTimeScheduler: Sendable {
  /// The scheduler to give to the code under test.
  public let scheduler: TestSchedulerOf<DispatchQueue>
  /// Scheduler seconds per tick.
  public let resolution: Double
  private let originNanoseconds: UInt64

  /// Creates a clock at tick 0, where one tick is `resolution` seconds.
  public init(resolution: Double = 1) {
    precondition(resolution > 0, "A tick must last a positive number of seconds")
    let scheduler = DispatchQueue.test
    self.scheduler = scheduler
    self.resolution = resolution
    self.originNanoseconds = scheduler.now.dispatchTime.uptimeNanoseconds
  }

  /// The current virtual time in ticks.
  public var now: Int { ticks(at: scheduler.now) }

  /// The scheduler instant of `tick`.
  public func instant(of tick: Int) -> DispatchQueue.SchedulerTimeType {
    precondition(tick >= 0, "Virtual time starts at tick 0")
    let offset = UInt64((Double(tick) * resolution * 1e9).rounded())
    return DispatchQueue.SchedulerTimeType(
      DispatchTime(uptimeNanoseconds: originNanoseconds + offset))
  }

  /// Schedules `action` to run when the clock reaches `tick`.
  public func schedule(at tick: Int, _ action: @escaping () -> Void) {
    scheduler.schedule(after: instant(of: tick), action)
  }

  /// Runs everything scheduled, moving the clock as far as needed; RxTest's `start()`.
  public func start() {
    scheduler.run()
  }

  /// Moves the clock to `tick`, running what is due on the way.
  public func advance(to tick: Int) {
    scheduler.advance(to: instant(of: tick))
  }

  /// Moves the clock forward by `ticks`, running what is due on the way.
  public func advance(by ticks: Int = 0) {
    advance(to: now + ticks)
  }

  /// RxTest's `start(created:subscribed:disposed:_:)`: makes the publisher at `created`,
  /// subscribes an observer at `subscribed`, cancels it at `disposed`, runs the clock
  /// through all of it, and returns the observer with what it recorded.
  ///
  /// ```swift
  /// let observer = scheduler.start(created: 0, subscribed: 0, disposed: 1_000) {
  ///   viewModel.transform(input: input).title
  /// }
  /// #expect(observer.events == [.next(0, "Hello")])
  /// ```
  public func start<Upstream: Publisher>(
    created: Int = 100, subscribed: Int = 200, disposed: Int = 1_000,
    _ create: @escaping () -> Upstream
  ) -> TestableObserver<Upstream.Output, Upstream.Failure> {
    precondition(
      created <= subscribed && subscribed <= disposed,
      "start(created:subscribed:disposed:) needs created ≤ subscribed ≤ disposed")
    let observer = TestableObserver<Upstream.Output, Upstream.Failure>(clock: self)
    let made = MadePublisher<Upstream>()
    schedule(at: created) { made.publisher = create() }
    schedule(at: subscribed) { made.publisher?.subscribe(observer) }
    schedule(at: disposed) { observer.cancel() }
    start()
    return observer
  }

  /// Creates an observer that records every event with the tick it arrived at.
  public func createObserver<Output, Failure: Error>(
    _ output: Output.Type, failure: Failure.Type = Never.self
  ) -> TestableObserver<Output, Failure> {
    TestableObserver(clock: self)
  }

  /// Creates a hot publisher: `events` happen at their ticks whether or not anybody is
  /// subscribed, and a subscriber sees only the events after it subscribed.
  public func createHotPublisher<Output, Failure: Error>(
    _ events: [Recorded<Output, Failure>]
  ) -> TestablePublisher<Output, Failure> {
    hot(events)
  }

  /// Creates a cold publisher: each subscriber gets `events` with their ticks counted from
  /// the moment it subscribed.
  public func createColdPublisher<Output, Failure: Error>(
    _ events: [Recorded<Output, Failure>]
  ) -> TestablePublisher<Output, Failure> {
    cold(events)
  }

  /// A hot publisher that cannot fail, as RxTest's hot observables of values only are:
  /// `createHotPublisher([.next(100, "sw")])` needs no failure type.
  public func createHotPublisher<Output>(_ events: [Recorded<Output, Never>])
    -> TestablePublisher<Output, Never>
  {
    hot(events)
  }

  /// A cold publisher that cannot fail, as RxTest's cold observables of values only are.
  public func createColdPublisher<Output>(_ events: [Recorded<Output, Never>])
    -> TestablePublisher<Output, Never>
  {
    cold(events)
  }

  private func hot<Output, Failure: Error>(_ events: [Recorded<Output, Failure>])
    -> TestablePublisher<Output, Failure>
  {
    let subject = PassthroughSubject<Output, Failure>()
    for record in events {
      schedule(at: record.time) { subject.send(record.event) }
    }
    return TestablePublisher(subject.eraseToAnyPublisher(), events: events)
  }

  private func cold<Output, Failure: Error>(_ events: [Recorded<Output, Failure>])
    -> TestablePublisher<Output, Failure>
  {
    let publisher = Deferred { [self] in
      let subject = PassthroughSubject<Output, Failure>()
      let start = now
      for record in events {
        schedule(at: start + record.time) { subject.send(record.event) }
      }
      return subject
    }
    return TestablePublisher(publisher.eraseToAnyPublisher(), events: events)
  }

  func ticks(at instant: DispatchQueue.SchedulerTimeType) -> Int {
    let nanoseconds =
      Double(instant.dispatchTime.uptimeNanoseconds)
      - Double(originNanoseconds)
    return Int((nanoseconds / 1e9 / resolution).rounded())
  }
}

extension PassthroughSubject {
  fileprivate func send(_ event: Event<Output, Failure>) {
    switch event {
    case .next(let value): send(value)
    case .completed: send(completion: .finished)
    case .error(let error): send(completion: .failure(error))
    }
  }
}

/// The publisher `start(created:subscribed:disposed:_:)` made, between its making and its
/// subscription; touched only by the scheduled actions, which run one at a time on the
/// test's thread.
private final class MadePublisher<Upstream> {
  var publisher: Upstream?
}
