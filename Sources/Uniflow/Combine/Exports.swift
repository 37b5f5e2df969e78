// The one place that chooses the reactive framework.
//
// On Apple platforms Uniflow speaks Apple's Combine; elsewhere it speaks OpenCombine,
// whose shim module re-exports OpenCombine, OpenCombineDispatch and
// OpenCombineFoundation. Importing `Uniflow` gives app code the same names on both.
// Off Apple platforms both OpenCombine and combine-schedulers are built from their patched
// copies in Vendor/ (Vendor/README.md says why).
#if canImport(Combine)
  @_exported import Combine
#else
  @_exported import OpenCombineShim
#endif

// The schedulers a stream or a view model takes, so that a test can replace them:
// `AnySchedulerOf<DispatchQueue>` (`.main` in the app, `DispatchQueue.test` in a test, which
// moves only when the test advances it), from combine-schedulers, built on the framework
// chosen above.
@_exported import CombineSchedulers
