/// A type-erased stream: any stream or mock with the same input and output types.
///
/// ```swift
/// let stream: AnyUnioStream<SearchViewStream.Input, SearchViewStream.Output> =
///   AnyUnioStream(SearchViewStream())
/// stream.input.search("swift")
/// ```
public final class AnyUnioStream<Input: InputType, Output: OutputType>: UnioStreamType {
  public let input: InputWrapper<Input>
  public let output: OutputWrapper<Output>
  private let base: AnyObject

  /// Erases `stream`, keeping it alive as long as the eraser.
  public init<Stream: UnioStreamType>(_ stream: Stream)
  where Stream.Input == Input, Stream.Output == Output {
    input = stream.input
    output = stream.output
    base = stream
  }
}

/// What every stream exposes: its input and output wrappers. A screen's
/// `…StreamType` protocol refines it so that a mock can stand in for the stream.
///
/// ```swift
/// protocol SearchViewStreamType: UnioStreamType
/// where Input == SearchViewStream.Input, Output == SearchViewStream.Output {}
/// ```
public protocol UnioStreamType: AnyObject {
  associatedtype Input: InputType
  associatedtype Output: OutputType
  /// The inputs, which the screen can send into.
  var input: InputWrapper<Input> { get }
  /// The outputs, which the screen can observe and read.
  var output: OutputWrapper<Output> { get }
}

extension PrimitiveStream: UnioStreamType {
  public typealias Input = Logic.Input
  public typealias Output = Logic.Output
}
