import Foundation
import Testing
import UniflowTesting

@Suite struct SignInTests {
  let disposeBag = DisposeBag()

  @Test func sigInSuccess() throws {
    let viewModel = ViewModel(
      emailText: Just("200").eraseToAnyPublisher(),
      passwordText: Just("pass").eraseToAnyPublisher(),
      submitButtonTap: Just(()).eraseToAnyPublisher(),
      signIn: SignInMock()
    )

    let tapCount: [Void] = try viewModel.nextViewPushing.toBlocking(timeout: 1).toArray()
    #expect(tapCount.count == 1)
  }

  @Test func sigInFailure() {
    let viewModel = ViewModel(
      emailText: Just("401").eraseToAnyPublisher(),
      passwordText: Just("pass").eraseToAnyPublisher(),
      submitButtonTap: Just(()).eraseToAnyPublisher(),
      signIn: SignInMock()
    )

    viewModel.nextViewPushing.sink { _ in }.disposed(by: self.disposeBag)
    let error = viewModel.requestError.value as? NSError
    #expect(error == SignInMock.error)
  }

  @Test func aFailureDoesNotStopLaterTaps() throws {
    let email = CurrentValueSubject<String, Never>("401")
    let taps = PassthroughSubject<Void, Never>()
    let viewModel = ViewModel(
      emailText: email.eraseToAnyPublisher(),
      passwordText: Just("pass").eraseToAnyPublisher(),
      submitButtonTap: taps.eraseToAnyPublisher(),
      signIn: SignInMock()
    )
    var pushes = 0
    viewModel.nextViewPushing.sink { pushes += 1 }.disposed(by: disposeBag)
    taps.send(())
    #expect(pushes == 0)
    #expect(viewModel.requestError.value != nil)
    email.send("200")
    taps.send(())
    #expect(pushes == 1)
  }
}
