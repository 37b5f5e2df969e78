// expect: warning: 'observables' is deprecated: renamed to 'publishers'
// Unio's name compiles, and the compiler offers the Combine spelling.
import Uniflow

func screen(_ stream: ProbeStream) {
  _ = stream.output.observables.results
}
