import Foundation
import Testing
import TerminalKit

@Suite struct DisplayWidthTests {
  @Test func wideCharactersTakeTwoColumns() {
    #expect("abc".displayWidth == 3)
    #expect("牛乳を買う".displayWidth == 10)
    #expect("e\u{301}".displayWidth == 1)
  }

  @Test func truncationEndsInAnEllipsisWithinTheWidth() {
    #expect("Buy milk and eggs".truncated(toWidth: 8) == "Buy mil…")
    #expect("Buy milk".truncated(toWidth: 8) == "Buy milk")
    #expect("牛乳を買う".truncated(toWidth: 6) == "牛乳…")
    let cut = "牛乳を買う".truncated(toWidth: 6)
    #expect(cut.displayWidth <= 6)
    #expect("abc".truncated(toWidth: 0) == "")
  }

  @Test func fittingPadsOrCutsToExactlyTheWidth() {
    #expect("ab".fitted(toWidth: 4) == "ab  ")
    #expect("abcdef".fitted(toWidth: 4) == "abc…")
    let fitted = "牛乳を".fitted(toWidth: 5)
    #expect(fitted.displayWidth == 5)
  }

  @Test func overlayingReplacesTheColumnsUnderneath() {
    #expect("abcdefgh".overlaid(with: "XY", atColumn: 3) == "abcXYfgh")
    #expect("ab".overlaid(with: "XY", atColumn: 4) == "ab  XY")
    #expect("牛乳を買う".overlaid(with: "X", atColumn: 3) == "牛 Xを買う")
    #expect(
      "牛乳を買う".overlaid(with: "X", atColumn: 4) == "牛乳Xを買う".replacingOccurrences(of: "を", with: " "))
  }
}
