// Which game took a shooter longest, and where did the shots go? Plays a run of classic games,
// notes each game's shots (SimulationOptions::on_game), then plays the longest game again with
// every shot kept (record_solo_game, <battleship/solo_record.hpp>): the shot at which each ship
// went down, and the ocean at the end.
//
//   longest_game [--games N] [--shooter NAME] [--seed S] [--threads T]
//
// Defaults: 10,000 games of `probability` against uniform layouts, seed 1, every core. The same
// seed finds the same game on any thread count (ties go to the lowest index).
// ctest-args: --games 300 --shooter parity --seed 5
// ctest-expect: parity, 300 games, seed 5: mean [0-9.]+; the longest is game [0-9]+, [0-9]+ shots
#include "arguments.hpp"

#include <battleship/battleship.hpp>

#include <cstdint>
#include <cstdio>
#include <mutex>
#include <string>
#include <string_view>

namespace {
using namespace battleship;
using S = ClassicShape;

constexpr std::string_view usage = R"(Usage:
  longest_game [--games N] [--shooter NAME] [--seed S] [--threads T]

Plays N classic games of one shooter against uniform layouts, then plays the game that took it
most shots again and shows it: the shot at which each ship went down, and the ocean at the end
(each ship by its symbol, X where it was hit, o a miss, . water not fired at).

  --games N      games, 1 to 100000000 (default 10000)
  --shooter NAME a shooter of the registry (default probability)
  --seed S       the run's seed, 0 to 2^64 - 1 (default 1)
  --threads T    worker threads, 0 for every core (default), at most 256
)";

} // namespace

int main(int argc, char** argv) {
  SimulationOptions options;
  options.games = 10'000;
  options.seed = 1;
  std::string shooter = "probability";
  examples::Arguments args(argc, argv, "longest_game", usage);
  while (args.next()) {
    if (args.run_option(options, 100'000'000)) continue;
    if (args.is("--shooter"))
      shooter = args.name(shooter_names<S>());
    else
      args.refuse();
  }

  // The longest finished game, the lowest index among equals: the same for any thread count.
  std::mutex guard;
  std::uint64_t longest = 0;
  int most = -1;
  options.on_game = [&](std::uint64_t i, const SoloResult& r) {
    if (!r.finished) return;
    const std::lock_guard lock(guard);
    if (r.shots > most || (r.shots == most && i < longest)) {
      most = r.shots;
      longest = i;
    }
  };
  const auto played = make_shooter<S>(shooter);
  const auto placer = make_placer<S>("uniform");
  const SimulationResult run =
      simulate_solo(Board<S>{}, fleets::classic, rulesets::classic, played, placer, options);
  if (most < 0) args.fail("no game finished");
  std::printf("%s, %s, seed %llu: mean %.2f; the longest is game %llu, %d shots\n", shooter.c_str(),
              examples::counted(run.games, "game", "games").c_str(),
              static_cast<unsigned long long>(options.seed), run.shots.mean(),
              static_cast<unsigned long long>(longest), most);

  const SoloGameRecord<S> game = record_solo_game(Board<S>{}, fleets::classic, rulesets::classic,
                                                  played, placer, options.seed, longest);
  int valid = 0;
  for (const ShotOutcome& outcome : game.outcomes) {
    valid += outcome.valid();
    if (outcome.sank())
      std::printf("  shot %3d: %.*s sunk\n", valid,
                  static_cast<int>(fleets::classic.ship(outcome.ship).name.size()),
                  fleets::classic.ship(outcome.ship).name.data());
  }
  std::printf("\nthe ocean after %d shots:\n", game.result.shots);
  for (const std::string& line : ocean_lines(game.ocean)) std::printf("  %s\n", line.c_str());
  return 0;
}
