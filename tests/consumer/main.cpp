// Plays one seeded solo game through the installed headers and checks it sank the whole fleet.
#include <battleship/battleship.hpp>
#include <battleship/version.hpp>

#include <cstdio>

int main() {
  using S = battleship::ClassicShape;
  const battleship::Board<S> board;
  battleship::Ocean<S> ocean(board, battleship::fleets::classic);
  battleship::TargetView<S> view(board, battleship::fleets::classic, battleship::rulesets::classic);
  battleship::Rng rng(2024);
  battleship::UniformPlacer<S> placer;
  battleship::RandomShooter<S> shooter;
  if (!placer.place(ocean, rng)) return 1;
  const auto result = battleship::play_solo(ocean, view, shooter, rng);
  std::printf("battleship %s: sank the fleet in %d shots\n", BATTLESHIP_VERSION_STRING,
              result.shots);
  return result.finished ? 0 : 1;
}
