import Uniflow

/// Search as a Unio stream: each query calls the `async` service; a newer query cancels
/// the call before it, and a failure is shown without ending the search.
final class ShoppingSearchStream: UnioStream<ShoppingSearchStream> {
  struct Input: InputType {
    let query = PublishRelay<String>()
  }

  struct Output: OutputType {
    let results: AnyPublisher<[ShoppingItem], Never>
    let error: AnyPublisher<ShoppingError, Never>
  }

  struct Extra: ExtraType {
    let service: any ShoppingService
  }

  static func bind(from dependency: Dependency<Input, NoState, Extra>, disposeBag: DisposeBag)
    -> Output
  {
    let service = dependency.extra.service
    let found = dependency.inputPublishers.query
      .map { query in TaskPublisher { try await service.search(query) }.materialize() }
      .switchToLatest()
      .share()
    return Output(
      results: found.compactMap(\.element).eraseToAnyPublisher(),
      error: found.compactMap { $0.error as? ShoppingError }.eraseToAnyPublisher())
  }

  init(service: any ShoppingService) {
    super.init(input: Input(), state: NoState(), extra: Extra(service: service))
  }
}
