// Is one shooter better than another? Compare them game by game, on the same layouts. Game i of
// a seed lays out the same fleet whoever shoots; keep_game_shots keeps every game's shots of a
// run, and paired_difference takes the difference game by game (<battleship/simulate.hpp>,
// <battleship/statistics.hpp>). What made a layout hard for both cancels, so its interval is
// narrower than the one the two separate means give.
//
//   paired_comparison [--first A] [--second B] [--games N] [--seed S] [--threads T]
//
// Defaults: parity against checkerboard_search, 20,000 classic games each, seed 1, every core. A
// built-in named with its settings is a shooter too: does `probability` gain from weighting
// placements through hits (its `hit_weight`)? Compare it with the same shooter without:
// ctest-args: --first probability --second probability(hit_weight=1) --games 3000 --seed 3
// ctest-expect: minus probability\(hit_weight=1\), game by game: [+-][0-9.]+ ± [0-9.]+ shots
#include "arguments.hpp"

#include <battleship/battleship.hpp>

#include <cmath>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

namespace {
using namespace battleship;
using S = ClassicShape;

constexpr std::string_view usage = R"(Usage:
  paired_comparison [--first A] [--second B] [--games N] [--seed S] [--threads T]

Plays N classic games of two shooters on the same uniform layouts and prints each one's mean
with its 95% interval, then the first's shots minus the second's, game by game, with its own.

  --first A      a shooter of the registry, or a built-in with settings:
                 'probability(hit_weight=1)' (default parity)
  --second B     another (default checkerboard_search)
  --games N      games, 2 to 100000000 (default 20000)
  --seed S       the layouts' seed, 0 to 2^64 - 1 (default 1)
  --threads T    worker threads, 0 for every core (default), at most 256
)";

/// Every game's shots of `name` in the run `options` describes (-1 for a game not finished).
std::vector<int> game_shots(const std::string& name, SimulationOptions options) {
  std::vector<int> shots;
  keep_game_shots(options, shots);
  const SimulationResult run =
      simulate_solo(Board<S>{}, fleets::classic, rulesets::classic, make_shooter<S>(name),
                    make_placer<S>("uniform"), options);
  const ShotSummary s = run.summary();
  std::printf("%-22s mean %.2f ± %.2f over %llu games\n", name.c_str(), s.mean, s.ci95,
              static_cast<unsigned long long>(s.games));
  return shots;
}
} // namespace

int main(int argc, char** argv) {
  SimulationOptions options;
  options.games = 20'000;
  options.seed = 1;
  std::string first = "parity", second = "checkerboard_search";
  examples::Arguments args(argc, argv, "paired_comparison", usage);
  while (args.next()) {
    if (args.run_option(options, 100'000'000, 2)) continue;
    if (!args.players_option(first, second, shooter_names<S>())) args.refuse();
  }
  const std::vector<int> a = game_shots(first, options);
  const std::vector<int> b = game_shots(second, options);
  const PairedDifference d = paired_difference(a, b);
  // The interval of the difference between the two separate means, for comparison.
  ShotHistogram ha, hb;
  for (std::size_t k = 0; k < a.size(); ++k) {
    if (a[k] >= 0) ha.add(a[k]);
    if (b[k] >= 0) hb.add(b[k]);
  }
  const double separate = std::hypot(ha.ci95(), hb.ci95());
  std::printf("%s minus %s, game by game: %+.2f ± %.2f shots (the two means apart: ± %.2f), over "
              "the %llu games both finished\n",
              first.c_str(), second.c_str(), d.mean, d.ci95, separate,
              static_cast<unsigned long long>(d.games));
  return 0;
}
