// The spread placer (issue 6): legal layouts, deterministic by seed, unpredictable, and harder for
// the density shooters than uniform layouts.
#include "catch_shim.hpp"
#include "layout_checks.hpp"

#include <battleship/placement/elusive.hpp>
#include <battleship/placement/spread.hpp>
#include <battleship/placement/uniform.hpp>
#include <battleship/registry.hpp>
#include <battleship/simulate.hpp>
#include <battleship/strategies/probability.hpp>

#include <algorithm>
#include <cstdint>
#include <tuple>
#include <type_traits>
#include <vector>

namespace test_spread {

using namespace battleship;
using S = ClassicShape;
using D = DynamicShape<128>;

static_assert(PlacementStrategy<SpreadPlacer<S>, S>);
static_assert(PlacementStrategy<SpreadPlacer<D>, D>);

using layout_checks::legal;

TEST_CASE("spread is a built-in placer", "[spread][registry]") {
  CHECK(PlacerRegistry<S>::instance().contains("spread"));
  CHECK(with_placer<S>("spread",
                       [](auto p) { return std::is_same_v<decltype(p), SpreadPlacer<S>>; }));
}

TEST_CASE("spread obeys the touching rule and blocked cells, and keeps the lowest-scoring "
          "candidate",
          "[spread]") {
  SpreadPlacer<S> spread;
  UniformPlacer<S> uniform;
  layout_checks::for_each_blocked_ocean(60, 7, 15, [&](Ocean<S>& ocean, std::uint64_t seed) {
    const auto blocked = ocean.blocked();
    Rng rng(seed);
    Rng replay(seed);
    REQUIRE(spread.place(ocean, rng));
    REQUIRE(legal(ocean));
    REQUIRE(!ocean.occupied().intersects(blocked));
    const double kept = spread.score(ocean);
    // Replaying the candidates from the same generator: none scores lower than the one kept.
    const Board<S>& board = ocean.board();
    Ocean<S> other(board, fleets::classic, ocean.touching());
    blocked.for_each([&](std::size_t i) { other.block(board.coord(i)); });
    for (int n = 0; n < spread.candidates; ++n) {
      for (int s = 0; s < other.ship_count(); ++s) other.unplace(s);
      REQUIRE(uniform.place(other, replay));
      CHECK(spread.score(other) >= kept);
    }
  });
}

TEST_CASE("spread's layout depends only on the seed, and one candidate is the uniform placer",
          "[spread]") {
  using layout_checks::same_layout;
  const Board<S> board;
  SpreadPlacer<S> one;
  one.candidates = 1;
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    CHECK(same_layout(board, fleets::classic, SpreadPlacer<S>{}, SpreadPlacer<S>{}, seed));
    CHECK(same_layout(board, fleets::classic, one, UniformPlacer<S>{}, seed));
  }
}

TEST_CASE("spread makes probability need more shots than uniform layouts do (fixed seed)",
          "[spread][probability][band]") {
  const double uniform =
      layout_checks::classic_mean(ProbabilityShooter<S>{}, UniformPlacer<S>{}, 2000);
  const double spread =
      layout_checks::classic_mean(ProbabilityShooter<S>{}, SpreadPlacer<S>{}, 2000);
  INFO("uniform " << uniform << ", spread " << spread);
  // Measured over 10,000 games: about 2.9 shots more; each mean is within +-0.4 here.
  CHECK(spread > uniform + 1.5);
}

TEST_CASE("spread and elusive skip the draws the uniform placer gives up on instead of failing",
          "[spread][elusive]") {
  // The Russian fleet without contact on 10 x 10: rejection finds a layout about once in 10,000
  // attempts. With no budget to count the layouts and 3,000 attempts, the uniform placer gives
  // up on about two calls in five (in milliseconds, where a crowded fleet that the default budget
  // cannot count takes a second a failure). spread and elusive used to fail whenever one of their
  // draws did: with 16 or 256 candidates, nearly always (4 here).
  const Board<S> board;
  const Fleet& crowded = fleets::russian;
  const Touching rule = Touching::no_contact;
  UniformPlacer<S> draws;
  draws.search_budget = 1;
  draws.max_attempts = 3000;
  int uniform_failures = 0;
  for (std::uint64_t seed = 0; seed < 8; ++seed) {
    Ocean<S> uniform(board, crowded, rule);
    Rng uniform_rng(seed);
    const bool placed = draws.place(uniform, uniform_rng);
    if (!placed) ++uniform_failures;
    // One candidate drawn with these settings is the uniform placer, failures included: the
    // placers use the `draws` they are given.
    Ocean<S> single(board, crowded, rule);
    SpreadPlacer<S> one;
    one.candidates = 1;
    one.draws = draws;
    Rng single_rng(seed);
    CHECK(one.place(single, single_rng) == placed);
    Ocean<S> spread(board, crowded, rule);
    SpreadPlacer<S> few;
    few.candidates = 4;
    few.draws = draws;
    Rng spread_rng(seed);
    CHECK(few.place(spread, spread_rng));
    CHECK(legal(spread));
    Ocean<S> elusive(board, crowded, rule);
    ElusivePlacer<S> placer;
    placer.candidates = 4;
    placer.shortlist = 2;
    placer.rehearsals = 1;
    placer.draws = draws;
    Rng elusive_rng(seed);
    CHECK(placer.place(elusive, elusive_rng));
    CHECK(legal(elusive));
  }
  CHECK(uniform_failures > 0); // the case above was met
}

TEST_CASE("spread's score counts a cell of average density as 1, with the densities of the "
          "ocean it scores",
          "[spread]") {
  using Small = DynamicShape<64>;
  // 2 x 2, one ship of 2: every cell is covered by 2 of the 4 placements, so each cell's density
  // is the average, and a layout scores 2 (its two cells).
  const Board<Small> square(Small(2, 2));
  Ocean<Small> two(square, Fleet{{"Destroyer", 'D', 2, 1}});
  REQUIRE(two.place(0, Coord{0, 0}, Orientation::horizontal) == PlacementRefusal::none);
  SpreadPlacer<Small> spread;
  CHECK(spread.score(two) == exactly(2.0));
  // A placer that scored another fleet scores this one as a fresh placer does.
  const Board<Small> board(Small(5, 5));
  Ocean<Small> one(board, Fleet{{"Destroyer", 'D', 2, 1}});
  Ocean<Small> other(board, Fleet{{"Cruiser", 'C', 3, 1}});
  REQUIRE(one.place(0, Coord{0, 0}, Orientation::horizontal) == PlacementRefusal::none);
  REQUIRE(other.place(0, Coord{2, 1}, Orientation::horizontal) == PlacementRefusal::none);
  SpreadPlacer<Small> reused;
  (void)reused.score(one);
  CHECK(reused.score(other) == exactly(SpreadPlacer<Small>{}.score(other)));
}

TEST_CASE("spread keeps the earliest of tied candidates", "[spread]") {
  // One ship of 1 on 3 x 3: every cell has the same density, so every candidate ties and the
  // first, the uniform placer's first draw, is kept.
  using Small = DynamicShape<64>;
  const Board<Small> board(Small(3, 3));
  const Fleet single{{"Submarine", 'S', 1, 1}};
  for (std::uint64_t seed = 0; seed < 10; ++seed) {
    Ocean<Small> spread_ocean(board, single);
    Ocean<Small> uniform_ocean(board, single);
    Rng a(seed);
    Rng b(seed);
    REQUIRE(SpreadPlacer<Small>{}.place(spread_ocean, a));
    REQUIRE(UniformPlacer<Small>{}.place(uniform_ocean, b));
    CHECK(spread_ocean.placement(0).origin == uniform_ocean.placement(0).origin);
  }
}

} // namespace test_spread
