// Must not compile: Game's second template argument is the observer type, so a shooter there
// would be taken for an observer with no hooks, and the players would be type-erased instead of
// the shooter meant; the game says where a shooter type goes.
// compile-fail-expect: second template argument is the observer type
#include <battleship/game.hpp>
#include <battleship/strategies/random.hpp>

using S = battleship::ClassicShape;

int main() {
  battleship::Game<S, battleship::RandomShooter<S>> game(
      battleship::Board<S>{}, battleship::fleets::classic, battleship::rulesets::classic,
      battleship::RandomShooter<S>{}, battleship::RandomShooter<S>{}, 1);
  (void)game;
}
