import Foundation

/// The build of all mutants together, and of those it cannot take one at a time.
extension MutationRun {
  /// Writes every mutant behind its switch and builds. A compiler error inside a
  /// mutant's code sends that mutant to be built on its own, and the rest are built
  /// again; returns the mutants in the shared build and those left to build alone.
  func buildSchemata(
    _ files: [MutatedFile], builder: Builder
  ) throws(MutateError) -> (shared: [MutationSite], alone: [MutationSite]) {
    var alone: [Int: MutationSite] = [:]
    var rounds = 0
    while true {
      var written: [MutationSite] = []
      var spans: [String: [Int: ClosedRange<Int>]] = [:]
      for file in files where !file.sites.isEmpty {
        let sites = file.sites.filter { alone[$0.mutant.id] == nil }
        let output = Schemata(source: file.source).writing(sites)
        spans[file.path] = output.lines
        for site in sites {
          // A mutant inside another's fixed text is not in the shared build.
          if output.lines[site.mutant.id] == nil {
            alone[site.mutant.id] = site
          } else {
            written.append(site)
          }
        }
        try write(output.text, to: file.path)
      }
      progress.say("Building \(written.count) mutants in one build…")
      guard let failure = builder.build() else {
        return (written, alone.values.sorted { $0.mutant.id < $1.mutant.id })
      }
      rounds += 1
      var moved = 0
      for error in failure.errors {
        guard let fileSpans = spans[error.file] else { continue }
        let candidates = written.filter { site in
          site.mutant.file == error.file && alone[site.mutant.id] == nil
        }
        var culprits = candidates.filter { fileSpans[$0.mutant.id]?.contains(error.line) == true }
        if culprits.isEmpty {
          // An error a line or two after a mutant (a getter's closing brace, "missing
          // return"): the mutants that end nearest before it.
          let before = candidates.compactMap { fileSpans[$0.mutant.id]?.upperBound }
            .filter { $0 <= error.line && $0 >= error.line - 3 }.max()
          culprits = candidates.filter { fileSpans[$0.mutant.id]?.upperBound == before }
        }
        for site in culprits {
          alone[site.mutant.id] = site
          moved += 1
        }
      }
      if moved == 0 || rounds >= 4 {
        // Errors no mutant's code holds: every mutant of the files they are in goes alone,
        // or every mutant at all when they are elsewhere.
        let files = Set(failure.errors.map(\.file)).intersection(spans.keys)
        for site in written where files.isEmpty || files.contains(site.mutant.file) {
          alone[site.mutant.id] = site
        }
      }
    }
  }

  /// Builds and tests each mutant the shared build could not take, one after another.
  func runAlone(
    _ sites: [MutationSite], files: [MutatedFile], builder: Builder, binary: TestBinary,
    selections: [String: TestSelection], baseline: [TestSelection: Double]
  ) async -> [MutantResult] {
    var results: [MutantResult] = []
    for (index, site) in sites.enumerated() {
      guard let file = files.first(where: { $0.path == site.mutant.file }),
        let selection = selections[file.target]
      else { continue }
      func result(_ status: MutantResult.Status, _ reason: String, killedBy: [String] = [])
        -> MutantResult
      {
        MutantResult(
          mutant: site.mutant, status: status, reason: reason, killedBy: killedBy,
          ranTests: status.counts ? selection.names : [], builtAlone: true)
      }
      guard index < options.maxAlone else {
        results.append(
          result(
            .compileError,
            "not built: more than \(options.maxAlone) mutants needed a build of their own "
              + "(--max-alone)"))
        progress.advance(results.last!)
        continue
      }
      do {
        try write(Schemata(source: file.source).writingAlone(site), to: file.path)
      } catch {
        results.append(result(.compileError, "\(error)"))
        continue
      }
      if let failure = builder.build() {
        let first =
          failure.errors.first.map { "\($0.file):\($0.line): \($0.text)" } ?? "the build failed"
        results.append(result(.compileError, first))
      } else {
        let outcome = await binary.run(
          selection, mutant: nil, timeout: timeout(for: baseline[selection] ?? 1),
          stoppingAtFirstFailure: !options.allFailures)
        results.append(
          MutantJob.result(of: outcome, site: site, selection: selection, builtAlone: true))
      }
      try? write(file.source, to: file.path)
      progress.advance(results.last!)
    }
    return results
  }

  func write(_ text: String, to path: String) throws(MutateError) {
    do {
      try scratch.write(Data(text.utf8), to: path)
    } catch {
      throw .toolFailed(command: "writing \(path) in \(scratch.work.path)", output: "\(error)")
    }
  }

  /// Ten times the tests' own time, and never under three seconds.
  func timeout(for seconds: Double) -> Duration {
    .milliseconds(Int(max(seconds * 10, 3) * 1000))
  }
}

/// A mutant from the shared build, to run against its tests.
struct MutantJob: Sendable {
  var site: MutationSite
  var selection: TestSelection
  var timeout: Duration

  /// What the tests' outcome makes of the mutant.
  static func result(
    of outcome: TestOutcome, site: MutationSite, selection: TestSelection, builtAlone: Bool
  ) -> MutantResult {
    let status: MutantResult.Status
    let reason: String
    switch outcome.verdict {
    case .passed:
      status = .survived
      reason = "every test passed"
    case .failed:
      status = .killed
      reason =
        outcome.failing.isEmpty
        ? "the tests failed" : "failed: " + outcome.failing.joined(separator: ", ")
    case .crashed(let signal):
      status = .killed
      reason = "the test process crashed (signal \(signal))"
    case .timedOut:
      status = .timedOut
      reason = "stopped after ten times the tests' own time"
    }
    return MutantResult(
      mutant: site.mutant, status: status, reason: reason, killedBy: outcome.failing,
      ranTests: selection.names, builtAlone: builtAlone)
  }
}

extension MutationRun {
  /// Runs the shared build's mutants, `options.jobs` test processes at a time.
  func runJobs(_ jobs: [MutantJob], binary: TestBinary) async -> [MutantResult] {
    var results: [MutantResult] = []
    let stoppingAtFirstFailure = !options.allFailures
    await withTaskGroup(of: MutantResult.self) { group in
      var next = 0
      func addNext() {
        guard next < jobs.count else { return }
        let job = jobs[next]
        next += 1
        group.addTask {
          let outcome = await binary.run(
            job.selection, mutant: job.site.mutant.id, timeout: job.timeout,
            stoppingAtFirstFailure: stoppingAtFirstFailure)
          return MutantJob.result(
            of: outcome, site: job.site, selection: job.selection, builtAlone: false)
        }
      }
      for _ in 0..<max(1, options.jobs) { addNext() }
      for await result in group {
        results.append(result)
        progress.advance(result)
        addNext()
      }
    }
    return results
  }
}

extension TestSelection {
  /// What ran against a mutant: each test by name, and each spec runner as
  /// `Runner (Quick specs)`.
  var names: [String] { xcTests + swiftTests + specRunners.map { "\($0) (Quick specs)" } }
}
