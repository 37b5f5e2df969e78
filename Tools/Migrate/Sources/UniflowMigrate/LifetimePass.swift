import SwiftParser
import SwiftSyntax

/// Keeps a discarded subscription alive as long as RxSwift kept it.
///
/// `_ = x.subscribe(onNext: …)` dropped a `Disposable`, and the subscription lived on until
/// `x` ended. The same line in Combine, `_ = x.sink(…)`, drops an `AnyCancellable`, which
/// cancels at once: a closure that should have run later never runs, and an assertion in
/// it never fails. So, after the Rx pass has written `sink`, `bind(to:)` or `drive`:
///
/// - in a test, the subscription is kept to the end of its block, which is the end of the
///   test or of a Quick example:
///
///   ```swift
///   let subscription = reactor.state.sink { state in XCTAssertEqual(state.count, 1) }
///   defer { subscription.cancel() }
///   ```
///
///   As the block's last statement it is left as it is: nothing of the test runs after it,
///   so the subscription ends where the test does either way.
/// - elsewhere, RxSwift kept it for as long as the observable lived, which no local can;
///   the line gets a note that says to store it with its owner.
final class LifetimePass: NotingRewriter {
  /// Whether the file holds tests (it imports XCTest, Quick or Testing).
  private let holdsTests: Bool
  /// Every identifier of the file, and those this pass has given out, so that a new name
  /// never shadows or collides.
  private var taken: Set<String>

  init(file: SourceFileSyntax, holdsTests: Bool) {
    self.holdsTests = holdsTests
    taken = Set(
      file.tokens(viewMode: .sourceAccurate).compactMap { token in
        if case .identifier(let name) = token.tokenKind { return name }
        return nil
      })
    super.init()
  }

  /// The members whose `AnyCancellable` was RxSwift's `Disposable` once the Rx pass ran.
  static let subscribingMembers: Set<String> = ["sink", "bind", "drive", "sinkOnMainActor"]

  override func visit(_ node: CodeBlockItemListSyntax) -> CodeBlockItemListSyntax {
    let visited = super.visit(node)
    var items: [CodeBlockItemSyntax] = []
    var changed = false
    for (index, item) in visited.enumerated() {
      guard let subscription = Self.discardedSubscription(item) else {
        items.append(item)
        continue
      }
      if !holdsTests {
        items.append(
          item.with(\.leadingTrivia, annotated(item.leadingTrivia, with: [.discardedSubscription])))
        changed = true
        continue
      }
      if index == visited.count - 1 {
        items.append(item)
        continue
      }
      let name = freshName()
      let indentation = Self.indentation(of: item.leadingTrivia)
      let written = Array(
        Parser.parse(source: "let \(name) = \(subscription.text)\ndefer { \(name).cancel() }")
          .statements)
      guard written.count == 2 else {
        items.append(item)
        continue
      }
      let kept = written[0].with(\.leadingTrivia, item.leadingTrivia).with(\.trailingTrivia, [])
      let ended = written[1].with(\.leadingTrivia, lineStart(indentation))
      items += [kept, ended.with(\.trailingTrivia, item.trailingTrivia)]
      changed = true
    }
    return changed ? CodeBlockItemListSyntax(items) : visited
  }

  /// The subscription that `_ = …` drops in `item`, if that is what `item` is.
  static func discardedSubscription(_ item: CodeBlockItemSyntax) -> ExprSyntax? {
    guard let sequence = item.item.as(SequenceExprSyntax.self) else { return nil }
    let elements = Array(sequence.elements)
    guard elements.count == 3, elements[0].is(DiscardAssignmentExprSyntax.self),
      elements[1].is(AssignmentExprSyntax.self),
      let call = elements[2].as(FunctionCallExprSyntax.self),
      let member = call.memberName, subscribingMembers.contains(member), call.memberBase != nil
    else { return nil }
    return elements[2]
  }

  /// `subscription`, or `subscription2`, `subscription3`… when the file has that name.
  private func freshName() -> String {
    var name = "subscription"
    var number = 1
    while taken.contains(name) {
      number += 1
      name = "subscription\(number)"
    }
    taken.insert(name)
    return name
  }

  /// The spaces and tabs after the last line break of `trivia`.
  private static func indentation(of trivia: Trivia) -> String {
    var indentation = ""
    for piece in trivia.pieces {
      switch piece {
      case .newlines, .carriageReturnLineFeeds, .carriageReturns: indentation = ""
      case .spaces(let count): indentation += String(repeating: " ", count: count)
      case .tabs(let count): indentation += String(repeating: "\t", count: count)
      default: break
      }
    }
    return indentation
  }
}
