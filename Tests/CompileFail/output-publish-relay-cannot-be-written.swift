// expect: error: value of type 'AnyPublisher<Int, Never>' has no member 'accept'
import Uniflow

func probe(_ stream: ProbeStream) {
  stream.output.changes.accept(1)
}
