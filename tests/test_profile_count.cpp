// The cell-by-cell layout count (placement/detail/profile_count.hpp): its counts against brute
// force and the memoised count, its draws against the uniform distribution, its budget, and the
// crowded fleets it lets `UniformPlacer` place.
#include "catch_shim.hpp"
#include "layout_checks.hpp"

#include <battleship/layouts.hpp>
#include <battleship/placement/detail/layouts.hpp>
#include <battleship/placement/detail/profile_count.hpp>
#include <battleship/placement/uniform.hpp>

#include <array>
#include <cmath>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace test_profile_count {

using namespace battleship;
using D = DynamicShape<128>;
using Large = DynamicShape<1024>;

namespace {

/// The labelled legal layouts of `ocean`, blocks included, by brute force: the layouts of its
/// fleet on the empty board (`for_each_layout` places ship after ship through `Ocean::place`)
/// that cover no blocked cell.
template <BoardShape Sh>
std::uint64_t brute_count(const Ocean<Sh>& ocean) {
  std::uint64_t n = 0;
  for_each_layout(ocean.board(), ocean.fleet(), ocean.touching(), [&](const Ocean<Sh>& layout) {
    if (!layout.occupied().intersects(ocean.blocked())) ++n;
  });
  return n;
}

/// The cell-by-cell count of `ocean`'s layouts.
template <BoardShape Sh>
std::optional<std::uint64_t> profile_count(const Ocean<Sh>& ocean, long budget = 2'000'000) {
  detail::ProfileCount<Sh> count(ocean, budget);
  return count.run();
}

/// The memoised ship-by-ship count of `ocean`'s layouts.
template <BoardShape Sh>
std::optional<std::uint64_t> memo_count(const Ocean<Sh>& ocean, long budget = 2'000'000) {
  detail::LayoutSearch<Sh> search(ocean, std::make_shared<const detail::OptionTable<Sh>>(ocean),
                                  budget);
  return search.run_count();
}

/// Checks that both counts find the same number of layouts of `ocean`, and that it is not 0.
template <BoardShape Sh>
void check_both_counts_agree(const Ocean<Sh>& ocean) {
  const auto memo = memo_count(ocean);
  REQUIRE(memo.has_value());
  CHECK(*memo > 0);
  CHECK(profile_count(ocean) == memo);
}

/// A layout as a comparable key: each ship's origin cell and orientation, in ship order.
using Key = std::vector<int>;

template <BoardShape Sh>
Key key_of(const Board<Sh>& board, const Placement* placements, int ships) {
  Key key;
  for (int s = 0; s < ships; ++s) {
    key.push_back(static_cast<int>(board.index(placements[s].origin)));
    key.push_back(placements[s].orientation == Orientation::vertical ? 1 : 0);
  }
  return key;
}

} // namespace

TEST_CASE("the cell-by-cell count equals brute force and the memoised count on small boards",
          "[profile_count]") {
  struct Case {
    int rows, cols;
    Fleet fleet;
    std::vector<Coord> blocks;
  };
  const Fleet three_two_one{{"Three", 'T', 3, 1}, {"Two", 'W', 2, 1}, {"One", 'O', 1, 1}};
  const Fleet pairs{{"Two", 'W', 2, 2}, {"One", 'O', 1, 2}};
  const Fleet threes{{"Three", 'T', 3, 3}};
  const Fleet mixed{{"Two", 'W', 2, 1}, {"Pair", 'P', 2, 1}, {"One", 'O', 1, 1}}; // two classes
  const std::vector<Case> cases{
      {3, 5, three_two_one, {}},               // more columns than rows: scanned turned
      {5, 3, three_two_one, {}},               // the same board upright
      {3, 5, three_two_one, {{1, 1}, {0, 4}}}, // blocks
      {5, 3, three_two_one, {{1, 1}, {4, 0}}}, // the same blocks, turned
      {4, 4, pairs, {}},                       // repeated lengths and one-cell ships
      {4, 4, pairs, {{0, 0}, {2, 1}, {3, 3}}}, //
      {1, 7, Fleet{{"Two", 'W', 2, 1}, {"One", 'O', 1, 2}}, {}},         // one line
      {6, 1, Fleet{{"Three", 'T', 3, 1}, {"One", 'O', 1, 1}}, {{2, 0}}}, // one column, a block
      {3, 3, threes, {}},                                          // only when touching is allowed
      {4, 4, mixed, {{1, 1}, {1, 2}, {2, 1}, {2, 2}}},             // a ring
      {3, 3, Fleet{{"Two", 'W', 2, 2}}, {{1, 0}, {1, 1}, {1, 2}}}, // blocks leave two rows of 3
      {2, 2, Fleet{{"One", 'O', 1, 3}}, {}},
  };
  int impossible = 0;
  for (const Case& k : cases)
    for (Touching t : {Touching::allowed, Touching::no_edge_contact, Touching::no_contact}) {
      INFO(k.rows << " x " << k.cols << ", " << k.blocks.size() << " blocks, touching "
                  << to_string(t));
      const Board<D> board(D(k.rows, k.cols));
      Ocean<D> ocean(board, k.fleet, t);
      for (Coord c : k.blocks) ocean.block(c);
      const std::uint64_t expected = brute_count(ocean);
      CHECK(profile_count(ocean) == expected);
      CHECK(memo_count(ocean) == expected);
      impossible += expected == 0 ? 1 : 0;
    }
  CHECK(impossible >= 3); // the list has fleets that cannot fit, so a count of 0 is checked too
}

TEST_CASE("the cell-by-cell count equals brute force on random small situations",
          "[profile_count]") {
  Rng rng(2024);
  const char* names[] = {"A", "B", "C", "D"};
  int checked = 0;
  while (checked < 150) {
    const int rows = 1 + rng.below(5), cols = 1 + rng.below(5);
    Fleet fleet;
    const int classes = 1 + rng.below(3);
    for (int c = 0; c < classes; ++c)
      fleet.add(ShipClass{names[c], static_cast<char>('A' + c),
                          1 + rng.below(std::min(4, std::max(rows, cols))), 1 + rng.below(2)});
    if (fleet.problem(D(rows, cols)) || fleet.ship_count() > 4) continue;
    const auto t = static_cast<Touching>(rng.below(3));
    const Board<D> board(D(rows, cols));
    Ocean<D> ocean(board, fleet, t);
    ocean.block(rng, rng.below(4));
    INFO(rows << " x " << cols << ", " << fleet.ship_count() << " ships, "
              << ocean.blocked().count() << " blocks, touching " << to_string(t));
    const std::uint64_t expected = brute_count(ocean);
    detail::ProfileCount<D> count(ocean, 1'000'000);
    REQUIRE(count.run() == expected);
    CHECK(count.fits() == (expected > 0));
    CHECK(count.can_sample() == (expected > 0));
    for (int draw = 0; draw < 3 && expected > 0; ++draw) {
      std::array<Placement, max_ships> chosen{};
      count.sample(rng, chosen);
      CHECK(layout_checks::legal_placements(ocean, chosen));
    }
    ++checked;
  }
}

TEST_CASE("the cell-by-cell count works on the largest boards and on fixed shapes",
          "[profile_count]") {
  { // 32 x 32: the widest line the library allows, a ship in 2 x 32 x 28 places
    const Board<Large> board(Large(32, 32));
    const Ocean<Large> ocean(board, Fleet{{"Five", 'F', 5, 1}});
    CHECK(profile_count(ocean) == 2 * 32 * 28);
  }
  { // 31 x 33 (turned) and 2 x 500 (1000 lines of 2 cells), against the memoised count
    const Board<Large> wide(Large(31, 33));
    Ocean<Large> ocean(wide, Fleet{{"Four", 'F', 4, 1}, {"One", 'O', 1, 1}},
                       Touching::no_edge_contact);
    Rng rng(3);
    ocean.block(rng, 200);
    check_both_counts_agree(ocean);
    const Board<Large> strip(Large(2, 500));
    const Ocean<Large> pair(strip, Fleet{{"Three", 'T', 3, 2}}, Touching::no_contact);
    check_both_counts_agree(pair);
    CHECK(profile_count(pair) == 978'120u);
  }
  { // a compile-time shape, blocks and all
    Ocean<ClassicShape> ocean(Board<ClassicShape>{},
                              Fleet{{"Cruiser", 'C', 3, 1}, {"Destroyer", 'D', 2, 2}},
                              Touching::no_contact);
    Rng rng(8);
    ocean.block(rng, 40);
    check_both_counts_agree(ocean);
  }
}

TEST_CASE("the cell-by-cell draws give every labelled layout the same chance", "[profile_count]") {
  struct Case {
    int rows, cols;
    Fleet fleet;
    Touching touching;
    std::vector<Coord> blocks;
    std::uint64_t seed;
  };
  // Two ships of one length (the shuffle tells them apart) and one-cell ships, on a board scanned
  // turned (3 x 4) and one scanned upright with a block (4 x 3).
  for (const Case& k :
       {Case{3, 4, Fleet{{"Two", 'W', 2, 2}, {"One", 'O', 1, 1}}, Touching::no_edge_contact, {}, 5},
        Case{4,
             3,
             Fleet{{"Three", 'T', 3, 1}, {"One", 'O', 1, 2}},
             Touching::no_contact,
             {{0, 0}},
             6}}) {
    const Board<D> board(D(k.rows, k.cols));
    Ocean<D> ocean(board, k.fleet, k.touching);
    for (Coord c : k.blocks) ocean.block(c);
    std::map<Key, int> seen;
    for_each_layout(board, k.fleet, k.touching, [&](const Ocean<D>& layout) {
      if (layout.occupied().intersects(ocean.blocked())) return;
      std::vector<Placement> placements;
      for (int s = 0; s < layout.ship_count(); ++s) placements.push_back(layout.placement(s));
      seen[key_of(board, placements.data(), layout.ship_count())] = 0;
    });
    const auto layouts = static_cast<double>(seen.size());
    detail::ProfileCount<D> count(ocean, 100'000);
    REQUIRE(count.run() == seen.size());
    const int draws = static_cast<int>(seen.size()) * 40;
    Rng rng(k.seed);
    for (int d = 0; d < draws; ++d) {
      std::array<Placement, max_ships> chosen{};
      count.sample(rng, chosen);
      const auto it = seen.find(key_of(board, chosen.data(), ocean.ship_count()));
      REQUIRE(it != seen.end()); // only legal layouts
      ++it->second;
    }
    // Pearson's statistic against the uniform: about `layouts` - 1 when fair, thousands when the
    // two ships of one length always took their places in the same order.
    const double expected = draws / layouts;
    double chi2 = 0;
    for (const auto& [layout, n] : seen) chi2 += (n - expected) * (n - expected) / expected;
    CHECK(chi2 < (layouts - 1) + 6 * std::sqrt(2 * (layouts - 1)));
    for (const auto& [layout, n] : seen) CHECK(n > 0);
  }
}

TEST_CASE("the uniform placer places crowded fleets the memoised count cannot count",
          "[profile_count][uniform]") {
  struct Case {
    std::string name;
    int side;
    Fleet fleet;
    Touching touching;
    std::optional<std::uint64_t> count;
  };
  // Ten destroyers without contact on 7 x 7: the memoised count needs 430,331 states (and agrees
  // given them); the cell-by-cell count needs 4,560. 32 one-cell ships without edge contact on
  // 10 x 10: 32! alone exceeds 2^64, so there is no count to report, but the layouts with ships
  // of one length alike can be counted (171,732 states) and drawn.
  for (const Case& k : {Case{"ten destroyers", 7, Fleet{{"Destroyer", 'D', 2, 10}},
                             Touching::no_contact, 1'596'672'000u},
                        Case{"32 one-cell ships", 10, Fleet{{"One", 'O', 1, 32}},
                             Touching::no_edge_contact, std::nullopt}}) {
    INFO(k.name);
    const Board<D> board(D(k.side, k.side));
    Ocean<D> ocean(board, k.fleet, k.touching);
    UniformPlacer<D> placer; // the default budget
    CHECK_FALSE(memo_count(ocean, placer.search_budget).has_value());
    CHECK(placer.layout_count(ocean) == k.count);
    CHECK(placer.fit(ocean) == Fit::fits);
    std::set<Key> layouts;
    for (std::uint64_t seed = 0; seed < 4; ++seed) {
      Rng rng(seed);
      ocean.clear();
      REQUIRE(placer.place(ocean, rng));
      CHECK(layout_checks::legal(ocean));
      const auto placed = layout_checks::layout(ocean);
      layouts.insert(key_of(board, placed.data(), ocean.ship_count()));
    }
    CHECK(layouts.size() == 4);
  }
}

TEST_CASE("the Russian fleet on 7 x 7 without edge contact needs a larger budget, then is placed "
          "every time",
          "[profile_count][uniform]") {
  const Board<D> board(D(7, 7));
  Ocean<D> ocean(board, fleets::russian, Touching::no_edge_contact);
  CHECK_FALSE(UniformPlacer<D>{}.layout_count(ocean).has_value()); // 2,092,689 states needed
  UniformPlacer<D> placer;
  placer.search_budget = 2'500'000;
  CHECK(placer.layout_count(ocean) == 91'221'780'096u); // (7 x 7 no contact: 117,119,232)
  for (std::uint64_t seed = 0; seed < 5; ++seed) {
    Rng rng(seed);
    ocean.clear();
    REQUIRE(placer.place(ocean, rng)); // rejection alone fails about one call in five
    CHECK(layout_checks::legal(ocean));
  }
}

TEST_CASE("the cell-by-cell count gives up past its budget and says so", "[profile_count]") {
  const Board<D> board(D(7, 7));
  const Ocean<D> ocean(board, Fleet{{"Destroyer", 'D', 2, 10}}, Touching::no_contact);
  detail::ProfileCount<D> starved(ocean, 1000);
  CHECK_FALSE(starved.run().has_value());
  CHECK(starved.spent() == 1001);
  CHECK_FALSE(starved.fits().has_value());
  CHECK_FALSE(starved.can_sample());
  detail::ProfileCount<D> fed(ocean, 10'000);
  CHECK(fed.run() == 1'596'672'000u);
  CHECK(fed.spent() <= 10'000);
  UniformPlacer<D> placer;
  placer.search_budget = 1000; // both counts give up...
  CHECK_FALSE(placer.layout_count(ocean).has_value());
  CHECK(placer.fit(ocean) == Fit::fits); // ...while the feasibility search finds a layout at once
  // The caches answer for the budget they were given: the outcome follows the budget alone.
  placer.search_budget = 10'000;
  CHECK(placer.layout_count(ocean) == 1'596'672'000u);
  placer.search_budget = 1000;
  CHECK_FALSE(placer.layout_count(ocean).has_value());
}

TEST_CASE("fit asks the cell-by-cell count when the feasibility search gives up",
          "[profile_count][uniform]") {
  // 22 one-cell ships without edge contact on 6 x 7 (at most 21 fit): the depth-first search
  // gives up even at 3,000,000 states; the cell-by-cell count proves it in 365.
  const Board<D> board(D(6, 7));
  Ocean<D> ocean(board, Fleet{{"One", 'O', 1, 22}}, Touching::no_edge_contact);
  detail::LayoutSearch<D> search(ocean, std::make_shared<const detail::OptionTable<D>>(ocean),
                                 10'000);
  REQUIRE(search.run_fit() == detail::LayoutSearch<D>::Fit::unknown);
  UniformPlacer<D> placer;
  placer.search_budget = 10'000;
  CHECK(placer.fit(ocean) == Fit::cannot_fit);
  UniformPlacer<D> starved;
  starved.search_budget = 100;
  CHECK(starved.fit(ocean) == Fit::unknown); // both give up
  // Eleven destroyers without contact on 7 x 7 need more room than the board has: refused at once
  // (the depth-first search alone gives up), and `place` says so before rejection runs long.
  Ocean<D> crowded(Board<D>(D(7, 7)), Fleet{{"Destroyer", 'D', 2, 11}}, Touching::no_contact);
  UniformPlacer<D> quick;
  quick.search_budget = 1000;
  CHECK(quick.fit(crowded) == Fit::cannot_fit);
  Rng rng(1);
  CHECK_FALSE(quick.place(crowded, rng));
  CHECK(crowded.occupied().none());
}

} // namespace test_profile_count
