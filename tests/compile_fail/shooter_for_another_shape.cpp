// Must not compile: a shooter built for a 5 x 5 board cannot play on the classic board.
// compile-fail-expect: shooter\.start\(view\).* (is|would be) invalid
#include <battleship/solo.hpp>
#include <battleship/strategies/random.hpp>

using S = battleship::ClassicShape;

int main() {
  const battleship::Board<S> board;
  battleship::Ocean<S> ocean(board, battleship::fleets::classic);
  battleship::TargetView<S> view(board, battleship::fleets::classic, battleship::rulesets::classic);
  battleship::RandomShooter<battleship::FixedShape<5, 5>> shooter;
  battleship::Rng rng(1);
  return battleship::play_solo(ocean, view, shooter, rng).shots;
}
