import Foundation
import Uniflow

/// Checks that an object under test is freed once the test lets go of it, and that the
/// subscriptions it made to the relays it was given are closed; and when not, says what
/// it found. The engine of every tester's freed check and of ``expectFreed(_:timeout:fileID:filePath:line:column:_:)``.
///
/// At the start it notes every relay reachable from the object through the things it was
/// given (services, repositories, the streams in an `Extra`), with its path and how many
/// subscriptions it had open. At the end the object is let go of; it must be gone, and every
/// noted relay that still exists must have no subscription that was not open at the start.
@usableFromInline
final class FreedCheck {
  /// A relay the object was given, found at `path`.
  struct WatchedRelay {
    let path: String
    weak var relay: (any SubscriptionCounting)?
    let openAtStart: Set<ObjectIdentifier>
  }

  /// The object's type, for messages.
  let typeName: String
  private let relays: [WatchedRelay]
  /// The records of the screens the object made for its routes, when it is a flow
  /// (`ChildScreens` in a stored property): each must be freed with it.
  private let screenLedgers: [ScreenLedger]

  /// Notes the relays reachable from `object`: from every stored property, or only from
  /// those labelled `entryPoints`, leaving out those labelled `skipping`. Relays stored in
  /// the object itself (or in its own structs) are its own and are not noted.
  @usableFromInline
  init(watching object: AnyObject, entryPoints: Set<String>? = nil, skipping: Set<String> = []) {
    typeName = String(describing: type(of: object))
    var walk = RelayWalk()
    walk.visit(object, entryPoints: entryPoints, skipping: skipping)
    relays = walk.found
    var ledgers: [ScreenLedger] = []
    var mirror: Mirror? = Mirror(reflecting: object)
    while let current = mirror {
      for child in current.children {
        if let holder = child.value as? any ScreenLedgerHolding {
          ledgers.append(holder.screenLedger)
        }
      }
      mirror = current.superclassMirror
    }
    screenLedgers = ledgers
  }

  /// The screens the object made for its routes that are still alive.
  private var aliveScreens: [String] {
    screenLedgers.flatMap(\.aliveScreens).map { Self.described($0.screen, $0.description) }
  }

  /// The subscriptions opened since the start on relays that still exist, by path: once
  /// the object is gone, these outlived it.
  var openedSubscriptions: [(path: String, count: Int)] {
    relays.compactMap { watched in
      guard let relay = watched.relay else { return nil }
      let opened = relay.openSubscriptionIDs.subtracting(watched.openAtStart).count
      return opened > 0 ? (watched.path, opened) : nil
    }
  }

  /// Every open subscription to the relays the object was given, by path. While the
  /// object lives these include the ones it made before the check started (a stream binds
  /// in its initializer), so they are the leads for what holds it.
  private var openSubscriptions: [(path: String, count: Int)] {
    relays.compactMap { watched in
      guard let count = watched.relay?.openSubscriptionCount, count > 0 else { return nil }
      return (watched.path, count)
    }
  }

  /// Waits (up to `seconds`) for `object` to be gone and the noted subscriptions to
  /// close; returns what is wrong, or `nil`. The caller has already let go of its own
  /// reference; `object` is weak.
  func problems(
    after seconds: Double, object: () -> AnyObject?, explaining hint: String,
    isolation: isolated (any Actor)? = #isolation
  ) async -> String? {
    var budget = WaitBudget(seconds: seconds)
    while object() != nil || !openedSubscriptions.isEmpty || !aliveScreens.isEmpty,
      !budget.isSpent()
    {
      // Cancelled tasks and queued main-actor work let go of what they hold shortly.
      await Task.yield()
      try? await Task.sleep(nanoseconds: WaitBudget.tick)
    }
    return report(object: object(), hint: hint)
  }

  /// What is wrong now, without waiting; `nil` when nothing is.
  func report(object: AnyObject?, hint: String) -> String? {
    let open = object == nil ? openedSubscriptions : openSubscriptions
    let subscriptions = open.map {
      "\($0.count) subscription(s) to `\($0.path)` \($0.count == 1 ? "is" : "are") still open"
    }
    guard let object else {
      var parts: [String] = []
      if !subscriptions.isEmpty {
        parts.append(
          subscriptions.joined(separator: "; ")
            + ". A subscription it made is kept outside it (for example stored in a "
            + "service's bag), so its closure runs on for the rest of the app's life")
      }
      let screens = aliveScreens
      if !screens.isEmpty {
        // In steps: one long concatenation took the type checker seconds.
        let verb = screens.count == 1 ? "is" : "are"
        var part = "not every screen it made for its routes is gone: "
        part += screens.joined(separator: ", ")
        part += " \(verb) still alive. Something outside the flow holds a screen: a closure "
        part += "that captures it strongly (a `sink` on a repository's publisher, a `Task`), "
        part += "or a reference the test kept (hold screens `weak`)"
        parts.append(part)
      }
      guard !parts.isEmpty else { return nil }
      return "`\(typeName)` was freed after the test, but " + parts.joined(separator: "; ")
        + "."
    }
    var message = "`\(typeName)` was not freed after the test."
    if !subscriptions.isEmpty { message += " " + subscriptions.joined(separator: "; ") + "." }
    message += " " + hint
    if let stored = Self.storedSubscriptions(of: object) { message += " " + stored }
    message +=
      " Otherwise, look for another closure that captures it strongly (a `Task`, a "
      + "callback stored elsewhere), or a reference the test kept (read it through the "
      + "tester instead, or turn the check off with `checkFreed: false`)."
    return message
  }

  /// `description` of a screen still alive, with what holds it where the library can tell
  /// (a subscription it stores, see ``storedSubscriptions(of:)``): "`NoteViewModel` for
  /// route `note(2)` (it keeps 1 subscription(s) in `following`: …)".
  static func described(_ screen: AnyObject, _ description: String) -> String {
    guard let stored = storedSubscriptions(of: screen) else { return description }
    return description + " (" + stored.prefix(1).lowercased() + stored.dropFirst().dropLast() + ")"
  }

  /// The subscriptions an object stores in its own properties: the usual cycle, a `sink`
  /// whose closure captures `self`, stored in `self.cancellables` (or in one property).
  static func storedSubscriptions(of object: AnyObject) -> String? {
    var mirror: Mirror? = Mirror(reflecting: object)
    while let current = mirror {
      for child in current.children {
        guard let label = child.label else { continue }
        let count: Int
        switch child.value {
        case let set as Set<AnyCancellable>: count = set.count
        case let array as [AnyCancellable]: count = array.count
        case let bag as CancelBag: count = bag.count
        case is AnyCancellable: count = 1
        default: continue
        }
        guard count > 0 else { continue }
        return "It keeps \(count) subscription(s) in `\(label.trimmingUnderscore)`: a `sink` "
          + "stored there whose closure captures `self` strongly makes a cycle; capture "
          + "`[weak self]`, or bind to a relay."
      }
      mirror = current.superclassMirror
    }
    return nil
  }
}

/// Finds the relays reachable from an object through the things it was given.
private struct RelayWalk {
  var found: [FreedCheck.WatchedRelay] = []
  private var visited: Set<ObjectIdentifier> = []
  private var budget = 2_000

  mutating func visit(_ object: AnyObject, entryPoints: Set<String>?, skipping: Set<String>) {
    visited.insert(ObjectIdentifier(object))
    var mirror: Mirror? = Mirror(reflecting: object)
    while let current = mirror {
      for child in current.children {
        guard let label = child.label, !skipping.contains(label) else { continue }
        if let entryPoints, !entryPoints.contains(label) { continue }
        // The object's own structs (an `Input`, a `State`) hold its own relays; anything
        // given to it sits behind another object or in an `Extra`.
        let given = entryPoints != nil || Self.isObject(child.value)
        walk(child.value, path: label.trimmingUnderscore, given: given, depth: 0)
      }
      mirror = current.superclassMirror
    }
  }

  private mutating func walk(_ value: Any, path: String, given: Bool, depth: Int) {
    budget -= 1
    guard budget > 0, depth < 6 else { return }
    if let relay = value as? any SubscriptionCounting {
      if given, visited.insert(ObjectIdentifier(relay)).inserted {
        found.append(
          .init(path: path, relay: relay, openAtStart: relay.openSubscriptionIDs))
      }
      return
    }
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .class {
      guard visited.insert(ObjectIdentifier(value as AnyObject)).inserted else { return }
    }
    var current: Mirror? = mirror
    while let level = current {
      for child in level.children {
        let label = child.label?.trimmingUnderscore ?? ""
        // Wrappers and optionals add a level that says nothing about where a value is.
        // A wrapper may also repeat its own name (`output.output`).
        let skipsLabel =
          ["some", "wrapped", "value", "storage", "box", ""].contains(label)
          || path.hasSuffix(".\(label)") || path == label
        let childPath = skipsLabel ? path : "\(path).\(label)"
        walk(
          child.value, path: childPath, given: given || Self.isObject(child.value),
          depth: depth + 1)
      }
      current = level.superclassMirror
    }
  }

  private static func isObject(_ value: Any) -> Bool {
    Mirror(reflecting: value).displayStyle == .class
  }
}

extension String {
  /// `_count` → `count`: the storage of a property wrapper has the wrapper's name.
  fileprivate var trimmingUnderscore: String {
    hasPrefix("_") ? String(dropFirst()) : self
  }
}
