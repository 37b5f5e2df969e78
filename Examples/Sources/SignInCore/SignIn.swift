import Foundation
import Networking
import Uniflow

/// The RxSwift MVVM sign-in's I/O: the view model depends on this protocol; tests pass a mock.
public protocol SignIn: Sendable {
  /// Signs in and sends the session token.
  func sendRequest(email: String, password: String) -> AnyPublisher<String, APIError>
}

/// `POST /sign_in` with `{"email": …, "password": …}`, answered by `{"token": …}`.
public struct SignInEndpoint: Endpoint {
  public struct Response: Decodable, Equatable, Sendable {
    public let token: String
  }

  public let email: String
  public let password: String

  public init(email: String, password: String) {
    self.email = email
    self.password = password
  }

  public var method: HTTPMethod { .post }
  public var path: String { "/sign_in" }
  public var body: Data? {
    try? JSONEncoder().encode(["email": email, "password": password])
  }
}

/// Sign-in over URLSession, through an ``APIClientProtocol``.
public struct SignInImpl: SignIn {
  private let apiClient: any APIClientProtocol

  public init(apiClient: any APIClientProtocol) {
    self.apiClient = apiClient
  }

  public func sendRequest(email: String, password: String) -> AnyPublisher<String, APIError> {
    apiClient.request(endpoint: SignInEndpoint(email: email, password: password))
      .map(\.token)
      .eraseToAnyPublisher()
  }
}
