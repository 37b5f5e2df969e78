#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import Uniflow
import UniflowDemoCore

// A stream driven from the terminal: each line you type is a query; an empty line clears.
// With no terminal (or piped input) it runs a short scripted session.

let stream: any BookSearchStreamType = BookSearchStream(catalogue: [
  "The Swift Programming Language", "Functional Swift", "Advanced Swift",
  "Combine: Asynchronous Programming", "Thinking in SwiftUI", "App Architecture",
])

let bag = DisposeBag()
stream.output.summary
  .sink { print("  (\($0))") }
  .disposed(by: bag)
stream.output.titles
  .dropFirst()
  .sink { titles in
    print(titles.isEmpty ? "  no match" : titles.map { "  • \($0)" }.joined(separator: "\n"))
  }
  .disposed(by: bag)

@MainActor func run(_ line: String) {
  print("> \(line)")
  if line.isEmpty { stream.input.clear() } else { stream.input.query(line) }
}

let interactive = isatty(0) == 1
if interactive {
  print("Type a query and press return (empty line clears, Ctrl-D quits).")
  while let line = readLine() { run(line) }
} else {
  var scripted = ["swift", "architecture", ""]
  while let line = readLine() { scripted.append(line) }
  for line in scripted { run(line) }
}
print("Current titles: \(stream.output.titles.value.count)")
