import Foundation
import FuzzSupport
import ProductsLinks
import Uniflow

// Deep links, the app's outermost input: any text, read as a link of the products example's
// scheme and mapped to its flow's stack by `ProductsLinks.path(for:)`, which
// `ProductsFlow.path(for:)` is.
//
// The rules: a link is read or refused with a `DeepLinkError` (the typed throw guarantees
// the type); a read link has the expected scheme, no empty segment and no control or
// direction character in any segment, and reads the same once written again from its
// segments; a stack's ids are the link's; no error's description holds a hidden character.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDeepLink(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  Finding.withinCPUTime(seconds: 1) { checkLink(text) }
  return 0
}

func checkLink(_ text: String) {
  let link: DeepLink
  do {
    link = try DeepLink(text, scheme: ProductsLinks.scheme)
  } catch {
    checkShown(error)
    if case .tooLong(let length, let limit) = error {
      Finding.check(length > limit, "refused as too long at \(length) of \(limit)")
    }
    return
  }
  Finding.check(text.utf8.count <= DeepLink.defaultLimit, "a link over the limit was read")
  Finding.check(link.scheme == ProductsLinks.scheme, "read with scheme \(link.scheme)")
  for segment in link.segments {
    Finding.check(!segment.isEmpty, "an empty segment was kept in \(link.segments)")
    Finding.check(
      !holdsControlOrDirection(segment),
      "a segment holds a control or direction character: \(link.segments)")
  }
  checkWrittenAgain(link)

  let routes: [ProductsRoute]
  do {
    routes = try ProductsLinks.path(for: link)
  } catch {
    checkShown(error)
    return
  }
  guard let first = routes.first else {
    Finding.check(link.segments.isEmpty, "segments \(link.segments) opened the list alone")
    return
  }
  guard case .product(let id) = first, routes.count <= 2 else {
    Finding.report("segments \(link.segments) opened an impossible stack \(routes)")
  }
  Finding.check(
    link.segments.count >= 2 && link.segments[0] == "product" && Int(link.segments[1]) == id,
    "segments \(link.segments) opened product \(id)")
  if routes.count == 2 {
    Finding.check(
      routes[1] == .creatorProducts(ofProduct: id) && link.segments.count == 3,
      "segments \(link.segments) opened \(routes)")
  }
}

/// A link written from a read link's segments reads as the same segments.
func checkWrittenAgain(_ link: DeepLink) {
  var allowed = CharacterSet.urlPathAllowed
  allowed.remove("/")
  allowed.remove("%")
  let path = link.segments.map { segment -> String in
    guard let encoded = segment.addingPercentEncoding(withAllowedCharacters: allowed) else {
      Finding.report("segment \(segment) cannot be percent-encoded")
    }
    return encoded
  }
  let written = "\(link.scheme):/" + path.joined(separator: "/")
  do {
    let again = try DeepLink(written, scheme: link.scheme, limit: .max)
    Finding.check(
      again.segments == link.segments,
      "\(link.segments) written as \(written) read back as \(again.segments)")
  } catch {
    Finding.report("\(link.segments) written as \(written) was refused: \(error)")
  }
}

/// An error's description is safe to print: no hidden character of the link reaches it.
func checkShown(_ error: DeepLinkError) {
  Finding.check(
    !holdsHiddenCharacter(error.description),
    "the description of \(String(reflecting: error)) holds a hidden character")
}
