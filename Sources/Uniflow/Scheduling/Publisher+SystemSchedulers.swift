// Combine's scheduling operators, for the system's schedulers: each wraps the scheduler in
// a TrackedScheduler, so a tester counts the work they schedule. Swift picks these over
// Combine's own wherever the scheduler is a DispatchQueue, a RunLoop or an
// OperationQueue, since their scheduler is the more constrained; a test scheduler (or
// `AnySchedulerOf`) takes Combine's own, whose time the test already owns. They take no
// #fileID or #line: a defaulted parameter more would make Swift prefer Combine's.

extension Publisher {
  /// Delivers the values and the completion on `scheduler`, as Combine's
  /// `receive(on:options:)` does, in a way a tester counts until they have arrived.
  ///
  /// ```swift
  /// results.receive(on: DispatchQueue.main).sink { render($0) }
  /// ```
  public func receive<Context: SystemScheduler>(
    on scheduler: Context, options: Context.SchedulerOptions? = nil
  ) -> Publishers.ReceiveOn<Self, TrackedScheduler<Context>> {
    Publishers.ReceiveOn(
      upstream: self,
      scheduler: TrackedScheduler(scheduler, operation: "receive(on:)"),
      options: options)
  }

  /// Subscribes, requests and cancels on `scheduler`, as Combine's `subscribe(on:options:)`
  /// does, in a way a tester counts until each has run.
  ///
  /// ```swift
  /// load.subscribe(on: DispatchQueue.global()).receive(on: DispatchQueue.main)
  /// ```
  public func subscribe<Context: SystemScheduler>(
    on scheduler: Context, options: Context.SchedulerOptions? = nil
  ) -> Publishers.SubscribeOn<Self, TrackedScheduler<Context>> {
    Publishers.SubscribeOn(
      upstream: self,
      scheduler: TrackedScheduler(scheduler, operation: "subscribe(on:)"),
      options: options)
  }

  /// Delivers each value and the completion `interval` later on `scheduler`, as Combine's
  /// `delay(for:tolerance:scheduler:options:)` does; a tester counts each until delivered.
  /// They arrive in the order they came: Combine's, on a dispatch queue, drops a value
  /// when the completion's timer fires first, which libdispatch does when the thread that
  /// scheduled the completion was held up past its time.
  ///
  /// ```swift
  /// banner.delay(for: .seconds(2), scheduler: DispatchQueue.main)
  /// ```
  public func delay<Context: SystemScheduler>(
    for interval: Context.SchedulerTimeType.Stride,
    tolerance: Context.SchedulerTimeType.Stride? = nil, scheduler: Context,
    options: Context.SchedulerOptions? = nil
  ) -> Publishers.Delay<Self, TrackedScheduler<Context>> {
    Publishers.Delay(
      upstream: self, interval: interval, tolerance: tolerance ?? scheduler.minimumTolerance,
      scheduler: TrackedScheduler(scheduler, operation: "delay", keepsOrder: true),
      options: options)
  }

  /// Sends a value once `dueTime` has passed without another, as Combine's
  /// `debounce(for:scheduler:options:)` does; a tester counts the wait until the value is
  /// delivered or a newer value replaces it.
  ///
  /// ```swift
  /// query.debounce(for: .milliseconds(300), scheduler: DispatchQueue.main)
  /// ```
  public func debounce<Context: SystemScheduler>(
    for dueTime: Context.SchedulerTimeType.Stride, scheduler: Context,
    options: Context.SchedulerOptions? = nil
  ) -> Publishers.Debounce<Self, TrackedScheduler<Context>> {
    Publishers.Debounce(
      upstream: self, dueTime: dueTime,
      scheduler: TrackedScheduler(scheduler, operation: "debounce"),
      options: options)
  }

  /// Sends at most one value every `interval`, the first or the latest, as Combine's
  /// `throttle(for:scheduler:latest:)` does; a tester counts each until delivered.
  ///
  /// ```swift
  /// scrolls.throttle(for: .milliseconds(100), scheduler: DispatchQueue.main, latest: true)
  /// ```
  public func throttle<Context: SystemScheduler>(
    for interval: Context.SchedulerTimeType.Stride, scheduler: Context, latest: Bool
  ) -> Publishers.Throttle<Self, TrackedScheduler<Context>> {
    Publishers.Throttle(
      upstream: self, interval: interval,
      scheduler: TrackedScheduler(scheduler, operation: "throttle"),
      latest: latest)
  }

  /// Ends the stream when no value arrives for `interval`, as Combine's
  /// `timeout(_:scheduler:options:customError:)` does; a tester counts the timer while it
  /// may still fire.
  ///
  /// ```swift
  /// request.timeout(.seconds(10), scheduler: DispatchQueue.main, customError: { .timedOut })
  /// ```
  public func timeout<Context: SystemScheduler>(
    _ interval: Context.SchedulerTimeType.Stride, scheduler: Context,
    options: Context.SchedulerOptions? = nil, customError: (() -> Failure)? = nil
  ) -> Publishers.Timeout<Self, TrackedScheduler<Context>> {
    Publishers.Timeout(
      upstream: self, interval: interval,
      scheduler: TrackedScheduler(scheduler, operation: "timeout"),
      options: options, customError: customError)
  }
}
