/// Where a mutant goes in a file's text, and how the build of all mutants writes it.
struct MutationSite: Sendable {
  /// How the schemata build writes a mutant: each form keeps the original when the
  /// mutant is off, and the mutant's form when the switch (`⟨on⟩`) turns it on.
  enum Schema: Sendable, Equatable {
    /// An expression: `(⟨on⟩ ? (mutated) : (original))`. Both sides must have one type.
    case choice(mutated: String)
    /// A statement: `if !⟨on⟩ { original }`.
    case guarded
    /// A statement put where `range` (empty) is: `if ⟨on⟩ { statement }`.
    case prefixed(statement: String)
    /// Text written in place of the range, `⟨on⟩` standing for the switch. Mutants inside
    /// the range are left out of the build.
    case fixed(template: String)
  }

  var mutant: Mutant
  /// UTF-8 offsets into the original text.
  var range: Range<Int>
  var schema: Schema

  /// The placeholder for the switch in a `fixed` template.
  static let switchPlaceholder = "⟨on⟩"
}
