// expect: success
// A file that imports SwiftUI and Uniflow writes `View` for SwiftUI's: Uniflow's protocol
// is `ReactorView`, and ReactorKit 3's `View` is unavailable, so lookup passes it over.
import Neighbours
import Uniflow

struct CounterScreen: View {
  var body: String { "count" }
}
