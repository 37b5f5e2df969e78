import Foundation
import Uniflow

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The URLSession behind an ``APIClient``, watching each exchange as its bytes arrive, so
/// that a body that never ends or never stops growing is cut off instead of waited for.
final class Transport: Sendable {
  /// How an exchange ended.
  enum Outcome {
    case answered(URLResponse?, Data)
    case failed(APIError)
  }

  private let timeout: TimeInterval
  private let watcher = ExchangeWatcher()
  private let session: URLSession

  init(timeout: TimeInterval) {
    self.timeout = timeout
    let configuration = URLSessionConfiguration.ephemeral
    // FoundationNetworking applies the session's timeout, not only the request's; it
    // covers a silent server, the deadline in `start` covers a slow one.
    configuration.timeoutIntervalForRequest = timeout
    // No URL cache. FoundationNetworking looks a request up in the cache on a queue of
    // its own before the task starts; a cancel that lands then is reported after the
    // session has forgotten the task, and the process traps. A search cancels the older
    // request on every key, so that window is hit. The apps' answers are not cached
    // anyway: a repository caches what it wants in its own database.
    configuration.urlCache = nil
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    session = URLSession(configuration: configuration, delegate: watcher, delegateQueue: nil)
  }

  deinit {
    session.finishTasksAndInvalidate()
  }

  /// Starts `request`; `finish` is called once, with the whole body or why there is none.
  /// Returns how to cancel it.
  ///
  /// The task is cancelled from a dispatch queue, never inline: on Linux,
  /// `URLSessionTask.cancel()` waits for the session's queue, which may at that moment be
  /// finishing this very task and waiting for the caller's locks.
  func start(
    _ request: URLRequest, maximumBodySize: Int,
    finish: @escaping @Sendable (Outcome) -> Void
  ) -> @Sendable () -> Void {
    let task = session.dataTask(with: request)
    watcher.watch(task, maximumBodySize: maximumBodySize, finish: finish)
    let message = "the exchange took longer than \(String(format: "%g", timeout)) s"
    DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { [watcher] in
      watcher.end(task, with: .failed(.transport(code: .timedOut, message: message)))
    }
    task.resume()
    return { DispatchQueue.global().async { task.cancel() } }
  }
}

/// The session's delegate: collects each task's body, cuts off one that grows past its
/// limit, and ends each exchange exactly once, whichever of the answer, the limit, the
/// deadline and a cancellation comes first.
///
/// `@unchecked Sendable`: `exchanges` is read and written under `lock` alone.
private final class ExchangeWatcher: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  private struct Exchange {
    let maximumBodySize: Int
    let finish: @Sendable (Transport.Outcome) -> Void
    var response: URLResponse?
    var body = Data()
  }

  private let lock = Lock()
  private var exchanges: [Int: Exchange] = [:]

  func watch(
    _ task: URLSessionTask, maximumBodySize: Int,
    finish: @escaping @Sendable (Transport.Outcome) -> Void
  ) {
    lock.withLock {
      exchanges[task.taskIdentifier] = Exchange(maximumBodySize: maximumBodySize, finish: finish)
    }
  }

  /// Ends the exchange once: forgets it, cancels its task, and tells its caller. Later
  /// calls for the same exchange do nothing.
  func end(_ task: URLSessionTask, with outcome: Transport.Outcome) {
    guard let exchange = lock.withLock({ exchanges.removeValue(forKey: task.taskIdentifier) })
    else { return }
    if task.state == .running { DispatchQueue.global().async { task.cancel() } }
    exchange.finish(outcome)
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
  ) {
    let limit: Int? = lock.withLock {
      exchanges[dataTask.taskIdentifier]?.response = response
      return exchanges[dataTask.taskIdentifier]?.maximumBodySize
    }
    if let limit, response.expectedContentLength > limit {
      completionHandler(.cancel)
      end(dataTask, with: .failed(.bodyTooLarge(limit: limit)))
    } else {
      completionHandler(.allow)
    }
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let overLimit: Int? = lock.withLock {
      // No copy of the exchange is held while its body grows, so it grows in place.
      guard let limit = exchanges[dataTask.taskIdentifier]?.maximumBodySize,
        let count = exchanges[dataTask.taskIdentifier]?.body.count
      else { return nil }
      guard count + data.count <= limit else { return limit }
      exchanges[dataTask.taskIdentifier]?.body.append(data)
      return nil
    }
    if let overLimit { end(dataTask, with: .failed(.bodyTooLarge(limit: overLimit))) }
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
  ) {
    let answer = lock.withLock { exchanges[task.taskIdentifier].map { ($0.response, $0.body) } }
    guard let (response, body) = answer else { return }
    let outcome: Transport.Outcome =
      switch error {
      case let error as URLError:
        .failed(.transport(code: error.code, message: error.localizedDescription))
      case let error?:
        .failed(.transport(code: .unknown, message: error.localizedDescription))
      case nil:
        .answered(response, body)
      }
    end(task, with: outcome)
  }
}
