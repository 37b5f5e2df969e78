import Testing

@testable import Uniflow

@Suite struct WorkQueueTests {
  @Test func theFirstUnitBeginsAndALaterOneWaitsUntilItEnds() {
    var queue = WorkQueue<String>()
    let first = queue.begin()
    let second = queue.begin()
    #expect(first && !second && queue.isBusy)
    queue.end()
    #expect(!queue.isBusy)
    let afterEnd = queue.begin()
    #expect(afterEnd)
  }

  @Test func waitingWorkComesOutOldestFirstAndOnlyOnce() {
    var queue = WorkQueue<Int>()
    _ = queue.begin()
    queue.push(1)
    queue.push(2)
    var taken = [queue.next()]
    queue.push(3)
    taken += [queue.next(), queue.next(), queue.next()]
    queue.push(4)
    taken += [queue.next(), queue.next()]
    #expect(taken == [1, 2, 3, nil, 4, nil])
  }
}
