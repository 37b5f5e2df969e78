// swift-tools-version: 6.2
import PackageDescription

// `uniflow migrate` rewrites the mechanical part of a ReactorKit, Unio or RxSwift MVVM
// screen and its tests into Uniflow; `uniflow mutate` changes a screen's code in small ways
// to show which changes its tests miss. A package of its own, so that swift-syntax never
// enters an app's package graph through Uniflow (an app whose macros pin another
// swift-syntax would fail to resolve), and so that the library's own builds never compile
// it. `uniflow migrate` (the command line and the plugin) builds and runs it on demand.
let package = Package(
  name: "UniflowMigrate",
  platforms: [.macOS(.v13)],
  products: [
    .executable(name: "uniflow-migrate", targets: ["uniflow-migrate"]),
    .library(name: "UniflowMigrate", targets: ["UniflowMigrate"]),
    .executable(name: "uniflow-mutate", targets: ["uniflow-mutate"]),
    .library(name: "UniflowMutate", targets: ["UniflowMutate"]),
  ],
  dependencies: [
    .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.0"..<"604.0.0")
  ],
  targets: [
    .target(
      name: "UniflowMigrate",
      dependencies: [
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftParser", package: "swift-syntax"),
      ]),
    .executableTarget(name: "uniflow-migrate", dependencies: ["UniflowMigrate"]),
    // `uniflow mutate`: mutation testing that knows reactors, streams, view models and
    // flows. Here beside migrate, so that both share one build of swift-syntax.
    .target(
      name: "UniflowMutate",
      dependencies: [
        "UniflowMigrate",
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftParser", package: "swift-syntax"),
        .product(name: "SwiftOperators", package: "swift-syntax"),
      ]),
    .executableTarget(name: "uniflow-mutate", dependencies: ["UniflowMutate"]),
    .testTarget(
      name: "UniflowMutateTests",
      dependencies: ["UniflowMutate", "UniflowMigrate"],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "UniflowMigrateTests",
      dependencies: ["UniflowMigrate"],
      exclude: ["Fixtures"]),
  ],
  swiftLanguageModes: [.v6]
)

// The fuzz build (Fuzz/scripts/fuzz.sh) names in UNIFLOW_FUZZ_SWIFT_FLAGS how the code we
// write is compiled there (with AddressSanitizer, which the packages we depend on are
// built without). Nothing else sets it.
if let flags = Context.environment["UNIFLOW_FUZZ_SWIFT_FLAGS"] {
  let instrumented = flags.split(separator: " ").map(String.init)
  for target in package.targets where [.regular, .executable].contains(target.type) {
    target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(instrumented)]
  }
}
