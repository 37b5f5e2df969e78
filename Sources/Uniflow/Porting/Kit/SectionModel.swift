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

/// RxDataSources' `SectionModelType`: a section that holds items and can be copied with
/// other items. ``SectionModel`` is one; an app's own section types conform as they did.
///
/// ```swift
/// struct ContactSection: SectionModelType {
///   var letter: String
///   var items: [Contact]
///   init(original: ContactSection, items: [Contact]) {
///     self = original
///     self.items = items
///   }
/// }
/// ```
public protocol SectionModelType {
  /// The type of the section's rows.
  associatedtype Item
  /// The section's rows.
  var items: [Item] { get }
  /// `original` with other `items`.
  init(original: Self, items: [Item])
}

extension SectionModel: SectionModelType {
  /// The type of the section's rows.
  public typealias Item = ItemType
}

/// RxDataSources' `IdentifiableType`: a value that keeps an identity while its contents
/// change, so that a list can tell a moved or changed row from a new one.
///
/// ```swift
/// struct Contact: IdentifiableType, Equatable {
///   let id: UUID
///   var name: String
///   var identity: UUID { id }
/// }
/// ```
public protocol IdentifiableType {
  /// What identifies the value.
  associatedtype Identity: Hashable
  /// The value's identity, the same however its other properties change.
  var identity: Identity { get }
}

/// RxDataSources' `AnimatableSectionModelType`: a section with an identity whose rows have
/// identities too, for lists that animate their changes.
public protocol AnimatableSectionModelType: SectionModelType, IdentifiableType
where Item: IdentifiableType, Item: Equatable {}

/// RxDataSources' `AnimatableSectionModel`: a section model whose section and rows have
/// identities.
///
/// ```swift
/// let section = AnimatableSectionModel(model: "Favourites", items: favouriteContacts)
/// section.identity   // "Favourites" (a String is its own identity here)
/// ```
public struct AnimatableSectionModel<
  Section: IdentifiableType, ItemType: IdentifiableType & Equatable
>:
  AnimatableSectionModelType
{
  /// The type of the section's rows.
  public typealias Item = ItemType
  /// What the section is about, and what identifies it.
  public var model: Section
  /// The section's rows.
  public var items: [ItemType]

  /// The section's identity: its model's.
  public var identity: Section.Identity { model.identity }

  /// A section of `items` about `model`.
  public init(model: Section, items: [ItemType]) {
    self.model = model
    self.items = items
  }

  /// `original`'s model with other `items`.
  public init(original: AnimatableSectionModel, items: [ItemType]) {
    self.init(model: original.model, items: items)
  }
}

extension AnimatableSectionModel: Equatable where Section: Equatable {}
extension AnimatableSectionModel: Sendable where Section: Sendable, ItemType: Sendable {}

extension String: IdentifiableType {
  /// A string is its own identity, as in RxDataSources.
  public var identity: String { self }
}

extension Int: IdentifiableType {
  /// A number is its own identity, as in RxDataSources.
  public var identity: Int { self }
}
