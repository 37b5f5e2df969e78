import Foundation
import Testing
@testable import Uniflow

/// `MainActorCheck` tells the main actor's code from any other thread's, including the
/// jobs of the main queue that a worker thread drains once `dispatchMain()` runs (Linux).
@Suite struct MainActorCheckTests {
  @MainActor
  @Test func codeOnTheMainActorIsOnIt() {
    #expect(MainActorCheck.isOnMainActor)
  }

  @Test func aDetachedTaskAndABackgroundQueueAreNot() async {
    let inTask = await Task.detached { MainActorCheck.isOnMainActor }.value
    #expect(!inTask)
    let onQueue = await withCheckedContinuation { continuation in
      DispatchQueue.global().async { continuation.resume(returning: MainActorCheck.isOnMainActor) }
    }
    #expect(!onQueue)
  }

  @Test func aJobOfTheMainQueueIsOnIt() async {
    let onMainQueue = await withCheckedContinuation { continuation in
      DispatchQueue.main.async { continuation.resume(returning: MainActorCheck.isOnMainActor) }
    }
    #expect(onMainQueue)
  }
}
