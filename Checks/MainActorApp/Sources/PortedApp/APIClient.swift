import Foundation
#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif
import Uniflow

// Requests through RxCocoa's `URLSession.rx.data`, decoded on the way out.
final class APIClient {
  private let session: URLSession
  private let baseURL: URL

  init(session: URLSession = .shared, baseURL: URL) {
    self.session = session
    self.baseURL = baseURL
  }

  func get<Value: Decodable>(_ path: String) -> Single<Value> {
    let request = URLRequest(url: baseURL.appendingPathComponent(path))
    // uniflow-migrate: URLSession.rx.data or rx.json: written as Single { try await session.data(for:) }; RxCocoa also failed on a status outside 200..<300, so check the response's status where it matters (Migrating from RxSwift MVVM, The porting kit)
    return Single { [session] in try await session.data(for: request).0 }
      .tryMap { data in try JSONDecoder().decode(Value.self, from: data) }
      .eraseToAnyPublisher()
  }
}
