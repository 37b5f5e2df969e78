import Foundation

/// Writes a file's mutants into its text: each mutant behind a switch, so that one build
/// holds every mutant of a run and the test process picks one by its number (mutant
/// schemata). Or one mutant on its own, written as it would be by hand, for a mutant the
/// shared build could not take.
struct Schemata {
  /// The call that is true in the process whose mutant is `id`.
  static func switchCall(_ id: Int) -> String { "__UniflowMutant.isOn(\(id))" }

  /// The file's text with the sites written in, and where each one landed: the lines of
  /// the output each mutant's code spans, so that a compiler error maps back to it.
  struct Output {
    var text: String
    var lines: [Int: ClosedRange<Int>]
  }

  let source: [UInt8]

  init(source: String) { self.source = Array(source.utf8) }

  /// Every site behind its switch.
  func writing(_ sites: [MutationSite]) -> Output {
    var writer = Writer(source: source, standalone: false)
    writer.write(0..<source.count, Self.ordered(sites)[...])
    return Output(text: writer.text, lines: writer.lineSpans())
  }

  /// One site written as the mutant itself, the rest of the file as it was.
  func writingAlone(_ site: MutationSite) -> String {
    var writer = Writer(source: source, standalone: true)
    writer.write(0..<source.count, [site][...])
    return writer.text
  }

  /// Outer sites before the sites inside them; an insertion before a site that starts
  /// where it is.
  static func ordered(_ sites: [MutationSite]) -> [MutationSite] {
    sites.sorted {
      ($0.range.lowerBound, $0.range.isEmpty ? 0 : 1, -$0.range.upperBound, $0.mutant.id)
        < ($1.range.lowerBound, $1.range.isEmpty ? 0 : 1, -$1.range.upperBound, $1.mutant.id)
    }
  }

  private struct Writer {
    let source: [UInt8]
    /// Whether the one site is written as the mutant (true), not behind a switch.
    let standalone: Bool
    var bytes: [UInt8] = []
    var spans: [Int: Range<Int>] = [:]

    init(source: [UInt8], standalone: Bool) {
      self.source = source
      self.standalone = standalone
      bytes.reserveCapacity(source.count * 2)
    }

    var text: String { String(decoding: bytes, as: UTF8.self) }

    mutating func write(_ range: Range<Int>, _ sites: ArraySlice<MutationSite>) {
      var cursor = range.lowerBound
      var index = sites.startIndex
      while index < sites.endIndex {
        let site = sites[index]
        var end = index + 1
        while end < sites.endIndex, Self.contains(site.range, sites[end].range) { end += 1 }
        bytes += source[cursor..<site.range.lowerBound]
        let start = bytes.count
        write(site, inner: sites[(index + 1)..<end])
        spans[site.mutant.id] = start..<max(bytes.count, start + 1)
        cursor = site.range.upperBound
        index = end
      }
      bytes += source[cursor..<range.upperBound]
    }

    private static func contains(_ outer: Range<Int>, _ inner: Range<Int>) -> Bool {
      !outer.isEmpty && inner.lowerBound >= outer.lowerBound && inner.upperBound <= outer.upperBound
    }

    private mutating func write(_ site: MutationSite, inner: ArraySlice<MutationSite>) {
      let on = standalone ? "true" : Schemata.switchCall(site.mutant.id)
      switch site.schema {
      case .choice(let mutated):
        if standalone {
          bytes += Array(mutated.utf8)
        } else {
          bytes += Array("(\(on) ? (\(mutated)) : (".utf8)
          write(site.range, inner)
          bytes += Array("))".utf8)
        }
      case .guarded:
        bytes += Array("if !\(on) { ".utf8)
        write(site.range, inner)
        bytes += Array(" }".utf8)
      case .prefixed(let statement):
        // On the line it goes on, so that every line keeps its number.
        bytes += Array("if \(on) { \(statement) }; ".utf8)
      case .fixed(let template):
        bytes += Array(
          template.replacingOccurrences(of: MutationSite.switchPlaceholder, with: on).utf8)
      }
    }

    /// Each site's span as the 1-based lines of the output it covers.
    func lineSpans() -> [Int: ClosedRange<Int>] {
      var lineStarts = [0]
      for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
        lineStarts.append(offset + 1)
      }
      func line(_ offset: Int) -> Int {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
          let middle = (low + high + 1) / 2
          if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low + 1
      }
      return spans.mapValues { line($0.lowerBound)...line($0.upperBound - 1) }
    }
  }
}
