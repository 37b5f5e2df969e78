// The stand-in for Apple's Combine: OpenCombine's publishers, subjects and schedulers
// under the module name `Combine`, for the Apple-branch build check only (README.md).
//
// Apple's Combine has the scheduler conformances of `DispatchQueue`, `RunLoop` and
// `OperationQueue`, with their `SchedulerTimeType`s; OpenCombine keeps them in
// OpenCombineDispatch and OpenCombineFoundation, so those are re-exported too. Their
// Linux-only spellings (`DispatchQueue.OCombine`, `.ocombine`) come along with them,
// which this check therefore cannot flag.
@_exported import OpenCombine
@_exported import OpenCombineDispatch
@_exported import OpenCombineFoundation
