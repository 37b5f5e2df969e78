/// What a run knows of its functions' failures, by name.
struct KnownFailures {
  /// The functions that return an `Observable` that does not fail, in every file of the run
  /// that declares one of that name.
  var neverFail: Set<String> = []
  /// The functions that return a publisher that may fail: an `Observable` that fails, a
  /// `Single`, a `Completable`, a `Maybe`.
  var mayFail: Set<String> = []
  /// The functions of the file being rewritten that return an `Observable`.
  var ownObservables: Set<String> = []
  /// The functions of the run whose `Observable` fails.
  var failingObservables: Set<String> = []
}
