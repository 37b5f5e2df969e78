import Uniflow

/// What the item screen sends.
protocol ItemDetailViewModelInputs {
  func didTapBought()
}

/// What the item screen shows.
protocol ItemDetailViewModelOutputs {
  var item: AnyPublisher<ShoppingItem, Never> { get }
  var toast: AnyPublisher<String, Never> { get }
}

/// The item screen as a UIKit view model (the seeds' form): `inputs` and `outputs`.
final class ItemDetailViewModel: ItemDetailViewModelInputs, ItemDetailViewModelOutputs {
  var inputs: any ItemDetailViewModelInputs { self }
  var outputs: any ItemDetailViewModelOutputs { self }

  let item: AnyPublisher<ShoppingItem, Never>
  let toast: AnyPublisher<String, Never>
  private let current: CurrentValueSubject<ShoppingItem, Never>
  private let toasts = PassthroughSubject<String, Never>()

  init(item: ShoppingItem) {
    current = CurrentValueSubject(item)
    self.item = current.eraseToAnyPublisher()
    toast = toasts.eraseToAnyPublisher()
  }

  func didTapBought() {
    current.value.isBought.toggle()
    toasts.send(current.value.isBought ? "Bought \(current.value.name)" : "Not bought yet")
  }
}
