import ProductsCore
import UIKit
import Uniflow

/// The products app's flow in UIKit: a `UINavigationController` kept in step with the
/// flow by `NavigationControllerDriver`, which also reports the back button and the swipe
/// to the flow. Every rule is `ProductsFlow`'s, tested on Linux.
///
/// ```swift
/// let navigation = ProductsNavigation(repository: repository)
/// window.rootViewController = navigation.controller
/// ```
@MainActor
public final class ProductsNavigation {
  public let flow: ProductsFlow
  public let controller: UINavigationController
  private var driver: NavigationControllerDriver<ProductsFlow>?

  public init(repository: any ProductRepositoryProtocol) {
    let flow = ProductsFlow(repository: repository)
    self.flow = flow
    controller = UINavigationController(
      rootViewController: ProductListViewController(viewModel: flow.list))
    driver = NavigationControllerDriver(
      navigationController: controller, flow: flow, send: ProductsFlow.Action.navigation
    ) { [unowned flow] route in
      let index = flow.currentState.path.lastIndex(of: route) ?? 0
      switch route {
      case .product:
        guard let detail = flow.screens.screen(at: index, as: ProductDetailViewModel.self)
        else { return UIViewController() }
        return ProductDetailViewController(viewModel: detail)
      case .creatorProducts:
        let controller = UIViewController()
        controller.title = "More by this creator"
        return controller
      }
    }
  }

  /// Opens a link the system handed to the app.
  public func open(_ url: URL) {
    flow.send(.open(url.absoluteString))
  }
}

/// The list, drawn from the view model's `@Published` outputs.
final class ProductListViewController: UITableViewController {
  private let viewModel: ProductListViewModel
  private var cancellables = Set<AnyCancellable>()

  init(viewModel: ProductListViewModel) {
    self.viewModel = viewModel
    super.init(style: .plain)
  }

  required init?(coder: NSCoder) { nil }

  override func viewDidLoad() {
    super.viewDidLoad()
    title = viewModel.greeting
    tableView.register(UITableViewCell.self, forCellReuseIdentifier: "product")
    viewModel.$products
      .sinkOnMainActor { [weak self] _ in self?.tableView.reloadData() }
      .store(in: &cancellables)
    viewModel.onAppear()
  }

  override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    viewModel.products.count
  }

  override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath)
    -> UITableViewCell
  {
    let cell = tableView.dequeueReusableCell(withIdentifier: "product", for: indexPath)
    let product = viewModel.products[indexPath.row]
    var content = cell.defaultContentConfiguration()
    content.text = (product.isFavorite ? "♥ " : "") + product.name
    cell.contentConfiguration = content
    return cell
  }

  override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
    viewModel.didTapProduct(viewModel.products[indexPath.row])
  }
}

/// A product, drawn from the view model's output publishers.
final class ProductDetailViewController: UIViewController {
  private let viewModel: ProductDetailViewModel
  private let favorite = UIButton(type: .system)
  private let creator = UIButton(type: .system)
  private var cancellables = Set<AnyCancellable>()

  init(viewModel: ProductDetailViewModel) {
    self.viewModel = viewModel
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) { nil }

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = .systemBackground
    let stack = UIStackView(arrangedSubviews: [creator, favorite])
    stack.axis = .vertical
    stack.frame = view.bounds.insetBy(dx: 20, dy: 120)
    view.addSubview(stack)
    favorite.addAction(
      UIAction { [weak self] _ in self?.viewModel.inputs.favoriteButtonDidTap() },
      for: .touchUpInside)
    creator.addAction(
      UIAction { [weak self] _ in self?.viewModel.inputs.creatorButtonDidTap() },
      for: .touchUpInside)
    viewModel.outputs.product
      .sinkOnMainActor { [weak self] product in
        self?.title = product.name
        self?.creator.setTitle(product.creator, for: .normal)
        self?.favorite.setTitle(product.isFavorite ? "♥ Favourite" : "♡ Add", for: .normal)
      }
      .store(in: &cancellables)
    viewModel.inputs.onAppear()
  }
}
