import Testing
import Uniflow
import UniflowTesting

/// The porting kit's names that `uniflow migrate` writes, used from a module whose code
/// defaults to the main actor, as a new Xcode app target's does.
@Suite struct PortingKitAdditionsTests {
  @Test func sectionsAndADriverOnVirtualTime() {
    let scheduler = VirtualTimeScheduler()
    let names = scheduler.createHotPublisher([.next(1, "milk"), .next(2, "eggs")])
    let sections = scheduler.createObserver(Int.self)
    let bag = DisposeBag()
    names.map { [SectionModel(model: "List", items: [$0])] }.asDriver()
      .map { $0[0].items.count }.asDriver().drive(sections).disposed(by: bag)
    names.asDriver().drive().disposed(by: bag)
    scheduler.start()
    #expect(sections.events == [.next(1, 1), .next(2, 1)])
    #expect(
      SectionModel(original: SectionModel(model: "List", items: [1]), items: [2])
        == SectionModel(model: "List", items: [2]))
  }
}
