#include "catch_shim.hpp"

#include <battleship/ocean.hpp>
#include <battleship/placement/uniform.hpp>
#include <battleship/search_phase.hpp>
#include <battleship/strategies/random.hpp>

#include <cstdint>

namespace test_search_phase {

using namespace battleship;

namespace {
using S = FixedShape<5, 5>;
const Fleet two_ships{{"Destroyer", 'D', 2, 1}, {"Cruiser", 'C', 3, 1}};

ShotOutcome miss() {
  return ShotOutcome{ShotResult::miss, -1, ShotRefusal::none};
}
ShotOutcome hit() {
  return ShotOutcome{ShotResult::hit, -1, ShotRefusal::none};
}
ShotOutcome sunk(int ship) {
  return ShotOutcome{ShotResult::sunk, ship, ShotRefusal::none};
}
} // namespace

TEST_CASE("the search hunts until a hit and targets until that ship is announced sunk",
          "[search_phase]") {
  TargetView<S> v(Board<S>{}, two_ships, Rules{});
  CHECK(search_phase(v) == SearchPhase::hunting);
  v.record({0, 0}, miss());
  CHECK(search_phase(v) == SearchPhase::hunting);
  v.record({1, 1}, hit());
  CHECK(search_phase(v) == SearchPhase::targeting);
  v.record({1, 2}, sunk(0)); // the destroyer: both hits explained
  CHECK(search_phase(v) == SearchPhase::hunting);
  v.record({3, 0}, hit());
  v.record({3, 1}, hit());
  CHECK(search_phase(v) == SearchPhase::targeting);
}

TEST_CASE("hits beyond the sunk ship's length keep the search targeting", "[search_phase]") {
  // Three hits in a row, then the destroyer is announced: one hit belongs to the cruiser.
  TargetView<S> v(Board<S>{}, two_ships, Rules{});
  v.record({2, 0}, hit());
  v.record({2, 1}, hit());
  v.record({2, 2}, sunk(0));
  CHECK(search_phase(v) == SearchPhase::targeting);
}

TEST_CASE("without named sinkings the phase is known only before the first hit", "[search_phase]") {
  for (const Disclosure d : {Disclosure::hit_only, Disclosure::hit_and_sunk}) {
    Rules rules;
    rules.disclosure = d;
    TargetView<S> v(Board<S>{}, two_ships, rules);
    v.record({0, 0}, miss());
    CHECK(search_phase(v) == SearchPhase::hunting);
    v.record({1, 1}, hit());
    CHECK(search_phase(v) == SearchPhase::unknown);
    v.record({1, 2}, ShotOutcome{ShotResult::sunk, -1, ShotRefusal::none});
    CHECK(search_phase(v) == SearchPhase::unknown);
  }
}

TEST_CASE("the phase the view tells is the truth of the ocean, shot after shot", "[search_phase]") {
  // Hunting exactly when every hit cell belongs to a sunk ship, in whole games of a shooter that
  // hits ships in every order (random shots: ships touched several at a time, sunk in any order).
  using C = ClassicShape;
  const Board<C> board;
  Ocean<C> ocean(board, fleets::classic, Touching::allowed);
  TargetView<C> view(board, fleets::classic, rulesets::classic);
  UniformPlacer<C> placer;
  RandomShooter<C> shooter;
  int hunting = 0, targeting = 0, mismatches = 0;
  for (std::uint64_t game = 0; game < 200; ++game) {
    Rng rng(derive_seed(7, game));
    ocean.clear();
    REQUIRE(placer.place(ocean, rng));
    view.reset();
    shooter.start(view);
    while (!ocean.all_sunk()) {
      bool truly_hunting = true;
      ocean.hits().for_each([&](std::size_t c) {
        const auto ship = ocean.ship_at(board.coord(c));
        if (ship && !ocean.is_sunk(*ship)) truly_hunting = false;
      });
      const SearchPhase told = search_phase(view);
      mismatches += told != (truly_hunting ? SearchPhase::hunting : SearchPhase::targeting);
      (truly_hunting ? hunting : targeting) += 1;
      const Coord c = shooter.next_shot(view, rng);
      const ShotOutcome outcome = disclose(ocean.fire(c), Disclosure::sunk_with_name);
      view.record(c, outcome);
      shooter.on_result(view, c, outcome);
    }
  }
  CHECK(mismatches == 0);
  CHECK(hunting > 1000); // both phases were visited many times
  CHECK(targeting > 1000);
}

} // namespace test_search_phase
