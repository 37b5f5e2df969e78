import Testing
import Uniflow

@Suite struct DeepLinkTests {
  func read(_ text: String) throws(DeepLinkError) -> DeepLink {
    try DeepLink(text, scheme: "products")
  }

  func failure(of text: String) -> DeepLinkError? {
    do {
      _ = try read(text).id(after: 0)
      return nil
    } catch {
      return error
    }
  }

  @Test func theHostAndThePathAreItsSegments() throws {
    let link = try read("products://product/12/creator")
    #expect(link.scheme == "products")
    #expect(link.segments == ["product", "12", "creator"])
    #expect(try link.id(after: 0) == 12)
    #expect(link.path == "product/12/creator")
    #expect(try read("products:/product/12").segments == ["product", "12"])
    #expect(try read("PRODUCTS://product//12/?q=1#top").segments == ["product", "12"])
    #expect(try read("products://").segments == [])
  }

  @Test func segmentsArePercentDecoded() throws {
    #expect(try read("products://creator/Mori%20Works").segments == ["creator", "Mori Works"])
    #expect(try read("products://creator/%E3%81%BF%E3%82%93%E3%81%AD").segments[1] == "みんね")
  }

  @Test func aLinkForAnotherAppIsRefused() {
    #expect(
      failure(of: "https://example.com/product/12")
        == .foreignScheme(found: "https", expected: "products"))
    #expect(failure(of: "not a link at all") == .notALink)
    #expect(failure(of: "") == .notALink)
  }

  @Test func aMissingOrNonNumericOrOverflowingIDIsRefused() {
    #expect(failure(of: "products://product") == .missingID(after: "product"))
    #expect(failure(of: "products://product/twelve") == .invalidID("twelve"))
    #expect(failure(of: "products://product/-12") == .invalidID("-12"))
    #expect(failure(of: "products://product/1.5") == .invalidID("1.5"))
    #expect(failure(of: "products://product/%EF%BC%91%EF%BC%92") == .invalidID("１２"))
    #expect(
      failure(of: "products://product/99999999999999999999999")
        == .idOutOfRange("99999999999999999999999"))
  }

  @Test func controlAndDirectionCharactersAreRefusedEvenPercentEncoded() {
    #expect(
      failure(of: "products://product/12%1B%5B2J") == .controlCharacter(segment: "12\u{1B}[2J"))
    #expect(
      failure(of: "products://product/%E2%80%AE21") == .controlCharacter(segment: "\u{202E}21"))
    #expect(failure(of: "products://product/%C2%9B31m") == .controlCharacter(segment: "\u{9B}31m"))
    #expect(failure(of: "products://product/%0A") == .controlCharacter(segment: "\n"))
  }

  @Test func brokenPercentEncodingIsRefused() {
    #expect(failure(of: "products://product/%FF") == .badEncoding(segment: "%FF"))
  }

  @Test func aHugeLinkIsRefusedUnread() {
    let huge = "products://product/" + String(repeating: "1", count: 1_048_576)
    #expect(failure(of: huge) == .tooLong(length: huge.utf8.count, limit: 2_048))
  }

  @Test func anErrorPrintsLinkTextWithItsControlCharactersEscaped() {
    let error = DeepLinkError.controlCharacter(segment: "12\u{1B}[2J\u{202E}")
    #expect(
      error.description == "The link's part “12\\u{1B}[2J\\u{202E}” holds control characters.")
    #expect(!error.description.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E })
  }
}
