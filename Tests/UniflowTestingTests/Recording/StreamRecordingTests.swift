import Foundation
import Testing
import Uniflow
import UniflowTesting

/// A lookup stream in the seed-000 shape: its `Extra` holds another stream, the API.
final class LookupAPIStream: UnioStream<LookupAPIStream> {
  struct Input: InputType { let word = PublishRelay<String>() }
  struct Output: OutputType { let meanings: PublishRelay<[String]> }
  struct State: StateType { let meanings = PublishRelay<[String]>() }
  typealias Extra = NoExtra

  static func bind(from dependency: Dependency<Input, State, Extra>, disposeBag: DisposeBag)
    -> Output
  {
    let meanings = dependency.state.meanings
    dependency.inputPublishers.word
      .sink { meanings.accept(["\($0) (noun)"]) }
      .disposed(by: disposeBag)
    return Output(meanings: meanings)
  }

  init() { super.init(input: Input(), state: State(), extra: NoExtra()) }
}

final class LookupStream: UnioStream<LookupStream> {
  struct Input: InputType {
    let search = PublishRelay<String>()
    let note = PublishRelay<NotEncodable>()
  }
  struct Output: OutputType {
    let isSearching: BehaviorRelay<Bool>
    let results: BehaviorRelay<[String]>
  }
  struct State: StateType {
    let isSearching = BehaviorRelay(value: false)
    let results = BehaviorRelay<[String]>(value: [])
  }
  struct Extra: ExtraType { let api: LookupAPIStream }

  struct NotEncodable { let text: String }

  static func bind(from dependency: Dependency<Input, State, Extra>, disposeBag: DisposeBag)
    -> Output
  {
    let state = dependency.state
    let api = dependency.extra.api
    dependency.inputPublishers.search
      .sink {
        state.isSearching.accept(true)
        api.input.word($0)
      }
      .disposed(by: disposeBag)
    api.output.publishers.meanings
      .sink {
        state.results.accept($0)
        state.isSearching.accept(false)
      }
      .disposed(by: disposeBag)
    return Output(isSearching: state.isSearching, results: state.results)
  }

  init() { super.init(input: Input(), state: State(), extra: Extra(api: LookupAPIStream())) }
}

@MainActor
@Suite struct StreamRecordingTests {
  func objects(_ recorder: SessionRecorder) -> [[String: Any]] {
    recorder.lines.map { try! JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
  }

  @Test func aStreamMadeWhileRecordingWritesEachInputBeforeWhatItLedTo() async {
    let recorder = SessionRecorder.inMemory()
    let stream = recorder.recordingStreams { LookupStream() }
    stream.input.search("kokoro")
    await eventually { recorder.lines.count == 8 }
    let lines = objects(recorder)
    // The API stream is made first (in the Extra), so its header comes first.
    #expect(lines[0]["stream"] as? String == String(reflecting: LookupAPIStream.self))
    #expect(lines[1]["stream"] as? String == String(reflecting: LookupStream.self))
    let steps = lines.dropFirst(2).map { "\($0["kind"]!) \($0["instance"]!) \($0["name"]!)" }
    #expect(
      steps == [
        "input 2 search", "output 2 isSearching", "input 1 word", "output 1 meanings",
        "output 2 results", "output 2 isSearching",
      ])
    #expect(lines[2]["value"] as? String == "kokoro")
    #expect(lines[2]["number"] as? Int == 1)
    #expect(lines[5]["value"] as? [String] == ["kokoro (noun)"])
    // The values the outputs held when the recording began are not steps: the first
    // `isSearching` written is the search's `true`.
    #expect(lines[3]["value"] as? Bool == true)
  }

  @Test func aValueThatIsNotEncodableIsWrittenAsItsDescription() async {
    let recorder = SessionRecorder.inMemory()
    let stream = recorder.recordingStreams { LookupStream() }
    stream.input.note(.init(text: "\u{1B}[2J"))
    await eventually { recorder.lines.count == 3 }
    let line = objects(recorder)[2]
    #expect(line["value"] == nil)
    #expect((line["described"] as? String)?.contains("NotEncodable") == true)
  }

  @Test func valuesFromOtherThreadsAreWrittenInTheOrderTheyArrived() async {
    let recorder = SessionRecorder.inMemory()
    let stream = recorder.recordingStreams { LookupAPIStream() }
    let input = stream.input
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      DispatchQueue.global().async {
        for index in 0..<50 { input.word("w\(index)") }
        done.resume()
      }
    }
    await eventually { recorder.lines.count == 101 }
    let words = objects(recorder).compactMap {
      $0["kind"] as? String == "input" ? $0["value"] as? String : nil
    }
    #expect(words == (0..<50).map { "w\($0)" })
  }

  @Test func aStreamMadeOutsideTheScopeIsNotRecorded() {
    let recorder = SessionRecorder.inMemory()
    _ = recorder.recordingStreams { 1 }
    let stream = LookupStream()
    stream.input.search("x")
    #expect(recorder.lines.isEmpty)
  }

  @Test func aViewModelRecordsTheInputsItIsHandedAndTheOutputsItIsGiven() async {
    let recorder = SessionRecorder.inMemory()
    let recording = recorder.recordViewModel(GreetingViewModel.self)
    let names = PublishRelay<String>()
    let viewModel = GreetingViewModel(name: recording.input("name", names))
    recording.output("greeting", viewModel.greeting)
    names.accept("Ada")
    await eventually { recorder.lines.count == 3 }
    let lines = objects(recorder)
    #expect(lines[0]["viewModel"] as? String == String(reflecting: GreetingViewModel.self))
    #expect(lines[1]["kind"] as? String == "input")
    #expect(lines[2]["kind"] as? String == "output")
    #expect(lines[2]["value"] as? String == "Hello, Ada")
  }

  @Test func aFileWithStreamsAndReactorsReadsWholeAndReplaysItsReactor() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "uniflow-mixed-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("mixed.jsonl").path
    do {
      let recorder = try SessionRecorder(creatingFileAt: path)
      let stream = recorder.recordingStreams { LookupStream() }
      let notes = NotesReactor()
      notes.record(into: recorder)
      stream.input.search("kokoro")
      notes.send(.add("milk"))
      await eventually {
        (try? String(contentsOfFile: path, encoding: .utf8))?.split(separator: "\n").count == 12
      }
    }
    let contents = try SessionContents(path: path)
    #expect(contents.recordings.map(\.shape) == [.stream, .stream, .reactor])
    #expect(contents.recordings[2].steps.map(\.kind) == ["action", "mutation"])
    #expect(contents.recordings[1].steps.first?.name == "search")
    let tester = try ReactorTester(replaying: path, reactor: NotesReactor())
    #expect(tester.replayed.actions == 1)
    await tester.finish()
  }
}
