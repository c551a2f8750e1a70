// What a placer costs the density shooter, and how much of that survives an opponent who knows the
// placer (issue 6: a placer that resists density shooters "while staying unpredictable"). For each
// placer, on the same layouts: `probability`'s mean shots (it assumes uniform layouts), the mean
// of `PriorMixtureShooter` over that placer (it draws 2,000 of the placer's layouts a game and
// weighs them against uniform ones as the shots come in), the paired difference, and the share of
// the layouts' ship cells that lie on the board's edge. Classic
// fleet, 10 x 10, classic rules. Prints figures only; the knowing shooter's `elusive` row takes
// about 0.8 s a game (its pool is 2,000 rehearsed placements).
//
// Below the three placers, two questions about resisting a knowing opponent: how the number of
// candidates `spread` draws trades the two columns (`spread/8`, `spread/64`), and whether a mixed
// strategy (`elusive` or `spread`, half each, drawn per layout) costs the knowing shooter more than
// the average of its two parts would.
//
//   bench_placers [--games N] [--seed S] [--threads T]
#include "paired_runs.hpp"

#include <battleship/placement/elusive.hpp>
#include <battleship/placement/spread.hpp>
#include <battleship/placement/uniform.hpp>
#include <battleship/strategies/prior_mixture.hpp>
#include <battleship/strategies/probability.hpp>

#include <cstdint>
#include <cstdio>
#include <vector>

namespace {
using namespace battleship;
using S = ClassicShape;

/// Each game's shots of `shooter` against `placer`'s layouts (game i's layout comes from seed i).
template <class Shooter, class Placer>
std::vector<int> shots(const bench::PairedOptions& o, const Shooter& shooter,
                       const Placer& placer) {
  MissCounter unused;
  return bench::play(o.games, o.seed, o.threads, shooter, unused, placer);
}

/// The share of the ship cells that lie on the board's edge, over the layouts of games 0 to
/// games - 1 (as `simulate_solo` draws them).
template <class Placer>
double edge_share(const bench::PairedOptions& o) {
  const Board<S> board;
  Ocean<S> ocean(board, fleets::classic);
  Placer placer;
  double edge = 0, all = 0;
  for (std::uint64_t i = 0; i < o.games; ++i) {
    Rng rng(derive_seed(o.seed, i));
    ocean.clear();
    if (!placer.place(ocean, rng)) continue;
    ocean.occupied().for_each([&](std::size_t c) {
      const Coord at = board.coord(c);
      all += 1;
      if (at.row == 0 || at.col == 0 || at.row == board.rows() - 1 || at.col == board.cols() - 1)
        edge += 1;
    });
  }
  return all > 0 ? edge / all : 0;
}

template <class Placer>
void row(const char* name, const bench::PairedOptions& o) {
  const auto plain = shots(o, ProbabilityShooter<S>{}, Placer{});
  const auto knowing = shots(o, PriorMixtureShooter<S, Placer>{}, Placer{});
  const auto [p, p_ci] = bench::mean_ci({plain.begin(), plain.end()});
  const auto [k, k_ci] = bench::mean_ci({knowing.begin(), knowing.end()});
  const PairedDifference d = paired_difference(knowing, plain);
  std::printf("%-10s %6.2f ±%5.2f %6.2f ±%5.2f   %+6.2f ±%5.2f %9.1f%%\n", name, p, p_ci, k, k_ci,
              d.mean, d.ci95, 100 * edge_share<Placer>(o));
  std::fflush(stdout);
}
/// `SpreadPlacer` drawing `Candidates` uniform layouts.
template <int Candidates>
struct SpreadOf : SpreadPlacer<S> {
  SpreadOf() { this->candidates = Candidates; }
};

/// `ElusivePlacer` or `SpreadPlacer`, one draw of the generator choosing (half each).
struct ElusiveOrSpread {
  bool place(Ocean<S>& ocean, Rng& rng) {
    return rng.chance(0.5) ? elusive.place(ocean, rng) : spread.place(ocean, rng);
  }
  ElusivePlacer<S> elusive;
  SpreadPlacer<S> spread;
};
} // namespace

int main(int argc, char** argv) {
  const bench::PairedOptions o = bench::parse_paired(argc, argv, "bench_placers", 1'000);
  std::printf("placers against the density shooter on the same %llu layouts each (seed %llu, %u "
              "threads); classic fleet and rules; mean shots (95%% interval)\n\n",
              static_cast<unsigned long long>(o.games), static_cast<unsigned long long>(o.seed),
              o.threads);
  std::printf("%-10s %13s %13s   %15s %10s\n", "placer", "probability", "knows it", "difference",
              "on edge");
  row<UniformPlacer<S>>("uniform", o);
  row<SpreadPlacer<S>>("spread", o);
  row<ElusivePlacer<S>>("elusive", o);
  row<SpreadOf<8>>("spread/8", o);
  row<SpreadOf<64>>("spread/64", o);
  row<ElusiveOrSpread>("half each", o);
}
