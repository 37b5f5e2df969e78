import SwiftUI
import TodoSwiftUI

/// The SwiftUI Todo as a macOS app (`swift run todo-swiftui`); an iOS app target holds the
/// same lines.
@main
struct TodoSwiftUIApp: App {
  var body: some Scene {
    WindowGroup { TodoRootView() }
  }
}
