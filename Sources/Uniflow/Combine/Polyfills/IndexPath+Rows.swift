import Foundation

#if !canImport(UIKit) && !canImport(AppKit)
  extension IndexPath {
    /// A row's index path, as UIKit spells it: a ported view model that reads
    /// `indexPath.row` compiles and runs in a Linux test run, where Foundation's `IndexPath`
    /// has no rows of its own.
    ///
    /// ```swift
    /// select.send(IndexPath(row: 1, section: 0))
    /// ```
    public init(row: Int, section: Int) {
      self.init(indexes: [section, row])
    }

    /// An item's index path, as UIKit and AppKit spell it for collection views.
    public init(item: Int, section: Int) {
      self.init(indexes: [section, item])
    }

    /// The section: the first index.
    public var section: Int {
      get { self[0] }
      set { self[0] = newValue }
    }

    /// The row within the section: the second index.
    public var row: Int {
      get { self[1] }
      set { self[1] = newValue }
    }

    /// The item within the section: the second index, as `row` is.
    public var item: Int {
      get { self[1] }
      set { self[1] = newValue }
    }
  }
#endif
