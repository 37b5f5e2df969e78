import Testing

@testable import UniflowTesting

/// The shrink's rules, on lists of plain steps: what it returns is 1-minimal (no step can
/// be removed, no two neighbours merged, no step made simpler, with the failure kept),
/// and it says how many lists it replayed.
@Suite struct StepShrinkingTests {
  /// A screen's steps in miniature: a load, a wait, a cancel.
  enum Step: Equatable {
    case load, cancel, noise
    case wait(Int)
  }

  /// Fails when a cancel comes after a load and at least 1,000 ms of waits between them:
  /// the missed cancel of a search that answers after a second.
  static func missedCancel(_ steps: [Step]) -> Bool {
    guard let load = steps.firstIndex(of: .load),
      let cancel = steps[load...].firstIndex(of: .cancel)
    else { return false }
    let waited = steps[load..<cancel].reduce(0) { total, step in
      if case .wait(let milliseconds) = step { total + milliseconds } else { total }
    }
    return waited >= 1_000
  }

  static func merged(_ first: Step, _ second: Step) -> Step? {
    guard case .wait(let one) = first, case .wait(let other) = second else { return nil }
    return .wait(one + other)
  }

  @Test func twoAdjacentClockAdvancesAreMergedIntoOne() async {
    let steps: [Step] = [.noise, .load, .wait(500), .noise, .wait(500), .cancel, .noise]
    let shrunk = await StepShrinking.shrink(
      steps, simpler: { _ in [] }, merged: Self.merged, stillFails: { Self.missedCancel($0) })
    #expect(shrunk.steps == [.load, .wait(1_000), .cancel])
    #expect(!shrunk.ranOutOfBudget)
  }

  @Test func aShrinkOverTimeStopsWithTheShortestListFoundSoFar() async {
    let steps: [Step] = [.noise, .load, .wait(500), .noise, .wait(500), .cancel, .noise]
    // Over time once three lists have been tried.
    final class Tries { var count = 0 }
    let tries = Tries()
    let shrunk = await StepShrinking.shrink(
      steps, isOverTime: { tries.count >= 3 }, simpler: { _ in [] }, merged: Self.merged,
      stillFails: {
        tries.count += 1
        return Self.missedCancel($0)
      })
    #expect(shrunk.replays == 3)
    #expect(shrunk.ranOutOfTime)
    #expect(shrunk.ranOutOfBudget)
    #expect(Self.missedCancel(shrunk.steps))
    #expect(shrunk.steps.count < steps.count)
    #expect(shrunk.steps != [.load, .wait(1_000), .cancel])
  }

  @Test func withoutAMergeTheAdvancesStayTwo() async {
    let steps: [Step] = [.load, .wait(500), .wait(500), .cancel]
    let shrunk = await StepShrinking.shrink(steps, simpler: { _ in [] }) { Self.missedCancel($0) }
    #expect(shrunk.steps == steps)
  }

  @Test func theResultIsOneMinimal() async {
    // Lists whose failure needs different things; each shrink's result is checked by brute
    // force: every single removal and every merge of neighbours passes.
    let lists: [[Step]] = [
      [.wait(300), .load, .wait(400), .wait(300), .noise, .wait(300), .cancel, .cancel],
      [.load, .load, .wait(999), .noise, .wait(1), .cancel],
      [.noise, .load, .wait(2_000), .wait(5), .cancel, .load, .cancel],
    ]
    for steps in lists {
      #expect(Self.missedCancel(steps))
      let shrunk = await StepShrinking.shrink(
        steps, simpler: { _ in [] }, merged: Self.merged, stillFails: { Self.missedCancel($0) })
      #expect(Self.missedCancel(shrunk.steps))
      for index in shrunk.steps.indices {
        var fewer = shrunk.steps
        fewer.remove(at: index)
        #expect(!Self.missedCancel(fewer), "removing step \(index) of \(shrunk.steps)")
      }
      for index in shrunk.steps.indices.dropLast() {
        guard let step = Self.merged(shrunk.steps[index], shrunk.steps[index + 1]) else {
          continue
        }
        var joined = shrunk.steps
        joined.replaceSubrange(index...index + 1, with: [step])
        #expect(!Self.missedCancel(joined), "merging steps \(index) of \(shrunk.steps)")
      }
    }
  }

  @Test func theReplaysItReportsAreTheListsItRan() async {
    var runs = 0
    let shrunk = await StepShrinking.shrink(
      [Step.noise, .load, .wait(500), .wait(500), .cancel], simpler: { _ in [] },
      merged: Self.merged
    ) {
      runs += 1
      return Self.missedCancel($0)
    }
    #expect(shrunk.replays == runs)
    #expect(runs > 0)
  }

  @Test func aSpentBudgetIsSaid() async {
    let steps: [Step] = [.noise, .load, .wait(500), .noise, .wait(500), .cancel, .noise]
    let shrunk = await StepShrinking.shrink(
      steps, budget: 2, simpler: { _ in [] }, merged: Self.merged,
      stillFails: { Self.missedCancel($0) })
    #expect(shrunk.ranOutOfBudget)
    #expect(shrunk.replays == 2)
  }

  @Test func aSimplerStepIsKeptWhenItStillFails() async {
    let shrunk = await StepShrinking.shrink(
      [Step.load, .wait(5_000), .cancel],
      simpler: { step in
        guard case .wait(let milliseconds) = step else { return [] }
        return [1, 10, 100, 1_000].filter { $0 < milliseconds }.map { .wait($0) }
      },
      merged: Self.merged, stillFails: { Self.missedCancel($0) })
    #expect(shrunk.steps == [.load, .wait(1_000), .cancel])
  }
}
