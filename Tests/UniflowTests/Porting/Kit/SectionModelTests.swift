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

  struct Contact: IdentifiableType, Equatable {
    let id: Int
    var name: String
    var identity: Int { id }
  }

  /// An app's own section type, as RxDataSources apps declare them.
  struct ContactSection: AnimatableSectionModelType, Equatable {
    var letter: String
    var items: [Contact]
    var identity: String { letter }

    init(letter: String, items: [Contact]) {
      self.letter = letter
      self.items = items
    }

    init(original: ContactSection, items: [Contact]) {
      self = original
      self.items = items
    }
  }

  /// What a diffing data source would do with any section type: copy it with new rows.
  func renamed<Section: SectionModelType>(
    _ section: Section, _ rename: (Section.Item) -> Section.Item
  )
    -> Section
  {
    Section(original: section, items: section.items.map(rename))
  }

  @Test func anAppsSectionTypeConformsAsItDidAndIsCopiedWithOtherRows() {
    let section = ContactSection(letter: "A", items: [Contact(id: 1, name: "Ada")])
    let changed = renamed(section) { Contact(id: $0.id, name: $0.name.uppercased()) }
    #expect(changed.identity == "A")
    #expect(changed.items == [Contact(id: 1, name: "ADA")])
    #expect(changed.items.map(\.identity) == section.items.map(\.identity))
  }

  @Test func anAnimatableSectionIsIdentifiedByItsModel() {
    let section = AnimatableSectionModel(model: "Favourites", items: [Contact(id: 2, name: "Kim")])
    #expect(section.identity == "Favourites")
    let emptied = AnimatableSectionModel(original: section, items: [])
    #expect(emptied.model == "Favourites")
    #expect(emptied.items.isEmpty)
    #expect(emptied != section)
    #expect(renamed(SectionModel(model: 1, items: ["a"])) { $0 + "!" }.items == ["a!"])
  }
}
