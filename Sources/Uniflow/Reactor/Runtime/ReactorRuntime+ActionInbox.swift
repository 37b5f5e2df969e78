extension ReactorRuntime {
  /// The action input's way in, from any thread: values hop to the main actor in order.
  /// Made once, by the first `reactor.action`, which may be read on any thread.
  nonisolated func actionInbox<R: Reactor<Action, Mutation, State>>(for reactor: R)
    -> MainActorInbox<Action>
  {
    inboxCreation.withLock {
      if let inbox { return inbox }
      let target = MainActorReference(reactor)
      let created = MainActorInbox<Action> { [weak self] action in
        guard let self, let reactor = target.object else { return }
        self.send(action, to: reactor)
      }
      inbox = created
      return created
    }
  }

  /// Whether an action sent through ``Reactor/action`` off the main actor is on its way:
  /// it has left its sender and `reduce` has not seen it yet.
  package var hasActionOnItsWay: Bool {
    inboxCreation.withLock { inbox }?.hasPending ?? false
  }

  /// Handles, now, the actions sent from other threads that are on their way to the main
  /// actor: a tester's `finish()` takes them as sent before it.
  package func deliverActionsOnTheirWay() {
    inboxCreation.withLock { inbox }?.drainNow()
  }
}

extension ReactorRuntime: ReceivedActionsSource {
  /// The actions that `isIncluded` accepts as they arrive; the subject they come through
  /// is made when first asked for. They are sent on the main actor, where `isIncluded`
  /// runs.
  func actionsAsReceived(where isIncluded: @escaping @MainActor (Action) -> Bool)
    -> AnyPublisher<Action, Never>
  {
    let subject = receivedActions ?? PassthroughSubject<Action, Never>()
    if receivedActions == nil {
      receivedActions = subject
      // From now on actions take the hook's road, where they are announced.
      core.engine.hooks.action = true
    }
    return subject.filter { isIncluded($0) }.eraseToAnyPublisher()
  }
}

/// Guards the lazy creation of every runtime's action inbox (rare: once per reactor whose
/// `action` is read), beside the inbox it guards: a lock in each runtime would cost every
/// reactor an allocation for a moment most never have.
private let inboxCreation = Lock()
