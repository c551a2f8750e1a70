#include "catch_shim.hpp"

#include <cstdlib>
#include <vector>

#include <battleship/placement/mediocre.hpp>
#include <battleship/placement/uniform.hpp>
#include <battleship/solo.hpp>
#include <battleship/strategies/mediocre.hpp>
#include <battleship/strategy.hpp>

namespace test_mediocre {

using namespace battleship;
using S = ClassicShape;
using Shooter = MediocreShooter<S>;
using Placer = MediocrePlacer<S>;

static_assert(ShotStrategy<Shooter, S>);
static_assert(PlacementStrategy<Placer, S>);

namespace {

constexpr ShotOutcome miss{ShotResult::miss, -1, ShotRefusal::none};
constexpr ShotOutcome hit{ShotResult::hit, -1, ShotRefusal::none};
constexpr ShotOutcome sunk{ShotResult::sunk, 0, ShotRefusal::none};

/// The seed's cross, written out independently: same row or column, 1 to 4 steps away.
bool in_cross(Coord anchor, Coord c) {
  const int dr = std::abs(c.row - anchor.row);
  const int dc = std::abs(c.col - anchor.col);
  return (dr == 0 && dc >= 1 && dc <= 4) || (dc == 0 && dr >= 1 && dr <= 4);
}

/// Tells the view and the shooter that the shot at `c` had outcome `o`.
void tell(TargetView<S>& view, Shooter& shooter, Coord c, const ShotOutcome& o) {
  view.record(c, o);
  shooter.on_result(view, c, o);
}

/// The seed's recursion written plainly (no cuts): ships in id order, origins in reading order,
/// horizontal before vertical.
bool plain_backtrack(Ocean<S>& ocean, int ship) {
  if (ship == ocean.ship_count()) return true;
  for (int r = 0; r < 10; ++r)
    for (int c = 0; c < 10; ++c)
      for (Orientation o : {Orientation::horizontal, Orientation::vertical}) {
        if (ocean.place(ship, {r, c}, o) != PlacementRefusal::none) continue;
        if (plain_backtrack(ocean, ship + 1)) return true;
        ocean.unplace(ship, {r, c}, o);
      }
  return false;
}

} // namespace

TEST_CASE("the mediocre shooter starts in state 1 and stays there after a miss", "[mediocre]") {
  const Board<S> board;
  TargetView<S> view(board, fleets::cs32, rulesets::cs32);
  Shooter shooter;
  shooter.start(view);
  Rng rng(1);
  CHECK(shooter.state() == 1);
  const Coord c = shooter.next_shot(view, rng);
  REQUIRE(view.is_open(c));
  tell(view, shooter, c, miss);
  CHECK(shooter.state() == 1);
}

TEST_CASE("a sinking hit in state 1 keeps the mediocre shooter in state 1", "[mediocre]") {
  const Board<S> board;
  TargetView<S> view(board, fleets::cs32, rulesets::cs32);
  Shooter shooter;
  shooter.start(view);
  tell(view, shooter, {3, 3}, sunk);
  CHECK(shooter.state() == 1);
}

TEST_CASE("after a non-sinking hit the mediocre shooter fires only within the cross until it is "
          "exhausted",
          "[mediocre]") {
  const Board<S> board;
  TargetView<S> view(board, fleets::cs32, rulesets::cs32);
  Shooter shooter;
  shooter.start(view);
  Rng rng(7);
  const Coord anchor{5, 3};
  tell(view, shooter, anchor, hit);
  REQUIRE(shooter.state() == 2);
  CHECK(shooter.anchor() == anchor);

  // The cross of (5,3) on a 10 x 10 board: rows 1..9 of column 3 (8 cells besides the anchor) and
  // columns 0..7 of row 5 (7 cells: the left edge is only 3 steps away).
  int in_cross_cells = 0;
  for (int r = 0; r < 10; ++r)
    for (int c = 0; c < 10; ++c) in_cross_cells += in_cross(anchor, {r, c}) ? 1 : 0;
  REQUIRE(in_cross_cells == 8 + 7);

  // Some cross cells were shot earlier: they are not chosen again.
  tell(view, shooter, {5, 7}, miss);
  tell(view, shooter, {1, 3}, miss);
  for (int k = 0; k < in_cross_cells - 2; ++k) { // the open cells of the cross, each once
    const Coord c = shooter.next_shot(view, rng);
    REQUIRE(in_cross(anchor, c));
    REQUIRE(view.is_open(c));
    // Misses and non-sinking hits keep state 2 and the same anchor.
    tell(view, shooter, c, k % 3 == 0 ? hit : miss);
    REQUIRE(shooter.state() == 2);
    REQUIRE(shooter.anchor() == anchor);
  }
  // Cross exhausted: the next shot is state 1's choice, anywhere open.
  const Coord next = shooter.next_shot(view, rng);
  CHECK(shooter.state() == 1);
  CHECK(view.is_open(next));
  CHECK_FALSE(in_cross(anchor, next));
}

TEST_CASE("the mediocre shooter's cross is clipped at the board's edge", "[mediocre]") {
  const Board<S> board;
  const auto corner = Shooter::cross(board, {0, 0});
  CHECK(corner.count() == 8);
  const auto middle = Shooter::cross(board, {5, 5});
  CHECK(middle.count() == 16); // four steps each way fit on the board
  for (int r = 0; r < 10; ++r)
    for (int c = 0; c < 10; ++c)
      CHECK(middle.test(board.index({r, c})) == in_cross({5, 5}, {r, c}));
}

TEST_CASE("the mediocre shooter draws uniformly within the cross", "[mediocre]") {
  const Board<S> board;
  TargetView<S> view(board, fleets::cs32, rulesets::cs32);
  const Coord anchor{4, 4};
  view.record(anchor, hit);
  std::vector<int> counts(100, 0);
  Rng rng(11);
  const int draws = 16000;
  for (int i = 0; i < draws; ++i) {
    Shooter shooter;
    shooter.start(view);
    shooter.on_result(view, anchor, hit);
    const Coord c = shooter.next_shot(view, rng);
    REQUIRE(in_cross(anchor, c));
    ++counts[static_cast<std::size_t>(board.index(c))];
  }
  // 16 cells, 1000 expected each, standard deviation about 31: every count within 150.
  for (int r = 0; r < 10; ++r)
    for (int c = 0; c < 10; ++c)
      if (in_cross(anchor, {r, c}))
        CHECK(std::abs(counts[static_cast<std::size_t>(board.index({r, c}))] - 1000) < 150);
}

TEST_CASE("after a sinking the mediocre shooter is back in state 1 and draws as state 1 does",
          "[mediocre]") {
  const Board<S> board;
  TargetView<S> view(board, fleets::cs32, rulesets::cs32);
  Shooter shooter;
  shooter.start(view);
  tell(view, shooter, {2, 2}, hit);
  REQUIRE(shooter.state() == 2);
  tell(view, shooter, {2, 3}, hit);
  REQUIRE(shooter.state() == 2);
  tell(view, shooter, {2, 4}, sunk);
  CHECK(shooter.state() == 1);

  Shooter fresh; // a shooter that was never in state 2
  fresh.start(view);
  for (int seed = 0; seed < 50; ++seed) {
    Rng a(static_cast<std::uint64_t>(seed));
    Rng b(static_cast<std::uint64_t>(seed));
    CHECK(shooter.next_shot(view, a) == fresh.next_shot(view, b));
  }
}

TEST_CASE("a sinking of another ship in state 2 also returns to state 1", "[mediocre]") {
  const Board<S> board;
  TargetView<S> view(board, fleets::cs32, rulesets::cs32);
  Shooter shooter;
  shooter.start(view);
  tell(view, shooter, {2, 2}, hit);
  tell(view, shooter, {6, 2}, ShotOutcome{ShotResult::sunk, 4, ShotRefusal::none});
  CHECK(shooter.state() == 1);
}

TEST_CASE("the mediocre shooter never names a pending cell", "[mediocre]") {
  using Tiny = FixedShape<1, 3>;
  const Board<Tiny> board;
  const Fleet fleet{{"P", 'P', 1, 1}};
  TargetView<Tiny> view(board, fleet, rulesets::salvo);
  MediocreShooter<Tiny> shooter;
  shooter.start(view);
  view.record({0, 0}, miss);
  view.add_pending({0, 2});
  Rng rng(3);
  for (int i = 0; i < 20; ++i) CHECK(shooter.next_shot(view, rng) == Coord{0, 1});
}

TEST_CASE("the mediocre shooter finishes every game without a wasted shot, told sinkings or not",
          "[mediocre][solo]") {
  const Board<S> board;
  for (const Disclosure d :
       {Disclosure::sunk_with_name, Disclosure::hit_and_sunk, Disclosure::hit_only}) {
    Rules rules = rulesets::cs32;
    rules.disclosure = d;
    Ocean<S> ocean(board, fleets::cs32);
    TargetView<S> view(board, fleets::cs32, rules);
    Shooter shooter;
    UniformPlacer<S> placer;
    for (int g = 0; g < 200; ++g) {
      Rng rng(derive_seed(21, static_cast<std::uint64_t>(g)));
      ocean.clear();
      REQUIRE(placer.place(ocean, rng));
      const auto r = play_solo(ocean, view, shooter, rng);
      REQUIRE(r.finished);
      REQUIRE(r.shots == ocean.shots().count());
    }
  }
}

TEST_CASE("with a ship longer than 5 the exhausted cross falls back to random shots",
          "[mediocre][solo]") {
  const Board<S> board;
  const Fleet fleet{{"Long", 'L', 10, 1}};
  Ocean<S> ocean(board, fleet);
  REQUIRE(ocean.place(0, {4, 0}, Orientation::horizontal) == PlacementRefusal::none);
  TargetView<S> view(board, fleet, rulesets::cs32);
  Shooter shooter;
  for (int g = 0; g < 50; ++g) {
    Rng rng(static_cast<std::uint64_t>(g));
    ocean.repair();
    const auto r = play_solo(ocean, view, shooter, rng);
    REQUIRE(r.finished);
    REQUIRE(r.shots == ocean.shots().count());
  }
}

TEST_CASE("the mediocre placer's search reproduces the seed's worked example",
          "[mediocre][placement]") {
  // Seed 002: only (1,3), (2,3), (2,5), (3,3), (3,5), (4,2), (4,3), (4,4), (4,5) are free.
  const Board<S> board;
  const Fleet fleet{
      {"battleship", 'B', 4, 1}, {"submarine", 'S', 3, 1}, {"patrol boat", 'P', 2, 1}};
  Ocean<S> ocean(board, fleet);
  const std::vector<Coord> free_cells{{1, 3}, {2, 3}, {2, 5}, {3, 3}, {3, 5},
                                      {4, 2}, {4, 3}, {4, 4}, {4, 5}};
  for (int r = 0; r < 10; ++r)
    for (int c = 0; c < 10; ++c) {
      bool is_free = false;
      for (const Coord f : free_cells) is_free = is_free || f == Coord{r, c};
      if (!is_free) ocean.block(Coord{r, c});
    }
  Placer placer;
  REQUIRE(placer.fill(ocean));
  CHECK(ocean.placement(0) == Placement{{4, 2}, Orientation::horizontal, 4});
  CHECK(ocean.placement(1) == Placement{{1, 3}, Orientation::vertical, 3});
  CHECK(ocean.placement(2) == Placement{{2, 5}, Orientation::vertical, 2});
  CHECK_FALSE(ocean.occupied().intersects(ocean.blocked()));
}

TEST_CASE("the mediocre placer's search finds the same layout as the plain recursion",
          "[mediocre][placement]") {
  const Board<S> board;
  Placer placer;
  int found = 0;
  for (int trial = 0; trial < 150; ++trial) {
    Rng rng(derive_seed(5, static_cast<std::uint64_t>(trial)));
    Ocean<S> fast(board, fleets::cs32);
    fast.block(rng, 45 + trial % 20); // from easy to hard
    Ocean<S> plain = fast;
    const bool a = placer.fill(fast);
    const bool b = plain_backtrack(plain, 0);
    REQUIRE(a == b);
    if (a) {
      ++found;
      for (int s = 0; s < 5; ++s) REQUIRE(fast.placement(s) == plain.placement(s));
      REQUIRE_FALSE(fast.occupied().intersects(fast.blocked()));
    } else {
      REQUIRE(fast.occupied().none()); // a failed search removes what it placed
    }
  }
  CHECK(found > 0);
  CHECK(found < 150); // the harder boards include failures
}

TEST_CASE("the mediocre placer blocks before searching and unblocks after",
          "[mediocre][placement]") {
  const Board<S> board;
  Placer placer;
  for (int g = 0; g < 100; ++g) {
    Rng rng(derive_seed(9, static_cast<std::uint64_t>(g)));
    Rng replay = rng;
    Ocean<S> ocean(board, fleets::cs32);
    REQUIRE(placer.place(ocean, rng));
    CHECK(ocean.all_placed());
    CHECK(ocean.blocked().none());
    // Replay the tries: the layout is the first try's search over that try's blocks.
    Ocean<S> expected(board, fleets::cs32);
    bool done = false;
    for (int t = 0; t < Placer::max_tries && !done; ++t) {
      expected.block(replay);
      REQUIRE(expected.blocked().count() == 50);
      done = plain_backtrack(expected, 0);
      if (done) REQUIRE_FALSE(expected.occupied().intersects(expected.blocked()));
      expected.unblock();
    }
    REQUIRE(done);
    for (int s = 0; s < 5; ++s) CHECK(ocean.placement(s) == expected.placement(s));
    CHECK(rng == replay);
  }
}

TEST_CASE("the mediocre placer keeps the blocks the ocean already had and places around them",
          "[mediocre][placement]") {
  const Board<S> board;
  Placer placer;
  for (int g = 0; g < 40; ++g) {
    Rng rng(derive_seed(12, static_cast<std::uint64_t>(g)));
    Ocean<S> ocean(board, fleets::cs32);
    for (int c = 0; c < 10; ++c) ocean.block(Coord{g % 10, c}); // a whole row is a puzzle's wall
    const auto wall = ocean.blocked();
    REQUIRE(placer.place(ocean, rng));
    CHECK(ocean.all_placed());
    CHECK(ocean.blocked() == wall);
    CHECK_FALSE(ocean.occupied().intersects(wall));
  }
}

TEST_CASE("the mediocre placer gives up after 50 tries and leaves the ocean empty",
          "[mediocre][placement]") {
  const Board<S> board;
  // 51 cells of ships cannot fit in the 50 cells left free by blocking half the board.
  const Fleet fleet{{"Row", 'R', 10, 5}, {"Dot", 'D', 1, 1}};
  Ocean<S> ocean(board, fleet);
  Rng rng(4);
  Rng replay = rng;
  Placer placer;
  CHECK_FALSE(placer.place(ocean, rng));
  CHECK(ocean.occupied().none());
  CHECK(ocean.blocked().none());
  for (int s = 0; s < ocean.ship_count(); ++s) CHECK_FALSE(ocean.is_placed(s));
  // Exactly 50 rounds of blocking were drawn.
  for (int t = 0; t < 50; ++t) {
    Ocean<S> scratch(board, fleet);
    scratch.block(replay);
  }
  CHECK(rng == replay);
}

TEST_CASE("the mediocre placer obeys the ocean's touching rule", "[mediocre][placement]") {
  const Board<S> board;
  Placer placer;
  for (int g = 0; g < 30; ++g) {
    Rng rng(static_cast<std::uint64_t>(g));
    Ocean<S> ocean(board, fleets::cs32, Touching::no_contact);
    if (!placer.place(ocean, rng)) continue;
    for (int a = 0; a < 5; ++a)
      for (int b = a + 1; b < 5; ++b)
        CHECK_FALSE(board.dilate8(board.mask(ocean.placement(a)))
                        .intersects(board.mask(ocean.placement(b))));
  }
}

} // namespace test_mediocre
