/// The file `uniflow mutate` adds to each mutated target of its scratch copy: the switch
/// every mutant's code asks, on in the process whose `UNIFLOW_MUTANT` is its number.
///
/// It imports nothing (the C library's `getenv` is declared by name), so that the
/// target's other files see no new module, and it is callable from any isolation and
/// from inlinable code.
enum MutantSwitch {
  /// The variable that names the mutant a test process runs.
  static let environmentVariable = "UNIFLOW_MUTANT"
  /// The file's name in each target; a target holding a file of that name is refused.
  static let fileName = "__UniflowMutant.swift"

  static let source = """
    // Written by `uniflow mutate` into its scratch copy; never part of an app. Nothing here
    // is isolated, so that it builds in a module whose code defaults to the main actor.
    @_silgen_name("getenv")
    nonisolated private func __uniflowMutantVariable(
      _ name: UnsafePointer<CChar>
    ) -> UnsafeMutablePointer<CChar>?

    nonisolated private func __uniflowActiveMutant() -> Int {
      guard let value = __uniflowMutantVariable("\(environmentVariable)") else { return -1 }
      return Int(String(cString: value)) ?? -1
    }

    @usableFromInline
    enum __UniflowMutant {
      @usableFromInline
      nonisolated static let active: Int = __uniflowActiveMutant()

      @usableFromInline
      nonisolated static func isOn(_ id: Int) -> Bool { active == id }
    }

    """
}
