// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "UniflowBenchmarks",
  platforms: [.macOS(.v13), .iOS(.v16)],
  dependencies: [
    .package(name: "Uniflow", path: ".."),
    .package(
      url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
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
    .testTarget(
      name: "ScenariosTests",
      dependencies: ["Scenarios", .product(name: "UniflowTesting", package: "Uniflow")]
    ),
  ],
  swiftLanguageModes: [.v6]
)
