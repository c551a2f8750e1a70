#include "catch_shim.hpp"

#include <algorithm>
#include <cstdint>
#include <mutex>
#include <stdexcept>
#include <vector>

#include <battleship/registry.hpp>
#include <battleship/simulate.hpp>
#include <battleship/solo_record.hpp>

namespace test_solo_record {

using namespace battleship;

namespace {
using S = ClassicShape;

/// Fires at A1 every time: one valid shot, then only repeated ones.
struct Stubborn {
  void start(const TargetView<S>&) {}
  Coord next_shot(const TargetView<S>&, Rng&) { return {0, 0}; }
  void on_result(const TargetView<S>&, Coord, const ShotOutcome&) {}
};

struct NoPlacer {
  bool place(Ocean<S>&, Rng&) { return false; }
};

/// The results `simulate_solo` reports for games 0 to `games` - 1 of `seed`.
template <class Shooter, class Placer>
std::vector<SoloResult> run_results(const Rules& rules, const Shooter& shooter,
                                    const Placer& placer, std::uint64_t games, std::uint64_t seed) {
  std::vector<SoloResult> seen(games);
  std::mutex guard;
  SimulationOptions options;
  options.games = games;
  options.seed = seed;
  options.threads = 2;
  options.on_game = [&](std::uint64_t i, const SoloResult& r) {
    const std::lock_guard lock(guard);
    seen.at(i) = r;
  };
  (void)simulate_solo(Board<S>{}, fleets::classic, rules, shooter, placer, options);
  return seen;
}

std::int64_t valid_shots(const SoloGameRecord<S>& record) {
  return std::count_if(record.outcomes.begin(), record.outcomes.end(),
                       [](const ShotOutcome& o) { return o.valid(); });
}
} // namespace

TEST_CASE("a recorded solo game is the run's game of that index, shot for shot", "[solo]") {
  Rules capped = rulesets::classic;
  capped.shot_cap = 50; // some games stop unfinished, and must stop at the same shot
  for (const Rules& rules : {rulesets::classic, capped}) {
    for (const char* name : {"random", "hunt_target", "parity", "probability"}) {
      const auto shooter = make_shooter<S>(name);
      const auto placer = make_placer<S>("uniform");
      const std::vector<SoloResult> seen = run_results(rules, shooter, placer, 30, 9);
      for (std::uint64_t i = 0; i < seen.size(); ++i) {
        INFO(name << " game " << i << " shot cap " << rules.shot_cap);
        const SoloGameRecord<S> r =
            record_solo_game(Board<S>{}, fleets::classic, rules, shooter, placer, 9, i);
        REQUIRE(r.placed);
        CHECK(r.result == seen[i]);
        CHECK(r.cells.size() == r.outcomes.size());
        CHECK(valid_shots(r) == r.result.shots);
        CHECK(r.ocean.all_sunk() == r.result.finished);
        // The view holds what each shot told: its shots and hits are the ocean's.
        CHECK(r.view.shots() == r.ocean.shots());
        CHECK(r.view.hits() == r.ocean.hits());
      }
    }
  }
}

TEST_CASE("a recorded solo game keeps refused shots and an unplaced fleet", "[solo]") {
  const SoloGameRecord<S> stubborn = record_solo_game(
      Board<S>{}, fleets::classic, rulesets::classic, Stubborn{}, make_placer<S>("uniform"), 1, 0);
  const auto limit = static_cast<std::size_t>(rulesets::classic.max_invalid_in_a_row);
  REQUIRE(stubborn.cells.size() == 1 + limit);
  CHECK(stubborn.outcomes.front().valid());
  CHECK(std::none_of(stubborn.outcomes.begin() + 1, stubborn.outcomes.end(),
                     [](const ShotOutcome& o) { return o.valid(); }));
  CHECK(stubborn.result.shots == 1);
  CHECK_FALSE(stubborn.result.finished);
  const auto seen = run_results(rulesets::classic, Stubborn{}, make_placer<S>("uniform"), 1, 1);
  CHECK(stubborn.result == seen[0]);

  const SoloGameRecord<S> unplaced = record_solo_game(
      Board<S>{}, fleets::classic, rulesets::classic, make_shooter<S>("random"), NoPlacer{}, 1, 0);
  CHECK_FALSE(unplaced.placed);
  CHECK(unplaced.cells.empty());
  CHECK(unplaced.result == SoloResult{}); // as the run reports an unplaceable game
}

TEST_CASE("a recorded solo game refuses what simulate_solo refuses", "[solo]") {
  Rules bad = rulesets::classic;
  bad.max_invalid_in_a_row = 0;
  CHECK_THROWS_AS(record_solo_game(Board<S>{}, fleets::classic, bad, make_shooter<S>("random"),
                                   make_placer<S>("uniform"), 1, 0),
                  std::invalid_argument);
  const Fleet too_long({{"Long", 'L', 11, 1}});
  CHECK_THROWS_AS(record_solo_game(Board<S>{}, too_long, rulesets::classic,
                                   make_shooter<S>("random"), make_placer<S>("uniform"), 1, 0),
                  std::invalid_argument);
}

} // namespace test_solo_record
