import RxSwift
import XCTest

@testable import PortedApp

// A test that waits in real time: it stays in XCTest, with a note.
final class GreetingViewModelTests: XCTestCase {
  func testTheGreetingArrivesOnTheMainQueue() {
    let viewModel = GreetingViewModel()
    let disposeBag = DisposeBag()
    let arrived = expectation(description: "greeting")
    viewModel.greeting
      .subscribe(onNext: { text in
        XCTAssertEqual(text, "Hello, Kim!")
        arrived.fulfill()
      })
      .disposed(by: disposeBag)
    viewModel.name.accept("Kim")
    wait(for: [arrived], timeout: 5)
  }
}
