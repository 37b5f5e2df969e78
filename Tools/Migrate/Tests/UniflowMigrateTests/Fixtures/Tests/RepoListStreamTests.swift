import RxSwift
import Unio
import XCTest

@testable import PortedApp

private struct Repos: SearchUseCase {
  func search(query: String) -> Single<[Repo]> {
    return .just([Repo(name: "RxSwift", stars: 24), Repo(name: "Unio", stars: 2)])
  }
}

final class RepoListStreamTests: XCTestCase {
  var stream: RepoListStream!
  var disposeBag: DisposeBag!

  override func setUp() {
    super.setUp()
    stream = RepoListStream(useCase: Repos())
    disposeBag = DisposeBag()
  }

  func testARefreshLoadsTheRepos() {
    stream.input.accept((), for: \.refresh)
    XCTAssertEqual(stream.output.value(for: \.repos).map { $0.name }, ["RxSwift", "Unio"])
  }

  func testAFilterNarrowsWhatIsVisible() {
    var visible: [[String]] = []
    stream.output.observable(for: \.visible)
      .subscribe(onNext: { visible.append($0.map { $0.name }) })
      .disposed(by: disposeBag)
    var isEmpty: [Bool] = []
    stream.output.isEmpty
      .subscribe(onNext: { isEmpty.append($0) })
      .disposed(by: disposeBag)

    stream.input.refresh(())
    stream.input.accept("Un", for: \.filter)
    stream.input.accept("Zz", for: \.filter)

    XCTAssertEqual(visible, [[], ["RxSwift", "Unio"], ["Unio"], []])
    XCTAssertEqual(isEmpty, [true, false, true])
  }
}
