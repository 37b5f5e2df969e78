import UniflowMigrate
/// The report as one page, with nothing to load: the scores by file and by screen, and
/// each survivor with its line before and after. Every piece of source, every name and
/// every reason is escaped for HTML, and hidden characters are shown as `\u{…}`.
extension MutationReport {
  public func html() -> String {
    let total = tally
    var page = """
      <!doctype html>
      <html lang="en"><head><meta charset="utf-8">
      <meta name="generator" content="\(Self.generator)">
      <title>Mutation report</title>
      <style>
      body{font:15px/1.45 -apple-system,system-ui,sans-serif;margin:2em auto;max-width:70em;padding:0 1em;color:#1d1d1f}
      table{border-collapse:collapse;margin:.5em 0 1.5em}td,th{padding:.25em .8em;text-align:left;border-bottom:1px solid #ddd}
      td.n{text-align:right;font-variant-numeric:tabular-nums}.low{color:#b00020}.high{color:#1b7f3b}
      .survivor{border-left:4px solid #b00020;padding:.2em .8em;margin:1em 0;background:#fafafa}
      code,pre{font:13px/1.4 ui-monospace,Menlo,monospace}pre{margin:.2em 0;white-space:pre-wrap}
      .del{background:#ffe6e6}.ins{background:#e6ffec}.meta{color:#555}
      </style></head><body>
      <h1>Mutation report</h1>
      <p id="score">Score <strong class="\(Self.scoreClass(total.score))">\(Self.percent(total.score))</strong>:
      \(total.killed + total.timedOut) of \(total.killed + total.timedOut + total.survived) mutants killed,
      \(total.survived) survived, \(total.compileErrors) did not build, \(total.ignored) ignored.</p>

      """
    page += table(id: "files", heading: "File", scores(by: \.file))
    page += table(id: "screens", heading: "Screen", scores(by: \.screen))
    page += "<h2>Survived</h2>\n"
    if survivors.isEmpty { page += "<p>None: the tests noticed every mutant.</p>\n" }
    for result in survivors {
      let (original, mutated) = lines(of: result.mutant)
      page += """
        <div class="survivor"><p><code>\(Self.escaped(result.mutant.place))</code> — \
        \(Self.escaped(result.mutant.mutationOperator.summary)) in \(Self.escaped(result.mutant.screen))</p>
        <pre class="del">- \(Self.escaped(original))</pre><pre class="ins">+ \(Self.escaped(mutated))</pre>
        <p class="meta">Ran \(Self.escaped(testsDescription(result.ranTests)))</p></div>

        """
    }
    let ignored = results.filter { $0.status == .ignored }
    if !ignored.isEmpty {
      page += "<h2>Ignored</h2>\n<ul>\n"
      for result in ignored {
        page +=
          "<li><code>\(Self.escaped(result.mutant.place))</code> \(Self.escaped(result.mutant.mutationOperator.summary)): \(Self.escaped(result.reason))</li>\n"
      }
      page += "</ul>\n"
    }
    return page + "</body></html>\n"
  }

  private func table(id: String, heading: String, _ rows: [(name: String, tally: Tally)]) -> String
  {
    var out =
      "<table id=\"\(id)\"><tr><th>\(heading)</th><th>Score</th><th>Killed</th><th>Survived</th><th>Not built</th><th>Ignored</th></tr>\n"
    for row in rows {
      out += "<tr><td>\(Self.escaped(row.name))</td>"
      out +=
        "<td class=\"n \(Self.scoreClass(row.tally.score))\">\(Self.percent(row.tally.score))</td>"
      out +=
        "<td class=\"n\">\(row.tally.killed + row.tally.timedOut)</td><td class=\"n\">\(row.tally.survived)</td>"
      out +=
        "<td class=\"n\">\(row.tally.compileErrors)</td><td class=\"n\">\(row.tally.ignored)</td></tr>\n"
    }
    return out + "</table>\n"
  }

  private static func scoreClass(_ score: Double?) -> String {
    guard let score else { return "" }
    return score >= 0.8 ? "high" : score < 0.6 ? "low" : ""
  }

  /// Text for HTML: hidden characters as `\u{…}`, then `&`, `<`, `>`, `"` and `'` as
  /// entities.
  static func escaped(_ text: String) -> String {
    var out = ""
    for character in shown(text) {
      switch character {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&#39;"
      default: out.append(character)
      }
    }
    return out
  }
}
