// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "UniflowBenchmarks",
  platforms: [.macOS(.v13), .iOS(.v16)],
  dependencies: [
    .package(name: "Uniflow", path: ".."),
    .package(
      url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    // The generators of the exploration scenario's actions.
    .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
  ],
  targets: [
    // Live heap bytes, from glibc's mallinfo2, for the memory benchmarks.
    .target(name: "CHeapBytes"),
    // The scenarios and their baselines, shared by the benchmarks and their tests.
    .target(
      name: "Scenarios",
      dependencies: [
        "CHeapBytes",
        .product(name: "Uniflow", package: "Uniflow"),
        .product(name: "UniflowTesting", package: "Uniflow"),
        .product(name: "PropertyBased", package: "swift-property-based"),
      ]
    ),
    .executableTarget(
      name: "UniflowBenchmarks",
      dependencies: [
        "Scenarios",
        .product(name: "Benchmark", package: "benchmark"),
      ],
      path: "Benchmarks/UniflowBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
    // One scenario run for a number of operations, for valgrind's instruction counts
    // (scripts/instructions.py): no harness, so that only the scenario is counted.
    .executableTarget(name: "UniflowInstructions", dependencies: ["Scenarios"]),
    .testTarget(
      name: "ScenariosTests",
      dependencies: ["Scenarios", .product(name: "UniflowTesting", package: "Uniflow")]
    ),
  ],
  swiftLanguageModes: [.v6]
)
