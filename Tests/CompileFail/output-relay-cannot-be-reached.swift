// expect: error: cannot convert value of type
import Uniflow

func probe(_ stream: ProbeStream) {
  let relay: BehaviorRelay<[String]> = stream.output.results
  _ = relay
}
