// swift-tools-version: 6.2
import PackageDescription

// The seed apps, each a core module with no terminal code, a thin terminal view and tests.
let package = Package(
  name: "UniflowExamples",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "todo", targets: ["Todo"])
  ],
  dependencies: [
    .package(name: "Uniflow", path: ".."),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
  ],
  targets: [
    // Shared terminal plumbing: raw mode, keys, layout helpers.
    .target(name: "TerminalKit"),

    // Todo (seed 003, RxTodo).
    .target(
      name: "TodoCore",
      dependencies: [
        .product(name: "Uniflow", package: "Uniflow"),
        .product(name: "GRDB", package: "GRDB.swift"),
      ]
    ),
    .target(name: "TodoUI", dependencies: ["TodoCore", "TerminalKit"]),
    .executableTarget(
      name: "Todo",
      dependencies: [
        "TodoUI",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .target(name: "TodoTestSupport", dependencies: ["TodoCore"], path: "Tests/TodoTestSupport"),
    .testTarget(
      name: "TodoCoreTests",
      dependencies: [
        "TodoCore", "TodoTestSupport",
        .product(name: "UniflowTesting", package: "Uniflow"),
        .product(name: "GRDB", package: "GRDB.swift"),
      ]
    ),
    .testTarget(
      name: "TodoUITests",
      dependencies: [
        "TodoUI", "TodoTestSupport",
        .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
      ],
      exclude: ["__Snapshots__"]
    ),
    .testTarget(name: "TerminalKitTests", dependencies: ["TerminalKit"]),
    .testTarget(name: "EndToEndTests", dependencies: ["TerminalKit"]),
  ],
  swiftLanguageModes: [.v6]
)
