// A shooter that knows how the enemy places its fleet: PriorMixtureShooter<S, Placer> weighs
// "the enemy places with Placer" against "the layout is uniform" by what each shot reveals, and
// hunts where the winning model puts the ships. Plays it and the plain density shooter
// (`probability`, which assumes uniform layouts) on the same layouts of a placer, game by game,
// and prints what knowing the placer is worth; then against uniform layouts, what suspecting a
// placer that is not there costs.
//
//   knowing_shooter [--games N] [--seed S] [--threads T]
//
// ctest-args: --games 40 --seed 3
// ctest-expect: spread layouts, 40 games: probability [0-9.]+, knowing spread [0-9.]+, difference
#include "arguments.hpp"

#include <battleship/battleship.hpp>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

namespace {
using namespace battleship;
using S = ClassicShape;

constexpr std::string_view usage = R"(Usage:
  knowing_shooter [--games N] [--seed S] [--threads T]

Plays the density shooter and PriorMixtureShooter<S, SpreadPlacer<S>> (which suspects the
enemy of laying out with spread) on the same classic games, first against spread's layouts,
then against uniform ones, and prints each mean and their difference game by game with its 95
percent interval.

  --games N    games of each, 1 to 1000000 (default 400)
  --seed S     the run's seed, 0 to 2^64 - 1 (default 1)
  --threads T  worker threads, 0 for every core (default), at most 256
)";

/// Each game's shots of `shooter` against `placer`'s layouts (-1 for a game not finished).
template <class Shooter, class Placer>
std::vector<int> shots_of(const Shooter& shooter, const Placer& placer, SimulationOptions options) {
  std::vector<int> shots(options.games, -1);
  options.on_game = [&](std::uint64_t i, const SoloResult& r) {
    shots[i] = r.finished ? r.shots : -1;
  };
  simulate_solo(Board<S>{}, fleets::classic, rulesets::classic, shooter, placer, options);
  return shots;
}

/// Both shooters on `placer`'s layouts, and the line that says how they did.
template <class Placer>
void compare_on(const char* layouts, const Placer& placer, const SimulationOptions& options) {
  const std::vector<int> plain = shots_of(ProbabilityShooter<S>{}, placer, options);
  const std::vector<int> knowing =
      shots_of(PriorMixtureShooter<S, SpreadPlacer<S>>{}, placer, options);
  double sum_plain = 0, sum_knowing = 0, sum_d = 0, sum_d2 = 0, n = 0;
  for (std::size_t i = 0; i < plain.size(); ++i) {
    if (plain[i] < 0 || knowing[i] < 0) continue; // both finished: the pair compares
    const double d = knowing[i] - plain[i];
    sum_plain += plain[i], sum_knowing += knowing[i], sum_d += d, sum_d2 += d * d, n += 1;
  }
  if (n == 0) {
    std::printf("%s layouts: no game finished\n", layouts);
    return;
  }
  const double mean_d = sum_d / n;
  const double spread_d = n > 1 ? std::sqrt((sum_d2 - n * mean_d * mean_d) / (n - 1)) : 0.0;
  std::printf("%s layouts, %.0f games: probability %.2f, knowing spread %.2f, difference %+.2f "
              "± %.2f shots\n",
              layouts, n, sum_plain / n, sum_knowing / n, mean_d, 1.96 * spread_d / std::sqrt(n));
}
} // namespace

int main(int argc, char** argv) {
  SimulationOptions options;
  options.games = 400;
  options.seed = 1;
  examples::Arguments args(argc, argv, "knowing_shooter", usage);
  while (args.next()) {
    if (!args.run_option(options, 1'000'000)) args.refuse();
  }
  // Game i lays out the same fleet for either shooter: the difference is game by game.
  compare_on("spread", SpreadPlacer<S>{}, options);
  compare_on("uniform", UniformPlacer<S>{}, options);
}
