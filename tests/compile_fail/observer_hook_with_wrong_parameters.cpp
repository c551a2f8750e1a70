// Must not compile: the game calls the observer hooks it can and skips the rest, so an on_shot
// without its `told` parameter would never be called; the game says how it must be declared.
// compile-fail-expect: on_shot must take \(int player, Coord, const ShotOutcome& full
#include <battleship/game.hpp>
#include <battleship/strategies/random.hpp>

using S = battleship::ClassicShape;

struct Watcher {
  int shots = 0;
  void on_shot(int, battleship::Coord, const battleship::ShotOutcome&) { ++shots; }
};

int main() {
  battleship::Game<S, Watcher, battleship::RandomShooter<S>> game(
      battleship::Board<S>{}, battleship::fleets::classic, battleship::rulesets::classic,
      battleship::RandomShooter<S>{}, battleship::RandomShooter<S>{}, 1);
  (void)game;
}
