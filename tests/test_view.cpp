#include "catch_shim.hpp"

#include <battleship/placement/uniform.hpp>
#include <battleship/solo.hpp>
#include <battleship/strategies/random.hpp>
#include <battleship/view.hpp>

#include <chrono>
#include <utility>

using namespace battleship;

TEST_CASE("a target view records only what the shooter was told", "[view]") {
  using S = FixedShape<5, 5>;
  const Fleet fleet{{"A", 'A', 2, 1}, {"B", 'B', 3, 1}};
  TargetView<S> v(Board<S>{}, fleet, Rules{});
  CHECK(v.open().count() == 25);
  v.add_pending({0, 0});
  CHECK_FALSE(v.is_open({0, 0}));
  CHECK(v.open().count() == 24);
  v.record({0, 0}, ShotOutcome{ShotResult::miss, -1, ShotRefusal::none});
  CHECK(v.pending().none());
  CHECK(v.misses().count() == 1);
  v.record({1, 1}, ShotOutcome{ShotResult::hit, -1, ShotRefusal::none});
  v.record({1, 2}, ShotOutcome{ShotResult::sunk, 0, ShotRefusal::none});
  CHECK(v.hits().count() == 2);
  CHECK(v.sunk_count() == 1);
  CHECK(v.sunk(0).cell == Coord{1, 2});
  CHECK(v.known_sunk(0));
  CHECK_FALSE(v.known_sunk(1));
  CHECK(v.shortest_afloat() == 3);
  CHECK(v.afloat_count() == 1);
  v.record({4, 4}, ShotOutcome{ShotResult::invalid, -1, ShotRefusal::already_shot});
  CHECK(v.shots_fired() == 3);
  CHECK_FALSE(v.is_open({5, 0}));
  v.reset();
  CHECK(v.shots().none());
  CHECK(v.sunk_count() == 0);
}

TEST_CASE("record_cell records like record for a cell that is not pending", "[view]") {
  using S = FixedShape<5, 5>;
  const Fleet fleet{{"A", 'A', 2, 1}, {"B", 'B', 3, 1}};
  const Board<S> board;
  TargetView<S> by_coord(board, fleet, Rules{});
  TargetView<S> by_index(board, fleet, Rules{});
  const std::pair<Coord, ShotOutcome> told[] = {
      {{0, 0}, {ShotResult::miss, -1, ShotRefusal::none}},
      {{1, 1}, {ShotResult::hit, -1, ShotRefusal::none}},
      {{4, 4}, {ShotResult::invalid, -1, ShotRefusal::already_shot}},
      {{1, 2}, {ShotResult::sunk, 0, ShotRefusal::none}},
  };
  for (const auto& [cell, outcome] : told) {
    by_coord.record(cell, outcome);
    by_index.record_cell(board.index(cell), outcome);
    CHECK(by_index.shots() == by_coord.shots());
    CHECK(by_index.hits() == by_coord.hits());
    CHECK(by_index.sunk_count() == by_coord.sunk_count());
  }
  CHECK(by_index.shots().count() == 3);
  CHECK(by_index.sunk(0).cell == Coord{1, 2});
  CHECK(by_index.known_sunk(0));
}

TEST_CASE("the random shooter never repeats a cell and its mean matches 17 x 101 / 18",
          "[solo][random]") {
  using S = ClassicShape;
  Board<S> board;
  Ocean<S> ocean(board, fleets::classic);
  TargetView<S> view(board, fleets::classic, rulesets::classic);
  RandomShooter<S> shooter;
  UniformPlacer<S> placer;
  const int games = 4000;
  long total = 0;
  for (int g = 0; g < games; ++g) {
    Rng rng(derive_seed(7, static_cast<std::uint64_t>(g)));
    ocean.clear();
    REQUIRE(placer.place(ocean, rng));
    const auto r = play_solo(ocean, view, shooter, rng);
    REQUIRE(r.finished);
    REQUIRE(r.shots == ocean.shots().count()); // no repeated or wasted shot
    total += r.shots;
  }
  // Exact mean 95.389, standard deviation about 4.5: the mean of 4000 games is within 0.5.
  CHECK(static_cast<double>(total) / games == Approx(17.0 * 101 / 18).margin(0.5));
}

TEST_CASE("the solo runner honours the shot cap", "[solo]") {
  using S = ClassicShape;
  Board<S> board;
  Ocean<S> ocean(board, fleets::classic);
  TargetView<S> view(board, fleets::classic, rulesets::pyships);
  RandomShooter<S> shooter;
  UniformPlacer<S> placer;
  Rng rng(1);
  REQUIRE(placer.place(ocean, rng));
  Rules capped = rulesets::classic;
  capped.shot_cap = 10;
  TargetView<S> capped_view(board, fleets::classic, capped);
  const auto r = play_solo(ocean, capped_view, shooter, rng);
  CHECK(r.shots == 10);
  CHECK_FALSE(r.finished);
}

TEST_CASE("uniform placement is legal under every touching rule", "[placement]") {
  using S = ClassicShape;
  Board<S> board;
  for (auto t : {Touching::allowed, Touching::no_edge_contact, Touching::no_contact}) {
    Ocean<S> ocean(board, fleets::russian, t);
    UniformPlacer<S> placer;
    for (int g = 0; g < 50; ++g) {
      Rng rng(static_cast<std::uint64_t>(g));
      ocean.clear();
      REQUIRE(placer.place(ocean, rng));
      // Re-placing every ship from scratch in the same spots must be accepted by the rules.
      Ocean<S> check(board, fleets::russian, t);
      for (int s = 0; s < ocean.ship_count(); ++s)
        REQUIRE(check.place(s, ocean.placement(s)) == PlacementRefusal::none);
    }
  }
}

TEST_CASE("a fleet that cannot fit under the touching rule is refused quickly", "[placement]") {
  // Five ships of length 5 fill a 5 x 5 board only if they touch.
  using Tiny = FixedShape<5, 5>;
  const Fleet fives{{"Five", 'F', 5, 5}};
  const Board<Tiny> board;
  Ocean<Tiny> touching_allowed(board, fives, Touching::allowed);
  Ocean<Tiny> no_contact(board, fives, Touching::no_contact);
  UniformPlacer<Tiny> placer;
  Rng rng(3);
  REQUIRE(placer.place(touching_allowed, rng));
  const auto start = std::chrono::steady_clock::now();
  CHECK_FALSE(placer.place(no_contact, rng));
  CHECK(no_contact.occupied().none());
  // Generous bound (sanitizer builds are slow): it gives up, it does not hang.
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(20));
}
