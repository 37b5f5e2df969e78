import Foundation
import FuzzSupport
import UniflowMigrate

// `uniflow migrate` over arbitrary Swift source (seeded with its own fixtures, mutated with a
// dictionary of Swift and Rx tokens, Fuzz/Dictionaries/swift.dict): the file's bytes are
// read as migrate reads a file, and what reads is rewritten with every pass.
//
// The rules: a file is rewritten or refused with a `MigrateError` of reading or parsing
// (`.rewriteFailed`, a rewrite that does not parse, is migrate's own bug); a rewrite run again
// over its own output changes nothing; no refusal's description holds a hidden character.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMigrate(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  Finding.fuzz(data, size, cpuSeconds: 10, checkMigrate)
}

func checkMigrate(_ bytes: [UInt8]) {
  let path = "Fuzzed.swift"
  let rewritten: Migrator.Result
  do {
    let source = try SourceFiles.text(of: bytes, path: path)
    rewritten = try Migrator.migrate(source, path: path, everyFile: true)
  } catch {
    checkRefusal(error)
    return
  }
  do {
    let again = try Migrator.migrate(rewritten.text, path: path, everyFile: true)
    Finding.check(
      again.text == rewritten.text,
      "a second run changed migrate's own output:\n"
        + Diff.unified(rewritten.text, again.text, path: path))
  } catch {
    Finding.report("migrate's own output was refused: \(error)")
  }
}

func checkRefusal(_ error: MigrateError) {
  Finding.check(
    !holdsHiddenCharacter(error.description),
    "the description of a refusal holds a hidden character: \(String(reflecting: error))")
  switch error {
  case .notText, .invalidUTF8, .lineTooLong, .nestedTooDeeply, .unparseable: break
  case .rewriteFailed(_, let line):
    Finding.report("migrate's rewrite does not parse at line \(line)")
  default:
    Finding.report("a refusal that reading source never gives: \(error)")
  }
}
