// Shooters compared on the same games: each plays game i against the layout drawn from
// (seed, i), so the difference between two shooters can be taken game by game (the paired
// difference has a much smaller interval than the two means when the shooters agree often).
// Shared by the bench programs that compare variants of a shooter.
#pragma once

#include "../examples/arguments.hpp"
#include <battleship/miss_phases.hpp>
#include <battleship/placement/uniform.hpp>
#include <battleship/simulate.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

namespace bench {

/// The flags of a paired comparison: --games N, --seed S, --threads T.
struct PairedOptions {
  std::uint64_t games = 0;
  std::uint64_t seed = 1;
  unsigned threads = std::max(1U, std::thread::hardware_concurrency());
};

/// Most games a paired run takes: it keeps every game's shots (4 bytes a game and shooter).
inline constexpr std::uint64_t max_paired_games = 100'000'000;

/// Reads the flags of `program`; `--help` prints them, and a malformed or unknown flag ends the
/// program with status 2.
inline PairedOptions parse_paired(int argc, char** argv, const char* program,
                                  std::uint64_t default_games) {
  PairedOptions o;
  o.games = default_games;
  const std::string usage = std::string("usage: ") + program +
                            " [--games N] [--seed S] [--threads T]\n"
                            "  --games N    games per row, the same games for every row (default " +
                            std::to_string(default_games) +
                            ")\n"
                            "  --seed S     the seed of the layouts and of the shooters' draws "
                            "(default 1)\n"
                            "  --threads T  threads (default and 0: every core); the figures do "
                            "not depend on it\n";
  examples::Arguments args(argc, argv, program, usage);
  while (args.next()) {
    if (args.is("--games"))
      o.games = args.count(1, max_paired_games);
    else if (args.is("--seed"))
      o.seed = args.seed();
    else if (args.is("--threads")) {
      const auto count = static_cast<unsigned>(args.count(0, battleship::max_threads));
      if (count != 0) o.threads = count; // 0: every core, as the examples take it
    } else
      args.refuse();
  }
  return o;
}

/// Plays `games` classic games of `shooter` (classic rules) against `placer`'s layouts (uniform
/// by default); each game's shots, and the misses by phase added to `tally`.
template <class Shooter, class Placer = battleship::UniformPlacer<battleship::ClassicShape>>
std::vector<int> play(std::uint64_t games, std::uint64_t seed, unsigned threads,
                      const Shooter& shooter, battleship::MissCounter& tally,
                      const Placer& placer = Placer{}) {
  using S = battleship::ClassicShape;
  auto shared = std::shared_ptr<battleship::MissCounter>(&tally, [](battleship::MissCounter*) {});
  std::vector<int> shots;
  battleship::SimulationOptions options;
  options.games = games;
  options.seed = seed;
  options.threads = threads;
  battleship::keep_game_shots(options, shots);
  (void)battleship::simulate_solo(
      battleship::Board<S>{}, battleship::fleets::classic, battleship::rulesets::classic,
      battleship::CountingMisses<S, Shooter>(shooter, shared), placer, options);
  return shots;
}

/// Mean and the half-width of its 95 percent interval.
inline std::pair<double, double> mean_ci(const std::vector<double>& x) {
  const auto n = static_cast<double>(x.size());
  double sum = 0, sum2 = 0;
  for (const double v : x) {
    sum += v;
    sum2 += v * v;
  }
  const double mean = sum / n;
  const double var = n > 1 ? std::max(0.0, (sum2 - n * mean * mean) / (n - 1)) : 0;
  return {mean, 1.96 * std::sqrt(var / n)};
}

/// Width of a comparison table's first column unless a table asks for more.
inline constexpr int default_name_width = 26;

/// The columns of a comparison table, the first `name_width` characters wide.
inline void print_header(const char* first_column, int name_width = default_name_width) {
  std::printf("%-*s %14s %9s %9s %10s   %s\n", name_width, first_column, "mean shots", "hunting",
              "last ship", "targeting", "vs first row");
}

/// One row: mean shots (95% interval), misses a game by phase, and the mean paired difference
/// in shots from `reference` (the first row's games); `name` padded to `name_width`.
inline void report(const char* name, const std::vector<int>& shots,
                   const std::vector<int>& reference, const battleship::MissPhases& tally,
                   int name_width = default_name_width) {
  const std::vector<double> x(shots.begin(), shots.end());
  const auto [mean, ci] = mean_ci(x);
  const battleship::PairedDifference d = battleship::paired_difference(shots, reference);
  std::printf("%-*s %7.3f ±%5.3f %9.3f %9.3f %10.3f   %+6.3f ±%5.3f\n", name_width, name, mean, ci,
              tally.hunting_per_game(), tally.hunting_per_game(1), tally.targeting_per_game(),
              d.mean, d.ci95);
  std::fflush(stdout);
}

/// A comparison table: the title and header, then one row per shooter, each played on the same
/// games; the first row is the reference of the paired differences.
class Comparison {
public:
  /// Prints the title (`what` is compared) and the header (`first_column` names the rows, whose
  /// names are at most `name_width` characters: longer ones push their row's figures right).
  Comparison(const PairedOptions& o, const char* what, const char* first_column,
             int name_width = default_name_width)
      : o_(o), name_width_(name_width) {
    std::printf("%s on the same %llu games (seed %llu, %u threads); classic fleet and rules, "
                "uniform layouts; misses are means a game\n\n",
                what, static_cast<unsigned long long>(o.games),
                static_cast<unsigned long long>(o.seed), o.threads);
    print_header(first_column, name_width_);
  }

  /// Plays the games of `shooter` and prints its row.
  template <class Shooter>
  void row(const char* name, const Shooter& shooter) {
    battleship::MissCounter tally;
    const auto shots = play(o_.games, o_.seed, o_.threads, shooter, tally);
    if (reference_.empty()) reference_ = shots;
    report(name, shots, reference_, tally.phases(), name_width_);
  }

private:
  PairedOptions o_;
  int name_width_;
  std::vector<int> reference_;
};

} // namespace bench
