// swift-tools-version: 6.2
import PackageDescription

// Thin Apple screens over the examples' tested cores: RxTodo's list and editor in
// SwiftUI, the RxSwift MVVM sign-in form in UIKit, and the products flow in both (a
// NavigationStack bound to the flow's path, and a UINavigationController it drives). They build only with Apple's SDKs:
// `.github/workflows/apple.yml` builds them for the iOS simulator; nothing here runs on
// Linux. README.md shows how to run them.
let package = Package(
  name: "UniflowAppleSamples",
  platforms: [.iOS(.v18), .macOS(.v15)],
  products: [
    .library(name: "TodoSwiftUI", targets: ["TodoSwiftUI"]),
    .library(name: "SignInUIKit", targets: ["SignInUIKit"]),
    .library(name: "ProductsSwiftUI", targets: ["ProductsSwiftUI"]),
    .library(name: "ProductsUIKit", targets: ["ProductsUIKit"]),
    // The SwiftUI Todo as a macOS app: `swift run todo-swiftui`.
    .executable(name: "todo-swiftui", targets: ["TodoSwiftUIApp"]),
  ],
  dependencies: [
    .package(name: "Uniflow", path: "../.."),
    .package(name: "UniflowExamples", path: ".."),
    // UIKit controls as publishers (`textPublisher`, `tapPublisher`), so that no control
    // publisher is written by hand.
    .package(url: "https://github.com/CombineCommunity/CombineCocoa", from: "0.4.1"),
  ],
  targets: [
    .target(
      name: "TodoSwiftUI",
      dependencies: [
        .product(name: "Uniflow", package: "Uniflow"),
        .product(name: "TodoCore", package: "UniflowExamples"),
      ]),
    .executableTarget(name: "TodoSwiftUIApp", dependencies: ["TodoSwiftUI"]),
    .target(
      name: "SignInUIKit",
      dependencies: [
        .product(name: "Uniflow", package: "Uniflow"),
        .product(name: "SignInCore", package: "UniflowExamples"),
        .product(name: "CombineCocoa", package: "CombineCocoa"),
      ]),
    .target(
      name: "ProductsSwiftUI",
      dependencies: [
        .product(name: "Uniflow", package: "Uniflow"),
        .product(name: "ProductsCore", package: "UniflowExamples"),
      ]),
    .target(
      name: "ProductsUIKit",
      dependencies: [
        .product(name: "Uniflow", package: "Uniflow"),
        .product(name: "ProductsCore", package: "UniflowExamples"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
