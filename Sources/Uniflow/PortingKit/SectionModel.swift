/// RxDataSources' `SectionModel`: a section's model (its header) and its items, for a
/// screen that shows a list in sections. A plain value; a diffable data source or a SwiftUI
/// `List` shows it.
///
/// ```swift
/// let sections: Driver<[SectionModel<String, Repo>]> = repos
///   .map { [SectionModel(model: "Repositories", items: $0)] }
///   .asDriver()
/// ```
public struct SectionModel<Section, ItemType> {
  /// What the section is about: its header's title, say.
  public var model: Section
  /// The section's rows.
  public var items: [ItemType]

  /// A section of `items` about `model`.
  public init(model: Section, items: [ItemType]) {
    self.model = model
    self.items = items
  }

  /// `original`'s model with other `items`, as RxDataSources makes a changed section.
  public init(original: SectionModel, items: [ItemType]) {
    self.init(model: original.model, items: items)
  }
}

extension SectionModel: Equatable where Section: Equatable, ItemType: Equatable {}
extension SectionModel: Hashable where Section: Hashable, ItemType: Hashable {}
extension SectionModel: Sendable where Section: Sendable, ItemType: Sendable {}
