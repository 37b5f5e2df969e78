import FixtureServer
import Foundation
import GitHubSearchCore
import NetworkTestSupport
import Networking
import Testing
import Uniflow
import UniflowTesting

/// A GitHub search recorded against the fixture server replays in a test with no server:
/// the recorded inputs go to a fresh search stream, its API stream (seed 000's nested
/// stream, mocked by its protocol) answers what the real one answered, at the recorded
/// times, and every output of the fresh stream is checked against the recording.
@MainActor @Suite(.serialized) struct GitHubSearchRecordingTests {
  static let debounce = DispatchQueue.SchedulerTimeType.Stride.milliseconds(80)

  /// Records a session: a query typed letter by letter, one that fails, one that succeeds.
  func record(at path: String) async throws {
    let server = try await FixtureServer.start()
    let recorder = try SessionRecorder(creatingFileAt: path)
    let client = APIClient(baseURL: server.baseURL, timeout: 5)
    let stream = recorder.recordingStreams {
      SearchViewStream(
        searchAPIStream: SearchAPIStream(requester: GitHubSearchRequester(apiClient: client)),
        scheduler: DispatchQueue(label: "recorded").eraseToAnyScheduler(),
        debounce: Self.debounce)
    }
    for text in ["s", "sw", "swi", "swif", "swift"] { stream.input.searchText(text) }
    await eventually("the results") { stream.output.repositories.value.count == 3 }
    stream.input.searchText("notfound")
    await eventually("the error") { stream.output.error.value != nil }
    stream.input.searchText("uniflow")
    await eventually("the next results") { stream.output.repositories.value.count == 1 }
    recorder.flush()
    await server.stop()
  }

  @Test func aRecordedSearchReplaysWithNoServerAndEveryOutputMatches() async throws {
    let directory = try TemporaryFolder()
    let path = directory.path("github.jsonl")
    try await record(at: path)
    // The test command keeps the recording to open it in the session viewer.
    if let keep = ProcessInfo.processInfo.environment["UNIFLOW_KEEP_GITHUB_RECORDING"] {
      try? FileManager.default.removeItem(atPath: keep)
      try FileManager.default.copyItem(atPath: path, toPath: keep)
    }

    let contents = try SessionContents(path: path)
    let viewType = String(reflecting: SearchViewStream.self)
    let apiType = String(reflecting: SearchAPIStream.self)
    #expect(contents.recordings.map(\.type) == [apiType, viewType])
    let steps = contents.recordings.flatMap { recording in
      recording.steps.map { (recording, $0) }
    }.sorted { $0.1.line < $1.1.line }
    let start = try #require(steps.first?.1.time)

    // A fresh stream over a mock API stream, on virtual time, recorded in memory to be
    // compared with the original.
    let scheduler = DispatchQueue.test
    let api = MockSearchAPIStream()
    let replay = SessionRecorder.inMemory()
    let stream = replay.recordingStreams {
      SearchViewStream(
        searchAPIStream: api, scheduler: scheduler.eraseToAnyScheduler(), debounce: Self.debounce)
    }
    let asked = Recorder<String>()
    let cancellable = api._input.search.sink(receiveValue: asked.append)
    let decoder = JSONDecoder()
    let origin = scheduler.now
    for (recording, step) in steps {
      // Virtual time moves as the recorded time did (a mutation-free stream has a time on
      // every step), so the debounce lets the same queries through.
      let elapsed = Int((((step.time ?? start) - start) * 1000).rounded())
      await scheduler.advance(to: origin.advanced(by: .milliseconds(elapsed)))
      let value = try #require(step.value)
      switch (recording.type, step.kind, step.name) {
      case (viewType, "input", "searchText"):
        stream.input.searchText(try decoder.decode(String.self, from: value))
      case (apiType, "output", "repositories"):
        api._outputRepositories.accept(try decoder.decode([GitHubRepository].self, from: value))
      case (apiType, "output", "error"):
        api._outputError.accept(try decoder.decode(APIError.self, from: value))
      default:
        break  // the outputs are compared below; the API's inputs too
      }
    }
    await scheduler.advance(by: .seconds(5))
    replay.flush()

    // What the fresh stream asked of its API is what the recorded one asked.
    let recordedQueries = steps.filter { $0.0.type == apiType && $0.1.kind == "input" }
      .map { String(decoding: $0.1.value!, as: UTF8.self) }
    #expect(asked.values.map { "\"\($0)\"" } == recordedQueries)
    // Every output of the fresh stream, in order, is the recorded one.
    let recordedOutputs = steps.filter { $0.0.type == viewType && $0.1.kind == "output" }
      .map { "\($0.1.name!) \(String(decoding: $0.1.value!, as: UTF8.self))" }
    let replayedOutputs = replay.lines.compactMap { line -> String? in
      let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      guard object?["kind"] as? String == "output", let name = object?["name"] as? String,
        let value = object?["value"]
      else { return nil }
      let json = try? JSONSerialization.data(
        withJSONObject: value, options: [.fragmentsAllowed, .sortedKeys, .withoutEscapingSlashes])
      return "\(name) \(String(decoding: json ?? Data(), as: UTF8.self))"
    }
    #expect(replayedOutputs == recordedOutputs)
    #expect(recordedOutputs.contains { $0.hasPrefix("error {\"httpStatus\"") })
    #expect(recordedOutputs.count >= 6)
    cancellable.cancel()
  }
}

/// A folder that is removed with the test.
final class TemporaryFolder {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "uniflow-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: url) }

  func path(_ name: String) -> String { url.appendingPathComponent(name).path }
}
