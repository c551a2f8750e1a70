// Must not compile: a shooter without next_shot does not satisfy ShotStrategy, so the solo runner
// refuses it.
// compile-fail-expect: shooter\.next_shot\(view, rng\).* (is|would be) invalid
#include <battleship/ocean.hpp>
#include <battleship/solo.hpp>

using S = battleship::ClassicShape;

struct NoNextShot {
  void start(const battleship::TargetView<S>&) {}
  void on_result(const battleship::TargetView<S>&, battleship::Coord,
                 const battleship::ShotOutcome&) {}
};

int main() {
  const battleship::Board<S> board;
  battleship::Ocean<S> ocean(board, battleship::fleets::classic);
  battleship::TargetView<S> view(board, battleship::fleets::classic, battleship::rulesets::classic);
  NoNextShot shooter;
  battleship::Rng rng(1);
  return battleship::play_solo(ocean, view, shooter, rng).shots;
}
