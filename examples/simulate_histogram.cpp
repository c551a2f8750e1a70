// Simulates many classic games of one shooter and prints the distribution of shots to win as a
// text histogram (the chart of seed 001, PyShips), with its summary figures.
//
//   simulate_histogram [--games N] [--shooter NAME] [--placer NAME] [--seed S] [--threads T]
//                      [--split K]
//
// Defaults: 100,000 games of `random` against `uniform` layouts on every core. Any shooter or
// placer of the registry may be named. The figures are identical for any thread count, and for
// `--split K`, which plays the run as K ranges of games (`SimulationOptions::first_game`, as K
// processes or machines would) and merges their results.
// ctest-args: --games 2000 --shooter parity
#include <battleship/battleship.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

namespace {
using namespace battleship;
using S = ClassicShape;

void print(const std::string& shooter, const std::string& placer, const SimulationResult& r) {
  const ShotSummary s = r.summary();
  std::printf("%s against %s layouts: %llu games in %.2f s (%.0f games/s)\n", shooter.c_str(),
              placer.c_str(), static_cast<unsigned long long>(r.games), s.seconds,
              s.games_per_second);
  std::printf("shots to win: mean %.2f (95%% interval ±%.2f), sd %.2f, median %d, p95 %d, "
              "min %d, max %d\n",
              s.mean, s.ci95, s.stddev, s.median, s.p95, s.min, s.max);
  if (s.unfinished)
    std::printf("%llu games did not finish\n", static_cast<unsigned long long>(s.unfinished));
  std::printf("\n");
  std::uint64_t peak = 1;
  for (auto c : r.shots.counts()) peak = c > peak ? c : peak;
  constexpr int width = 60;
  for (int shots = r.shots.min(); shots <= r.shots.max(); ++shots) {
    const std::uint64_t n = r.shots.count(shots);
    const auto bar = static_cast<std::size_t>((width * n + peak / 2) / peak);
    std::printf("%4d %8llu %5.2f%% %s\n", shots, static_cast<unsigned long long>(n),
                100.0 * static_cast<double>(n) / static_cast<double>(r.shots.games()),
                std::string(bar, '#').c_str());
  }
}
} // namespace

int main(int argc, char** argv) {
  SimulationOptions options;
  options.games = 100'000;
  std::string shooter = "random", placer = "uniform";
  std::uint64_t split = 1;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string_view flag = argv[i];
    if (flag == "--games")
      options.games = std::strtoull(argv[i + 1], nullptr, 10);
    else if (flag == "--seed")
      options.seed = std::strtoull(argv[i + 1], nullptr, 10);
    else if (flag == "--threads")
      options.threads = static_cast<unsigned>(std::strtoul(argv[i + 1], nullptr, 10));
    else if (flag == "--shooter")
      shooter = argv[i + 1];
    else if (flag == "--placer")
      placer = argv[i + 1];
    else if (flag == "--split")
      split = std::max<std::uint64_t>(1, std::strtoull(argv[i + 1], nullptr, 10));
    else {
      std::fprintf(stderr, "unknown flag '%s'\n", argv[i]);
      return 2;
    }
  }
  try {
    // The registry hands over the concrete types, so the simulation loop is fully inlined.
    const auto run = [&](const SimulationOptions& range) {
      return with_shooter<S>(shooter, [&](auto s) {
        return with_placer<S>(placer, [&](auto p) {
          return simulate_solo(Board<S>{}, fleets::classic, rulesets::classic, s, p, range);
        });
      });
    };
    SimulationResult r;
    // Range k is games [k * games / split, (k + 1) * games / split): each could run elsewhere.
    for (std::uint64_t k = 0; k < split; ++k) {
      SimulationOptions range = options;
      range.first_game = k * options.games / split;
      range.games = (k + 1) * options.games / split - range.first_game;
      r.merge(run(range));
    }
    if (split > 1)
      std::printf("played as %llu ranges of games, merged\n",
                  static_cast<unsigned long long>(split));
    print(shooter, placer, r);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "simulate_histogram: %s\n", e.what());
    return 2;
  }
}
