// Must not compile: a placer whose place takes the stop flag by reference satisfies the call
// place(ocean, rng, stop) through a temporary flag made from the pointer, true in every run, so
// each placement would give up at once; the engine says how to declare it.
// compile-fail-expect: must take the stop flag as `const std::atomic<bool>\* stop`
#include <battleship/placement/uniform.hpp>
#include <battleship/simulate.hpp>
#include <battleship/strategies/random.hpp>

#include <atomic>

using S = battleship::ClassicShape;

struct ByReference {
  battleship::UniformPlacer<S> uniform;
  bool place(battleship::Ocean<S>& ocean, battleship::Rng& rng) {
    return uniform.place(ocean, rng);
  }
  bool place(battleship::Ocean<S>& ocean, battleship::Rng& rng, const std::atomic<bool>& stop) {
    return !stop.load() && uniform.place(ocean, rng);
  }
};

int main() {
  battleship::SimulationOptions options;
  options.games = 10;
  (void)battleship::simulate_solo<S>(battleship::Board<S>{}, battleship::fleets::classic,
                                     battleship::rulesets::classic, battleship::RandomShooter<S>{},
                                     ByReference{}, options);
}
