import Foundation

/// One run of `uniflow mutate`: the copy made, the mutants found and built, each run
/// against the tests that can reach it, and the results gathered.
struct MutationRun {
  let options: MutateOptions
  let scratch: ScratchPackage
  let progress: Progress

  /// A file to mutate: its text and its sites.
  struct MutatedFile {
    var path: String
    var target: String
    var source: String
    var sites: [MutationSite]
  }

  func run() async throws(MutateError) -> MutationReport {
    let clock = ContinuousClock()
    let started = clock.now
    try scratch.synchronize()
    try scratch.writeManifest(keeping: nil)
    let layout = try PackageLayout.read(folder: scratch.work, scratch: scratch.build)
    let (files, ignored) = try findMutants(in: try chosenTargets(layout))
    let mutatedTargets = Set(files.filter { !$0.sites.isEmpty }.map(\.target))
    guard !mutatedTargets.isEmpty else {
      if ignored.isEmpty { throw .nothingToMutate }
      return MutationReport(
        package: scratch.original.path, results: ignored, sources: sources(files),
        seconds: (clock.now - started).seconds)
    }
    try narrowCopy(to: mutatedTargets, layout)

    // The package as it is: it must build, and its tests must pass.
    progress.say("Building the package as it is…")
    let builder = Builder(scratch: scratch)
    if let failure = builder.build() {
      throw .buildFailed(errors: Builder.errorLines(failure.output))
    }
    let binary = try TestBinary(
      path: try builder.binFolder().appendingPathComponent("\(layout.name)PackageTests.xctest"),
      folder: scratch.work, package: scratch.work, scratch: scratch.build,
      throughSwiftTest: options.throughSwiftTest)
    let selections = try selections(for: mutatedTargets, layout, binary)
    let baseline = try await baseline(of: Set(selections.values), binary)

    // Every mutant in one build; what it cannot take is built on its own.
    let (shared, alone) = try buildSchemata(files, builder: builder)
    let jobs = shared.compactMap { site -> MutantJob? in
      guard let selection = selections[target(of: site, files)] else { return nil }
      return MutantJob(
        site: site, selection: selection, timeout: timeout(for: baseline[selection] ?? 1))
    }
    progress.start(total: jobs.count + alone.count)
    var results = ignored
    results += await runJobs(jobs, binary: binary)
    results += await runAlone(
      alone, files: files, builder: builder, binary: binary,
      selections: selections, baseline: baseline)
    progress.finish()
    // The copy is left as the package is, for the next run's incremental build.
    for file in files {
      try? scratch.write(Data(file.source.utf8), to: file.path)
    }
    return MutationReport(
      package: scratch.original.path, results: results.sorted { $0.mutant.id < $1.mutant.id },
      sources: sources(files), seconds: (clock.now - started).seconds,
      baselineSeconds: baseline.values.max() ?? 0)
  }

  /// Each file's mutants, numbered across the run, and those its ignore comments keep out.
  private func findMutants(
    in targets: [PackageLayout.Target]
  ) throws(MutateError) -> (files: [MutatedFile], ignored: [MutantResult]) {
    let changed = try options.since.map { (revision) throws(MutateError) in
      try ChangedLines(revision: revision, package: scratch.original)
    }
    var files: [MutatedFile] = []
    var ignored: [MutantResult] = []
    var nextID = 1
    for target in targets {
      for path in target.files where options.wants(path) {
        guard
          let source = try? String(
            contentsOf: scratch.original.appendingPathComponent(path), encoding: .utf8)
        else { continue }
        let comments = try IgnoreComments(source: source, file: path)
        var sites: [MutationSite] = []
        var ignoredHere = 0
        for var site in try SiteFinder.checkedSites(in: source, file: path) {
          if let changed, !changed.touches(site.mutant) { continue }
          site.mutant.id = nextID
          nextID += 1
          if let reason = comments.reason(for: site.mutant) {
            ignored.append(
              MutantResult(
                mutant: site.mutant, status: .ignored, reason: reason, killedBy: [], ranTests: [],
                builtAlone: false))
            ignoredHere += 1
          } else {
            sites.append(site)
          }
        }
        if !sites.isEmpty || ignoredHere > 0 {
          files.append(MutatedFile(path: path, target: target.name, source: source, sites: sites))
        }
      }
    }
    return (files, ignored)
  }

  /// The copy's manifest keeps the mutated targets, the tests that reach them and what
  /// they need; each mutated target gets the switch.
  private func narrowCopy(to mutatedTargets: Set<String>, _ layout: PackageLayout)
    throws(MutateError)
  {
    var kept = Set(layout.targets.filter { $0.type == "plugin" }.map(\.name))
    for name in mutatedTargets {
      kept.formUnion(layout.closure(of: name))
      for test in testTargets(reaching: name, layout) + specRunners(reaching: name, layout) {
        kept.formUnion(layout.closure(of: test.name))
      }
    }
    try scratch.writeManifest(keeping: kept)
    try writeSwitches(mutatedTargets, layout)
  }

  /// The tests each mutated target's mutants run against.
  private func selections(
    for mutatedTargets: Set<String>, _ layout: PackageLayout, _ binary: TestBinary
  ) throws(MutateError) -> [String: TestSelection] {
    var selections: [String: TestSelection] = [:]
    for name in mutatedTargets {
      let modules = Set(testTargets(reaching: name, layout).map(\.c99name))
      let runners = specRunners(reaching: name, layout).map(\.name)
      let selection = binary.selection(
        modules: modules, runners: runners, filter: options.testFilter)
      guard !selection.isEmpty else {
        if modules.isEmpty && runners.isEmpty { throw .noTests(target: name) }
        throw .noTestsMatch(target: name, filter: options.tests ?? "")
      }
      selections[name] = selection
    }
    return selections
  }

  /// Runs each selection with no mutant on: each must pass, and its time sets its
  /// mutants' timeout.
  private func baseline(
    of selections: Set<TestSelection>, _ binary: TestBinary
  ) async throws(MutateError) -> [TestSelection: Double] {
    var seconds: [TestSelection: Double] = [:]
    for selection in selections {
      progress.say("Running the \(selection.count) tests as they are…")
      let outcome = await binary.run(selection, mutant: nil, timeout: nil)
      guard outcome.verdict == .passed else {
        throw .suiteFailsUnmutated(
          failing: outcome.failing,
          outputEnd: outcome.output.split(separator: "\n").suffix(15).joined(separator: "\n"))
      }
      seconds[selection] = outcome.seconds
    }
    return seconds
  }

  /// The test targets that reach `name`; when `--tests` names some of them (it matches
  /// `Module.`, or spells the module's name, as `^Module\.(SuiteA|SuiteB)` does), only
  /// those, so the copy builds no other test target.
  private func testTargets(reaching name: String, _ layout: PackageLayout) -> [PackageLayout.Target]
  {
    let all = layout.testTargets(reaching: name)
    guard let filter = options.testFilter else { return all }
    let named = all.filter { target in
      let prefix = target.c99name + "."
      return filter.firstMatch(in: prefix, range: NSRange(prefix.startIndex..., in: prefix)) != nil
        || filter.pattern.contains(target.c99name)
    }
    return named.isEmpty ? all : named
  }

  /// The executables that run Quick specs and reach `name`; with `--tests`, those whose
  /// name it matches (a runner runs all its specs, so it is chosen whole or not at all).
  private func specRunners(reaching name: String, _ layout: PackageLayout) -> [PackageLayout
    .Target]
  {
    let all = layout.specRunners(reaching: name)
    guard let filter = options.testFilter else { return all }
    return all.filter { runner in
      filter.firstMatch(in: runner.name, range: NSRange(runner.name.startIndex..., in: runner.name))
        != nil
    }
  }

  private func sources(_ files: [MutatedFile]) -> [String: String] {
    Dictionary(files.map { ($0.path, $0.source) }, uniquingKeysWith: { first, _ in first })
  }

  private func target(of site: MutationSite, _ files: [MutatedFile]) -> String {
    files.first { $0.path == site.mutant.file }?.target ?? ""
  }

  /// The targets asked for, or every library some test reaches.
  private func chosenTargets(_ layout: PackageLayout) throws(MutateError) -> [PackageLayout.Target]
  {
    let sources = layout.sourceTargets
    if !options.targets.isEmpty {
      return try options.targets.map { (name) throws(MutateError) in
        guard let target = sources.first(where: { $0.name == name }) else {
          throw .unknownTarget(name, known: sources.map(\.name))
        }
        return target
      }
    }
    if !options.files.isEmpty {
      var chosen: [PackageLayout.Target] = []
      for file in options.files {
        guard let target = sources.first(where: { $0.files.contains(file) }) else {
          throw .fileNotInTarget(file)
        }
        if !chosen.contains(where: { $0.name == target.name }) { chosen.append(target) }
      }
      return chosen
    }
    return sources.filter { $0.type == "library" && !layout.testTargets(reaching: $0.name).isEmpty }
  }

  private func writeSwitches(_ targets: Set<String>, _ layout: PackageLayout) throws(MutateError) {
    for name in targets {
      guard let target = layout.target(named: name) else { continue }
      let path = target.path + "/" + MutantSwitch.fileName
      if FileManager.default.fileExists(atPath: scratch.original.appendingPathComponent(path).path)
      {
        throw .switchFileTaken(path)
      }
      do {
        try scratch.write(Data(MutantSwitch.source.utf8), to: path)
      } catch {
        throw .toolFailed(command: "writing \(path)", output: "\(error)")
      }
    }
  }
}
