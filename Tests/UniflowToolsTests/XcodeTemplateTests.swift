import Foundation
import Testing
import UniflowNewScreens

@Suite struct XcodeTemplateTests {
  @Test func everyTemplateInfoParsesAndAsksForTheName() throws {
    let templates = try XcodeTemplates.all()
    #expect(
      templates.map(\.folderName) == [
        "Uniflow Stream.xctemplate", "Uniflow Reactor.xctemplate",
        "Uniflow ViewModel.xctemplate", "Uniflow ViewModel + Repository.xctemplate",
      ])
    for template in templates {
      let info = try #require(template.files.first { $0.name == "TemplateInfo.plist" })
      let plist = try PropertyListSerialization.propertyList(from: info.contents, format: nil)
      let dictionary = try #require(plist as? [String: Any])
      let options = try #require(dictionary["Options"] as? [[String: Any]])
      #expect(options.first?["Identifier"] as? String == "productName")
      let main = try #require(dictionary["MainTemplateFile"] as? String)
      #expect(template.files.contains { $0.name == main }, "\(template.folderName)")
    }
  }

  /// Xcode fills `___VARIABLE_productName___` in the text and `___FILEBASENAME___` in
  /// file names with the name typed; done here by hand, each file must be what
  /// `uniflow new` writes for the same name.
  @Test func aTemplateFilledAsXcodeFillsItIsTheCommandsOutput() throws {
    let kinds: [(ScreenKind, Bool, String)] = [
      (.stream, false, "Uniflow Stream.xctemplate"),
      (.reactor, false, "Uniflow Reactor.xctemplate"),
      (.viewModel, false, "Uniflow ViewModel.xctemplate"),
      (.viewModel, true, "Uniflow ViewModel + Repository.xctemplate"),
    ]
    let templates = try XcodeTemplates.all()
    for (kind, repository, folder) in kinds {
      let template = try #require(templates.first { $0.folderName == folder })
      var filled: [String: String] = [:]
      for file in template.files where file.name.hasSuffix(".swift") {
        let name = file.name.replacingOccurrences(of: "___FILEBASENAME___", with: "Profile")
        filled[name] = String(decoding: file.contents, as: UTF8.self)
          .replacingOccurrences(of: "___VARIABLE_productName___", with: "Profile")
      }
      let generated = try Scaffold.files(
        name: "Profile", kind: kind, module: "App", repository: repository
      ).filter { $0.destination == .sources }
      #expect(Set(filled.keys) == Set(generated.map(\.name)), "\(folder)")
      for file in generated {
        #expect(filled[file.name] == file.contents, "\(folder): \(file.name)")
      }
    }
  }
}
