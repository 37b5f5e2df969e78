import Testing
import Uniflow

/// Which screens survive a change of path: the pure rules `ChildScreens` and the UIKit
/// driver share.
@Suite struct RouteMatchingTests {
  func survivors(_ old: String, _ new: String) -> [Int?] {
    RouteMatching.survivors(from: old.map { $0 }, to: new.map { $0 })
  }

  @Test func aPushKeepsEveryScreenUnderIt() {
    #expect(survivors("ab", "abc") == [0, 1, nil])
  }

  @Test func aPopKeepsEveryScreenUnderIt() {
    #expect(survivors("abc", "ab") == [0, 1])
  }

  @Test func removingFromTheMiddleKeepsTheScreensAbove() {
    #expect(survivors("ab", "b") == [1])
    #expect(survivors("abcd", "abd") == [0, 1, 3])
    #expect(survivors("aba", "ba") == [1, 2])
  }

  @Test func insertingInTheMiddleKeepsTheScreensAbove() {
    #expect(survivors("ac", "abc") == [0, nil, 1])
  }

  @Test func theSameRoutePushedAgainIsANewScreenOnTop() {
    #expect(survivors("a", "aa") == [0, nil])
    #expect(survivors("aa", "a") == [0])
  }

  @Test func aReorderKeepsEveryScreen() {
    let kept = survivors("abc", "cab")
    #expect(kept.compactMap { $0 }.sorted() == [0, 1, 2])
    #expect(kept == [2, 0, 1])
  }

  @Test func aReplacedPathKeepsNothing() {
    #expect(survivors("ab", "cd") == [nil, nil])
  }

  @Test(arguments: ["", "a", "ab", "aab", "abab", "abcabc", "bca"])
  func noOldScreenIsKeptTwiceAndEveryKeptOneHasTheSameRoute(old: String) {
    for new in ["", "a", "b", "ab", "ba", "aab", "bab", "cabc", "abcab"] {
      let kept = survivors(old, new)
      let indices = kept.compactMap { $0 }
      #expect(Set(indices).count == indices.count)
      let oldRoutes = Array(old)
      let newRoutes = Array(new)
      for (index, keptIndex) in kept.enumerated() {
        if let keptIndex { #expect(oldRoutes[keptIndex] == newRoutes[index]) }
      }
    }
  }
}
