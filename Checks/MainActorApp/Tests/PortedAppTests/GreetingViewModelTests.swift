import Uniflow
import XCTest

@testable import PortedApp

// A test that waits in real time: it stays in XCTest, with a note.
final class GreetingViewModelTests: XCTestCase {
  func testTheGreetingArrivesOnTheMainQueue() {
    let viewModel = GreetingViewModel()
    let disposeBag = DisposeBag()
    // uniflow-migrate: a test that waits in real time: the test stays in XCTest; give the code a scheduler and drive it with VirtualTimeScheduler or DispatchQueue.test (Migrating with uniflow migrate, Tests)
    let arrived = expectation(description: "greeting")
    viewModel.greeting
      .sink(receiveValue: { text in
        XCTAssertEqual(text, "Hello, Kim!")
        arrived.fulfill()
      })
      .disposed(by: disposeBag)
    viewModel.name.accept("Kim")
    // uniflow-migrate: a test that waits in real time: the test stays in XCTest; give the code a scheduler and drive it with VirtualTimeScheduler or DispatchQueue.test (Migrating with uniflow migrate, Tests)
    wait(for: [arrived], timeout: 5)
  }
}
