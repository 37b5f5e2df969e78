// UniflowTesting brings the test scheduler and the test clock with it, so that a test
// file needs only `import UniflowTesting` next to the module under test.
@_exported import Clocks
@_exported import CombineSchedulers
@_exported import Uniflow
