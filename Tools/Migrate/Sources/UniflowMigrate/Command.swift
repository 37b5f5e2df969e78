import Foundation

/// `uniflow migrate [--dry-run] [--output FOLDER [--overwrite]] PATH…`: reads every file
/// first and writes only when all of them could be rewritten.
public struct MigrateCommand {
  /// What to do with the rewrites.
  public enum Mode: Equatable, Sendable {
    /// Replace each file that changes (the files named are the files asked for).
    case inPlace
    /// Print a diff and write nothing.
    case dryRun
    /// Write the rewritten files under a folder, keeping their paths; an existing file is
    /// replaced only when `overwrite` says so.
    case output(folder: String, overwrite: Bool)
  }

  public let paths: [String]
  public let mode: Mode

  /// What a run printed: the diff (in a dry run) and the summary.
  public struct Report: Sendable {
    public var diff = ""
    public var summary = ""
    public var changedFiles: [String] = []
  }

  public static let usage = """
    usage: uniflow migrate [--dry-run] [--output FOLDER [--overwrite]] PATH…

    Rewrites the mechanical part of ReactorKit reactors, Unio streams, RxSwift MVVM view
    models and their RxTest, XCTest and Quick tests into Uniflow, in place. What needs a
    decision is left with a `// uniflow-migrate:` note above it. Folders are searched for
    .swift files. Nothing is written unless every file can be read and parsed.

      --dry-run         print the changes as a diff, and write nothing
      --output FOLDER   write the rewritten files under FOLDER instead of in place
      --overwrite       with --output: replace files that exist there
    """

  /// Reads the command line after `migrate`.
  public init(arguments: [String]) throws(MigrateError) {
    var paths: [String] = []
    var dryRun = false
    var folder: String?
    var overwrite = false
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      switch argument {
      case "--dry-run": dryRun = true
      case "--overwrite": overwrite = true
      case "--output":
        index += 1
        guard index < arguments.count else {
          throw .usage("--output needs a folder\n\n" + Self.usage)
        }
        folder = arguments[index]
      case "-h", "--help": throw .usage(Self.usage)
      default:
        if argument.hasPrefix("-") {
          throw .usage("unknown option \(shown(argument))\n\n" + Self.usage)
        }
        paths.append(argument)
      }
      index += 1
    }
    guard !paths.isEmpty else {
      throw .usage("name the files or folders to migrate\n\n" + Self.usage)
    }
    if dryRun, folder != nil { throw .usage("--dry-run writes nothing; leave out --output") }
    if overwrite, folder == nil { throw .usage("--overwrite goes with --output") }
    self.paths = paths
    self.mode =
      dryRun ? .dryRun : folder.map { .output(folder: $0, overwrite: overwrite) } ?? .inPlace
  }

  /// Migrates every file, then writes (or, in a dry run, prints) the changes.
  public func run() throws(MigrateError) -> Report {
    let files = try SourceFiles.find(paths)
    var texts: [String] = []
    for file in files { texts.append(try SourceFiles.read(file.path)) }
    let together = try Migrator.migrate(together: zip(files, texts).map { ($0.path, $1) })
    let testsAlongside = together.testsAlongside.map(shown)
    var rewrites: [(path: String, relative: String, old: String, result: Migrator.Result)] = []
    for (file, (text, result)) in zip(files, zip(texts, together.results)) {
      rewrites.append((file.path, file.relative, text, result))
    }
    var report = Report()
    var added = 0
    var removed = 0
    var notes: [Note.Kind: Int] = [:]
    var noteLines: [String] = []
    for rewrite in rewrites {
      for note in rewrite.result.notes {
        notes[note.kind, default: 0] += 1
        noteLines.append("  \(shown(rewrite.path)):\(note.line): \(note.kind.construct)")
      }
      guard rewrite.old != rewrite.result.text else { continue }
      report.changedFiles.append(rewrite.path)
      let counts = Diff.counts(rewrite.old, rewrite.result.text)
      added += counts.added
      removed += counts.removed
      if mode == .dryRun {
        report.diff += Diff.unified(rewrite.old, rewrite.result.text, path: rewrite.path).split(
          separator: "\n", omittingEmptySubsequences: false
        ).map { shown(String($0)) }.joined(separator: "\n")
      }
    }
    try write(rewrites.map { ($0.path, $0.relative, $0.old, $0.result.text) })
    let verb =
      switch mode {
      case .dryRun: "would change"
      case .inPlace: "changed"
      case .output(let folder, _): "wrote under \(shown(folder)):"
      }
    var summary =
      "uniflow migrate: \(files.count) file\(files.count == 1 ? "" : "s") read, \(verb) \(report.changedFiles.count); lines +\(added) -\(removed)"
    if notes.isEmpty {
      summary += "; no notes"
    } else {
      let count = notes.values.reduce(0, +)
      summary += "; \(count) note\(count == 1 ? "" : "s") for a person:\n"
      for kind in Note.Kind.allCases where notes[kind] != nil {
        summary += "  \(notes[kind]!) × \(kind.construct): \(kind.advice) (\(kind.guide))\n"
      }
      summary += "where:\n" + noteLines.joined(separator: "\n")
    }
    if !testsAlongside.isEmpty {
      summary +=
        "\ntests that import no Rx module, migrated for the types of the Rx world they use: "
        + testsAlongside.joined(separator: ", ")
    }
    summary += Self.quickSpecsLinuxCannotRun(in: rewrites.map(\.result.text))
    report.summary = summary
    return report
  }

  /// The summary's line for the Quick specs of a run that no Linux runner names: on Linux,
  /// `swift test` runs none of their examples and still passes, so the line says what runs
  /// them there. Empty when every spec is named in an `XCTMain`, or there is none.
  static func quickSpecsLinuxCannotRun(in texts: [String]) -> String {
    var declared: [String] = []
    var run: Set<String> = []
    for text in texts {
      let specs = QuickPass.quickSpecs(in: text)
      declared += specs.declared
      run.formUnion(specs.run)
    }
    let unrun = declared.filter { !run.contains($0) }
    guard !unrun.isEmpty else { return "" }
    let cases = unrun.map { "testCase(\(shown($0)).allTests)" }.joined(separator: ", ")
    return "\nQuick specs on Linux: `swift test` makes none of their examples there, and passes "
      + "with none run. Run them from an executable target whose main.swift calls "
      + "XCTMain([\(cases)]) (Migrating with uniflow migrate, Quick on Linux)"
  }

  /// Writes the rewrites as the mode says, after checking that every write can be made.
  private func write(_ rewrites: [(path: String, relative: String, old: String, new: String)])
    throws(MigrateError)
  {
    switch mode {
    case .dryRun: return
    case .inPlace:
      for rewrite in rewrites where rewrite.old != rewrite.new {
        try replace(rewrite.path, with: rewrite.new)
      }
    case .output(let folder, let overwrite):
      let targets = rewrites.map {
        (target: (folder as NSString).appendingPathComponent($0.relative), text: $0.new)
      }
      if !overwrite,
        let existing = targets.first(where: { FileManager.default.fileExists(atPath: $0.target) })
      {
        throw .wouldOverwrite(path: existing.target)
      }
      for target in targets {
        do {
          try FileManager.default.createDirectory(
            atPath: (target.target as NSString).deletingLastPathComponent,
            withIntermediateDirectories: true)
        } catch {
          throw .unwritable(path: target.target, reason: error.localizedDescription)
        }
        try replace(target.target, with: target.text)
      }
    }
  }

  /// Writes `text` to `path` through a file beside it, renamed over it, so that a failure
  /// leaves the old file whole.
  private func replace(_ path: String, with text: String) throws(MigrateError) {
    let temporary = path + ".uniflow-migrate"
    do {
      try Data(text.utf8).write(to: URL(fileURLWithPath: temporary))
      // rename(2) replaces the old file in one step.
      guard rename(temporary, path) == 0 else {
        throw MigrateError.unwritable(path: path, reason: String(cString: strerror(errno)))
      }
    } catch let error as MigrateError {
      try? FileManager.default.removeItem(atPath: temporary)
      throw error
    } catch {
      try? FileManager.default.removeItem(atPath: temporary)
      throw .unwritable(path: path, reason: error.localizedDescription)
    }
  }
}
