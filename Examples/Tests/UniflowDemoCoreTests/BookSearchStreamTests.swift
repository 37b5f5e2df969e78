import Testing
import UniflowDemoCore
import UniflowTesting

@Suite struct BookSearchStreamTests {
  let catalogue = ["Functional Swift", "Advanced Swift", "Thinking in SwiftUI"]

  @Test func aQueryShowsTheMatchingTitlesAndTheirCountAndClearEmptiesBoth() async {
    let tester = StreamTester { BookSearchStream(catalogue: catalogue) }
    tester.input.query("swift")
    await tester.receive(\.titles, catalogue)
    await tester.receive(\.summary, "3 of 3 books")
    tester.input.query("FUNC")
    await tester.receive(\.titles, ["Functional Swift"])
    await tester.receive(\.summary, "1 of 3 books")
    tester.input.clear()
    await tester.receive(\.titles, [])
    await tester.receive(\.summary, "0 of 3 books")
    await tester.finish()
  }
}
