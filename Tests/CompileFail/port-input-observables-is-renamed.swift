// expect: warning: 'inputObservables' is deprecated: renamed to 'inputPublishers'
// Unio's name compiles, and the compiler offers the Combine spelling.
import Uniflow

func logic(_ dependency: Dependency<ProbeStream.Input, NoState, NoExtra>) {
  _ = dependency.inputObservables.search
}
