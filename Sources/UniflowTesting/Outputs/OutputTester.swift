import Foundation
import IssueReporting
import Uniflow

/// Tests an MVVM view model exhaustively (minne's and RxSwift-style MVVM): it records every value
/// of the outputs the test lists, as key paths to publishers, and each value must be
/// asserted with `receive`, in the order they arrived. The view model stays as it is.
///
/// ```swift
/// @Test func aThreeLetterWordShowsItsPages() async {
///   let words = PublishRelay<String>()
///   let viewModel = WikipediaSearchViewModel(searchWord: words.eraseToAnyPublisher(), api: api)
///   let tester = OutputTester(viewModel, outputs: \.wikipediaPages, \.error, \.isLoading)
///   words.accept("Swi")
///   await tester.receive(\.isLoading, true)
///   await tester.receive(\.wikipediaPages, [page])
///   await tester.receive(\.isLoading, false)
///   await tester.finish()
/// }
/// ```
///
/// Inputs stay the view model's own: methods, or the publishers the test handed to its
/// initializer. A value an output holds when the tester starts (a `BehaviorRelay`'s or a
/// `@Published` property's current value) is not recorded. ``Exhaustivity/off``, virtual
/// time and later values on other threads work as with ``StreamTester``.
public final class OutputTester<ViewModel: AnyObject> {
  /// The view model under test.
  ///
  /// A tester made with
  /// ``init(outputs:exhaustivity:timeout:checkFreed:fileID:filePath:line:column:_:)`` lets
  /// go of it at ``finish(checkFreed:fileID:filePath:line:column:)`` to check that it is
  /// freed; read what you need before.
  public var viewModel: ViewModel {
    if let held { return held }
    preconditionFailure(
      "The view model was let go of by finish(), which checks that it is freed. Read what "
        + "you need before finish(), or make the tester with checkFreed: false.")
  }
  private var held: ViewModel?
  private let outputs: [AnyKeyPath]
  /// The outputs' names as the test wrote them, by channel.
  private let names: [String]
  private let expectations: OutputExpectations

  /// Starts watching the publishers at `outputs` of the view model that `make` builds,
  /// and checks at the end that it is freed once the tester lets go of it: the tester
  /// holds the only reference.
  ///
  /// ```swift
  /// let tester = OutputTester(outputs: \.greeting, \.isValid) {
  ///   GreetingViewModel(name: names.eraseToAnyPublisher())
  /// }
  /// ```
  ///
  /// At ``finish(checkFreed:fileID:filePath:line:column:)`` (or when the test lets go of
  /// the tester) the view model must be gone. When it is not, the failure names the
  /// subscriptions it keeps in its own properties and those open on the relays it was
  /// given (a repository's). Pass `checkFreed: false` for one meant to outlive the test.
  public convenience init(
    outputs: PartialKeyPath<ViewModel>...,
    exhaustivity: Exhaustivity = .on, timeout: Double = 1, checkFreed: Bool = true,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column,
    _ make: () -> ViewModel
  ) {
    self.init(
      make(), outputs: outputs, checksFreed: checkFreed, exhaustivity: exhaustivity,
      timeout: timeout,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Starts watching the publishers at `outputs`. The test may keep the view model too,
  /// so this tester does not check that it is freed; use
  /// ``init(outputs:exhaustivity:timeout:checkFreed:fileID:filePath:line:column:_:)`` for
  /// that.
  public convenience init(
    _ viewModel: ViewModel, outputs: PartialKeyPath<ViewModel>...,
    exhaustivity: Exhaustivity = .on, timeout: Double = 1,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    self.init(
      viewModel, outputs: outputs, checksFreed: false, exhaustivity: exhaustivity,
      timeout: timeout,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  private init(
    _ viewModel: ViewModel, outputs: [PartialKeyPath<ViewModel>], checksFreed: Bool,
    exhaustivity: Exhaustivity, timeout: Double, at site: CallSite
  ) {
    held = viewModel
    var watched: [(name: String, publisher: any Publisher)] = []
    var watchedPaths: [AnyKeyPath] = []
    let written = OutputName.of(outputs, writtenAt: site)
    for (output, name) in zip(outputs, written) {
      guard let publisher = viewModel[keyPath: output] as? any Publisher else {
        site.fail(
          "`\(name)` is not a publisher, so it cannot be watched. Give the tester the "
            + "publisher: `\\.$\(name)` for a `@Published` property.")
        continue
      }
      watched.append((name, publisher))
      watchedPaths.append(output)
    }
    // Channel `i` of the recorder is `self.outputs[i]`: what cannot be watched is left out.
    self.outputs = watchedPaths
    names = watched.map(\.name)
    expectations = OutputExpectations(
      recorder: OutputRecorder(outputs: watched), exhaustivity: exhaustivity,
      timeout: timeout, createdAt: site)
    if checksFreed { expectations.freedCheck = FreedCheck(watching: viewModel) }
  }

  deinit {
    expectations.checkFreedNow(release: { held.take() }, hint: Self.whatHoldsAViewModel)
  }

  /// Where a view model that was not freed is usually held.
  private static var whatHoldsAViewModel: String {
    "A closure that captures the view model strongly keeps it: a `sink` or `map` on a "
      + "publisher it was given (a repository's, an input's) that uses `self`."
  }

  /// How strict the tester is; ``Exhaustivity/on`` by default.
  public var exhaustivity: Exhaustivity {
    get { expectations.exhaustivity }
    set { expectations.exhaustivity = newValue }
  }

  /// How long `receive` waits, in seconds, by default.
  public var timeout: Double {
    get { expectations.timeout }
    set { expectations.timeout = newValue }
  }

  /// Checks that the next value the outputs sent is `expected`, from `output`.
  ///
  /// ```swift
  /// await tester.receive(\.isSubmitEnabled, true)
  /// ```
  nonisolated(nonsending) public func receive<Source: Publisher>(
    _ output: KeyPath<ViewModel, Source>, _ expected: Source.Output, timeout: Double? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async where Source.Output: Equatable {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    await expectations.receive(
      expected, from: channel(of: output, at: site), timeout: timeout, at: site)
  }

  /// Checks that the next value the outputs sent came from `output` and that
  /// `isExpected` accepts it; for values that are not `Equatable`.
  ///
  /// ```swift
  /// await tester.receive(\.nextViewPushing) { _ in true }
  /// ```
  nonisolated(nonsending) public func receive<Source: Publisher>(
    _ output: KeyPath<ViewModel, Source>, timeout: Double? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column,
    where isExpected: @escaping (Source.Output) -> Bool
  ) async {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    await expectations.receive(
      from: channel(of: output, at: site), timeout: timeout, at: site, where: isExpected)
  }

  /// Ends the test: fails, when exhaustive, on every value not asserted; then, for a
  /// tester that built its view model (and unless `checkFreed` is `false`), lets go of it
  /// and checks that it is freed.
  nonisolated(nonsending) public func finish(
    checkFreed: Bool = true,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    await expectations.finish(
      checkFreed: checkFreed, release: { held.take() }, hint: Self.whatHoldsAViewModel,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Cancels the `TaskPublisher` calls started from the test that have not answered, so
  /// that ``finish(checkFreed:fileID:filePath:line:column:)`` neither waits for them nor
  /// fails on them; the reactor tester's `skipInFlightEffects()`. With `strict` (the
  /// default), it fails when nothing was in flight.
  ///
  /// ```swift
  /// tester.skipInFlightWork()   // the search that never answers, on purpose
  /// ```
  public func skipInFlightWork(
    strict: Bool = true,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    expectations.skipInFlightWork(
      strict: strict,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Forgets the values received and not yet asserted. With `strict` (the default), it
  /// fails when there were none, so a skip that is no longer needed does not stay unnoticed.
  ///
  /// ```swift
  /// tester.skipReceivedValues()
  /// ```
  public func skipReceivedValues(
    strict: Bool = true,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    expectations.skipReceivedValues(
      strict: strict,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  private func channel<Source>(of output: KeyPath<ViewModel, Source>, at site: CallSite)
    -> Int?
  {
    if let channel = outputs.firstIndex(of: output) { return channel }
    let name: String = OutputName.of([output], writtenAt: site)[0]
    // Built in steps: one long expression of `+` and interpolations takes the type checker
    // long on every build of every app.
    let given: String = names.map { (name: String) -> String in "`\(name)`" }
      .joined(separator: ", ")
    let message =
      "`\(name)` is not one of the outputs the tester was given: \(given). Add it to `outputs:`."
    site.fail(message)
    return nil
  }
}
