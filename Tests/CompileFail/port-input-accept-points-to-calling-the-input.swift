// expect: warning: 'accept' is deprecated: call the input like a function: input.search(value)
// RxRelay's `accept` on a stream's input compiles, and the message says what to write.
import Uniflow

func search(_ input: InputAcceptor<String>) {
  input.accept("swift")
}
