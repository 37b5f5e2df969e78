import Foundation
import Testing
import Uniflow
import UniflowTesting

/// A screen belongs to its occurrence in the path: routes that stay keep their screens,
/// with their state and their work, wherever they move.
@MainActor
@Suite struct FlowIdentityTests {
  @Test(arguments: RecordFlow.Shape.allCases)
  func removingAScreenFromTheMiddleKeepsTheOneAboveItWithItsWorkInFlight(
    shape: RecordFlow.Shape
  ) async {
    let gate = Gate()
    let tester = ReactorTester { RecordFlow(gate: gate) }
    tester.send(.navigation(.setPath([.detail(1), .record(2, shape)]))) {
      $0.path = [.detail(1), .record(2, shape)]
    }
    weak let detail = tester.reactor.screens.screen(at: 0, as: AnyObject.self)
    weak let record = tester.reactor.screens.screen(at: 1, as: AnyObject.self)
    let id = tester.reactor.screens.id(at: 1)
    tester.reactor.startSaving(at: 1)
    tester.send(.navigation(.setPath([.record(2, shape)]))) { $0.path = [.record(2, shape)] }
    #expect(detail == nil)
    #expect(record != nil && tester.reactor.screens.screen(at: 0, as: AnyObject.self) === record)
    #expect(tester.reactor.screens.id(at: 0) == id)
    // Its save goes on, and its report says where it is now.
    gate.open()
    await tester.receive(.navigation(.didPop(toDepth: 0))) { $0.path = [] }
    await tester.finish()
  }

  @Test func reorderingRoutesKeepsEveryScreen() async {
    let tester = ReactorTester { RecordFlow() }
    tester.send(.navigation(.setPath([.detail(1), .detail(2), .detail(3)]))) {
      $0.path = [.detail(1), .detail(2), .detail(3)]
    }
    let ids = (0..<3).map { tester.reactor.screens.id(at: $0) }
    weak let first = tester.reactor.screens.screen(at: 0, as: AnyObject.self)
    weak let third = tester.reactor.screens.screen(at: 2, as: AnyObject.self)
    tester.send(.navigation(.setPath([.detail(3), .detail(1), .detail(2)]))) {
      $0.path = [.detail(3), .detail(1), .detail(2)]
    }
    #expect((0..<3).map { tester.reactor.screens.id(at: $0) } == [ids[2], ids[0], ids[1]])
    #expect(ids.map { $0.flatMap(tester.reactor.screens.index(of:)) } == [1, 2, 0])
    #expect(third != nil && tester.reactor.screens.screen(at: 0, as: AnyObject.self) === third)
    #expect(first != nil && tester.reactor.screens.screen(at: 1, as: AnyObject.self) === first)
    await tester.finish()
  }

  @Test func insertingARouteUnderTheTopKeepsTheTopsScreen() async {
    let tester = ReactorTester { RecordFlow() }
    tester.send(.navigation(.setPath([.detail(1), .detail(2)]))) {
      $0.path = [.detail(1), .detail(2)]
    }
    let top = tester.reactor.screens.id(at: 1)
    tester.send(.navigation(.setPath([.detail(1), .echo, .detail(2)]))) {
      $0.path = [.detail(1), .echo, .detail(2)]
    }
    #expect(tester.reactor.screens.id(at: 2) == top)
    await tester.finish()
  }

  @Test func theSameRoutePushedTwiceIsTwoScreensAndPopTakesTheTopOne() async {
    let tester = ReactorTester { RecordFlow() }
    tester.send(.navigation(.push(.detail(1)))) { $0.path = [.detail(1)] }
    weak let first = tester.reactor.screens.screen(at: 0, as: AnyObject.self)
    tester.send(.navigation(.push(.detail(1)))) { $0.path = [.detail(1), .detail(1)] }
    weak let second = tester.reactor.screens.screen(at: 1, as: AnyObject.self)
    #expect(first != nil && second != nil && first !== second)
    #expect(tester.reactor.screens.id(at: 0) != tester.reactor.screens.id(at: 1))
    tester.send(.navigation(.pop)) { $0.path = [.detail(1)] }
    #expect(second == nil)
    #expect(tester.reactor.screens.screen(at: 0, as: AnyObject.self) === first)
    await tester.finish()
  }

  @Test func aReportSaysWhichOfTwoEqualRoutesSentIt() async {
    let gate = Gate()
    gate.open()
    let tester = ReactorTester { RecordFlow(gate: gate) }
    let route = RecordFlow.Route.record(1, .viewModel)
    tester.send(.navigation(.setPath([route, route]))) { $0.path = [route, route] }
    // The lower one closes itself and what is over it; the upper one only itself.
    tester.reactor.startSaving(at: 0)
    await tester.receive(.navigation(.didPop(toDepth: 0))) { $0.path = [] }
    tester.send(.navigation(.setPath([route, route]))) { $0.path = [route, route] }
    tester.reactor.startSaving(at: 1)
    await tester.receive(.navigation(.didPop(toDepth: 1))) { $0.path = [route] }
    await tester.finish()
  }
}
