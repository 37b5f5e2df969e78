/// Checks that an object no tester drives (a repository, a service, an
/// `ObservableReactor` bridge) is freed once the test lets go of it, and that the
/// subscriptions it made to the relays it was given are closed; the failure says what may
/// hold it, as the testers' freed check does.
///
/// ```swift
/// await expectFreed {
///   ProductRepository(requester: requester)
/// } after: { repository in
///   await repository.refresh()
/// }
/// ```
///
/// `make` builds the object; `use` gets it and must not keep it. Then the object must be
/// gone within `timeout` seconds (cancelled tasks let go of what they hold shortly after).
/// Subscriptions it makes while it is built count as there before; those it makes in `use`
/// must be closed at the end even if the object is gone. Returns whether the check passed.
@discardableResult
public func expectFreed<Object: AnyObject>(
  timeout: Double = 1,
  isolation: isolated (any Actor)? = #isolation,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  line: UInt = #line, column: UInt = #column,
  _ make: () throws -> Object,
  after use: (Object) async throws -> Void
) async rethrows -> Bool {
  let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  var object: Object? = try make()
  let check = FreedCheck(watching: object!)
  try await use(object!)
  weak let weakObject = object
  object = nil
  let problem = await check.problems(
    after: timeout, object: { weakObject },
    explaining: "A closure that captures it strongly keeps it: a `sink` on a publisher it was "
      + "given, a `Task` that has not ended, or a callback it registered with another object.")
  if let problem { site.fail(problem) }
  return problem == nil
}

/// Checks that the object `make` builds is freed at once: nothing it made while it was
/// built holds it (see ``expectFreed(timeout:isolation:fileID:filePath:line:column:_:after:)``).
///
/// ```swift
/// await expectFreed { ProfileViewModel(repository: repository) }
/// ```
@discardableResult
public func expectFreed<Object: AnyObject>(
  timeout: Double = 1,
  isolation: isolated (any Actor)? = #isolation,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  line: UInt = #line, column: UInt = #column,
  _ make: () throws -> Object
) async rethrows -> Bool {
  try await expectFreed(
    timeout: timeout, isolation: isolation, fileID: fileID, filePath: filePath, line: line,
    column: column, make, after: { _ in })
}
