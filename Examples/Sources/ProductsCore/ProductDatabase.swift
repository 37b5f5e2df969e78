import Foundation
import DatabaseFiles
import GRDB

/// Where the repository keeps what it loaded, so a start with no server still shows it.
public protocol ProductDatabaseProtocol: Sendable {
  /// The cached products in list order.
  func cachedProducts() throws(ProductsError) -> [Product]
  /// Replaces the cache with `products` (the list as it now stands).
  func replaceCache(with products: [Product]) throws(ProductsError)
}

/// The product cache in SQLite, through GRDB. A file that is not a database, is damaged,
/// belongs to another program or to a newer version is refused and never rewritten.
///
/// ```swift
/// let cache = try ProductDatabase.open(at: "/tmp/products.sqlite")
/// try cache.replaceCache(with: products)
/// ```
public final class ProductDatabase: ProductDatabaseProtocol {
  private let queue: DatabaseQueue
  public let path: String

  private init(queue: DatabaseQueue, path: String) {
    self.queue = queue
    self.path = path
  }

  /// Opens (creating it if needed) the cache at `path`.
  public static func open(at path: String) throws(ProductsError) -> ProductDatabase {
    let path = URL(fileURLWithPath: path).standardizedFileURL.path
    do {
      try DatabaseFile.check(path)
    } catch {
      switch error {
      case .notARegularFile: throw .cache("\(path) is not a regular file")
      case .notSQLite: throw .cache("\(path) is not a database; it was left untouched")
      }
    }
    do {
      let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let queue = try DatabaseQueue(path: path)
      let database = ProductDatabase(queue: queue, path: path)
      try database.migrate()
      return database
    } catch let error as ProductsError {
      throw error
    } catch let error as DatabaseError
      where [.SQLITE_NOTADB, .SQLITE_CORRUPT].contains(error.resultCode)
    {
      throw .cache("\(path) is damaged; it was left untouched")
    } catch {
      throw .cache("cannot open \(path): \(error)")
    }
  }

  /// A cache in memory, gone when the app quits.
  public static func inMemory() -> ProductDatabase {
    do {
      let database = ProductDatabase(queue: try DatabaseQueue(), path: ":memory:")
      try database.migrate()
      return database
    } catch {
      // An in-memory SQLite database has no file that could be missing or damaged.
      preconditionFailure("an in-memory database failed to open: \(error)")
    }
  }

  private static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1: product cache") { db in
      try db.create(table: "product") { table in
        table.primaryKey("id", .integer)
        table.column("name", .text).notNull()
        table.column("price", .integer).notNull()
        table.column("creator", .text).notNull()
        table.column("isFavorite", .boolean).notNull()
        table.column("position", .integer).notNull()
      }
    }
    return migrator
  }

  private func migrate() throws {
    let migrator = Self.migrator
    switch try queue.read({ db in try DatabaseFile.schema(of: db, migrator: migrator) }) {
    case .foreign:
      throw ProductsError.cache("\(path) is another program's database; it was left untouched")
    case .newer:
      throw ProductsError.cache(
        "\(path) was written by a newer version of the app; it was left untouched")
    case .blank, .older, .current:
      try migrator.migrate(queue)
    }
  }

  public func cachedProducts() throws(ProductsError) -> [Product] {
    do {
      return try queue.read { db in
        try Row.fetchAll(db, sql: "SELECT * FROM product ORDER BY position").map { row in
          Product(
            id: row["id"], name: row["name"], price: row["price"], creator: row["creator"],
            isFavorite: row["isFavorite"])
        }
      }
    } catch {
      throw .cache("cannot read \(path): \(error)")
    }
  }

  public func replaceCache(with products: [Product]) throws(ProductsError) {
    do {
      try queue.write { db in
        try db.execute(sql: "DELETE FROM product")
        for (position, product) in products.enumerated() {
          try db.execute(
            sql: """
              INSERT INTO product (id, name, price, creator, isFavorite, position)
              VALUES (?, ?, ?, ?, ?, ?)
              """,
            arguments: [
              product.id, product.name, product.price, product.creator, product.isFavorite,
              position,
            ])
        }
      }
    } catch {
      throw .cache("cannot write \(path): \(error)")
    }
  }
}
