// swift-tools-version: 6.2
import PackageDescription

// The `uniflow` command and its generator live in a package of their own, so an app that
// depends on Uniflow never resolves the command's dependencies.
let package = Package(
  name: "UniflowScaffold",
  platforms: [.macOS(.v13)],
  products: [
    .executable(name: "uniflow", targets: ["uniflow"]),
    .library(name: "UniflowScaffold", targets: ["UniflowScaffold"]),
  ],
  dependencies: [
    // Uniflow itself, for reading session files as the library does (`uniflow view`).
    .package(name: "Uniflow", path: ".."),
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
    .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
  ],
  targets: [
    // Name + kind + options → files and their contents, from the templates; a session →
    // its viewer page. No I/O but reading its own resources.
    .target(
      name: "UniflowScaffold",
      dependencies: [
        .product(name: "Mustache", package: "swift-mustache"),
        .product(name: "Uniflow", package: "Uniflow"),
      ],
      resources: [.copy("Templates"), .copy("Viewer")]),
    .executableTarget(
      name: "uniflow",
      dependencies: [
        "UniflowScaffold",
        .product(name: "Uniflow", package: "Uniflow"),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    .testTarget(
      name: "UniflowScaffoldTests",
      dependencies: [
        "UniflowScaffold",
        .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
      ],
      exclude: ["__Snapshots__"]),
  ],
  swiftLanguageModes: [.v6]
)
