// expect: success
// The control: the same prelude used the allowed way compiles, so a failure below is
// caused by the one forbidden line in each snippet.
import Uniflow

func probe(_ stream: ProbeStream) {
  stream.input.search("swift")
  stream.input.page(2)
  let results: [String] = stream.output.results
  let publisher: AnyPublisher<[String], Never> = stream.output.results
  _ = stream.output.summary.value
  _ = stream.output.changes.sink { _ in }
  _ = (results, publisher)
}
