// What each part of the `expert` shooter is worth (issue 6): the same games played with its
// parts switched on one at a time, each row's mean paired difference in shots from the first, and
// where the misses fall. Classic fleet, 10 x 10, classic rules, uniform layouts. Prints figures
// only; the slower rows take about a tenth of a second a game.
//
//   bench_expert [--games N] [--seed S] [--threads T]
//
// Rows:
//   density + endgame      the density shooter's cell, the exact endgame search (<= 20 layouts)
//   + exact greedy         with at most 2,000 layouts, the cell the most layouts cover
//   + exact lookahead      the registered expert: of the 12 cells the most layouts cover, the
//                          one with the fewest exact expected shots
//   + targeting rollouts   also paired rollouts (4 candidates, 200 layouts) while targeting
//                          with too many layouts to list
//   wider lookahead        5,000 layouts, 24 cells
#include "paired_runs.hpp"

#include <battleship/strategies/expert.hpp>

namespace {
using namespace battleship;
using S = ClassicShape;

struct Part {
  const char* name;
  int exact_layouts;
  int exact_candidates;
  int candidates;
};
} // namespace

int main(int argc, char** argv) {
  const bench::PairedOptions o = bench::parse_paired(argc, argv, "bench_expert", 2'000);
  const Part parts[] = {
      {"density + endgame", 0, 12, 1},    {"+ exact greedy", 2000, 1, 1},
      {"+ exact lookahead", 2000, 12, 1}, {"+ targeting rollouts", 2000, 12, 4},
      {"wider lookahead", 5000, 24, 1},
  };
  bench::Comparison table(o, "expert's parts", "expert with");
  for (const Part& part : parts) {
    ExpertShooter<S> expert;
    expert.exact_layouts = part.exact_layouts;
    expert.exact_candidates = part.exact_candidates;
    expert.candidates = part.candidates;
    table.row(part.name, expert);
  }
}
