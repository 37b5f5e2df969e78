// swift-tools-version: 6.2
import PackageDescription

// Coverage-guided fuzz targets (libFuzzer with AddressSanitizer) for every part of Uniflow
// that reads what someone else wrote: deep links, session files, `uniflow migrate`'s
// sources, and the writers that turn recorded values into Swift source and HTML.
//
// A package of its own, so that nothing of it enters an app's package graph. Build and run
// with `bash Fuzz/scripts/fuzz.sh` (Fuzz/README.md); each target is an executable whose
// `main` is libFuzzer's.
let package = Package(
  name: "UniflowFuzz",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(name: "Uniflow", path: ".."),
    .package(name: "Examples", path: "../Examples"),
    .package(name: "UniflowMigrate", path: "../Tools/Migrate"),
    .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.0"..<"604.0.0"),
  ],
  targets: [
    .target(name: "FuzzSupport", dependencies: [.product(name: "Uniflow", package: "Uniflow")]),
    .executableTarget(
      name: "fuzz-deep-links",
      dependencies: [
        "FuzzSupport",
        .product(name: "Uniflow", package: "Uniflow"),
        .product(name: "ProductsLinks", package: "Examples"),
      ],
      path: "Sources/FuzzDeepLinks"),
    .executableTarget(
      name: "fuzz-sessions",
      dependencies: [
        "FuzzSupport",
        .product(name: "Uniflow", package: "Uniflow"),
        .product(name: "UniflowTesting", package: "Uniflow"),
      ],
      path: "Sources/FuzzSessions"),
    .executableTarget(
      name: "fuzz-viewer-page",
      dependencies: [
        "FuzzSupport",
        .product(name: "UniflowTesting", package: "Uniflow"),
        .product(name: "UniflowSessions", package: "Uniflow"),
      ],
      path: "Sources/FuzzViewerPage"),
    .executableTarget(
      name: "fuzz-swift-literals",
      dependencies: [
        "FuzzSupport",
        .product(name: "UniflowTesting", package: "Uniflow"),
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftParser", package: "swift-syntax"),
      ],
      path: "Sources/FuzzSwiftLiterals"),
    .executableTarget(
      name: "fuzz-migrate",
      dependencies: [
        "FuzzSupport",
        .product(name: "UniflowMigrate", package: "UniflowMigrate"),
      ],
      path: "Sources/FuzzMigrate"),
    .executableTarget(
      name: "fuzz-mutate",
      dependencies: [
        "FuzzSupport",
        .product(name: "UniflowMutate", package: "UniflowMigrate"),
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftParser", package: "swift-syntax"),
      ],
      path: "Sources/FuzzMutate"),
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
    // The targets link AddressSanitizer's runtime, which the instrumented modules call.
    if target.type == .executable {
      target.linkerSettings = (target.linkerSettings ?? []) + [.unsafeFlags(instrumented)]
    }
  }
}
