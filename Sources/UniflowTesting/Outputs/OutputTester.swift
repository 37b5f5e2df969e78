import Foundation
import IssueReporting
import Uniflow

/// Tests an MVVM view model exhaustively (seeds 001, 002 and 004): it records every value
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
  public let viewModel: ViewModel
  private let outputs: [AnyKeyPath]
  private let expectations: OutputExpectations

  /// Starts watching the publishers at `outputs`.
  public init(
    _ viewModel: ViewModel, outputs: PartialKeyPath<ViewModel>...,
    exhaustivity: Exhaustivity = .on, timeout: Double = 1,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    self.viewModel = viewModel
    self.outputs = outputs
    var watched: [(name: String, publisher: any Publisher)] = []
    for output in outputs {
      guard let publisher = viewModel[keyPath: output] as? any Publisher else {
        reportIssue(
          "\(output) is not a publisher, so it cannot be watched.", fileID: fileID,
          filePath: filePath, line: line, column: column)
        continue
      }
      watched.append((Self.name(of: output), publisher))
    }
    expectations = OutputExpectations(
      recorder: OutputRecorder(outputs: watched), exhaustivity: exhaustivity,
      timeout: timeout,
      createdAt: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
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
  public func receive<Source: Publisher>(
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
  public func receive<Source: Publisher>(
    _ output: KeyPath<ViewModel, Source>, timeout: Double? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column,
    where isExpected: @escaping (Source.Output) -> Bool
  ) async {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    await expectations.receive(
      from: channel(of: output, at: site), timeout: timeout, at: site, where: isExpected)
  }

  /// Ends the test: fails, when exhaustive, on every value not asserted.
  public func finish(
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    expectations.finish(
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
    reportIssue(
      "\(Self.name(of: output)) is not one of the outputs the tester was given.",
      fileID: site.fileID, filePath: site.filePath, line: site.line, column: site.column)
    return nil
  }

  /// `\WikipediaSearchViewModel.isLoading` → `isLoading`.
  private static func name(of output: AnyKeyPath) -> String {
    let path = "\(output)"
    return path.split(separator: ".").dropFirst().joined(separator: ".").nonEmpty ?? path
  }
}

extension String {
  fileprivate var nonEmpty: String? { isEmpty ? nil : self }
}
