import Uniflow

/// The list as a SwiftUI view model (minne's form): `@Published` outputs, methods as
/// inputs. In this module it is on the main actor without saying so.
final class ShoppingListViewModel: ObservableObject {
  @Published private(set) var items: [ShoppingItem] = []
  @Published private(set) var isLoading = false
  @Published private(set) var error: ShoppingError?
  private let service: any ShoppingService
  private var loading: Task<Void, Never>?

  init(service: any ShoppingService) {
    self.service = service
  }

  func onAppear() {
    isLoading = true
    loading = Task { [weak self, service] in
      do {
        let items = try await service.items()
        self?.items = items
      } catch {
        self?.error = .offline
      }
      self?.isLoading = false
    }
  }
}
