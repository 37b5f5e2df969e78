/// A read-only view of a `CurrentValueSubject`: its current value and its publisher,
/// without a way to send or to complete it.
///
/// An output ported from Unio's `BehaviorSubject` is a `CurrentValueSubject`; the screen
/// reads it through the stream's output as a `SubjectProperty`, the way it reads a
/// ``BehaviorRelay`` output as a ``Property``.
///
/// ```swift
/// struct Output: OutputType {
///   let user: CurrentValueSubject<User?, any Error>
/// }
///
/// let user = stream.output.user          // SubjectProperty<User?, any Error>
/// print(user.value)
/// user.sink(receiveCompletion: { print($0) }, receiveValue: { print($0 as Any) })
/// ```
///
/// Reading ``value`` never throws: after the subject fails, Combine keeps its last value,
/// and the failure reaches whoever subscribes.
public struct SubjectProperty<Element, Failure: Error>: Publisher {
  public typealias Output = Element

  private let subject: CurrentValueSubject<Element, Failure>

  /// Creates a read-only view of `subject`.
  public init(_ subject: CurrentValueSubject<Element, Failure>) {
    self.subject = subject
  }

  /// The subject's current value (its last one, once it has completed or failed).
  public var value: Element { subject.value }

  public func receive<Downstream: Subscriber>(subscriber: Downstream)
  where Downstream.Input == Element, Downstream.Failure == Failure {
    subject.receive(subscriber: subscriber)
  }
}
