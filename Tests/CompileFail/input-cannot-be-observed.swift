// expect: (aka 'InputAcceptor<String>') has no member 'sink'
import Uniflow

func probe(_ stream: ProbeStream) {
  _ = stream.input.search.sink { print($0) }
}
