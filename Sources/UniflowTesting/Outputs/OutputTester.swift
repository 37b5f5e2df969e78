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
public final class OutputTester<ViewModel: AnyObject>: OutputTesterBase<ViewModel> {
  /// The view model under test.
  ///
  /// A tester made with
  /// ``init(outputs:exhaustivity:timeout:checkFreed:fileID:filePath:line:column:_:)`` lets
  /// go of it at ``OutputTesterBase/finish(checkFreed:fileID:filePath:line:column:)`` to check that it is
  /// freed; read what you need before.
  public var viewModel: ViewModel {
    if let viewModel = held as? ViewModel { return viewModel }
    preconditionFailure(
      "The view model was let go of by finish(), which checks that it is freed. Read what "
        + "you need before finish(), or make the tester with checkFreed: false.")
  }

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
  /// At ``OutputTesterBase/finish(checkFreed:fileID:filePath:line:column:)`` (or when the test lets go of
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
    let expectations = OutputExpectations(
      recorder: OutputRecorder(outputs: watched), exhaustivity: exhaustivity,
      timeout: timeout, createdAt: site)
    if checksFreed { expectations.freedCheck = FreedCheck(watching: viewModel) }
    // Channel `i` of the recorder is `watchedPaths[i]`: what cannot be watched is left out.
    let names = watched.map(\.name)
    super.init(
      holding: viewModel, expectations: expectations, whatHoldsIt: Self.whatHoldsAViewModel,
      channelOf: { Self.channel(of: $0, among: watchedPaths, named: names, at: $1) })
  }

  /// Where a view model that was not freed is usually held.
  private static var whatHoldsAViewModel: String {
    "A closure that captures the view model strongly keeps it: a `sink` or `map` on a "
      + "publisher it was given (a repository's, an input's) that uses `self`."
  }

  /// The channel of `output`, or `nil` after failing with the outputs the tester watches.
  private static func channel(
    of output: AnyKeyPath, among outputs: [AnyKeyPath], named names: [String],
    at site: CallSite
  ) -> Int? {
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
