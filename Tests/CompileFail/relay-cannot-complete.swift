// expect: error: value of type 'PublishRelay<Int>' has no member 'send'
import Uniflow

func probe() {
  let relay = PublishRelay<Int>()
  relay.send(completion: .finished)
}
