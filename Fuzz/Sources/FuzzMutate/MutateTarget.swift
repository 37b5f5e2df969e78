import Foundation
import FuzzSupport
import SwiftParser
import SwiftSyntax
import UniflowMutate

// `uniflow mutate`'s operators and schemata over arbitrary Swift source (seeded with its
// fixture and the examples' screens, mutated with the Swift dictionary): the file is read
// as mutate reads it, its mutants found, and written both ways.
//
// The rules: a file that parses cleanly still parses cleanly with every mutant behind its
// switch, and with each mutant alone; the switch calls are numbered once each; a file
// nested too deep is refused with `MutateError.nestedTooDeeply`, printed safely.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMutate(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  Finding.fuzz(data, size, cpuSeconds: 10, checkMutate)
}

func checkMutate(_ bytes: [UInt8]) {
  // Source with a NUL is not what a package holds.
  guard let source = String(validating: bytes, as: UTF8.self), !source.contains("\0"),
    bytes.count < 20_000
  else { return }
  let plan: MutantPlan
  do {
    // A file nested too deep is refused before it is parsed, and says so safely.
    plan = try MutantPlan(source: source, file: "Fuzzed.swift")
  } catch {
    Finding.check(
      !holdsHiddenCharacter(error.description), "a refusal holds a hidden character: \(error)")
    if case .nestedTooDeeply = error { return }
    Finding.report("a refusal that reading source never gives: \(error)")
    return
  }
  guard !Parser.parse(source: source).hasError else { return }
  Finding.check(
    !Parser.parse(source: plan.schemata).hasError,
    "the file with its \(plan.count) mutants behind their switches does not parse:\n"
      + plan.schemata)
  for (index, alone) in plan.alone.enumerated() {
    Finding.check(
      !Parser.parse(source: alone).hasError,
      "mutant \(index + 1) written alone does not parse:\n" + alone)
  }
  let calls = plan.schemata.components(separatedBy: "__UniflowMutant.isOn(").count - 1
  Finding.check(
    calls == plan.written,
    "\(plan.written) mutants were written but the text asks \(calls) switches")
}
