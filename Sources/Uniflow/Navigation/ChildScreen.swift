/// A screen a flow made for one of its routes: the object that runs it (a reactor, a stream
/// or a view model), and what it asks of the flow, as the flow's actions.
///
/// A screen asks through its `transitionItem`, the name minne's MVVM article gives it: a
/// reactor's `@Pulse`, a stream's output, a view model's output or `@Published` property.
/// The flow decides what each item means:
///
/// ```swift
/// func makeScreen(for route: Route) -> ChildScreen<Action> {
///   switch route {
///   case .product(let id):
///     let detail = ProductDetailViewModel(productID: id, repository: repository)
///     return ChildScreen(detail, transitionItem: detail.outputs.transitionItem) { item in
///       switch item {
///       case .creatorProducts(let id): .navigation(.push(.creatorProducts(ofProduct: id)))
///       }
///     }
///   case .receipt:
///     return ChildScreen(ReceiptStream())   // asks nothing
///   }
/// }
/// ```
///
/// A screen may send its items from any thread: the flow hears them on the main actor, in
/// the order they were sent. The closure must not hold the flow (or the screen) strongly:
/// the flow keeps it as long as the screen lives.
public struct ChildScreen<Action> {
  /// The reactor, stream or view model that runs the screen.
  public let screen: AnyObject
  /// The screen's transition items, each as what makes the flow's action once the flow
  /// knows where the screen is; `nil` for a screen that asks nothing.
  let reports: AnyPublisher<(ScreenSender) -> Action?, Never>?

  /// A screen that asks nothing of its flow.
  public init(_ screen: AnyObject) {
    self.screen = screen
    reports = nil
  }

  /// A screen whose `transitionItem` publisher becomes the flow's actions; an item that
  /// `action` maps to `nil` is ignored.
  ///
  /// ```swift
  /// ChildScreen(list, transitionItem: list.$transitionItem.compactMap { $0 }) {
  ///   .navigation(.push(.product(id: $0.id)))
  /// }
  /// ```
  public init<Items: Publisher>(
    _ screen: AnyObject, transitionItem: Items, action: @escaping (Items.Output) -> Action?
  ) where Items.Failure == Never {
    self.screen = screen
    reports = transitionItem.map { item in { _ in action(item) } }.eraseToAnyPublisher()
  }

  /// A screen whose `transitionItem` publisher becomes the flow's actions, each made
  /// knowing which screen sent it and where that screen is when the item arrives: two
  /// screens of equal routes are told apart. An item that `action` maps to `nil` is ignored.
  ///
  /// ```swift
  /// ChildScreen(record, transitionItem: record.done) { _, sender in
  ///   sender.index.map { .navigation(.didPop(toDepth: $0)) }   // close this screen
  /// }
  /// ```
  public init<Items: Publisher>(
    _ screen: AnyObject, transitionItem: Items,
    action: @escaping (Items.Output, ScreenSender) -> Action?
  ) where Items.Failure == Never {
    self.screen = screen
    reports = transitionItem.map { item in { sender in action(item, sender) } }
      .eraseToAnyPublisher()
  }
}
