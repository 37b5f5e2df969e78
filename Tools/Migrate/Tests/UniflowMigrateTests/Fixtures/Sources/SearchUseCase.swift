import RxSwift

// A use case, as the RxSwift MVVM apps built on Clean Architecture have them.
protocol SearchUseCase {
  func search(query: String) -> Single<[Repo]>
}

final class APISearchUseCase: SearchUseCase {
  private let client: APIClient

  init(client: APIClient) {
    self.client = client
  }

  func search(query: String) -> Single<[Repo]> {
    return client.get("search/repositories?q=\(query)")
  }
}
