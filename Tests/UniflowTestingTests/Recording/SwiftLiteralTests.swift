import Foundation
import Testing
import Uniflow
@testable import UniflowTesting

/// Values as Swift source that rebuilds them, and the assignments between two states.
@Suite struct SwiftLiteralTests {
  indirect enum Kind: Equatable {
    case plain, labeled(index: Int), pair(Int, name: String?), nested(Kind)
  }

  struct Item: Equatable {
    var id: UUID
    var title: String
    var isDone = false
  }

  struct Screen: Equatable {
    var items: [Item] = []
    var tags: Set<String> = []
    var counts: [String: Int] = [:]
    var kind = Kind.plain
    var updated = Date(timeIntervalSince1970: 0)
    var link: URL?
    @Pulse var message: String?
  }

  let id = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!

  // Found by fuzzing (Fuzz/, the Swift-literal target): a date whose interval is NaN or
  // infinite was written `Date(timeIntervalSince1970: nan)`, which is not Swift.
  @Test func aDateOfNoNumberIsWrittenAsSwift() {
    #expect(
      SwiftLiteral(Date(timeIntervalSince1970: .nan)).oneLine
        == "Date(timeIntervalSince1970: .nan)")
    #expect(
      SwiftLiteral(Date(timeIntervalSince1970: -.infinity)).oneLine
        == "Date(timeIntervalSince1970: -.infinity)")
    #expect(
      SwiftLiteral(Date(timeIntervalSince1970: 1.5)).oneLine == "Date(timeIntervalSince1970: 1.5)")
  }

  @Test func valuesAreWrittenAsSourceThatBuildsThem() {
    #expect(SwiftLiteral(Kind.plain).oneLine == ".plain")
    #expect(SwiftLiteral(Kind.labeled(index: 2)).oneLine == ".labeled(index: 2)")
    #expect(SwiftLiteral(Kind.pair(1, name: nil)).oneLine == ".pair(1, name: nil)")
    #expect(
      SwiftLiteral(Kind.nested(.pair(1, name: "a"))).oneLine == #".nested(.pair(1, name: "a"))"#)
    var screen = Screen(
      items: [Item(id: id, title: "Milk")], tags: ["b", "a"], counts: ["z": 1, "y": 2],
      link: URL(string: "https://example.com/a"))
    screen.message = "Saved"
    #expect(
      SwiftLiteral(screen).oneLine
        == "SwiftLiteralTests.Screen(items: [SwiftLiteralTests.Item(id: "
        + #"UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!, title: "Milk", "#
        + #"isDone: false)], tags: ["a", "b"], counts: ["y": 2, "z": 1], kind: .plain, "#
        + #"updated: Date(timeIntervalSince1970: 0.0), link: URL(string: "https://example.com/a")!, "#
        + #"message: "Saved")"#)
    #expect(SwiftLiteral([String: Int]()).oneLine == "[:]")
    #expect(SwiftLiteral(Double.infinity).oneLine == ".infinity")
    #expect(SwiftLiteral(0.1).oneLine == "0.1")
    #expect(SwiftLiteral(Data([1, 2])).oneLine == "Data([1, 2])")
  }

  @Test func textIsEscapedSoNoControlOrInvisibleCharacterReachesTheFile() {
    let hostile = "a\"b\\c\n\u{1B}[2J\u{9B}\u{0}\u{202E}\u{200D}e\u{301}👩‍👩‍👧"
    #expect(
      SwiftLiteral.quoted(hostile)
        == #""a\"b\\c\n\u{1B}[2J\u{9B}\0\u{202E}\u{200D}e"# + "\u{301}"
        + #"👩\u{200D}👩\u{200D}👧""#)
  }

  @Test func aLongValueIsBrokenOneElementPerLine() {
    let items = (1...3).map { Item(id: id, title: "Task \($0)") }
    let item = { (number: Int) in
      [
        "      SwiftLiteralTests.Item(",
        #"        id: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!,"#,
        "        title: \"Task \(number)\",",
        "        isDone: false",
        "      ),",
      ]
    }
    let expected = ["["] + (1...3).flatMap(item) + ["    ]"]
    #expect(
      SwiftLiteral(items).formatted(column: 20, indent: 4)
        == expected.joined(separator: "\n"))
  }

  @Test func aChangeDeepInTheStateIsAssignedWhereItHappened() {
    let before = Screen(items: [Item(id: id, title: "Milk"), Item(id: id, title: "Eggs")])
    var after = before
    after.items[1].isDone = true
    #expect(lines(before, after) == ["$0.items[1].isDone = true"])

    // Two properties of one item: the item whole.
    after.items[1].title = "Bread"
    #expect(lines(before, after).count == 1)
    #expect(lines(before, after)[0].hasPrefix("$0.items[1] = SwiftLiteralTests.Item("))

    // One more at the end: appended.
    var longer = before
    longer.items.append(Item(id: id, title: "Tea"))
    #expect(lines(before, longer)[0].hasPrefix("$0.items.append(SwiftLiteralTests.Item("))

    // Several properties of the state: one line each.
    var several = before
    several.kind = .labeled(index: 1)
    several.tags = ["x"]
    #expect(lines(before, several) == [#"$0.tags = ["x"]"#, "$0.kind = .labeled(index: 1)"])
  }

  @Test func aPulseIsSetOncePerTimeItWasAssignedEvenToTheSameValue() {
    var before = Screen()
    before.message = "Failed"
    var after = before
    after.message = "Failed"
    after.message = "Failed"
    #expect(lines(before, after) == [#"$0.message = "Failed""#, #"$0.message = "Failed""#])
  }

  @Test func withNoEarlierStateEveryPropertyIsAssigned() {
    #expect(
      StateChanges.changes(from: nil, to: Item(id: id, title: "Milk")).map(\.path)
        == ["$0.id", "$0.title", "$0.isDone"])
  }

  private func lines(_ before: Any, _ after: Any) -> [String] {
    StateChanges.changes(from: before, to: after).map {
      $0.opening + $0.literal.oneLine + $0.closing
    }
  }
}
