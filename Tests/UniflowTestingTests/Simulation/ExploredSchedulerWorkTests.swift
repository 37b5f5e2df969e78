import Foundation
import PropertyBased
import Testing
import Uniflow

@testable import UniflowTesting

/// In an exploration, what Combine puts on a background queue is a piece of the
/// exploration's work: it waits for a step that lets it run, like a `.run` effect, rather
/// than racing the steps on a real thread.
@MainActor
@Suite struct ExploredSchedulerWorkTests {
  let counter = Exploration(
    "counter",
    viewModel: { _ in BackgroundCounter() },
    calls: Gen.always(BackgroundCounter.Call.load),
    call: { _, counter in counter.load() })

  @Test func workOnABackgroundQueueWaitsForARunWorkStep() async {
    let run = ExploreRun(counter)
    await run.within {
      try? await run.perform(.send(.load))
    }
    // Nothing came back yet: the hops to the global queue (the value's, then the
    // completion's) wait as the run's work.
    #expect(run.waitingWork == 2)
    #expect(run.screen?.subject.count == 0)
    await run.within {
      try? await run.perform(.runWork(0))
    }
    // Run, the value's hands it to the main queue, which the step lets run.
    #expect(run.waitingWork == 1)
    #expect(run.screen?.subject.count == 1)
    await run.within {
      try? await run.finish()
    }
  }

  @Test func twoLoadsComeBackInTheOrderTheStepsChoose() async {
    let run = ExploreRun(counter)
    await run.within {
      try? await run.perform(.send(.load))
      try? await run.perform(.send(.load))
    }
    #expect(run.waitingWork == 4)
    await run.within {
      // The second load's value, before anything of the first.
      try? await run.perform(.runWork(2))
    }
    #expect(run.waitingWork == 3)
    #expect(run.screen?.subject.count == 1)
    await run.within {
      try? await run.finish()
    }
  }
}
