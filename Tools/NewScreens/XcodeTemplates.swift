import Foundation

/// Xcode file templates made from the same templates as `uniflow new`: one
/// `*.xctemplate` folder per kind, with a `TemplateInfo.plist` asking for the name.
///
/// ```swift
/// for template in try XcodeTemplates.all() {
///   // write template.files into "\(folder)/\(template.folderName)"
/// }
/// ```
public struct XcodeTemplate: Sendable {
  /// `Uniflow Stream.xctemplate`.
  public var folderName: String
  /// `TemplateInfo.plist` first, then the Swift files, each with its name.
  public var files: [(name: String, contents: Data)]
}

public enum XcodeTemplates {
  /// Every kind's Xcode template, and the view model's with its repository layer.
  public static func all() throws(ScaffoldError) -> [XcodeTemplate] {
    [
      try template(kind: .stream, title: "Uniflow Stream", summary: "A Unio-style stream"),
      try template(kind: .reactor, title: "Uniflow Reactor", summary: "A ReactorKit-style reactor"),
      try template(
        kind: .viewModel, title: "Uniflow ViewModel", summary: "An MVVM view model"),
      try template(
        kind: .viewModel, repository: true, title: "Uniflow ViewModel + Repository",
        summary: "An MVVM view model with its Repository, Requester and Endpoint"),
    ]
  }

  static func template(
    kind: ScreenKind, repository: Bool = false, title: String, summary: String
  ) throws(ScaffoldError) -> XcodeTemplate {
    let files = try Scaffold.xcodeTemplateFiles(kind: kind, repository: repository)
    let info: [String: Any] = [
      "Kind": "Xcode.IDEFoundation.TextSubstitutionFileTemplateKind",
      "Description": "\(summary), from Uniflow's templates.",
      "Summary": summary,
      "SortOrder": "1",
      "Platforms": [String](),
      "DefaultCompletionName": "MyScreen",
      "MainTemplateFile": files.first { !$0.isShared }?.name ?? "",
      "AllowedTypes": ["public.swift-source"],
      "Options": [
        [
          "Identifier": "productName",
          "Required": true,
          "Name": "Name:",
          "Description": "The screen's name, which starts every type name",
          "Type": "text",
          "Default": "MyScreen",
        ] as [String: Any]
      ],
    ]
    let plist: Data
    do {
      plist = try PropertyListSerialization.data(fromPropertyList: info, format: .xml, options: 0)
    } catch {
      throw .brokenTemplate("TemplateInfo.plist", reason: "\(error)")
    }
    return XcodeTemplate(
      folderName: "\(title).xctemplate",
      files: [("TemplateInfo.plist", plist)] + files.map { ($0.name, Data($0.contents.utf8)) })
  }
}
