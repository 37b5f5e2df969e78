// swift-tools-version: 6.2
import PackageDescription

/// Platforms without Apple's Combine get OpenCombine through its shim module.
let openCombinePlatforms: [Platform] = [.linux, .android, .windows, .wasi, .openbsd]

/// The thread-sanitizer run of the test command (scripts/test.sh) sets this: that run checks
/// the library's concurrency, so the tools (Tools/, the plugin) and the packages only they
/// use are left out of its build. The test command's other runs build and test them.
let libraryOnly = Context.environment["UNIFLOW_LIBRARY_ONLY"] == "1"

/// The test command's plain run sets this (scripts/test.sh, without `--quick`): the library's
/// own tests run in its thread-sanitizer run, so the plain build compiles only the tools' tests
/// (half of that build's time is test targets).
let toolTestsOnly = Context.environment["UNIFLOW_TOOL_TESTS_ONLY"] == "1"

/// The fuzz targets (Fuzz/, a package of its own, built by Fuzz/scripts/fuzz.sh) set this to
/// reach the session viewer's page, which no app links: only then is it a product.
let fuzzing = Context.environment["UNIFLOW_FUZZ"] == "1"

/// Where Apple's Combine is missing, Uniflow builds its own copies of OpenCombine and
/// combine-schedulers (Vendor/, whose README says what is patched and why): OpenCombine 0.14's
/// `prefix(_:)` and `output(in:)` finish only when one value more arrives, whatever the
/// publisher's failure type, and combine-schedulers would bring the unpatched package back.
/// On Apple platforms the manifest names both packages, as before, and builds neither copy.
#if canImport(Darwin)
  let vendored = false
#else
  let vendored = true
#endif

/// Combine's module on the platforms without Apple's: OpenCombine through its shim.
let openCombine: Target.Dependency =
  vendored
  ? .target(name: "OpenCombineShim", condition: .when(platforms: openCombinePlatforms))
  : .product(
    name: "OpenCombineShim", package: "OpenCombine",
    condition: .when(platforms: openCombinePlatforms))

/// `AnySchedulerOf`, `DispatchQueue.test` and the other schedulers of combine-schedulers.
let combineSchedulers: Target.Dependency =
  vendored
  ? "CombineSchedulers" : .product(name: "CombineSchedulers", package: "combine-schedulers")

let package = Package(
  name: "Uniflow",
  platforms: [.iOS(.v13), .macOS(.v10_15), .tvOS(.v13), .watchOS(.v6)],
  products: [
    .library(name: "Uniflow", targets: ["Uniflow"]),
    .library(name: "UniflowTesting", targets: ["UniflowTesting"]),
    // The command-line tools: `swift run uniflow …` in a checkout, or the plugin below.
    .executable(name: "uniflow", targets: ["UniflowCommandLine"]),
    // `swift package uniflow …` from an app's own package folder. An app that never runs
    // it builds none of the tools.
    .plugin(name: "UniflowCommand", targets: ["UniflowCommand"]),
    .plugin(name: "UniflowHelp", targets: ["UniflowHelp"]),
  ],
  dependencies: [
    .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.1"),
    .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.3.3"),
    // TestClock: drives the sleeps of `.run` effects in reactor tests without waiting.
    .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
    // `swift package generate-documentation` and `preview-documentation`: a plugin only,
    // nothing of it is linked into an app.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
    // The tools only (Tools/): the command line, the templates of new screens, and the
    // snapshots of what they generate. An app resolves them but builds them only when it
    // runs the plugin.
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
    .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
    // Generators for `explore` (UniflowTesting), and the random programs run on the reactor
    // engine and on a reference model in the tests.
    .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
  ],
  targets: [
    .target(
      name: "Uniflow",
      dependencies: [
        openCombine,
        // The state diffs of `Reactor.logChanges(_:)`.
        .product(name: "CustomDump", package: "swift-custom-dump"),
        // `AnySchedulerOf<DispatchQueue>` for a stream or view model that takes a scheduler,
        // and `DispatchQueue.test` for its tests: re-exported, so no app adds it by hand.
        combineSchedulers,
        // A flow's misuse (popping past the stack, a report from a screen that left): a
        // test failure under test, a runtime warning in the app.
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
      ]
    ),
    .target(
      name: "UniflowTesting",
      dependencies: [
        "Uniflow",
        combineSchedulers,
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
        .product(name: "CustomDump", package: "swift-custom-dump"),
        .product(name: "Clocks", package: "swift-clocks"),
        // Lets `reportIssue` record failures in Swift Testing and XCTest without the
        // app's test target having to link it.
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
        // `explore`'s generators of actions and of what else a real app sees.
        .product(name: "PropertyBased", package: "swift-property-based"),
      ],
      // PropertyBased's operators stay in the files that import it: seen module-wide, they
      // made the type checker give up on string concatenations elsewhere.
      swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]
    ),
    .testTarget(
      name: "UniflowTests",
      dependencies: [
        "Uniflow", "UniflowTesting",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ]),
    .testTarget(
      name: "UniflowTestingTests",
      dependencies: [
        "Uniflow", "UniflowTesting",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ]),
    // The tools, one target a job, in Tools/: what new screens and sessions share (writing
    // files without overwriting), new screens from templates, and sessions (the viewer's
    // page, a test from a recording); `uniflow` is their command line.
    .target(name: "UniflowToolSupport", path: "Tools/Support"),
    .target(
      name: "UniflowNewScreens",
      dependencies: [.product(name: "Mustache", package: "swift-mustache")],
      path: "Tools/NewScreens",
      resources: [.copy("Templates")]),
    .target(
      name: "UniflowSessions",
      dependencies: ["Uniflow", "UniflowTesting"],
      path: "Tools/Sessions",
      resources: [.copy("Viewer")]),
    .executableTarget(
      name: "UniflowCommandLine",
      dependencies: [
        "Uniflow", "UniflowTesting", "UniflowToolSupport", "UniflowNewScreens", "UniflowSessions",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      path: "Tools/CommandLine"),
    .plugin(
      name: "UniflowCommand",
      capability: .command(
        intent: .custom(
          verb: "uniflow",
          description: "Scaffold screens, view sessions, write tests from them, migrate, mutate."),
        permissions: [
          .writeToPackageDirectory(
            reason: "uniflow writes the screens, pages and tests you ask for into the package "
              + "(its usage alone, with nothing written: swift package uniflow-help)")
        ])),
    // `swift package uniflow-help [SUBCOMMAND]`: the usage, with no permission asked, since
    // SwiftPM asks for the one above before `uniflow --help` could run.
    .plugin(
      name: "UniflowHelp",
      capability: .command(
        intent: .custom(
          verb: "uniflow-help",
          description: "Show the uniflow command's usage, or a subcommand's; writes nothing."))),
    .testTarget(
      name: "UniflowToolsTests",
      dependencies: [
        "Uniflow", "UniflowTesting", "UniflowToolSupport", "UniflowNewScreens", "UniflowSessions",
        .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
      ],
      exclude: ["__Snapshots__"]),
    // Engine contract 8: reactors compile and work in a module whose code defaults to the
    // main actor, as new app targets do.
    .testTarget(
      name: "UniflowMainActorTests",
      dependencies: ["Uniflow", "UniflowTesting"],
      swiftSettings: [.defaultIsolation(MainActor.self)]
    ),
  ],
  swiftLanguageModes: [.v6],
  cxxLanguageStandard: .cxx17
)

if vendored {
  // The copies in Vendor/, under their own module names, so that code which imports
  // OpenCombine or CombineSchedulers by name builds unchanged. Never products: an app gets
  // them through Uniflow, which re-exports both.
  package.dependencies += [
    .package(url: "https://github.com/pointfreeco/swift-concurrency-extras", from: "1.0.0")
  ]
  let helpers = Target.Dependency.target(
    name: "COpenCombineHelpers", condition: .when(platforms: openCombinePlatforms))
  let openCombineSwift5: [SwiftSetting] = [.swiftLanguageMode(.v5)]
  package.targets += [
    .target(name: "COpenCombineHelpers", path: "Vendor/OpenCombine/Sources/COpenCombineHelpers"),
    .target(
      name: "OpenCombine", dependencies: [helpers],
      path: "Vendor/OpenCombine/Sources/OpenCombine", swiftSettings: openCombineSwift5),
    .target(
      name: "OpenCombineDispatch", dependencies: ["OpenCombine"],
      path: "Vendor/OpenCombine/Sources/OpenCombineDispatch", swiftSettings: openCombineSwift5),
    .target(
      name: "OpenCombineFoundation", dependencies: ["OpenCombine", helpers],
      path: "Vendor/OpenCombine/Sources/OpenCombineFoundation",
      swiftSettings: openCombineSwift5),
    .target(
      name: "OpenCombineShim",
      dependencies: ["OpenCombine", "OpenCombineDispatch", "OpenCombineFoundation"],
      path: "Vendor/OpenCombine/Sources/OpenCombineShim", swiftSettings: openCombineSwift5),
    .target(
      name: "CombineSchedulers",
      dependencies: [
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
        "OpenCombineShim",
      ],
      path: "Vendor/CombineSchedulers/Sources/CombineSchedulers",
      // Swift 5's checking, as for OpenCombine above: under Swift 6's, 6.3 warns of the
      // metatype a closure of its `timer` captures.
      swiftSettings: [
        .swiftLanguageMode(.v5),
        .enableUpcomingFeature("ExistentialAny"),
        .enableUpcomingFeature("ImmutableWeakCaptures"),
        .enableUpcomingFeature("InferIsolatedConformances"),
        .enableUpcomingFeature("InternalImportsByDefault"),
        .enableUpcomingFeature("MemberImportVisibility"),
      ]),
  ]
} else {
  package.dependencies += [
    .package(url: "https://github.com/OpenCombine/OpenCombine.git", from: "0.14.0"),
    .package(url: "https://github.com/pointfreeco/combine-schedulers", from: "1.2.2"),
  ]
}

/// The vendored copies' targets: built as their upstream builds them, never with our flags.
let vendoredTargets: Set = [
  "COpenCombineHelpers", "OpenCombine", "OpenCombineDispatch", "OpenCombineFoundation",
  "OpenCombineShim", "CombineSchedulers",
]

if fuzzing {
  package.products.append(.library(name: "UniflowSessions", targets: ["UniflowSessions"]))
}

if toolTestsOnly {
  let libraryTests: Set = ["UniflowTests", "UniflowTestingTests", "UniflowMainActorTests"]
  package.targets.removeAll { libraryTests.contains($0.name) }
}

if libraryOnly {
  let tools: Set = [
    "UniflowToolSupport", "UniflowNewScreens", "UniflowSessions", "UniflowCommandLine",
    "UniflowCommand", "UniflowToolsTests",
  ]
  package.targets.removeAll { tools.contains($0.name) }
  package.products.removeAll { ["uniflow", "UniflowCommand"].contains($0.name) }
  package.dependencies.removeAll { dependency in
    guard case .sourceControl(_, let location, _) = dependency.kind else { return false }
    return ["swift-argument-parser", "swift-mustache", "swift-snapshot-testing"].contains {
      location.hasSuffix("/" + $0)
    }
  }
}

// The fuzz build (Fuzz/scripts/fuzz.sh) names in UNIFLOW_FUZZ_SWIFT_FLAGS how the code we
// write is compiled there (with AddressSanitizer, which the packages we depend on are
// built without). Nothing else sets it.
if let flags = Context.environment["UNIFLOW_FUZZ_SWIFT_FLAGS"] {
  let instrumented = flags.split(separator: " ").map(String.init)
  for target in package.targets
  where [.regular, .executable].contains(target.type) && !vendoredTargets.contains(target.name) {
    target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(instrumented)]
  }
}
