/// A publisher that holds a current value, or starts with one, and hands it to each new
/// subscriber before anything else: a ``BehaviorRelay``, a ``Property``, a
/// ``SubjectProperty``, a `CurrentValueSubject`, a `@Published` property's publisher, and a
/// publisher that `prepend`s values (RxSwift's `startWith`). The testers take that first
/// value as the output's start, not as something the output sent; every other value is
/// recorded, during the subscription too.
///
/// ```swift
/// BehaviorRelay(value: 0) is any CurrentValueHolding   // true
/// PassthroughSubject<Int, Never>() is any CurrentValueHolding   // false
/// ```
package protocol CurrentValueHolding {}

extension BehaviorRelay: CurrentValueHolding {}
extension Property: CurrentValueHolding {}
extension SubjectProperty: CurrentValueHolding {}
extension CurrentValueSubject: CurrentValueHolding {}
extension Published.Publisher: CurrentValueHolding {}

/// The publishers a `prepend(…)` puts before the upstream: what an output starts with.
package protocol StartingValues {}

extension Just: StartingValues {}
extension Publishers.Sequence: StartingValues {}
extension Publishers.Concatenate: CurrentValueHolding where Prefix: StartingValues {}
