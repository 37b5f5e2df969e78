import Testing

/// Whether a reported issue's text contains every one of `words`.
func issue(_ issue: Issue, says words: String...) -> Bool {
  let text = issue.comments.map(\.rawValue).joined() + "\(issue)"
  return words.allSatisfy(text.contains)
}
