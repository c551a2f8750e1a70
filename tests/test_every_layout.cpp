// Every layout played (simulate.hpp): simulate_every_layout and exact_mean_shots give a shooter's
// exact mean against uniformly random layouts, the same on any number of threads, checked with
// the independent brute force of small_boards.hpp; too many layouts or none are refused.
#include "catch_shim.hpp"
#include "small_boards.hpp"

#include <algorithm>
#include <cstdint>
#include <mutex>
#include <stdexcept>
#include <vector>

#include <battleship/layouts.hpp>
#include <battleship/simulate.hpp>
#include <battleship/strategies/bayes.hpp>
#include <battleship/strategies/optimal.hpp>
#include <battleship/strategies/probability.hpp>

namespace test_every_layout {

using namespace battleship;
using small_boards::fleet_of;

namespace {
using D = DynamicShape<64>;
} // namespace

TEST_CASE("exact_mean_shots plays every layout with each generator", "[simulate][every_layout]") {
  const Board<D> board(D(4, 4));
  const Fleet fleet = fleet_of({2, 2});
  // The brute force of small_boards.hpp, written independently, with the same generators.
  const double expected = small_boards::expected_shots(
      board, fleet, rulesets::classic, [] { return BayesShooter<D>{}; }, 3, 5);
  CHECK(exact_mean_shots(board, fleet, rulesets::classic, BayesShooter<D>{}, 3, 5) ==
        exactly(expected));
  CHECK_THROWS_AS(exact_mean_shots(board, fleet, rulesets::classic, BayesShooter<D>{}, 0),
                  std::invalid_argument);
  Rules bad;
  bad.salvo_size = 2;
  CHECK_THROWS_AS(exact_mean_shots(board, fleet, bad, BayesShooter<D>{}), std::invalid_argument);
}

TEST_CASE("simulate_every_layout refuses a fleet with no layout or more than max_layouts",
          "[simulate][every_layout]") {
  const Board<D> board(D(4, 4));
  const Fleet two = fleet_of({2}); // 24 layouts
  CHECK(simulate_every_layout(board, two, rulesets::classic, ProbabilityShooter<D>{}, 1, {}, 24)
            .games == 24);
  CHECK_THROWS_AS(
      simulate_every_layout(board, two, rulesets::classic, ProbabilityShooter<D>{}, 1, {}, 23),
      std::length_error);
  CHECK_THROWS_AS(
      exact_mean_shots(board, two, rulesets::classic, ProbabilityShooter<D>{}, 1, 0, 0, 23),
      std::length_error);
  // Two cruisers fill 2 x 3 side by side, never apart: no layout under no_contact.
  const Board<D> small(D(2, 3));
  CHECK_THROWS_AS(
      simulate_every_layout(small, fleet_of({3, 3}), rulesets::no_contact, ProbabilityShooter<D>{}),
      std::invalid_argument);
}

TEST_CASE("simulate_every_layout plays each layout with each generator, the same on any number "
          "of threads",
          "[simulate][every_layout]") {
  const Board<D> board(D(4, 4));
  const Fleet fleet = fleet_of({2, 2});
  const std::size_t layouts = for_each_layout(board, fleet, Touching::allowed, [](const auto&) {});
  SimulationOptions options;
  options.seed = 5;
  options.games = 7;      // ignored: the run is every layout, 3 times
  options.first_game = 9; // ignored too
  std::vector<int> seen(layouts * 3, 0);
  std::mutex m;
  options.on_game = [&](std::uint64_t i, const SoloResult&) {
    const std::lock_guard lock(m);
    ++seen.at(static_cast<std::size_t>(i));
  };
  options.threads = 1;
  const auto one =
      simulate_every_layout(board, fleet, rulesets::classic, ProbabilityShooter<D>{}, 3, options);
  CHECK(std::count(seen.begin(), seen.end(), 1) == static_cast<long>(seen.size())); // each once
  options.threads = 2;
  options.on_game = nullptr;
  const auto two =
      simulate_every_layout(board, fleet, rulesets::classic, ProbabilityShooter<D>{}, 3, options);
  CHECK(one.games == layouts * 3);
  CHECK(one.shots.counts() == two.shots.counts());
  const double brute = small_boards::expected_shots(
      board, fleet, rulesets::classic, [] { return ProbabilityShooter<D>{}; }, 3, 5);
  CHECK(one.shots.mean() == exactly(brute));
  CHECK(exact_mean_shots(board, fleet, rulesets::classic, ProbabilityShooter<D>{}, 3, 5, 2) ==
        one.shots.mean());
  // A perfect player's shots are never fewer than the fleet's cells, nor more than the board's.
  const auto best = simulate_every_layout(board, fleet, rulesets::classic, OptimalShooter<D>{});
  CHECK(best.shots.min() >= 4);
  CHECK(best.shots.max() <= 16);
  CHECK(best.shots.mean() == exactly(3884.0 / 448)); // issue 6: 8.6696
  // Games a shot cap stops are counted apart, outside the histogram.
  Rules capped = rulesets::classic;
  capped.shot_cap = 6;
  const auto cut = simulate_every_layout(board, fleet, capped, OptimalShooter<D>{});
  CHECK(cut.games == layouts);
  CHECK(cut.unfinished == layouts - cut.shots.games());
  CHECK(cut.unfinished > 0);
  CHECK(cut.shots.max() <= 6);
}

} // namespace test_every_layout
