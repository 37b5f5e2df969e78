import FixtureServer
import Foundation
import Networking
import ProductsCore
import Testing

/// The requester against the fixture server's product API, on 127.0.0.1.
@Suite(.serialized) struct ProductRequesterTests {
  func withServer(
    timeout: Double = 5, _ body: (FixtureServer, ProductRequester) async throws -> Void
  ) async throws {
    let server = try await FixtureServer.start()
    try await body(
      server, ProductRequester(apiClient: APIClient(baseURL: server.baseURL, timeout: timeout)))
    await server.stop()
  }

  @Test func pagesComeInOrderAndTheLastIsShort() async throws {
    try await withServer { server, requester async throws in
      #expect(try await requester.products(page: 1, perPage: 20).map(\.id) == Array(1...20))
      #expect(try await requester.products(page: 3, perPage: 20).map(\.id) == Array(41...45))
      #expect(
        await server.products.requests == [
          "GET /products?page=1&per_page=20", "GET /products?page=3&per_page=20",
        ])
    }
  }

  @Test func favouritesGoOnAndOff() async throws {
    try await withServer { _, requester async throws in
      #expect(try await requester.setFavorite(id: 7, isFavorite: true).isFavorite)
      #expect(try await requester.product(id: 7).isFavorite)
      #expect(try await !requester.setFavorite(id: 7, isFavorite: false).isFavorite)
    }
  }

  @Test func aMissingProductIsA404() async throws {
    try await withServer { _, requester async throws in
      await #expect(throws: APIError.httpStatus(code: 404, message: "Not Found", retryAfter: nil)) {
        try await requester.product(id: 999)
      }
    }
  }

  @Test func serverErrorsMalformedJSONAndSlowAnswersAreTypedErrors() async throws {
    try await withServer(timeout: 1) { server, requester async throws in
      await server.products.set(listStatus: .internalServerError)
      await #expect(
        throws: APIError.httpStatus(code: 500, message: "the shop is closed", retryAfter: nil)
      ) { try await requester.products(page: 1, perPage: 20) }

      await server.products.set(listStatus: nil)
      await server.products.set(malformedList: true)
      await #expect {
        try await requester.products(page: 1, perPage: 20)
      } throws: { error in
        if case .decoding = error as? APIError { true } else { false }
      }

      await server.products.set(malformedList: false)
      await server.products.set(listDelay: .seconds(3))
      await #expect {
        try await requester.products(page: 1, perPage: 20)
      } throws: { error in
        if case .transport(.timedOut, _) = error as? APIError { true } else { false }
      }
    }
  }

  @Test func aRefusedConnectionIsATransportError() async {
    let requester = ProductRequester(
      apiClient: APIClient(baseURL: URL(string: "http://127.0.0.1:\(FixtureServer.closedPort())")!))
    await #expect {
      try await requester.products(page: 1, perPage: 20)
    } throws: { error in
      if case .transport = error as? APIError { true } else { false }
    }
  }
}
