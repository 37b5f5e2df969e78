import Foundation
import Testing
import Uniflow

@Suite struct NavigationStateTests {
  struct Stack: NavigationState, Equatable {
    var path: [String] = []
    var modal: String?
  }

  func applying(_ actions: NavigationAction<String>..., to start: Stack = Stack()) -> Stack {
    var state = start
    for action in actions { state.apply(action) }
    return state
  }

  @Test func pushAddsOnTopAndPopTakesTheTopOff() {
    #expect(applying(.push("a"), .push("b")).path == ["a", "b"])
    #expect(applying(.push("a"), .push("b"), .pop).path == ["a"])
  }

  @Test func poppingAnEmptyStackLeavesItAndSaysSoNamingThePath() {
    withKnownIssue {
      #expect(applying(.pop, .popToRoot) == Stack())
    } matching: {
      $0.comments.map(\.rawValue).joined()
        .contains("`pop` has no route to pop, so it was ignored. The path is [], the modal none.")
    }
  }

  @Test func popToRootAtTheRootIsNoMistake() {
    #expect(applying(.popToRoot) == Stack())
  }

  @Test func popToRootEmptiesTheStackAndLeavesTheModal() {
    let state = applying(.push("a"), .push("b"), .present("sheet"), .popToRoot)
    #expect(state == Stack(path: [], modal: "sheet"))
  }

  @Test func setPathReplacesTheWholeStack() {
    #expect(applying(.push("a"), .setPath(["x", "y", "z"])).path == ["x", "y", "z"])
  }

  @Test func presentingReplacesTheModalAndDismissingTakesItAway() {
    #expect(applying(.present("a"), .present("b")).modal == "b")
    #expect(applying(.present("a"), .dismiss).modal == nil)
    #expect(applying(.present("a"), .didDismiss).modal == nil)
  }

  @Test func dismissingWithNothingPresentedIsReportedWithThePath() {
    for action in [NavigationAction<String>.dismiss, .didDismiss] {
      withKnownIssue {
        #expect(applying(.push("a"), action) == Stack(path: ["a"]))
      } matching: {
        $0.comments.map(\.rawValue).joined()
          .contains("has no modal to dismiss, so it was ignored. The path is [\"a\"]")
      }
    }
  }

  @Test func aSystemPopKeepsTheRoutesUnderTheScreenItWentBackTo() {
    let start = applying(.push("a"), .push("b"), .push("c"))
    #expect(applying(.didPop(toDepth: 1), to: start).path == ["a"])
    #expect(applying(.didPop(toDepth: 0), to: start).path == [])
  }

  @Test func aSystemPopToTheDepthTheStackHasConfirmsItAndDoesNothing() {
    let start = applying(.push("a"), .push("b"))
    #expect(applying(.didPop(toDepth: 2), to: start) == start)
  }

  @Test func aSystemPopPastTheStackLeavesItAndIsReportedWithTheDepth() {
    let start = applying(.push("a"), .push("b"))
    for depth in [5, -1] {
      withKnownIssue {
        #expect(applying(.didPop(toDepth: depth), to: start) == start)
      } matching: {
        $0.comments.map(\.rawValue).joined()
          .contains("goes past the stack, whose depth is 2, so it was ignored")
      }
    }
  }

  @Test func aViewsChangeOfPathIsAPopWhenItGoesBackAndASetPathOtherwise() {
    #expect(NavigationAction.change(from: ["a", "b", "c"], to: ["a"]) == .didPop(toDepth: 1))
    #expect(NavigationAction.change(from: ["a", "b"], to: []) == .didPop(toDepth: 0))
    #expect(NavigationAction.change(from: ["a"], to: ["a", "d"]) == .setPath(["a", "d"]))
    #expect(NavigationAction.change(from: ["a", "b"], to: ["c"]) == .setPath(["c"]))
    #expect(NavigationAction<String>.change(from: ["a"], to: ["a"]) == nil)
  }

  @Test func anActionRoundTripsThroughJSON() throws {
    let actions: [NavigationAction<String>] = [
      .push("a"), .pop, .popToRoot, .setPath(["x"]), .present("m"), .dismiss,
      .didPop(toDepth: 2), .didDismiss,
    ]
    let data = try JSONEncoder().encode(actions)
    #expect(try JSONDecoder().decode([NavigationAction<String>].self, from: data) == actions)
  }

  @Test func aMessageShowsHostileRoutesEscapedAndAMegabyteRouteCut() {
    let hostile = "\u{1B}[2J\u{202E}evil\u{9B}31m ❤️ e\u{301}"
    withKnownIssue {
      _ = applying(.didPop(toDepth: 3), to: Stack(path: [hostile]))
    } matching: {
      let text = $0.comments.map(\.rawValue).joined()
      return text.contains("\\u{1B}[2J\\u{202E}evil\\u{9B}31m ❤️ e\u{301}")
        && !text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E }
    }
    let huge = String(repeating: "9", count: 1 << 20)
    withKnownIssue {
      _ = applying(.pop, .dismiss, to: Stack(path: [], modal: nil))
      _ = applying(.didPop(toDepth: 2), to: Stack(path: [huge]))
    } matching: {
      let text = $0.comments.map(\.rawValue).joined()
      return text.utf8.count < 2_000 && (text.contains("more characters") || !text.contains(huge))
    }
  }
}
