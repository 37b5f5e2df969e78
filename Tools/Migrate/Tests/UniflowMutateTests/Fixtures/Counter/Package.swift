// swift-tools-version: 6.2
import PackageDescription

// `uniflow mutate`'s fixture: one reactor, a real suite (CounterTests) and a suite that
// asserts nothing (HollowTests). Every mutant of the reactor must survive the hollow one.
let package = Package(
  name: "Counter",
  platforms: [.macOS(.v15)],
  dependencies: [.package(name: "Uniflow", path: "../../../../../..")],
  targets: [
    .target(name: "CounterCore", dependencies: [.product(name: "Uniflow", package: "Uniflow")]),
    .testTarget(
      name: "CounterTests",
      dependencies: ["CounterCore", .product(name: "UniflowTesting", package: "Uniflow")]),
    .testTarget(
      name: "HollowTests",
      dependencies: ["CounterCore", .product(name: "UniflowTesting", package: "Uniflow")]),
  ],
  swiftLanguageModes: [.v6]
)
