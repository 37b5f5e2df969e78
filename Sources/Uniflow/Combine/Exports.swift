// The one place that chooses the reactive framework.
//
// On Apple platforms Uniflow speaks Apple's Combine; elsewhere it speaks OpenCombine,
// whose shim module re-exports OpenCombine, OpenCombineDispatch and
// OpenCombineFoundation. Importing `Uniflow` gives app code the same names on both.
#if canImport(Combine)
  @_exported import Combine
#else
  @_exported import OpenCombineShim
#endif
