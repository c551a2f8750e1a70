#include "catch_shim.hpp"
#include "small_boards.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <set>
#include <vector>

#include <battleship/ocean.hpp>
#include <battleship/placement/uniform.hpp>
#include <battleship/simulate.hpp>
#include <battleship/strategies/bayes.hpp>
#include <battleship/strategies/random.hpp>

namespace test_bayes {

using namespace battleship;
using small_boards::Observed;

namespace {

const Fleet fleet_32{{"Cruiser", 'C', 3, 1}, {"Destroyer", 'D', 2, 1}};
const Fleet fleet_221{{"Destroyer", 'D', 2, 2}, {"Sub", 'S', 1, 1}};
const Fleet fleet_322{{"Cruiser", 'C', 3, 1}, {"Destroyer", 'D', 2, 2}};
const Fleet fleet_2111{{"Destroyer", 'D', 2, 1}, {"Boat", 'B', 1, 3}};

/// For many observation states (random and bayes-driven shots against random layouts), checks the
/// shooter's posterior against brute force: exactly when it counts, within `tolerance` when it
/// samples. Returns the number of states checked.
template <BoardShape S>
int check_posterior(const Board<S>& board, const Fleet& fleet, const Rules& rules,
                    BayesShooter<S> bayes, double tolerance, int states, std::uint64_t seed) {
  const auto all = small_boards::all_layouts(board, fleet, rules.touching);
  REQUIRE(!all.empty());
  Rng rng(seed);
  TargetView<S> view(board, fleet, rules);
  int checked = 0;
  for (int n = 0; n < states; ++n) {
    auto ocean = small_boards::ocean_of(
        board, fleet, rules.touching,
        all[static_cast<std::size_t>(rng.below(static_cast<int>(all.size())))]);
    const int shots = 1 + rng.below(board.cells() - 1);
    std::vector<Observed> seen;
    if (n % 2 == 0) {
      RandomShooter<S> random;
      seen = small_boards::play_some(ocean, view, random, rng, shots);
    } else {
      BayesShooter<S> driver;
      seen = small_boards::play_some(ocean, view, driver, rng, shots);
    }
    if (ocean.all_sunk()) continue; // the game is over: nothing left to decide
    const auto truth = small_boards::cover_counts(board, fleet, rules, all, seen);
    REQUIRE(truth.layouts > 0);
    BayesShooter<S> shooter = bayes;
    shooter.start(view);
    for (const Observed& o : seen) shooter.on_result(view, o.cell, o.told);
    shooter.update(view, rng);
    for (int i = 0; i < board.cells(); ++i) {
      const Coord c = board.coord(static_cast<std::size_t>(i));
      const double expected = static_cast<double>(truth.cover[static_cast<std::size_t>(i)]) /
                              static_cast<double>(truth.layouts);
      if (tolerance == 0) {
        REQUIRE(shooter.exact());
        REQUIRE(shooter.layouts() == static_cast<double>(truth.layouts));
        REQUIRE(shooter.probability(c) == exactly(expected));
      } else {
        REQUIRE(std::abs(shooter.probability(c) - expected) <= tolerance);
      }
    }
    ++checked;
  }
  return checked;
}

template <BoardShape S>
void check_every_rule(const Board<S>& board, const Fleet& fleet, double tolerance, int states,
                      BayesShooter<S> bayes) {
  small_boards::for_each_rule([&](const Rules& rules, std::uint64_t) {
    // Seeded as before the rules loop was shared, so the same states are checked.
    const auto seed = static_cast<std::uint64_t>(rules.touching) * 7 +
                      static_cast<std::uint64_t>(rules.disclosure);
    CHECK(check_posterior(board, fleet, rules, bayes, tolerance, states, seed) > states / 4);
  });
}

/// Plays `bayes` against a uniform layout of the Russian fleet (generator `Rng(game)`). Before
/// each move, after the update, `before_move(bayes, view, rng)` may name the move it expects.
template <class BeforeMove>
void play_russian_game(const Rules& rules, std::uint64_t game, BayesShooter<ClassicShape> bayes,
                       BeforeMove before_move) {
  using S = ClassicShape;
  const Board<S> board;
  Ocean<S> ocean(board, fleets::russian, rules.touching);
  Rng rng(game);
  REQUIRE(UniformPlacer<S>{}.place(ocean, rng));
  TargetView<S> view(board, fleets::russian, rules);
  bayes.start(view);
  while (!ocean.all_sunk()) {
    REQUIRE(view.shots_fired() < board.cells());
    bayes.update(view, rng);
    const std::optional<Coord> expected = before_move(bayes, view, rng);
    const Coord c = bayes.next_shot(view, rng);
    if (expected) REQUIRE(c == *expected);
    REQUIRE(view.is_open(c));
    const ShotOutcome told = disclose(ocean.fire(c), rules.disclosure);
    view.record(c, told);
    bayes.on_result(view, c, told);
  }
}

} // namespace

TEST_CASE("bayes's exact posterior equals brute-force layout counts on small boards",
          "[bayes][posterior]") {
  SECTION("4 x 4, ships of 3 and 2") {
    check_every_rule(Board<FixedShape<4, 4>>{}, fleet_32, 0.0, 40,
                     BayesShooter<FixedShape<4, 4>>{});
  }
  SECTION("4 x 4, two ships of 2 and one of 1 (same-length ships, single-cell sinkings)") {
    check_every_rule(Board<FixedShape<4, 4>>{}, fleet_221, 0.0, 40,
                     BayesShooter<FixedShape<4, 4>>{});
  }
  SECTION("5 x 4, ships of 3, 2 and 2") {
    check_every_rule(Board<FixedShape<5, 4>>{}, fleet_322, 0.0, 24,
                     BayesShooter<FixedShape<5, 4>>{});
  }
  SECTION("4 x 4, a ship of 2 and three of 1 (counted once per set of interchangeable ships)") {
    check_every_rule(Board<FixedShape<4, 4>>{}, fleet_2111, 0.0, 24,
                     BayesShooter<FixedShape<4, 4>>{});
  }
}

TEST_CASE("bayes's sampled posterior is close to brute-force counts when counting is disabled",
          "[bayes][posterior]") {
  BayesShooter<FixedShape<5, 4>> sampled;
  sampled.exact_budget = 0; // never count: importance sampling only
  sampled.samples = 6000;
  check_every_rule(Board<FixedShape<5, 4>>{}, fleet_322, 0.04, 6, sampled);
  BayesShooter<FixedShape<4, 4>> merged; // the interchangeable ships' weights, sampled
  merged.exact_budget = 0;
  merged.samples = 6000;
  check_every_rule(Board<FixedShape<4, 4>>{}, fleet_2111, 0.04, 6, merged);
}

TEST_CASE("bayes keeps finding layouts when the Russian fleet's sinkings name no ship",
          "[bayes][posterior]") {
  // Ten ships of four lengths, sunk unnamed: sampling that tried every ship of a length on every
  // sinking missed all layouts about once a game near the end, and bayes played blind there.
  for (const Disclosure disclosure : {Disclosure::hit_and_sunk, Disclosure::hit_only}) {
    const Rules rules{.disclosure = disclosure};
    int lost_moves = 0;
    int moves = 0;
    for (std::uint64_t game = 0; game < 3; ++game)
      play_russian_game(rules, game, BayesShooter<ClassicShape>{},
                        [&](const auto& bayes, const auto&, Rng&) -> std::optional<Coord> {
                          lost_moves += bayes.lost() ? 1 : 0;
                          ++moves;
                          return std::nullopt;
                        });
    CHECK(moves > 3 * 20);
    CHECK(lost_moves == 0);
  }
}

TEST_CASE("bayes breaks ties toward the cell whose open neighbours are least likely",
          "[bayes][ties]") {
  // 1 x 5 with one ship of 2: placements 01, 12, 23, 34. Cells 1, 2 and 3 are each covered by two
  // of them; 1 and 3 have neighbours weighing 1 + 2, cell 2 has 2 + 2. The first shot is 1 or 3,
  // drawn between them, never 2.
  using L = FixedShape<1, 5>;
  const Board<L> board;
  const Fleet fleet{{"Destroyer", 'D', 2, 1}};
  TargetView<L> view(board, fleet, rulesets::classic);
  int ones = 0, threes = 0;
  for (std::uint64_t seed = 0; seed < 40; ++seed) {
    BayesShooter<L> bayes;
    bayes.start(view);
    Rng rng(seed);
    const Coord first = bayes.next_shot(view, rng);
    CHECK((first == Coord{0, 1} || first == Coord{0, 3}));
    ones += first == Coord{0, 1};
    threes += first == Coord{0, 3};
  }
  CHECK(ones > 5);
  CHECK(threes > 5);
  // After a miss at 1 only 23 and 34 are left: cell 3 is covered by both, so it is next whatever
  // the neighbours weigh.
  view.record({0, 1}, ShotOutcome{ShotResult::miss, -1, ShotRefusal::none});
  BayesShooter<L> bayes;
  bayes.start(view);
  bayes.on_result(view, {0, 1}, ShotOutcome{ShotResult::miss, -1, ShotRefusal::none});
  Rng rng(1);
  CHECK(bayes.next_shot(view, rng) == Coord{0, 3});
}

TEST_CASE("bayes's every single shot on an exact posterior is its rule's choice, by brute force",
          "[bayes][ties]") {
  // The documented rule on brute-force counts: the open cells within tie_tolerance of the
  // likeliest, of them the ones whose open edge neighbours hold the fewest layouts (a shot
  // neighbour holds nothing: a hit beside a cell is no reason to avoid it), drawn uniformly.
  using D = DynamicShape<128>;
  const Board<D> board(D(4, 4));
  int checked = 0, with_shot_neighbours = 0;
  small_boards::for_each_rule([&](const Rules& rules, std::uint64_t key) {
    const auto all = small_boards::all_layouts(board, fleet_32, rules.touching);
    Rng rng(key);
    TargetView<D> view(board, fleet_32, rules);
    for (int n = 0; n < 12; ++n) {
      auto ocean = small_boards::ocean_of(
          board, fleet_32, rules.touching,
          all[static_cast<std::size_t>(rng.below(static_cast<int>(all.size())))]);
      BayesShooter<D> driver;
      const auto seen = small_boards::play_some(ocean, view, driver, rng, rng.below(8));
      if (ocean.all_sunk()) continue;
      const auto truth = small_boards::cover_counts(board, fleet_32, rules, all, seen);
      const auto cover = [&](std::size_t c) {
        return view.is_open(board.coord(c)) ? static_cast<double>(truth.cover[c]) : 0.0;
      };
      const auto cells = static_cast<std::size_t>(board.cells());
      const auto cols = static_cast<std::size_t>(board.cols());
      const auto shot = [&](std::size_t c) { return view.is_open(board.coord(c)) ? 0 : 1; };
      double top = 0;
      for (std::size_t c = 0; c < cells; ++c) top = std::max(top, cover(c));
      const double floor = top * (1 - BayesShooter<D>{}.tie_tolerance) * (1 - 1e-12);
      double least = 1e300;
      std::set<std::size_t> expected;
      bool beside_a_shot = false;
      for (std::size_t c = 0; c < cells; ++c) {
        if (!view.is_open(board.coord(c)) || cover(c) < floor) continue;
        const double around = detail::edge_neighbour_sum(c, cols, cells, cover);
        beside_a_shot |= detail::edge_neighbour_sum(c, cols, cells, shot) > 0;
        if (around < least * (1 - 1e-12)) expected.clear();
        if (around <= least * (1 + 1e-12)) {
          least = std::min(least, around);
          expected.insert(c);
        }
      }
      std::set<std::size_t> chosen; // enough draws that each tied cell is all but sure to come
      for (std::uint64_t seed = 0; seed < 24 * expected.size(); ++seed) {
        BayesShooter<D> bayes;
        bayes.start(view);
        for (const Observed& o : seen) bayes.on_result(view, o.cell, o.told);
        Rng draw(seed);
        chosen.insert(board.index(bayes.next_shot(view, draw)));
        REQUIRE(bayes.exact());
      }
      INFO(to_string(rules.touching)
           << ", " << to_string(rules.disclosure) << ", " << seen.size() << " shots");
      CHECK(chosen == expected);
      ++checked;
      with_shot_neighbours += beside_a_shot && expected.size() < cells;
    }
  });
  CHECK(checked > 60);
  CHECK(with_shot_neighbours > 20);
}

TEST_CASE("bayes's tie tolerances decide which cells count as tied and who wins the ties",
          "[bayes][ties]") {
  // 1 x 6 with one ship of 3: placements 012, 123, 234, 345 cover the cells 1, 2, 3, 3, 2, 1
  // times (the density counts). Exact ties only: cells 2 and 3. Within 40 percent: cells 1 to 4,
  // of which 1 and 4 have the lighter neighbours (1 + 3 against 2 + 3). Hunting on samples (no
  // exact count allowed), those near-ties go to the largest density count instead: 2 or 3.
  using L = FixedShape<1, 6>;
  const Board<L> board;
  const Fleet fleet{{"Cruiser", 'C', 3, 1}};
  const TargetView<L> view(board, fleet, rulesets::classic);
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    BayesShooter<L> bayes;
    bayes.tie_tolerance = 0;
    bayes.start(view);
    Rng rng(seed);
    const Coord exact = bayes.next_shot(view, rng);
    CHECK((exact == Coord{0, 2} || exact == Coord{0, 3}));
    bayes.tie_tolerance = bayes.hunt_tolerance = 0.4;
    bayes.start(view);
    const Coord loose = bayes.next_shot(view, rng);
    REQUIRE(bayes.exact()); // the hunting rule is for sampled estimates only
    CHECK((loose == Coord{0, 1} || loose == Coord{0, 4}));

    BayesShooter<L> sampled = bayes;
    sampled.exact_budget = 0;
    sampled.start(view);
    const Coord hunted = sampled.next_shot(view, rng);
    REQUIRE_FALSE(sampled.exact());
    CHECK((hunted == Coord{0, 2} || hunted == Coord{0, 3}));
    sampled.hunt_tolerance = 0; // off: the rule used elsewhere
    sampled.start(view);
    const Coord spread = sampled.next_shot(view, rng);
    CHECK((spread == Coord{0, 1} || spread == Coord{0, 4}));
  }
}

TEST_CASE("bayes told to draw no samples draws one, and plays as with one", "[bayes]") {
  // samples = 0 used to make every sampled move fall back on a full count: a game took minutes.
  SimulationOptions options;
  options.games = 2;
  options.seed = 3;
  options.threads = 1;
  auto play = [&](int samples) {
    BayesShooter<ClassicShape> shooter;
    shooter.samples = samples;
    return simulate_solo(Board<ClassicShape>{}, fleets::classic, rulesets::classic, shooter,
                         UniformPlacer<ClassicShape>{}, options);
  };
  const auto none = play(0);
  CHECK(none.shots.counts() == play(1).shots.counts());
  CHECK(none.shots.counts() == play(-5).shots.counts());
  CHECK(none.unfinished == 0);
}

TEST_CASE("bayes plays the density shooter's move when sampling finds no layout and counting "
          "would take too long",
          "[bayes]") {
  // The Russian fleet's ten ships, sunk without a name, and a starved sampler (one proposal a
  // move, no retries, a count of at most 50 nodes): sampling misses every layout now and then.
  // bayes used to fire at random there, repeating a long count every move.
  const Rules rules{.disclosure = Disclosure::hit_and_sunk};
  BayesShooter<ClassicShape> starved;
  starved.samples = 1;
  starved.retry_rounds = 0;
  starved.exact_budget = 1;
  int lost_moves = 0;
  for (std::uint64_t game = 0; game < 6; ++game)
    play_russian_game(rules, game, starved,
                      [&](const auto& bayes, const auto& view, Rng& rng) -> std::optional<Coord> {
                        if (!bayes.lost()) return std::nullopt;
                        ++lost_moves;
                        Rng same = rng; // next_shot draws nothing more for an update already made
                        ProbabilityShooter<ClassicShape> density = bayes.density();
                        return density.next_shot(view, same);
                      });
  CHECK(lost_moves > 0); // the case above was met
}

TEST_CASE("bayes asked about a board it was not started on starts itself for that board",
          "[bayes]") {
  using D = DynamicShape<64>;
  const Board<D> small(D(4, 4)), large(D(5, 5));
  const TargetView<D> other(small, fleet_32, rulesets::classic);
  const TargetView<D> view(large, fleet_322, rulesets::no_contact);
  BayesShooter<D> started;
  started.start(view);
  BayesShooter<D> moved; // started for another board, fleet and rules
  moved.start(other);
  BayesShooter<D> never; // never started
  Rng a(5), b(5), c(5);
  const Coord want = started.next_shot(view, a);
  CHECK(moved.next_shot(view, b) == want);
  CHECK(never.next_shot(view, c) == want);
  for (int r = 0; r < 5; ++r)
    for (int col = 0; col < 5; ++col) {
      CHECK(moved.probability({r, col}) == started.probability({r, col}));
      CHECK(never.probability({r, col}) == started.probability({r, col}));
    }
}

TEST_CASE("a salvo's later cell counts the layouts with a ship on a pending cell at a discount",
          "[bayes][salvo]") {
  // One ship of 3 on 1 x 7: five layouts, cells 0-2 to cells 4-6. With cell 2 pending, the three
  // through it count half: cell 1 scores 1, cell 3 2, cell 4 2.5, cell 5 2, so cell 4, whatever
  // the seed. (Without the discount cells 3 and 4 tie at 3; counting a pending cell's layouts as
  // nothing, cells 4 and 5 tie at 2.)
  using Line = DynamicShape<64>;
  const Board<Line> board(Line(1, 7));
  const Rules rules{.volley = Volley::fixed_salvo, .salvo_size = 2};
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    TargetView<Line> view(board, small_boards::fleet_of({3}), rules);
    BayesShooter<Line> bayes;
    bayes.start(view);
    view.add_pending(Coord{0, 2});
    Rng rng(seed);
    CHECK(bayes.next_shot(view, rng) == Coord{0, 4});
  }
}

TEST_CASE("bayes draws among exactly tied cells uniformly, not the first", "[bayes][ties]") {
  using Line = DynamicShape<64>;
  const auto drawn = [](int cols, int length, std::optional<int> pending) {
    const Board<Line> board(Line(1, cols));
    const Rules rules =
        pending ? Rules{.volley = Volley::fixed_salvo, .salvo_size = 2} : rulesets::classic;
    std::vector<int> seen(static_cast<std::size_t>(cols));
    for (std::uint64_t seed = 0; seed < 40; ++seed) {
      TargetView<Line> view(board, small_boards::fleet_of({length}), rules);
      BayesShooter<Line> bayes;
      bayes.start(view);
      if (pending) view.add_pending(Coord{0, *pending});
      Rng rng(seed);
      ++seen[static_cast<std::size_t>(bayes.next_shot(view, rng).col)];
    }
    return seen;
  };
  // A salvo's second cell beside the pending centre of 1 x 7 (a ship of 3): cells 2 and 4 tie.
  const auto salvo = drawn(7, 3, 3);
  CHECK(salvo[2] + salvo[4] == 40);
  CHECK((salvo[2] > 0 && salvo[4] > 0));
  // One shot on 1 x 5 (a ship of 2): cells 1 and 3 tie on layouts and on open neighbours.
  const auto single = drawn(5, 2, std::nullopt);
  CHECK(single[1] + single[3] == 40);
  CHECK((single[1] > 0 && single[3] > 0));
}

} // namespace test_bayes
