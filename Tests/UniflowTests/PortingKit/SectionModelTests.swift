import Testing
import Uniflow

@Suite struct SectionModelTests {
  struct Repo: Equatable, Hashable { let name: String }

  @Test func aSectionKeepsItsModelAndItems() {
    let section = SectionModel(model: "Repositories", items: [Repo(name: "swift")])
    #expect(section.model == "Repositories")
    #expect(section.items == [Repo(name: "swift")])
  }

  @Test func aChangedSectionKeepsTheOriginalsModel() {
    let original = SectionModel(model: "Repositories", items: [Repo(name: "swift")])
    let changed = SectionModel(original: original, items: [Repo(name: "RxSwift")])
    #expect(changed.model == "Repositories")
    #expect(changed.items == [Repo(name: "RxSwift")])
    #expect(changed != original)
    #expect(Set([original, changed, original]).count == 2)
  }
}
