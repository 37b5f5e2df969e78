import Foundation

// The app's own model: no Rx in it, so `uniflow migrate` leaves it as it is.
struct User: Equatable, Decodable {
  let id: Int
  var name: String
  var followers: Int
}

struct Repo: Equatable, Decodable {
  let name: String
  let stars: Int
}

enum APIError: Error, Equatable {
  case offline
  case status(Int)
}
