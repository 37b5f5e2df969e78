// expect: error: 'Dependency<Input, State, Extra>' initializer is inaccessible due to 'internal' protection level
import Uniflow

func probe() {
  _ = Dependency(
    input: ProbeStream.Input(), state: ProbeStream.State(), extra: ProbeStream.Extra())
}
