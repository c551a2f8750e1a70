// What `bayes`'s sampling and tie settings are worth (issue 6's "why bayes is not below 44"): the
// same games played with its settings changed one at a time, each row's mean paired difference in
// shots from the first, and where the misses fall. Classic fleet, 10 x 10, classic rules, uniform
// layouts. Prints figures only; a game takes about 30 ms a row (the 4,500-samples row three times
// that; the probability row microseconds).
//
//   bench_bayes [--games N] [--seed S] [--threads T]
//
// Rows:
//   default              1,500 samples a decision; hunting on samples, cells within 10 percent
//                        of the likeliest are tied and go to the largest density count
//   hunting as elsewhere hunt_tolerance 0: cells within 1.5 percent tied, to the lighter
//                        neighbours (the rule before; a noisy argmax while hunting)
//   hunting band 5%      fewer cells handed to the density count
//   hunting band 20%     more
//   4,500 samples        three times the samples: estimates with 0.58 times the noise
//   probability          the density shooter on the same games: its difference from the first
//                        row is what bayes's posterior is worth against it, paired
#include "paired_runs.hpp"

#include <battleship/strategies/bayes.hpp>
#include <battleship/strategies/probability.hpp>

namespace {
using namespace battleship;
using S = ClassicShape;

struct Setting {
  const char* name;
  int samples;
  double hunt_tolerance;
};
} // namespace

int main(int argc, char** argv) {
  const bench::PairedOptions o = bench::parse_paired(argc, argv, "bench_bayes", 2'000);
  const Setting settings[] = {
      {"default", 1500, 0.10},         {"hunting as elsewhere", 1500, 0},
      {"hunting band 5%", 1500, 0.05}, {"hunting band 20%", 1500, 0.20},
      {"4,500 samples", 4500, 0.10},
  };
  bench::Comparison table(o, "bayes's settings", "bayes with");
  for (const Setting& setting : settings) {
    BayesShooter<S> bayes;
    bayes.samples = setting.samples;
    bayes.hunt_tolerance = setting.hunt_tolerance;
    table.row(setting.name, bayes);
  }
  table.row("probability", ProbabilityShooter<S>{});
}
