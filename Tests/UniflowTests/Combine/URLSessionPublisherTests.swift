import Foundation
import Testing
import Uniflow
import UniflowTesting

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// Apple's spelling of URLSession's publisher compiles and runs on Linux too (OpenCombine
// supplies it there), so network code needs no `ocombine` namespace. Requests against a
// real server are tested in the Examples package.
@Suite struct URLSessionPublisherTests {
  @Test func dataTaskPublisherUsesApplesSpellingAndFailsWithAURLError() throws {
    let url = try #require(URL(string: "uniflow-unknown-scheme://example/page.json"))
    let publisher: URLSession.DataTaskPublisher = URLSession.shared.dataTaskPublisher(for: url)
    let error = #expect(throws: URLError.self) {
      try publisher.map(\.data).toBlocking(timeout: 5).first()
    }
    #expect(error?.code == .unsupportedURL)
  }
}
