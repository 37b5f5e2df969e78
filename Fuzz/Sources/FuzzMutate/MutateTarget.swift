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
// switch, and with each mutant alone; the switch calls are numbered once each.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMutate(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  Finding.fuzz(data, size, cpuSeconds: 10, checkMutate)
}

func checkMutate(_ bytes: [UInt8]) {
  // Source with a NUL, or too deep for the parser to be quick, is not what a package holds.
  guard let source = String(validating: bytes, as: UTF8.self), !source.contains("\0"),
    bytes.count < 20_000, !parses(nestedTooDeeply: source)
  else { return }
  guard !Parser.parse(source: source).hasError else { return }
  let plan = MutantPlan(source: source, file: "Fuzzed.swift")
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

/// Whether brackets nest more than twelve deep, which swift-syntax's parser takes very
/// long over (migrate refuses such files for the same reason).
func parses(nestedTooDeeply source: String) -> Bool {
  var depth = 0
  for byte in source.utf8 {
    switch byte {
    case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
      depth += 1
      if depth > 12 { return true }
    case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"): depth = max(0, depth - 1)
    default: break
    }
  }
  return false
}
