// What `bayes`'s sampling and tie settings are worth (issue 6's "why bayes is not below 44"): the
// same games played with its settings changed one at a time, each row's mean paired difference in
// shots from the first, and where the misses fall. Classic fleet, 10 x 10, classic rules, uniform
// layouts. Prints figures only; a game takes about 30 ms a row (the last row three times that).
//
//   bench_bayes [--games N] [--seed S] [--threads T]
//
// Rows:
//   default            1,500 samples a decision, cells within 1.5 percent of the likeliest tied
//   ties within 5%     wider ties: more of the hunt goes to the spreading rule
//   ties within 10%
//   4,500 samples      three times the samples: estimates with 0.58 times the noise
#include "paired_runs.hpp"

#include <battleship/strategies/bayes.hpp>

namespace {
using namespace battleship;
using S = ClassicShape;

struct Setting {
  const char* name;
  int samples;
  double tie_tolerance;
};
} // namespace

int main(int argc, char** argv) {
  const bench::PairedOptions o = bench::parse_paired(argc, argv, "bench_bayes", 2'000);
  const Setting settings[] = {
      {"default", 1500, 0.015},
      {"ties within 5%", 1500, 0.05},
      {"ties within 10%", 1500, 0.10},
      {"4,500 samples", 4500, 0.015},
  };
  bench::Comparison table(o, "bayes's settings", "bayes with");
  for (const Setting& setting : settings) {
    BayesShooter<S> bayes;
    bayes.samples = setting.samples;
    bayes.tie_tolerance = setting.tie_tolerance;
    table.row(setting.name, bayes);
  }
}
