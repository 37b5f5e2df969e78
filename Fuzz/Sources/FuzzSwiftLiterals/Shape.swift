import SwiftParser
import SwiftSyntax

/// A Swift expression as parsed back, reduced to what a literal can hold.
indirect enum Shape: CustomStringConvertible {
  case string(String)
  /// A number as written, a leading minus included.
  case number(String)
  case bool(Bool)
  case nilLiteral
  /// `.name`, a leading minus included: `.nan`, `-.infinity`, `.leaf`.
  case member(String)
  /// `name(label: value, …)`, `name` being `Record`, `.pair`, `Date`…
  case call(String, [(label: String?, value: Shape)])
  case array([Shape])
  case dictionary([(key: Shape, value: Shape)])
  /// `value!`
  case forced(Shape)

  var description: String {
    switch self {
    case .string(let text): "string \(text.debugDescription)"
    case .number(let text): "number \(text)"
    case .bool(let flag): "\(flag)"
    case .nilLiteral: "nil"
    case .member(let name): "member \(name)"
    case .call(let name, let arguments): "call \(name) with \(arguments.count) arguments"
    case .array(let elements): "array of \(elements.count)"
    case .dictionary(let pairs): "dictionary of \(pairs.count)"
    case .forced(let shape): "forced \(shape)"
    }
  }

  /// Why `source` is not one declaration `let value = <literal>`, or the literal's shape.
  static func parse(_ source: String) -> Result<Shape, Refusal> {
    let file = Parser.parse(source: source)
    guard !file.hasError else { return .failure(Refusal("it does not parse")) }
    guard file.statements.count == 1,
      let declaration = file.statements.first?.item.as(VariableDeclSyntax.self),
      declaration.bindings.count == 1,
      let value = declaration.bindings.first?.initializer?.value
    else { return .failure(Refusal("it is not one declaration: text escaped the literal")) }
    return Result { () throws(Refusal) in try shape(of: value) }
  }

  private static func shape(of expression: ExprSyntax) throws(Refusal) -> Shape {
    if let string = expression.as(StringLiteralExprSyntax.self) {
      guard let value = string.representedLiteralValue else {
        throw Refusal("a string literal with an interpolation or a bad escape: \(string)")
      }
      return .string(value)
    }
    if let number = expression.as(IntegerLiteralExprSyntax.self) {
      return .number(number.literal.text)
    }
    if let number = expression.as(FloatLiteralExprSyntax.self) {
      return .number(number.literal.text)
    }
    if let flag = expression.as(BooleanLiteralExprSyntax.self) {
      return .bool(flag.literal.tokenKind == .keyword(.true))
    }
    if expression.is(NilLiteralExprSyntax.self) { return .nilLiteral }
    if let member = expression.as(MemberAccessExprSyntax.self), member.base == nil {
      return .member(member.declName.baseName.text)
    }
    if let prefix = expression.as(PrefixOperatorExprSyntax.self),
      prefix.operator.text == "-"
    {
      switch try shape(of: prefix.expression) {
      case .number(let text): return .number("-" + text)
      case .member(let name): return .member("-" + name)
      case let other: throw Refusal("a minus before \(other)")
      }
    }
    if let forced = expression.as(ForceUnwrapExprSyntax.self) {
      return .forced(try shape(of: forced.expression))
    }
    if let array = expression.as(ArrayExprSyntax.self) {
      var elements: [Shape] = []
      for element in array.elements { elements.append(try shape(of: element.expression)) }
      return .array(elements)
    }
    if let dictionary = expression.as(DictionaryExprSyntax.self) {
      guard case .elements(let list) = dictionary.content else { return .dictionary([]) }
      var pairs: [(key: Shape, value: Shape)] = []
      for pair in list { pairs.append((try shape(of: pair.key), try shape(of: pair.value))) }
      return .dictionary(pairs)
    }
    if let call = expression.as(FunctionCallExprSyntax.self) {
      guard call.trailingClosure == nil, call.additionalTrailingClosures.isEmpty else {
        throw Refusal("a call with a trailing closure")
      }
      var arguments: [(label: String?, value: Shape)] = []
      for argument in call.arguments {
        arguments.append((argument.label?.text, try shape(of: argument.expression)))
      }
      return .call(call.calledExpression.trimmedDescription, arguments)
    }
    throw Refusal(
      "an expression a literal never holds: \(expression.trimmedDescription.prefix(80))")
  }
}

/// Why a literal does not read back.
struct Refusal: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
