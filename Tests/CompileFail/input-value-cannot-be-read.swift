// expect: (aka 'InputAcceptor<Int>') has no member 'value'
import Uniflow

func probe(_ stream: ProbeStream) {
  _ = stream.input.page.value
}
