import Foundation
import Testing
import Uniflow
import UniflowTesting

/// The service the shopping-list view models call.
protocol ShoppingService: Sendable {
  func items() async throws -> [String]
}

struct ShoppingStub: ShoppingService {
  var result: Result<[String], TestFailure> = .success(["milk", "eggs"])
  func items() async throws -> [String] { try result.get() }
}

struct TestFailure: Error, Equatable { var message = "offline" }

/// minne's SwiftUI form on the main actor: an `ObservableObject` with `@Published` outputs
/// and methods as inputs, calling an `async` service.
@MainActor
final class ShoppingListViewModel: ObservableObject {
  @Published private(set) var items: [String] = []
  @Published private(set) var isLoading = false
  @Published private(set) var errorMessage: String?
  private let service: any ShoppingService
  private var loading: Task<Void, Never>?

  init(service: any ShoppingService) { self.service = service }

  func onAppear() {
    isLoading = true
    loading = Task { [weak self, service] in
      do {
        let items = try await service.items()
        self?.items = items
      } catch {
        self?.errorMessage = "\(error)"
      }
      self?.isLoading = false
    }
  }
}

/// The seeds' UIKit form on the main actor: `inputs` and `outputs` protocols, outputs as
/// `AnyPublisher`s made from subjects.
@MainActor
protocol ProductDetailInputs { func didTapFavorite() }
@MainActor
protocol ProductDetailOutputs {
  var isFavorite: AnyPublisher<Bool, Never> { get }
  var message: AnyPublisher<String, Never> { get }
}

@MainActor
final class ProductDetailViewModel: ProductDetailInputs, ProductDetailOutputs {
  var inputs: any ProductDetailInputs { self }
  var outputs: any ProductDetailOutputs { self }

  let isFavorite: AnyPublisher<Bool, Never>
  let message: AnyPublisher<String, Never>
  private let favorite = CurrentValueSubject<Bool, Never>(false)
  private let messages = PassthroughSubject<String, Never>()

  init() {
    isFavorite = favorite.eraseToAnyPublisher()
    message = messages.eraseToAnyPublisher()
  }

  func didTapFavorite() {
    favorite.send(!favorite.value)
    messages.send(favorite.value ? "Added to favourites" : "Removed from favourites")
  }
}

@MainActor
@Suite struct MainActorViewModelTests {
  @Test func aPublishedViewModelOnTheMainActorIsTestedExhaustively() async {
    let tester = OutputTester(outputs: \.$items, \.$isLoading, \.$errorMessage) {
      ShoppingListViewModel(service: ShoppingStub())
    }
    tester.viewModel.onAppear()
    await tester.receive(\.$isLoading, true)
    await tester.receive(\.$items, ["milk", "eggs"])
    await tester.receive(\.$isLoading, false)
    await tester.finish()
  }

  @Test func aFailingServiceShowsItsErrorAndStopsLoading() async {
    let tester = OutputTester(outputs: \.$items, \.$isLoading, \.$errorMessage) {
      ShoppingListViewModel(service: ShoppingStub(result: .failure(TestFailure())))
    }
    tester.viewModel.onAppear()
    await tester.receive(\.$isLoading, true)
    await tester.receive(\.$errorMessage, #"TestFailure(message: "offline")"#)
    await tester.receive(\.$isLoading, false)
    await tester.finish()
  }

  @Test func anInputsAndOutputsViewModelOnTheMainActorIsTestedExhaustively() async {
    let tester = OutputTester(outputs: \.outputs.isFavorite, \.outputs.message) {
      ProductDetailViewModel()
    }
    tester.viewModel.inputs.didTapFavorite()
    tester.viewModel.inputs.didTapFavorite()
    await tester.receive(\.outputs.isFavorite, true)
    await tester.receive(\.outputs.message, "Added to favourites")
    await tester.receive(\.outputs.isFavorite, false)
    await tester.receive(\.outputs.message, "Removed from favourites")
    await tester.finish()
  }

  @Test func aPublishedOutputIsNamedAsTheTestWroteIt() async {
    let tester = OutputTester(outputs: \.$items, \.$isLoading) {
      ShoppingListViewModel(service: ShoppingStub())
    }
    tester.viewModel.onAppear()
    await withKnownIssue {
      await tester.receive(\.$items, ["bread"])
    } matching: {
      issue($0, says: "Expected a value of `$items`, but the next value came from `$isLoading`")
    }
    tester.exhaustivity = .off
    await tester.finish()
  }

  @Test func anOutputsProtocolMemberIsNamedAsWritten() async {
    let tester = OutputTester(outputs: \.outputs.isFavorite) { ProductDetailViewModel() }
    await withKnownIssue {
      await tester.receive(\.outputs.message, "hello")
    } matching: {
      issue(
        $0,
        says:
          "`outputs.message` is not one of the outputs the tester was given: `outputs.isFavorite`")
    }
    await tester.finish()
  }

  @Test func aValueThatNeverArrivesSaysWhatToCheck() async {
    let tester = OutputTester(outputs: \.$items, timeout: 0.1) {
      ShoppingListViewModel(service: ShoppingStub())
    }
    await withKnownIssue {
      await tester.receive(\.$items, ["milk"])
    } matching: {
      issue(
        $0, says: "Expected a value of `$items`, but none arrived. Waited 0.1 s.",
        "Check that the input that leads to it was sent")
    }
    await tester.finish()
  }
}
