/// Which screens survive a change of a flow's path: each route of the new path is matched
/// with the occurrence of the old path whose screen it keeps, or with none when a screen
/// must be made for it. A pure function of the two paths, shared by ``ChildScreens`` and the
/// UIKit driver, so that both keep the same screens.
///
/// The rules, in order:
/// 1. the routes the two paths start with keep their screens (a push or a pop changes only
///    the top);
/// 2. so do the routes they end with (removing a screen from the middle of the stack keeps
///    the ones above it);
/// 3. in what is left between, the old occurrences that the fewest insertions and removals
///    leave in place keep their screens, and so does an occurrence moved elsewhere.
///
/// ```swift
/// RouteMatching.survivors(from: [a, b, c], to: [b, c])   // [1, 2]: b and c keep theirs
/// RouteMatching.survivors(from: [a], to: [a, a])         // [0, nil]: a second `a` is made
/// ```
package enum RouteMatching {
  /// For each index of `new`, the index of `old` whose screen it keeps; `nil` for a route
  /// whose screen is made anew. No old index appears twice.
  package static func survivors<Route: Hashable>(from old: [Route], to new: [Route]) -> [Int?] {
    var kept = [Int?](repeating: nil, count: new.count)
    var prefix = 0
    while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] {
      kept[prefix] = prefix
      prefix += 1
    }
    var suffix = 0
    while suffix < old.count - prefix, suffix < new.count - prefix,
      old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
    {
      kept[new.count - 1 - suffix] = old.count - 1 - suffix
      suffix += 1
    }
    let oldMiddle = Array(old[prefix..<(old.count - suffix)])
    let newMiddle = Array(new[prefix..<(new.count - suffix)])
    guard !oldMiddle.isEmpty, !newMiddle.isEmpty else { return kept }
    var removed = Set<Int>()
    var inserted = Set<Int>()
    for change in newMiddle.difference(from: oldMiddle).inferringMoves() {
      switch change {
      case .remove(let offset, _, _):
        removed.insert(offset)
      case .insert(let offset, _, let movedFrom):
        inserted.insert(offset)
        if let movedFrom { kept[prefix + offset] = prefix + movedFrom }
      }
    }
    // What neither removed nor inserted stayed, in the same order on both sides.
    let stayedOld = oldMiddle.indices.filter { !removed.contains($0) }
    let stayedNew = newMiddle.indices.filter { !inserted.contains($0) }
    for (oldIndex, newIndex) in zip(stayedOld, stayedNew) {
      kept[prefix + newIndex] = prefix + oldIndex
    }
    return kept
  }
}
