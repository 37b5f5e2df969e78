import Uniflow

/// The list as a reactor: load, add, tick off.
final class ShoppingListReactor: Reactor {
  enum Action {
    case load
    case add(String)
    case toggle(Int)
  }

  enum Mutation: Equatable {
    case setLoading(Bool)
    case setItems([ShoppingItem])
    case append(ShoppingItem)
    case toggle(Int)
    case setError(ShoppingError?)
  }

  struct State: Equatable {
    var items: [ShoppingItem] = []
    var isLoading = false
    var error: ShoppingError?
  }

  let initialState = State()
  let runtime = ReactorRuntime<ShoppingListReactor>()
  private let service: any ShoppingService

  init(service: any ShoppingService) {
    self.service = service
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .load:
      return .concat(
        .just(.setLoading(true)),
        .run { [service] send in
          do {
            send(.setItems(try await service.items()))
          } catch {
            send(.setError(.offline))
          }
        },
        .just(.setLoading(false)))
    case .add(let name):
      return .run { [service] send in
        if let item = try? await service.add(name) { send(.append(item)) }
      }
    case .toggle(let index):
      return .just(.toggle(index))
    }
  }

  func reduce(state: inout State, mutation: Mutation) {
    switch mutation {
    case .setLoading(let isLoading): state.isLoading = isLoading
    case .setItems(let items): state.items = items
    case .append(let item): state.items.append(item)
    case .toggle(let index): state.items[index].isBought.toggle()
    case .setError(let error): state.error = error
    }
  }
}
