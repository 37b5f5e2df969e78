// expect: error: value of type 'Property<[String]>' has no member 'accept'
import Uniflow

func probe(_ stream: ProbeStream) {
  stream.output.results.accept([])
}
