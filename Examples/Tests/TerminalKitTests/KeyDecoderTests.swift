import Testing
import TerminalKit

@Suite struct KeyDecoderTests {
  func decode(_ reads: String...) -> [Key] {
    var decoder = KeyDecoder()
    return reads.flatMap { decoder.decode(Array($0.utf8)) }
  }

  @Test func arrowsLettersAndControlKeysAreDecoded() {
    #expect(
      decode("\u{1B}[A\u{1B}[Bjk\u{1B}OC\u{1B}[D")
        == [.up, .down, .character("j"), .character("k"), .right, .left])
    #expect(decode("\r\t\u{7F}\u{3}") == [.enter, .tab, .backspace, .control("c")])
    #expect(decode("\u{1B}[3~\u{1B}[H\u{1B}[4~\u{1B}[Z") == [.delete, .home, .end, .backTab])
  }

  @Test func aSequenceSplitAcrossReadsIsOneKey() {
    #expect(decode("\u{1B}[", "A") == [.up])
    #expect(decode("\u{1B}[3", "~x") == [.delete, .character("x")])
  }

  @Test func aMultiByteCharacterSplitAcrossReadsIsOneKey() {
    let bytes = Array("é猫".utf8)
    var decoder = KeyDecoder()
    #expect(decoder.decode(Array(bytes[0..<1])) == [])
    #expect(decoder.decode(Array(bytes[1..<3])) == [.character("é")])
    #expect(decoder.decode(Array(bytes[3...])) == [.character("猫")])
  }

  @Test func aLoneEscapeIsTheEscapeKey() {
    #expect(decode("\u{1B}") == [.escape])
    #expect(decode("\u{1B}q") == [.escape, .character("q")])
  }

  @Test func unknownSequencesAreSkipped() {
    #expect(decode("\u{1B}[15~a") == [.character("a")])
  }
}
