import Foundation
#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif
import RxCocoa
import RxSwift

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
    return session.rx.data(request: request)
      .map { data in try JSONDecoder().decode(Value.self, from: data) }
      .asSingle()
  }
}
