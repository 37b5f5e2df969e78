import Uniflow
import Testing
import Foundation

@testable import PortedApp

private struct Repos: SearchUseCase {
  func search(query: String) -> Single<[Repo]> {
    return .just([Repo(name: "RxSwift", stars: 24), Repo(name: "Unio", stars: 2)])
  }
}

@MainActor final class RepoListStreamTests {
  var stream: RepoListStream!
  var disposeBag: DisposeBag!

  init() {
    stream = RepoListStream(useCase: Repos())
    disposeBag = DisposeBag()
  }

  @Test func aRefreshLoadsTheRepos() {
    stream.input.refresh(())
    #expect(stream.output.repos.value.map { $0.name } == ["RxSwift", "Unio"])
  }

  @Test func aFilterNarrowsWhatIsVisible() {
    var visible: [[String]] = []
    stream.output.visible
      .sink(receiveValue: { visible.append($0.map { $0.name }) })
      .disposed(by: disposeBag)
    var isEmpty: [Bool] = []
    stream.output.isEmpty
      .sink(receiveValue: { isEmpty.append($0) })
      .disposed(by: disposeBag)

    stream.input.refresh(())
    stream.input.filter("Un")
    stream.input.filter("Zz")

    #expect(visible == [[], ["RxSwift", "Unio"], ["Unio"], []])
    #expect(isEmpty == [true, false, true])
  }
}
