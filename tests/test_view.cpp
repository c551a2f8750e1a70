#include "catch_shim.hpp"

#include <battleship/placement/uniform.hpp>
#include <battleship/solo.hpp>
#include <battleship/strategies/random.hpp>
#include <battleship/view.hpp>

#include <chrono>
#include <climits>
#include <utility>
#include <vector>

namespace test_view {

using namespace battleship;

TEST_CASE("target views are equal when told the same answers in the same order", "[view]") {
  using S = FixedShape<5, 5>;
  const Fleet fleet{{"A", 'A', 1, 1}, {"B", 'B', 1, 1}};
  TargetView<S> a(Board<S>{}, fleet, Rules{});
  TargetView<S> b = a;
  CHECK(a == b);
  const ShotOutcome sinks_a{ShotResult::sunk, 0, ShotRefusal::none};
  const ShotOutcome sinks_b{ShotResult::sunk, 1, ShotRefusal::none};
  a.record({0, 0}, sinks_a);
  CHECK_FALSE(a == b);
  b.record({0, 0}, sinks_a);
  CHECK(a == b);
  a.add_pending({1, 1});
  CHECK_FALSE(a == b); // a pending cell counts
  a.record({1, 1}, sinks_b);
  b.record({1, 1}, sinks_b);
  CHECK(a == b);
  // The same shots and sinkings told in another order: the sinkings' order differs.
  TargetView<S> c(Board<S>{}, fleet, Rules{});
  c.record({1, 1}, sinks_b);
  c.record({0, 0}, sinks_a);
  CHECK(c.shots() == a.shots());
  CHECK_FALSE(c == a);
  CHECK_FALSE(TargetView<S>(Board<S>{}, fleet, rulesets::russian) ==
              TargetView<S>(Board<S>{}, fleet, Rules{}));
}

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
  // What no game announces is ignored: a cell off the board, a ship outside the fleet.
  v.record({7, 0}, ShotOutcome{ShotResult::miss, -1, ShotRefusal::none});
  v.record({3, 3}, ShotOutcome{ShotResult::sunk, 2, ShotRefusal::none});
  v.record({3, 4}, ShotOutcome{ShotResult::sunk, 40, ShotRefusal::none});
  v.record({3, 4}, ShotOutcome{ShotResult::hit, -2, ShotRefusal::none});
  CHECK(v.shots_fired() == 3);
  CHECK(v.is_open({3, 3}));
  CHECK(v.sunk_count() == 1);
  CHECK_FALSE(v.known_sunk(-1));
  CHECK_FALSE(v.known_sunk(40));
  CHECK_FALSE(v.is_open({5, 0}));
  v.reset();
  CHECK(v.shots().none());
  CHECK(v.sunk_count() == 0);
}

TEST_CASE("a view fed by hand is told which answers no game can give", "[view]") {
  using S = FixedShape<5, 5>;
  const Fleet fleet{{"A", 'A', 2, 1}, {"B", 'B', 3, 1}};
  const auto told = [](ShotResult r, int ship = -1) {
    return ShotOutcome{r, ship, ShotRefusal::none};
  };
  const auto miss = told(ShotResult::miss), hit = told(ShotResult::hit);
  TargetView<S> v(Board<S>{}, fleet, Rules{});
  const auto record = [&](Coord c, const ShotOutcome& o) {
    REQUIRE(v.refusal(c, o) == AnswerRefusal::none);
    v.record(c, o);
  };
  record({0, 0}, miss);
  record({1, 1}, hit);
  record({1, 2}, told(ShotResult::sunk, 0));
  v.add_pending({2, 2});
  const TargetView<S> before = v;

  CHECK(v.refusal({5, 0}, miss) == AnswerRefusal::off_board);
  CHECK(v.refusal({0, -1}, hit) == AnswerRefusal::off_board);
  CHECK(v.refusal({3, 3}, told(ShotResult::sunk, 2)) == AnswerRefusal::unknown_ship);
  CHECK(v.refusal({3, 3}, told(ShotResult::hit, -2)) == AnswerRefusal::unknown_ship);
  // An answered cell: a miss would not become a hit, nor a hit a miss.
  CHECK(v.refusal({0, 0}, hit) == AnswerRefusal::already_recorded);
  CHECK(v.refusal({1, 1}, miss) == AnswerRefusal::already_recorded);
  CHECK(v.refusal({1, 2}, told(ShotResult::sunk, 1)) == AnswerRefusal::already_recorded);
  // Ship 0 sank: it cannot be hit or sunk again.
  CHECK(v.refusal({3, 3}, told(ShotResult::sunk, 0)) == AnswerRefusal::already_sunk);
  CHECK(v.refusal({3, 3}, told(ShotResult::hit, 0)) == AnswerRefusal::already_sunk);
  // What records nothing is never refused, off the board or on an answered cell.
  CHECK(v.refusal({5, 0}, ShotOutcome{ShotResult::invalid, -1, ShotRefusal::off_board}) ==
        AnswerRefusal::none);
  CHECK(v.refusal({0, 0}, ShotOutcome{ShotResult::invalid, -1, ShotRefusal::already_shot}) ==
        AnswerRefusal::none);
  CHECK(v == before); // asking changes nothing
  // A pending cell takes its answer.
  CHECK(v.refusal({2, 2}, hit) == AnswerRefusal::none);

  // Unnamed sinkings: as many as the fleet has ships, then no more.
  TargetView<S> unnamed(Board<S>{}, fleet, Rules{.disclosure = Disclosure::hit_and_sunk});
  const auto sunk = told(ShotResult::sunk);
  for (const Coord c : {Coord{0, 0}, Coord{0, 1}}) {
    REQUIRE(unnamed.refusal(c, sunk) == AnswerRefusal::none);
    unnamed.record(c, sunk);
  }
  CHECK(unnamed.afloat_count() == 0);
  CHECK(unnamed.refusal({0, 2}, sunk) == AnswerRefusal::fleet_sunk);
  CHECK(unnamed.refusal({0, 2}, told(ShotResult::sunk, 1)) == AnswerRefusal::fleet_sunk);
  CHECK(unnamed.refusal({0, 2}, miss) == AnswerRefusal::none); // water is still possible
  CHECK(to_string(AnswerRefusal::already_sunk) != to_string(AnswerRefusal::fleet_sunk));
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

TEST_CASE("a cell off the board is not made pending, as record ignores it", "[view]") {
  TargetView<ClassicShape> view(Board<ClassicShape>{}, fleets::classic, Rules{});
  const TargetView<ClassicShape> before = view;
  // These wrote past the pending bitboard (ASan, UBSan: index out of bounds, int overflow).
  for (const Coord c : {Coord{50, 50}, Coord{-1, 0}, Coord{INT_MAX, 3}, Coord{0, 10}})
    view.add_pending(c);
  CHECK(view == before);
  CHECK(view.pending().none());
  view.add_pending(Coord{9, 9});
  CHECK(view.pending().count() == 1);
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

TEST_CASE("a view knows each ship's length and the shortest ship not known sunk", "[view]") {
  using S = ClassicShape;
  const Fleet& fleet = fleets::bbm103; // 5, 4 x 2, 3, 3, 2 x 4: classes with several copies
  TargetView<S> v(Board<S>{}, fleet, rulesets::classic);
  for (int id = 0; id < fleet.ship_count(); ++id) CHECK(v.ship_length(id) == fleet.ship(id).length);
  // Sink the ships in a shuffled order; after each, compare with a scan of every ship.
  Rng rng(3);
  std::vector<int> order(static_cast<std::size_t>(fleet.ship_count()));
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
  for (std::size_t i = order.size() - 1; i > 0; --i)
    std::swap(order[i], order[static_cast<std::size_t>(rng.below(static_cast<int>(i) + 1))]);
  int cell = 0;
  for (const int ship : order) {
    v.record(v.board().coord(static_cast<std::size_t>(cell++)),
             ShotOutcome{ShotResult::sunk, ship, ShotRefusal::none});
    int expected = 0;
    for (int id = 0; id < fleet.ship_count(); ++id)
      if (!v.known_sunk(id) && (expected == 0 || fleet.ship(id).length < expected))
        expected = fleet.ship(id).length;
    INFO("after sinking ship " << ship);
    CHECK(v.shortest_afloat() == expected);
  }
  CHECK(v.shortest_afloat() == 0);
}

TEST_CASE("is_open_cell agrees with is_open on every cell", "[view]") {
  using S = FixedShape<5, 5>;
  TargetView<S> v(Board<S>{}, Fleet{{"A", 'A', 2, 1}}, Rules{});
  v.record({0, 1}, ShotOutcome{ShotResult::miss, -1, ShotRefusal::none});
  v.record({2, 2}, ShotOutcome{ShotResult::hit, 0, ShotRefusal::none});
  v.add_pending({4, 3});
  int open = 0;
  for (std::size_t i = 0; i < 25; ++i) {
    CHECK(v.is_open_cell(i) == v.is_open(v.board().coord(i)));
    open += v.is_open_cell(i) ? 1 : 0;
  }
  CHECK(open == 22);
}

} // namespace test_view
