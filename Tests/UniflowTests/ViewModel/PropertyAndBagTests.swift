import Testing
import Uniflow

@Suite struct PropertyTests {
  @Test func readsAndObservesItsRelayWithoutWritingIt() {
    let relay = BehaviorRelay(value: "a")
    let property = Property(relay)
    var received: [String] = []
    let cancellable = property.sink { received.append($0) }
    relay.accept("b")
    #expect(property.value == "b")
    #expect(received == ["a", "b"])
    cancellable.cancel()
  }

  @Test func computedReadsItsGetterEachTime() {
    let relay = BehaviorRelay(value: [1, 2])
    let count = Computed { relay.value.count }
    #expect(count.value == 2)
    relay.accept([1, 2, 3])
    #expect(count.value == 3)
  }
}

@Suite struct CancelBagTests {
  @Test func cancelsEverythingItHoldsWhenReleased() {
    let relay = PublishRelay<Int>()
    var received: [Int] = []
    do {
      let bag = CancelBag()
      relay.sink { received.append($0) }.disposed(by: bag)
      relay.sink { received.append($0 * 10) }.store(in: bag)
      #expect(bag.count == 2)
      relay.accept(1)
    }
    relay.accept(2)
    #expect(received == [1, 10])
  }

  @Test func cancelEmptiesTheBagAndLeavesItUsable() {
    let relay = PublishRelay<Int>()
    var received: [Int] = []
    let bag = DisposeBag()
    relay.sink { received.append($0) }.disposed(by: bag)
    bag.cancel()
    relay.accept(1)
    #expect(bag.count == 0)
    relay.sink { received.append($0) }.disposed(by: bag)
    relay.accept(2)
    #expect(received == [2])
  }

  @Test func bindSendsAPublishersValuesIntoARelay() {
    let source = PublishRelay<Int>()
    let target = BehaviorRelay(value: 0)
    let bag = CancelBag()
    source.map { $0 * 2 }.bind(to: target).disposed(by: bag)
    source.accept(21)
    #expect(target.value == 42)
  }
}
