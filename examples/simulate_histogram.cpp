// Simulates many classic games of one shooter and prints the distribution of shots to win as a
// text histogram (the chart of seed 001, PyShips), with its summary figures.
//
//   simulate_histogram [--games N] [--shooter NAME] [--placer NAME] [--seed S] [--threads T]
//                      [--split K] [--phases]
//
// Defaults: 100,000 games of `random` against `uniform` layouts on every core. Any shooter or
// placer of the registry may be named. The figures are identical for any thread count, and for
// `--split K`, which plays the run as K ranges of games (`SimulationOptions::first_game`, as K
// processes or machines would) and merges their results. Ctrl-C stops the run
// (`SimulationOptions::cancel`) and prints the figures of the games played, exit status 130.
// `--phases` also says where the misses fell (`CountingMisses`, miss_phases.hpp): hunting, the
// last ship's hunt, targeting.
// ctest-args: --games 2000 --shooter parity
// ctest-expect: parity against uniform layouts: 2000 games in
#include "arguments.hpp"

#include <battleship/battleship.hpp>

#include <atomic>
#include <csignal>
#include <cstdio>
#include <string>
#include <string_view>

namespace {
using namespace battleship;
using S = ClassicShape;

// Set by Ctrl-C; the run reads it (SimulationOptions::cancel) and stops. A lock-free atomic may
// be stored to from a signal handler.
std::atomic<bool> interrupted{false};
static_assert(std::atomic<bool>::is_always_lock_free);
void on_interrupt(int) {
  interrupted.store(true);
}

constexpr std::string_view usage = R"(Usage:
  simulate_histogram [--games N] [--shooter NAME] [--placer NAME] [--seed S] [--threads T]
                     [--split K] [--phases]

Plays N classic games of one shooter against one placer's layouts and prints the distribution of
shots to win as a text histogram, with its summary figures.

  --games N       games to play, 1 to 100000000 (default 100000)
  --shooter NAME  a shooter of the registry, or a built-in with settings:
                  'probability(hit_weight=1)' (default random)
  --placer NAME   a placer of the registry (default uniform)
  --seed S        the run's seed, 0 to 2^64 - 1 (default 0)
  --threads T     worker threads, 0 for every core (default), at most 256
  --split K       play the run as K ranges of games and merge them, 1 to 1000 (default 1);
                  the figures are the same for any T and K
  --phases        also count the misses by phase: while hunting (no ship being chased), of
                  those while hunting the last ship, and while targeting a ship already hit
)";

void print(const std::string& shooter, const std::string& placer, const SimulationResult& r) {
  const ShotSummary s = r.summary();
  std::printf("%s against %s layouts: %s in %.2f s (%.0f games/s)\n", shooter.c_str(),
              placer.c_str(), examples::counted(r.games, "game", "games").c_str(), s.seconds,
              s.games_per_second);
  if (r.shots.games() == 0) return; // no figures to give (a run stopped before its first game)
  char interval[32] = "n/a";        // one game gives no spread to build an interval from
  if (r.shots.games() > 1) std::snprintf(interval, sizeof interval, "±%.2f", s.ci95);
  std::printf("shots to win: mean %.2f (95%% interval %s), sd %.2f, median %d, p95 %d, "
              "min %d, max %d\n",
              s.mean, interval, s.stddev, s.median, s.p95, s.min, s.max);
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
  options.cancel = &interrupted;
  std::string shooter = "random", placer = "uniform";
  std::uint64_t split = 1;
  bool phases = false;
  examples::Arguments args(argc, argv, "simulate_histogram", usage);
  while (args.next()) {
    if (args.run_option(options, 100'000'000)) continue;
    if (args.is("--shooter"))
      shooter = args.name(shooter_names<S>());
    else if (args.is("--placer"))
      placer = args.name(placer_names<S>());
    else if (args.is("--split"))
      split = args.count(1, 1000);
    else if (args.is("--phases"))
      phases = true;
    else
      args.refuse();
  }
  std::signal(SIGINT, on_interrupt);
  try {
    // With --phases, the shooter counts its misses into one counter over every range; the
    // type-erased strategies keep that to one instantiation of the loop.
    const auto counter = std::make_shared<MissCounter>();
    // The registry hands over the concrete types, so the simulation loop is fully inlined.
    const auto run = [&](const SimulationOptions& range) {
      if (phases)
        return simulate_solo(
            Board<S>{}, fleets::classic, rulesets::classic,
            CountingMisses<S, AnyShotStrategy<S>>(make_shooter<S>(shooter), counter),
            make_placer<S>(placer), range);
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
      if (r.cancelled) break;
    }
    if (split > 1)
      std::printf("played as %llu ranges of games, merged\n",
                  static_cast<unsigned long long>(split));
    print(shooter, placer, r);
    if (phases) {
      const MissPhases p = counter->phases();
      const int hits = fleets::classic.total_length(); // every ship cell, once
      std::printf("\nmisses a game: hunting %.2f (%.2f of them hunting the last ship), targeting "
                  "%.2f; with the fleet's %d hits, %.2f shots a game\n",
                  p.hunting_per_game(), p.hunting_per_game(1), p.targeting_per_game(), hits,
                  hits + p.hunting_per_game() + p.targeting_per_game());
    }
    if (r.cancelled) {
      std::printf("interrupted after %llu of %llu games\n",
                  static_cast<unsigned long long>(r.games),
                  static_cast<unsigned long long>(options.games));
      return 130; // as a shell reports a program that Ctrl-C ended
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "simulate_histogram: %s\n", e.what());
    return 2;
  }
}
