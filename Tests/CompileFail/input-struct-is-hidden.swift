// expect: error: value of type 'InputWrapper<ProbeStream.Input>' has no dynamic member 'input'
import Uniflow

func probe(_ stream: ProbeStream) {
  _ = stream.input.input
}
