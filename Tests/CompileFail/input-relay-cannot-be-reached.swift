// expect: error: cannot convert value of type
import Uniflow

func probe(_ stream: ProbeStream) {
  let relay: PublishRelay<String> = stream.input.search
  _ = relay
}
