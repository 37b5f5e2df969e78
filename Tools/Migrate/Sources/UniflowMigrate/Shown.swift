/// `text` safe to print to a terminal: control, format (U+202E among them) and separator
/// characters, which a file name or a hostile source line may hold, are written as
/// `\u{…}`, so nothing reaches the terminal as a control sequence. (The library's
/// `HiddenCharacters` does the same for app text; this package does not depend on Uniflow,
/// so that swift-syntax and Uniflow's graph stay apart.)
package func shown(_ text: String) -> String {
  var result = ""
  for scalar in text.unicodeScalars {
    switch scalar.properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator, .privateUse, .unassigned:
      result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    default:
      result.unicodeScalars.append(scalar)
    }
  }
  return result
}
