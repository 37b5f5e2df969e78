import Foundation
import Testing

@testable import Uniflow

/// The session file's lines are put together by hand, byte by byte, for speed; these
/// check the hand-written parts against what Swift and `JSONSerialization` say.
@Suite struct SessionLineTests {
  func written(_ build: (inout LineBytes) -> Void) -> String {
    var line = LineBytes()
    build(&line)
    return String(decoding: line.bytes, as: UTF8.self)
  }

  @Test(arguments: [0, 7, 9, 10, 99, 100, 1_000, 12_345, -1, -10, -907, .max, .min])
  func integersAreWrittenAsSwiftWritesThem(number: Int) {
    #expect(written { $0.append(number) } == String(number))
  }

  @Test(arguments: [0.0, 0.001, 0.25, 1.999, 1_795_000_000.25, 1_795_000_000.0005])
  func timesAreWrittenInMilliseconds(seconds: Double) {
    let text = written { $0.append(seconds: seconds) }
    let milliseconds = Int((seconds * 1000).rounded())
    #expect(text == String(format: "%d.%03d", milliseconds / 1000, milliseconds % 1000))
  }

  @Test func eachSourceIsWrittenByItsName() throws {
    for source in [MutationSource.mutate, .effect, .hook] {
      let line = SessionLine.mutation(
        instance: 3, source: source, json: Data("1".utf8), state: Data("{}".utf8))
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any])
      #expect(object["source"] as? String == source.rawValue)
      #expect(object["instance"] as? Int == 3)
    }
  }
}
