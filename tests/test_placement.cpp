#include "catch_shim.hpp"
#include "layout_checks.hpp"

#include <battleship/placement/elusive.hpp>
#include <battleship/placement/fixed.hpp>
#include <battleship/placement/sequential.hpp>
#include <battleship/placement/spread.hpp>
#include <battleship/placement/uniform.hpp>
#include <battleship/strategies/random.hpp>
#include <battleship/strategy.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <set>
#include <string>
#include <thread>
#include <vector>

namespace test_placement {

using namespace battleship;
using S = ClassicShape;
using D = DynamicShape<128>;

static_assert(PlacementStrategy<UniformPlacer<S>, S>);
static_assert(PlacementStrategy<SequentialPlacer<S>, S>);
static_assert(PlacementStrategy<FixedPlacer<S>, S>);
static_assert(PlacementStrategy<UniformPlacer<D>, D>);
static_assert(StoppablePlacementStrategy<UniformPlacer<S>, S>);
static_assert(StoppablePlacementStrategy<SpreadPlacer<S>, S>);
static_assert(StoppablePlacementStrategy<ElusivePlacer<S>, S>);
static_assert(StoppablePlacementStrategy<AnyPlacementStrategy<S>, S>);
static_assert(!StoppablePlacementStrategy<SequentialPlacer<S>, S>); // quick: nothing to stop
static_assert(PlacementStrategy<SequentialPlacer<D>, D>);
static_assert(PlacementStrategy<FixedPlacer<D>, D>);
static_assert(!PlacementStrategy<UniformPlacer<S>, D>, "a placer serves one shape type");
static_assert(!PlacementStrategy<RandomShooter<S>, S>, "a shooter is not a placer");

namespace {

/// A layout as the cells of each ship, in ship order (boards here have at most 64 cells).
using Layout = std::vector<std::uint64_t>;

template <BoardShape Sh>
Layout layout_of(const Ocean<Sh>& ocean) {
  Layout out;
  for (int s = 0; s < ocean.ship_count(); ++s) {
    std::uint64_t cells = 0;
    ocean.board().mask(ocean.placement(s)).for_each([&](std::size_t i) { cells |= 1ULL << i; });
    out.push_back(cells);
  }
  return out;
}

/// Every legal labelled layout, found by trying every origin and orientation of every ship in
/// turn through `Ocean::place` (independent of the placers' own search). A length-1 ship is tried
/// once per cell.
template <BoardShape Sh>
void enumerate(Ocean<Sh>& ocean, int ship, std::map<Layout, double>& out) {
  if (ship == ocean.ship_count()) {
    out[layout_of(ocean)] = 0;
    return;
  }
  for (int r = 0; r < ocean.board().rows(); ++r)
    for (int c = 0; c < ocean.board().cols(); ++c)
      for (Orientation o : {Orientation::horizontal, Orientation::vertical}) {
        if (o == Orientation::vertical && ocean.length(ship) == 1) continue;
        if (ocean.place(ship, Coord{r, c}, o) != PlacementRefusal::none) continue;
        enumerate(ocean, ship + 1, out);
        ocean.unplace(ship);
      }
}

/// Pearson's statistic of `observed` draws against `expected` probabilities (same keys).
double chi_square(const std::map<Layout, double>& expected, const std::map<Layout, int>& observed,
                  int draws) {
  double chi2 = 0;
  for (const auto& [layout, p] : expected) {
    const auto it = observed.find(layout);
    const double seen = it == observed.end() ? 0 : it->second;
    const double want = p * draws;
    chi2 += (seen - want) * (seen - want) / want;
  }
  return chi2;
}

/// A bound the statistic of a correct sampler exceeds with probability far below one in a million
/// (degrees of freedom plus seven standard deviations).
double generous_bound(std::size_t cells) {
  const double dof = static_cast<double>(cells) - 1;
  return dof + 7 * std::sqrt(2 * dof) + 10;
}

/// Draws `draws` layouts with `placer` and counts each (REQUIREs every draw to be legal); the
/// ocean's blocks stay.
template <class Placer>
std::map<Layout, int> draw(Placer& placer, Ocean<D>& ocean, const std::map<Layout, double>& legal,
                           int draws, std::uint64_t seed) {
  std::map<Layout, int> seen;
  Rng rng(seed);
  for (int i = 0; i < draws; ++i) {
    ocean.clear_ships();
    REQUIRE(placer.place(ocean, rng));
    const Layout l = layout_of(ocean);
    if (!legal.count(l)) REQUIRE(legal.count(l) == 1);
    ++seen[l];
  }
  ocean.clear_ships();
  return seen;
}

using layout_checks::legal;

const Fleet two_twos{{"Left", 'L', 2, 1}, {"Right", 'R', 2, 1}};
const Fleet three_two{{"Three", 'T', 3, 1}, {"Two", 'W', 2, 1}};
const Fleet tight{{"Three", 'T', 3, 2}, {"Two", 'W', 2, 2}, {"One", 'O', 1, 2}};

} // namespace

// ---- uniform ------------------------------------------------------------------------------------

TEST_CASE("the uniform placer gives every legal layout the same chance, under each touching rule",
          "[uniform]") {
  struct Case {
    D shape;
    Fleet fleet;
  };
  for (const Case& k : {Case{D(3, 3), two_twos}, Case{D(3, 4), three_two},
                        Case{D(3, 4), Fleet{{"Two", 'W', 2, 2}, {"One", 'O', 1, 1}}}})
    for (Touching t : {Touching::allowed, Touching::no_edge_contact, Touching::no_contact}) {
      const Board<D> board(k.shape);
      Ocean<D> ocean(board, k.fleet, t);
      std::map<Layout, double> legal_layouts;
      enumerate(ocean, 0, legal_layouts);
      for (auto& [layout, p] : legal_layouts) p = 1.0 / static_cast<double>(legal_layouts.size());
      const int draws = static_cast<int>(legal_layouts.size()) * 30;
      for (const bool exact : {false, true}) {
        UniformPlacer<D> placer;
        if (exact) placer.exact_after = 0; // straight to the exact sampler
        CHECK(placer.layout_count(ocean) == legal_layouts.size());
        const auto seen = draw(placer, ocean, legal_layouts, draws, exact ? 7 : 3);
        CHECK(seen.size() == legal_layouts.size());
        CHECK(chi_square(legal_layouts, seen, draws) < generous_bound(legal_layouts.size()));
      }
    }
}

TEST_CASE("the uniformity check tells a biased placer apart", "[uniform][sequential]") {
  // One ship at a time is not uniform: on 3 x 4 the Three's spot decides how many spots the Two
  // has. The same check that passes the uniform placer must fail the sequential one here.
  const Board<D> board(D(3, 4));
  Ocean<D> ocean(board, three_two, Touching::no_contact);
  std::map<Layout, double> legal_layouts;
  enumerate(ocean, 0, legal_layouts);
  for (auto& [layout, p] : legal_layouts) p = 1.0 / static_cast<double>(legal_layouts.size());
  SequentialPlacer<D> sequential;
  const int draws = static_cast<int>(legal_layouts.size()) * 200;
  const auto seen = draw(sequential, ocean, legal_layouts, draws, 11);
  CHECK(chi_square(legal_layouts, seen, draws) > 3 * generous_bound(legal_layouts.size()));
}

TEST_CASE("the uniform placer places a fleet that rejection would almost never place",
          "[uniform]") {
  // Two 3s, two 2s and two 1s on 5 x 5 with no contact: 416 labelled layouts among 4e14 draws
  // of six independent placements, so rejection succeeds once in about three million attempts.
  const Board<D> board(D(5, 5));
  Ocean<D> ocean(board, tight, Touching::no_contact);
  std::map<Layout, double> legal_layouts;
  enumerate(ocean, 0, legal_layouts);
  UniformPlacer<D> placer;
  CHECK(placer.layout_count(ocean) == legal_layouts.size());
  for (std::uint64_t seed = 0; seed < 3; ++seed) {
    Rng rng(seed);
    ocean.clear();
    REQUIRE(placer.place(ocean, rng));
    CHECK(legal_layouts.count(layout_of(ocean)) == 1);
  }
}

TEST_CASE("an impossible fleet is refused quickly and the ocean is left empty", "[uniform]") {
  const Fleet fives{{"Five", 'F', 5, 5}};
  const auto started = std::chrono::steady_clock::now();
  for (Touching t : {Touching::no_edge_contact, Touching::no_contact}) {
    const Board<D> board(D(5, 5));
    Ocean<D> ocean(board, fives, t);
    UniformPlacer<D> placer;
    CHECK(placer.fit(ocean) == Fit::cannot_fit);
    for (std::uint64_t seed = 0; seed < 50; ++seed) {
      Rng rng(seed);
      CHECK_FALSE(placer.place(ocean, rng));
      CHECK(ocean.occupied().none());
    }
  }
  { // The Russian fleet fits its 20 cells in 36 but cannot keep its distance on 6 x 6.
    const Board<D> board(D(6, 6));
    Ocean<D> ocean(board, fleets::russian, Touching::no_contact);
    UniformPlacer<D> placer;
    Rng rng(1);
    CHECK_FALSE(placer.place(ocean, rng));
    CHECK(placer.fit(ocean) == Fit::cannot_fit);
    CHECK(ocean.occupied().none());
  }
  { // Blocks can make a fleet impossible too: only the top row is free.
    const Board<S> board;
    Ocean<S> ocean(board, fleets::classic);
    for (int r = 1; r < 10; ++r)
      for (int c = 0; c < 10; ++c) ocean.block(Coord{r, c});
    UniformPlacer<S> placer;
    Rng rng(2);
    CHECK_FALSE(placer.place(ocean, rng));
    CHECK(ocean.occupied().none());
    CHECK(ocean.blocked().count() == 90); // the blocks stay
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  CHECK(seconds < 5); // generous: well under a second in a sanitizer build
}

TEST_CASE("a uniform placer told to stop gives up after 4,096 attempts, the ocean empty",
          "[uniform][cancel]") {
  const Board<S> board;
  Ocean<S> ocean(board, layout_checks::tiling_fleet);
  // At its default 20 million attempts this draw would take seconds before giving up.
  auto placer =
      layout_checks::starved_on_tiling(UniformPlacer<S>{}, UniformPlacer<S>{}.max_attempts);
  const std::atomic<bool> stop{true};
  Rng stopped(1);
  CHECK_FALSE(placer.place(ocean, stopped, &stop));
  CHECK(ocean.occupied().none());
  // It made exactly the attempts up to the first look at the flag: the generator is where a
  // placer allowed 4,096 attempts leaves it.
  auto short_one = layout_checks::starved_on_tiling(UniformPlacer<S>{}, 4096);
  Rng allowed(1);
  CHECK_FALSE(short_one.place(ocean, allowed));
  CHECK(stopped() == allowed());
}

TEST_CASE("a stop flag that is never set changes no layout", "[uniform][spread][elusive][cancel]") {
  const std::atomic<bool> go{false};
  UniformPlacer<S> uniform;
  SpreadPlacer<S> spread;
  ElusivePlacer<S> elusive;
  AnyPlacementStrategy<S> any = UniformPlacer<S>{};
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    auto same = [&](auto& placer) {
      Ocean<S> plain(Board<S>{}, fleets::classic, Touching::no_contact);
      Ocean<S> watched = plain;
      Rng a(seed);
      Rng b(seed);
      REQUIRE(placer.place(plain, a));
      REQUIRE(placer.place(watched, b, &go));
      return layout_checks::layout(plain) == layout_checks::layout(watched) && a() == b();
    };
    CHECK(same(uniform));
    CHECK(same(spread));
    CHECK(same(elusive));
    CHECK(same(any));
  }
}

TEST_CASE("a search that runs out of its budget says it does not know, and rejection still places",
          "[uniform]") {
  const Board<S> board;
  Ocean<S> ocean(board, fleets::classic);
  UniformPlacer<S> starved;
  starved.search_budget = 1; // the search stops at its second state
  CHECK(starved.fit(ocean) == Fit::unknown);
  CHECK_FALSE(starved.layout_count(ocean).has_value());
  Rng rng(4);
  REQUIRE(starved.place(ocean, rng)); // the classic fleet needs a few rejection attempts only
  CHECK(ocean.all_placed());
  UniformPlacer<S> placer; // with its default budget the same search finds a layout
  CHECK(placer.fit(Ocean<S>(board, fleets::classic)) == Fit::fits);
  starved.search_budget = 300'000; // a raised budget searches again: the "unknown" was not kept
  CHECK(starved.fit(Ocean<S>(board, fleets::classic)) == Fit::fits);
}

TEST_CASE("the uniform placer obeys the touching rule and blocked cells in every layout",
          "[uniform]") {
  UniformPlacer<S> placer;
  layout_checks::for_each_blocked_ocean(300, 99, 20, [&](Ocean<S>& ocean, std::uint64_t seed) {
    const auto blocked = ocean.blocked();
    Rng rng(seed);
    REQUIRE(placer.place(ocean, rng));
    REQUIRE(legal(ocean));
    REQUIRE(!ocean.occupied().intersects(blocked));
  });
}

TEST_CASE("the uniform and sequential placers take off a ship left on the ocean, then lay out "
          "the whole fleet",
          "[uniform][sequential]") {
  // Placed a second time over its old cells, the carrier made 20 cells occupied for a fleet of
  // 17, and its health wrapped below zero once those cells were fired at.
  const auto lay_out = [](auto placer, std::uint64_t seed) {
    Ocean<S> ocean(Board<S>{}, fleets::classic);
    REQUIRE(ocean.place(0, Placement{{0, 0}, Orientation::horizontal, 5}) ==
            PlacementRefusal::none);
    Rng rng(seed);
    REQUIRE(placer.place(ocean, rng));
    return ocean;
  };
  for (std::uint64_t seed = 1; seed <= 50; ++seed) {
    INFO("seed " << seed);
    for (const Ocean<S>& ocean :
         {lay_out(UniformPlacer<S>{}, seed), lay_out(SequentialPlacer<S>{}, seed)}) {
      CHECK(ocean.all_placed());
      CHECK(legal(ocean));
      CHECK(ocean.occupied().count() == 17);
    }
    // The same layout as from an empty ocean: the ship left there counts for nothing.
    Ocean<S> from_empty(Board<S>{}, fleets::classic);
    Rng rng(seed);
    REQUIRE(UniformPlacer<S>{}.place(from_empty, rng));
    CHECK(lay_out(UniformPlacer<S>{}, seed) == from_empty);
  }
}

TEST_CASE("a layout depends only on the seed, never on what a placer has cached", "[uniform]") {
  // A tight fleet, and a crowded one that only the cell-by-cell count can count (ten destroyers:
  // 1,596,672,000 layouts; the memoised count would need 430,331 states).
  struct Case {
    D shape;
    Fleet fleet;
  };
  for (const Case& k : {Case{D(5, 5), tight}, Case{D(7, 7), Fleet{{"Destroyer", 'D', 2, 10}}}}) {
    const Board<D> board(k.shape);
    Ocean<D> ocean(board, k.fleet, Touching::no_contact);
    UniformPlacer<D> warm;
    warm.exact_after = 0; // straight to the exact sampler
    std::set<Layout> drawn;
    for (std::uint64_t seed = 0; seed < 20; ++seed) {
      UniformPlacer<D> cold = warm; // shares the caches built so far...
      UniformPlacer<D> fresh;       // ...or none at all
      fresh.exact_after = 0;
      Rng a(seed), b(seed), c(seed);
      ocean.clear();
      REQUIRE(warm.place(ocean, a));
      const Layout first = layout_of(ocean);
      ocean.clear();
      REQUIRE(fresh.place(ocean, b));
      CHECK(layout_of(ocean) == first);
      ocean.clear();
      REQUIRE(cold.place(ocean, c));
      CHECK(layout_of(ocean) == first);
      drawn.insert(first);
    }
    CHECK(drawn.size() > 10); // and the seeds do matter
  }
}

TEST_CASE("copies of a uniform placer share what they count, whenever they were made",
          "[uniform]") {
  // Ten destroyers without contact on 7 x 7: rejection succeeds about once in 10^10 attempts,
  // so `place` counts the layouts (4,560 states) and draws from the count.
  const Board<D> board(D(7, 7));
  Ocean<D> ocean(board, Fleet{{"Destroyer", 'D', 2, 10}}, Touching::no_contact);
  UniformPlacer<D> original;
  const UniformPlacer<D> stranger;
  UniformPlacer<D> copy = original; // made before anything was counted
  CHECK_FALSE(original.has_counted(ocean));
  Rng rng(3);
  REQUIRE(copy.place(ocean, rng));
  CHECK(copy.has_counted(ocean));
  CHECK(original.has_counted(ocean)); // the copy's count serves the original...
  const UniformPlacer<D> later = original;
  CHECK(later.has_counted(ocean)); // ...and copies made since
  CHECK_FALSE(stranger.has_counted(ocean));
  ocean.clear();
  ocean.block(Coord{0, 0});
  CHECK_FALSE(original.has_counted(ocean)); // another situation is counted again
  UniformPlacer<D> frugal = original;
  frugal.search_budget = 100'000;
  ocean.unblock();
  CHECK_FALSE(frugal.has_counted(ocean)); // and so is another budget
}

TEST_CASE("a count the stop flag cut short is not kept, and the next placement counts afresh",
          "[uniform][cancel]") {
  const Board<D> board(D(7, 7));
  Ocean<D> ocean(board, Fleet{{"Destroyer", 'D', 2, 10}}, Touching::no_contact);
  UniformPlacer<D> placer;
  placer.exact_after = 0; // straight to the counts (4,560 states cell by cell, 430,331 memoised)
  const std::atomic<bool> stop{true};
  Rng stopped(5);
  CHECK_FALSE(placer.place(ocean, stopped, &stop));
  CHECK(ocean.occupied().none());
  CHECK_FALSE(placer.has_counted(ocean)); // a count cut short would claim no layout could be drawn
  Rng rng(6);
  REQUIRE(placer.place(ocean, rng));
  CHECK(placer.has_counted(ocean));
  const auto drawn = layout_of(ocean);
  UniformPlacer<D> fresh;
  fresh.exact_after = 0;
  Rng same(6);
  ocean.clear();
  REQUIRE(fresh.place(ocean, same));
  CHECK(layout_of(ocean) == drawn);
}

TEST_CASE("where the cell-by-cell count runs out, the exact sampler draws uniformly from the "
          "memoised count",
          "[uniform]") {
  // Two ships on small boards: the memoised count needs at most a few dozen states, the
  // cell-by-cell count well over a hundred, so a budget of 40 leaves the memoised one alone.
  struct Case {
    D shape;
    Fleet fleet;
    Touching touching;
    std::vector<Coord> blocks;
  };
  for (const Case& k : {Case{D(3, 4), three_two, Touching::allowed, {}},
                        Case{D(3, 4), three_two, Touching::no_edge_contact, {}},
                        Case{D(3, 4), three_two, Touching::no_contact, {}},
                        Case{D(3, 4), three_two, Touching::allowed, {{1, 1}}},
                        Case{D(3, 3), two_twos, Touching::allowed, {}}}) {
    INFO(k.shape.rows() << " x " << k.shape.cols() << ", touching " << to_string(k.touching) << ", "
                        << k.blocks.size() << " blocks");
    const Board<D> board(k.shape);
    Ocean<D> ocean(board, k.fleet, k.touching);
    for (const Coord c : k.blocks) ocean.block(c);
    std::map<Layout, double> legal_layouts;
    enumerate(ocean, 0, legal_layouts);
    for (auto& [layout, p] : legal_layouts) p = 1.0 / static_cast<double>(legal_layouts.size());
    UniformPlacer<D> placer;
    placer.exact_after = 0; // straight to the exact sampler
    placer.search_budget = 40;
    detail::ProfileCount<D> cells(ocean, placer.search_budget);
    REQUIRE_FALSE(cells.run().has_value()); // the cell-by-cell count gives up...
    REQUIRE(placer.layout_count(ocean) == legal_layouts.size()); // ...the memoised one counts
    const int draws = static_cast<int>(legal_layouts.size()) * 30;
    const auto seen = draw(placer, ocean, legal_layouts, draws, 13);
    CHECK(seen.size() == legal_layouts.size());
    CHECK(chi_square(legal_layouts, seen, draws) < generous_bound(legal_layouts.size()));
  }
}

TEST_CASE("layouts too many for 64 bits are left to rejection when the exact sampler is asked "
          "first",
          "[uniform]") {
  // Twenty one-cell ships on 10 x 10: C(100, 20) > 2^64 layouts even with the ships alike, so no
  // count can draw one; rejection places them (one attempt in about eight succeeds).
  const Board<D> board(D(10, 10));
  Ocean<D> ocean(board, Fleet{{"One", 'O', 1, 20}});
  UniformPlacer<D> exact_first;
  exact_first.exact_after = 0;
  CHECK_FALSE(exact_first.layout_count(ocean).has_value());
  CHECK(exact_first.fit(ocean) == Fit::fits);
  UniformPlacer<D> rejection; // the default: rejection for the first 100,000 attempts
  std::vector<std::vector<Placement>> drawn; // (100 cells: too many for a `Layout`)
  for (std::uint64_t seed = 0; seed < 5; ++seed) {
    Rng a(seed), b(seed);
    ocean.clear();
    REQUIRE(exact_first.place(ocean, a));
    CHECK(legal(ocean));
    const auto first = layout_checks::layout(ocean);
    ocean.clear();
    REQUIRE(rejection.place(ocean, b));
    CHECK(layout_checks::layout(ocean) == first); // the count drew nothing: the same draws
    CHECK(std::count(drawn.begin(), drawn.end(), first) == 0);
    drawn.push_back(first);
  }
}

// ---- sequential ---------------------------------------------------------------------------------

namespace {
/// The sequential placer's distribution, from its definition: ship after ship uniformly among the
/// spots left, dead ends discarded (restarted) and the rest renormalised.
void sequential_chances(Ocean<D>& ocean, int ship, double p, std::map<Layout, double>& out) {
  if (ship == ocean.ship_count()) {
    out[layout_of(ocean)] += p;
    return;
  }
  std::vector<Placement> spots;
  for (int r = 0; r < ocean.board().rows(); ++r)
    for (int c = 0; c < ocean.board().cols(); ++c)
      for (Orientation o : {Orientation::horizontal, Orientation::vertical}) {
        if (o == Orientation::vertical && ocean.length(ship) == 1) continue;
        if (ocean.check_place(ship, Coord{r, c}, o) == PlacementRefusal::none)
          spots.push_back(Placement{Coord{r, c}, o, ocean.length(ship)});
      }
  for (const Placement& spot : spots) {
    REQUIRE(ocean.place(ship, spot) == PlacementRefusal::none);
    sequential_chances(ocean, ship + 1, p / static_cast<double>(spots.size()), out);
    ocean.unplace(ship);
  }
}
} // namespace

TEST_CASE("the sequential placer draws each ship uniformly among the spots left, restarting at "
          "dead ends",
          "[sequential]") {
  struct Case {
    D shape;
    Fleet fleet;
    Touching touching;
  };
  for (const Case& k :
       {Case{D(3, 4), three_two, Touching::no_contact}, Case{D(3, 3), two_twos, Touching::allowed},
        Case{D(4, 4), Fleet{{"Three", 'T', 3, 1}, {"Two", 'W', 2, 1}, {"One", 'O', 1, 1}},
             Touching::no_edge_contact}}) {
    const Board<D> board(k.shape);
    Ocean<D> ocean(board, k.fleet, k.touching);
    std::map<Layout, double> chances;
    sequential_chances(ocean, 0, 1.0, chances);
    double finished = 0;
    for (const auto& [layout, p] : chances) finished += p;
    for (auto& [layout, p] : chances) p /= finished; // restarts renormalise
    SequentialPlacer<D> placer;
    const int draws = static_cast<int>(chances.size()) * 60;
    const auto seen = draw(placer, ocean, chances, draws, 5);
    CHECK(seen.size() == chances.size());
    CHECK(chi_square(chances, seen, draws) < generous_bound(chances.size()));
  }
}

TEST_CASE("the sequential placer places ships in fleet order and restarts when one has no spot",
          "[sequential]") {
  // 1 x 5 with a Two then a Three: the Two must take an end, else the Three has no spot.
  const Board<D> board(D(1, 5));
  Ocean<D> ocean(board, Fleet{{"Two", 'W', 2, 1}, {"Three", 'T', 3, 1}});
  SequentialPlacer<D> placer;
  int left = 0;
  for (std::uint64_t seed = 0; seed < 400; ++seed) {
    Rng rng(seed);
    ocean.clear();
    REQUIRE(placer.place(ocean, rng));
    const Coord two = ocean.placement(0).origin;
    REQUIRE((two.col == 0 || two.col == 3));
    left += two.col == 0 ? 1 : 0;
  }
  CHECK(left > 140); // 200 expected, standard deviation 10
  CHECK(left < 260);
}

TEST_CASE("the sequential placer gives up on an impossible fleet with the ocean empty",
          "[sequential]") {
  const Board<D> board(D(5, 5));
  Ocean<D> ocean(board, Fleet{{"Five", 'F', 5, 5}}, Touching::no_contact);
  SequentialPlacer<D> placer;
  Rng rng(3);
  CHECK_FALSE(placer.place(ocean, rng));
  CHECK(ocean.occupied().none());
}

TEST_CASE("the sequential placer obeys the touching rule and blocks", "[sequential]") {
  const Board<S> board;
  Ocean<S> ocean(board, fleets::russian, Touching::no_contact);
  Rng blocks(4);
  ocean.block(blocks, 10);
  SequentialPlacer<S> placer;
  for (std::uint64_t seed = 0; seed < 300; ++seed) {
    Rng rng(seed);
    for (int s = 0; s < ocean.ship_count(); ++s) ocean.unplace(s);
    REQUIRE(placer.place(ocean, rng));
    REQUIRE(legal(ocean));
  }
}

// ---- fixed --------------------------------------------------------------------------------------

namespace {
std::vector<ShipPlacement> classic_layout() {
  return {{0, {{0, 0}, Orientation::horizontal, 5}},
          {1, {{2, 0}, Orientation::vertical, 4}},
          {2, {{9, 7}, Orientation::horizontal, 3}},
          {3, {{4, 9}, Orientation::vertical, 3}},
          {4, {{6, 4}, Orientation::horizontal, 2}}};
}
} // namespace

TEST_CASE("the fixed placer places exactly the given layout and leaves the generator alone",
          "[fixed]") {
  const Board<S> board;
  Ocean<S> ocean(board, fleets::classic, Touching::no_contact);
  FixedPlacer<S> placer(classic_layout());
  Rng rng(8);
  const Rng before = rng;
  REQUIRE(placer.place(ocean, rng));
  CHECK(rng == before);
  CHECK(placer.last_refusal().empty());
  CHECK(placer.last_reason() == PlacementRefusal::none);
  for (const auto& entry : classic_layout()) CHECK(ocean.placement(entry.ship) == entry.placement);
}

TEST_CASE("the fixed placer refuses an illegal layout, says which entry and why, and places "
          "nothing",
          "[fixed]") {
  const Board<S> board;
  Rng rng(1);
  struct Case {
    std::vector<ShipPlacement> layout;
    Touching touching;
    PlacementRefusal reason;
    std::string text;
  };
  auto with = [](int index, ShipPlacement entry) {
    auto layout = classic_layout();
    layout[static_cast<std::size_t>(index)] = entry;
    return layout;
  };
  auto without = [](int index) {
    auto layout = classic_layout();
    layout.erase(layout.begin() + index);
    return layout;
  };
  auto twice = classic_layout();
  twice.push_back(twice[2]);
  const std::vector<Case> cases = {
      {with(4, {4, {{0, 3}, Orientation::vertical, 2}}), Touching::allowed,
       PlacementRefusal::overlap,
       "Destroyer (ship 4) at row 0, column 3, down, length 2: the ship would overlap another "
       "ship"},
      {with(4, {4, {{1, 5}, Orientation::horizontal, 2}}), Touching::no_contact,
       PlacementRefusal::touching,
       "Destroyer (ship 4) at row 1, column 5, across, length 2: the ship would touch another "
       "ship, which the rules forbid"},
      {with(4, {4, {{1, 5}, Orientation::horizontal, 2}}), Touching::allowed,
       PlacementRefusal::none, ""},
      {with(2, {2, {{9, 8}, Orientation::horizontal, 3}}), Touching::allowed,
       PlacementRefusal::off_board,
       "Cruiser (ship 2) at row 9, column 8, across, length 3: the ship would lie partly off the "
       "board"},
      {with(3, {3, {{4, 9}, Orientation::vertical, 4}}), Touching::allowed,
       PlacementRefusal::wrong_length,
       "Submarine (ship 3) at row 4, column 9, down, length 4: the placement's length is not the "
       "ship's length"},
      {with(3, {7, {{4, 9}, Orientation::vertical, 3}}), Touching::allowed,
       PlacementRefusal::unknown_ship,
       "ship 7 at row 4, column 9, down, length 3: the fleet has no ship with that id"},
      {twice, Touching::allowed, PlacementRefusal::already_placed,
       "Cruiser (ship 2) at row 9, column 7, across, length 3: the layout lists that ship twice"},
      {without(1), Touching::allowed, PlacementRefusal::not_placed,
       "Battleship (ship 1) has no placement in the layout"},
  };
  for (const Case& k : cases) {
    Ocean<S> ocean(board, fleets::classic, k.touching);
    FixedPlacer<S> placer(k.layout);
    const bool placed = placer.place(ocean, rng);
    CHECK(placed == (k.reason == PlacementRefusal::none));
    CHECK(placer.last_reason() == k.reason);
    CHECK(placer.last_refusal() == k.text);
    if (!placed) CHECK(ocean.occupied().none());
  }
}

TEST_CASE("the fixed placer refuses a layout over a blocked cell", "[fixed]") {
  const Board<S> board;
  Ocean<S> ocean(board, fleets::classic);
  ocean.block(Coord{6, 5});
  FixedPlacer<S> placer(classic_layout());
  Rng rng(1);
  CHECK_FALSE(placer.place(ocean, rng));
  CHECK(placer.last_reason() == PlacementRefusal::blocked);
  CHECK(ocean.occupied().none());
  CHECK(ocean.blocked().count() == 1);
}

// The placers that keep one of several uniform layouts: whatever they prefer, they stay
// unpredictable, and they refuse what the uniform placer refuses.
TEMPLATE_TEST_CASE("a choosing placer stays unpredictable: every cell holds a ship in some layout",
                   "[spread][elusive]", SpreadPlacer<S>, ElusivePlacer<S>) {
  const auto v = layout_checks::variety(Board<S>{}, fleets::classic, TestType{}, 400);
  CHECK(v.every_cell_used);
  CHECK(v.distinct == 400);
}

TEMPLATE_TEST_CASE("a choosing placer refuses an impossible fleet with the ocean empty",
                   "[spread][elusive]", SpreadPlacer<D>, ElusivePlacer<D>) {
  CHECK(layout_checks::refuses_impossible_fleet<D>(TestType{}));
}

TEMPLATE_TEST_CASE("a choosing placer stops drawing once its first eight draws have all failed",
                   "[spread][elusive]", SpreadPlacer<S>, ElusivePlacer<S>) {
  // Each failed draw costs the uniform placer all its attempts (seconds at the default): a
  // placer that went on through its 16 or 256 candidates took minutes to give up.
  TestType placer;
  placer.draws = layout_checks::starved_on_tiling(UniformPlacer<S>{}, 1000);
  auto uniform = layout_checks::starved_on_tiling(UniformPlacer<S>{}, 1000);
  Ocean<S> ocean(Board<S>{}, layout_checks::tiling_fleet);
  Rng choosing(2);
  CHECK_FALSE(placer.place(ocean, choosing));
  CHECK(ocean.occupied().none());
  Rng eight(2);
  for (int draw = 0; draw < 8; ++draw) CHECK_FALSE(uniform.place(ocean, eight));
  CHECK(choosing() == eight()); // eight draws, not one more
}

TEMPLATE_TEST_CASE("a choosing placer told to stop draws nothing and places nothing",
                   "[spread][elusive][cancel]", SpreadPlacer<S>, ElusivePlacer<S>) {
  TestType placer;
  Ocean<S> ocean(Board<S>{}, fleets::classic);
  const std::atomic<bool> stop{true};
  Rng rng(3);
  CHECK_FALSE(placer.place(ocean, rng, &stop));
  CHECK(ocean.occupied().none());
  Rng untouched(3);
  CHECK(rng() == untouched());
}

TEMPLATE_TEST_CASE("a choosing placer stopped after it found layouts keeps none of them",
                   "[spread][elusive][cancel]", SpreadPlacer<S>, ElusivePlacer<S>) {
  // Drawing without end (a draw takes microseconds), stopped 50 ms in by another thread: a run
  // being cancelled must not be handed the best layout found so far.
  TestType placer;
  placer.candidates = std::numeric_limits<int>::max();
  Ocean<S> ocean(Board<S>{}, fleets::classic);
  std::atomic<bool> stop{false};
  std::thread stopper([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    stop = true;
  });
  Rng rng(4);
  const auto started = std::chrono::steady_clock::now();
  const bool placed = placer.place(ocean, rng, &stop);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  stopper.join();
  CHECK_FALSE(placed);
  CHECK(ocean.occupied().none());
  for (int ship = 0; ship < ocean.ship_count(); ++ship) CHECK_FALSE(ocean.is_placed(ship));
  CHECK(seconds < 10); // generous: it stops within a draw, or before the next rehearsal
}

TEST_CASE("when the depth-first search gives up, the cell-by-cell count's verdict is fit's",
          "[placement]") {
  // 22 one-cell ships without edge contact on 6 x 7: at most 21 cells pairwise apart, so none
  // fits. The depth-first search gives up within this budget; the count decides (from the
  // mutation audit: its verdict, inverted, passed every test).
  const Board<D> board(D(6, 7));
  Ocean<D> crowded(board, Fleet{{"Sub", 'S', 1, 22}}, Touching::no_edge_contact);
  UniformPlacer<D> placer;
  placer.search_budget = 2'000;
  CHECK(placer.fit(crowded) == Fit::cannot_fit);
  // 21 ships fit (one colour of the checkerboard).
  Ocean<D> roomy(board, Fleet{{"Sub", 'S', 1, 21}}, Touching::no_edge_contact);
  CHECK(placer.fit(roomy) == Fit::fits);
}

} // namespace test_placement
