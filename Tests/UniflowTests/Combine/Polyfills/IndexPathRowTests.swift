import Foundation
import Testing
import Uniflow

// UIKit's spelling of a table's index path, which ported view models read, on every
// platform this test runs on (Linux gets it from Uniflow, Apple's platforms from UIKit or
// AppKit, where `row` is UIKit's alone).
@Suite struct IndexPathRowTests {
  #if !canImport(AppKit)
    @Test func aRowsIndexPathHoldsItsSectionAndRow() {
      var path = IndexPath(row: 3, section: 1)
      #expect(path.section == 1)
      #expect(path.row == 3)
      #expect(path == IndexPath(indexes: [1, 3]))
      path.row = 4
      #expect(path == IndexPath(indexes: [1, 4]))
    }
  #endif

  @Test func anItemsIndexPathHoldsItsSectionAndItem() {
    let path = IndexPath(item: 2, section: 0)
    #expect(path.section == 0)
    #expect(path.item == 2)
  }
}
