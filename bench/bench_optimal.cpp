// How far the shooters are from perfect play (issue 6's "why not 40"): on boards small enough to
// list every layout, the optimum (`OptimalSearch`, exhaustive) beside each shooter's exact mean
// over every layout (`exact_mean_shots`, averaged over several generators), and the gap in
// percent. Classic rules: ships may touch, sinking names the ship. Prints figures only; the
// "search s" column is the optimum's search alone (the shooters' games are not in it).
//
//   bench_optimal [--seeds K] [--positions P] [--threads T]
//
//   --seeds K      generators each shooter plays every layout with (default 4)
//   --positions P  most positions a search may solve (default 6,000,000, about 0.3 GB); a board
//                  that needs more is reported as not solved
//   --threads T    threads of the shooters' games (default 1; 0: every core); the search takes
//                  one, and the figures do not depend on it
// The boards stop at 4 x 4 with ships of 3 and 2: the next, 5 x 5 with ships of 3 and 2, needs
// about 35 million positions and half an hour (docs/expert.md gives its figures).
#include "../examples/arguments.hpp"

#include <chrono>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include <battleship/simulate.hpp>
#include <battleship/strategies/bayes.hpp>
#include <battleship/strategies/expert.hpp>
#include <battleship/strategies/hunt_target.hpp>
#include <battleship/strategies/optimal.hpp>
#include <battleship/strategies/probability.hpp>

namespace {
using namespace battleship;
using D = DynamicShape<64>;

struct Case {
  int rows;
  int cols;
  std::vector<int> lengths;
};

Fleet fleet_of(const std::vector<int>& lengths) {
  Fleet fleet;
  const char* names[] = {"First", "Second", "Third", "Fourth"};
  for (std::size_t i = 0; i < lengths.size(); ++i)
    fleet.add(ShipClass{names[i], static_cast<char>('A' + i), lengths[i], 1});
  return fleet;
}

std::string describe(const Case& c) {
  std::string out = std::to_string(c.rows) + "x" + std::to_string(c.cols) + " {";
  for (std::size_t i = 0; i < c.lengths.size(); ++i) {
    if (i) out += ',';
    out += std::to_string(c.lengths[i]);
  }
  return out + "}";
}

constexpr std::string_view usage =
    "usage: bench_optimal [--seeds K] [--positions P] [--threads T]\n"
    "  --seeds K      generators each shooter plays every layout with (default 4)\n"
    "  --positions P  most positions a search may solve (default 6000000, about 0.3 GB); a board\n"
    "                 that needs more is reported as not solved\n"
    "  --threads T    threads of the shooters' games (default 1; 0: every core); the figures do\n"
    "                 not depend on it\n";
} // namespace

int main(int argc, char** argv) {
  int seeds = 4;
  std::size_t positions = 6'000'000;
  unsigned threads = 1; // one core by default: docs/expert.md times the table on one
  examples::Arguments args(argc, argv, "bench_optimal", usage);
  while (args.next()) {
    if (args.is("--seeds"))
      seeds = static_cast<int>(args.count(1, 1'000));
    else if (args.is("--positions"))
      positions = static_cast<std::size_t>(args.count(1'000, 10'000'000'000));
    else if (args.is("--threads"))
      threads = static_cast<unsigned>(args.count(0, max_threads)); // 0: every core
    else
      args.refuse();
  }
  const std::vector<Case> cases{
      {3, 3, {2}},    {4, 3, {2}},    {4, 4, {2}},    {4, 4, {3}}, {5, 4, {3}},
      {4, 4, {2, 2}}, {5, 5, {2}},    {5, 5, {3}},    {6, 6, {2}}, {6, 6, {3}},
      {6, 6, {4}},    {5, 4, {2, 2}}, {4, 4, {3, 2}},
  };
  std::printf(
      "Perfect play against the shooters: exact means over every layout (%s each, %s), gap "
      "to the optimum; search s: the optimum's search alone\n",
      examples::counted(static_cast<std::uint64_t>(seeds), "generator", "generators").c_str(),
      threads == 0 ? "every core" : examples::counted(threads, "thread", "threads").c_str());
  std::printf("%-12s %7s %8s %9s %8s | %-16s %-16s %-16s %-16s %-16s\n", "board", "layouts",
              "optimum", "positions", "search s", "hunt_target", "parity", "probability", "bayes",
              "expert");
  for (const Case& c : cases) {
    const Board<D> board(D(c.rows, c.cols));
    const Fleet fleet = fleet_of(c.lengths);
    const Rules rules = rulesets::classic;
    const auto start = std::chrono::steady_clock::now();
    double optimum = 0;
    std::size_t layouts = 0;
    std::size_t solved = 0;
    try {
      OptimalSearch<D> search(board, fleet, rules, OptimalLimits{1'000'000, positions});
      layouts = search.layout_count();
      optimum = search.expected_shots();
      solved = search.positions_solved();
    } catch (const std::length_error& e) {
      // Past --positions once the layouts are listed (the library's message names its own
      // max_positions); past the layouts' limit before, which no board here reaches.
      if (layouts == 0)
        std::printf("%-12s not solved: %s\n", describe(c).c_str(), e.what());
      else
        std::printf("%-12s not solved: needs more than %zu positions (--positions)\n",
                    describe(c).c_str(), positions);
      std::fflush(stdout);
      continue;
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("%-12s %7zu %8.4f %9zu %8.1f |", describe(c).c_str(), layouts, optimum, solved,
                seconds);
    const auto show = [&](const auto& shooter) {
      const double mean = exact_mean_shots(board, fleet, rules, shooter, seeds, 0, threads);
      const double gap = 100.0 * (mean / optimum - 1);
      std::printf(" %7.4f %+6.2f%% ", mean, gap < 5e-5 && gap > -5e-5 ? 0.0 : gap);
      std::fflush(stdout);
    };
    show(HuntTargetShooter<D>{});
    show(ParityShooter<D>{});
    show(ProbabilityShooter<D>{});
    show(BayesShooter<D>{});
    show(ExpertShooter<D>{});
    std::printf("\n");
  }
}
