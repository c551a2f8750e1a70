// Perfect play on small boards (strategies/optimal.hpp): the exhaustive search reproduces issue 6's
// known optima, the shooter playing it reaches the search's value against every layout (checked
// with the independent brute force of small_boards.hpp) under every touching and disclosure
// rule, no other shooter beats it, and every refusal changes nothing.
#include "catch_shim.hpp"
#include "small_boards.hpp"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include <battleship/simulate.hpp>
#include <battleship/strategies/bayes.hpp>
#include <battleship/strategies/optimal.hpp>
#include <battleship/strategies/probability.hpp>

namespace test_optimal {

using namespace battleship;
using small_boards::fleet_of;

namespace {

using D = DynamicShape<64>;

static_assert(ShotStrategy<OptimalShooter<D>, D>);
static_assert(ShotStrategy<OptimalShooter<ClassicShape>, ClassicShape>);

double optimum(int rows, int cols, const std::vector<int>& lengths,
               const Rules& rules = rulesets::classic) {
  OptimalSearch<D> search(Board<D>(D(rows, cols)), fleet_of(lengths), rules);
  return search.expected_shots();
}

} // namespace

TEST_CASE("the search reproduces issue 6's known optima", "[optimal]") {
  // Exactly: a mean over the equally likely layouts, so whole shots over their count (issue 6
  // rounds them to 4.5, 5.1176, 6.0833, 5.625, 6.2273 and 8.6696).
  CHECK(optimum(3, 3, {2}) == exactly(54.0 / 12.0));     // 12 layouts
  CHECK(optimum(4, 3, {2}) == exactly(87.0 / 17.0));     // 17
  CHECK(optimum(4, 4, {2}) == exactly(146.0 / 24.0));    // 24
  CHECK(optimum(4, 4, {3}) == exactly(90.0 / 16.0));     // 16
  CHECK(optimum(5, 4, {3}) == exactly(137.0 / 22.0));    // 22
  CHECK(optimum(4, 4, {2, 2}) == exactly(3884.0 / 448)); // 448
}

TEST_CASE("the optimal shooter reaches the search's value against every layout, under every "
          "touching and disclosure rule, and no other shooter does better",
          "[optimal]") {
  // A rectangle (4 symmetries, each its own inverse) and a square (8, two of them rotations by a
  // quarter turn, whose inverses differ: a position's best cell must be turned back right).
  for (const auto& board_and_fleet : {std::pair{Board<D>(D(4, 3)), fleet_of({2, 1})},
                                      std::pair{Board<D>(D(4, 4)), fleet_of({3})}}) {
    const Board<D>& board = board_and_fleet.first; // not structured bindings: lambdas capture these
    const Fleet& fleet = board_and_fleet.second;
    small_boards::for_each_rule([&](const Rules& rules, std::uint64_t) {
      INFO(board.rows() << " x " << board.cols());
      OptimalSearch<D> search(board, fleet, rules);
      const double value = search.expected_shots();
      // Played by the independent brute force: layouts placed on an Ocean, answers from firing.
      const double played =
          small_boards::expected_shots(board, fleet, rules, [] { return OptimalShooter<D>{}; });
      CHECK(played == exactly(value, 1e-9));
      const double probability = small_boards::expected_shots(
          board, fleet, rules, [] { return ProbabilityShooter<D>{}; }, 2);
      const double bayes = small_boards::expected_shots(
          board, fleet, rules, [] { return BayesShooter<D>{}; }, 2);
      INFO("optimum " << value << ", probability " << probability << ", bayes " << bayes);
      CHECK(probability >= value - 1e-9);
      CHECK(bayes >= value - 1e-9);
    });
  }
}

TEST_CASE("where planning matters the optimum is below the density shooter", "[optimal]") {
  // 4 x 4 with one cruiser: the density shooter takes 5.75 shots, perfect play 5.625.
  const Board<D> board(D(4, 4));
  const Fleet fleet = fleet_of({3});
  const double probability =
      exact_mean_shots(board, fleet, rulesets::classic, ProbabilityShooter<D>{});
  CHECK(probability == exactly(5.75));
  CHECK(optimum(4, 4, {3}) < probability - 0.1);
}

TEST_CASE("positions that mirror each other have the same value, also through the memory of "
          "positions already solved",
          "[optimal]") {
  const Board<D> board(D(5, 4));
  const Fleet fleet = fleet_of({3});
  const ShotOutcome miss{};
  // A miss in one corner, and the same miss mirrored across each axis and through the centre.
  const Coord corners[] = {{0, 0}, {0, 3}, {4, 0}, {4, 3}};
  OptimalSearch<D> shared(board, fleet, rulesets::classic);
  for (const Coord c : corners) {
    auto p = shared.start();
    REQUIRE(shared.advance(p, board.index(c), miss));
    OptimalSearch<D> fresh(board, fleet, rulesets::classic);
    const double alone = fresh.expected_shots(p);
    INFO("miss at (" << c.row << ", " << c.col << ")");
    CHECK(shared.expected_shots(p) == exactly(alone));
  }
  // Not every position is a mirror of another: a miss in the middle is worth a different amount.
  auto corner = shared.start();
  auto middle = shared.start();
  REQUIRE(shared.advance(corner, board.index(Coord{0, 0}), miss));
  REQUIRE(shared.advance(middle, board.index(Coord{2, 1}), miss));
  CHECK(shared.expected_shots(corner) != Approx(shared.expected_shots(middle)).margin(1e-6));
}

TEST_CASE("advance keeps exactly the layouts that give the answer, and a refused answer changes "
          "nothing",
          "[optimal]") {
  const Board<D> board(D(4, 3));
  const Fleet fleet = fleet_of({2, 1});
  const Rules rules = rulesets::classic;
  OptimalSearch<D> search(board, fleet, rules);
  const auto all = small_boards::all_layouts(board, fleet, rules.touching);
  CHECK(search.layout_count() == all.size());

  auto p = search.start();
  const ShotOutcome hit{ShotResult::hit, -1};
  REQUIRE(search.advance(p, board.index(Coord{1, 1}), hit));
  const auto counts = small_boards::cover_counts(board, fleet, rules, all, {{Coord{1, 1}, hit}});
  CHECK(p.layouts.size() == static_cast<std::size_t>(counts.layouts));

  const auto before = p.layouts;
  const auto shots = p.shots;
  CHECK_FALSE(search.advance(p, board.index(Coord{1, 1}), hit)); // already shot
  CHECK_FALSE(search.advance(p, 12, ShotOutcome{}));             // off the board
  CHECK_FALSE(search.advance(p, 0, ShotOutcome{ShotResult::invalid, -1}));
  // Sinking the two-cell ship at (3, 2): its other cell would have to be hit already, and the
  // only hit, (1, 1), is not next to it.
  CHECK_FALSE(search.advance(p, board.index(Coord{3, 2}), ShotOutcome{ShotResult::sunk, 0}));
  CHECK(p.layouts == before);
  CHECK(p.shots == shots);
}

TEST_CASE("the search refuses what it cannot solve with a clear error", "[optimal]") {
  const Board<D> board(D(4, 4));
  CHECK_THROWS_AS(OptimalSearch<D>(board, fleet_of({5}), rulesets::classic),
                  std::invalid_argument); // longer than the board
  Rules bad;
  bad.shot_cap = -1;
  CHECK_THROWS_AS(OptimalSearch<D>(board, fleet_of({2}), bad), std::invalid_argument);
  // Three cruisers cannot keep apart on 3 x 3 when not even corners may touch.
  CHECK_THROWS_AS(OptimalSearch<D>(Board<D>(D(3, 3)), fleet_of({3, 3, 3}), rulesets::russian),
                  std::invalid_argument);
  CHECK_THROWS_AS(OptimalSearch<D>(board, fleet_of({2}), rulesets::classic, OptimalLimits{10, 100}),
                  std::length_error);
  OptimalSearch<D> small_memory(board, fleet_of({2, 2}), rulesets::classic,
                                OptimalLimits{1000, 50});
  CHECK_THROWS_AS(small_memory.expected_shots(), std::length_error);
  // The classic game is far too large: the shooter says so when the game starts.
  OptimalShooter<ClassicShape> shooter(OptimalLimits{1000, 1000});
  const TargetView<ClassicShape> view(Board<ClassicShape>{}, fleets::classic, rulesets::classic);
  CHECK_THROWS_AS(shooter.start(view), std::length_error);
}

TEST_CASE("a search whose cancel flag is set stops with SearchCancelled and one left alone ends",
          "[optimal]") {
  const Board<D> board(D(4, 4));
  std::atomic<bool> cancel{true};
  OptimalSearch<D> stopped(board, fleet_of({2, 2}), rulesets::classic,
                           OptimalLimits{1000, 100'000, &cancel});
  CHECK_THROWS_AS(stopped.expected_shots(), SearchCancelled);
  cancel = false;
  OptimalSearch<D> searched(board, fleet_of({2, 2}), rulesets::classic,
                            OptimalLimits{1000, 100'000, &cancel});
  CHECK(searched.expected_shots() == exactly(3884.0 / 448));
}

TEST_CASE("a search's solved counter follows the positions it remembers", "[optimal]") {
  const Board<D> board(D(4, 4));
  std::atomic<std::uint64_t> solved{12345}; // overwritten by the first position remembered
  OptimalLimits limits{1000, 100'000};
  limits.solved = &solved;
  OptimalSearch<D> search(board, fleet_of({2, 2}), rulesets::classic, limits);
  CHECK(solved == 12345); // listing the layouts solves nothing
  CHECK(search.expected_shots() == exactly(3884.0 / 448));
  CHECK(search.positions_solved() > 100);
  CHECK(solved == search.positions_solved());
  // Refused for lack of room, the counter still says how far the search got: the limit.
  std::atomic<std::uint64_t> cut{0};
  OptimalLimits small{1000, 50};
  small.solved = &cut;
  OptimalSearch<D> refused(board, fleet_of({2, 2}), rulesets::classic, small);
  CHECK_THROWS_AS(refused.expected_shots(), std::length_error);
  CHECK(cut == 50);
}

TEST_CASE("an optimal shooter's start can be cancelled, and the next start solves the game",
          "[optimal]") {
  const Board<D> board(D(4, 4));
  const TargetView<D> view(board, fleet_of({2, 2}), rulesets::classic);
  OptimalShooter<D> shooter;
  std::atomic<bool> cancel{true};
  CHECK_THROWS_AS(shooter.start(view, &cancel), SearchCancelled);
  shooter.start(view); // the flag was lent to that call only
  CHECK(shooter.expected_shots() == exactly(3884.0 / 448));
}

TEST_CASE("an optimal shooter's search off its policy can be cancelled, and the next call "
          "finds the shot",
          "[optimal]") {
  const Board<D> board(D(4, 4));
  const Fleet fleet = fleet_of({2, 2});
  Ocean<D> ocean(board, fleet, Touching::allowed);
  REQUIRE(ocean.place(0, Coord{0, 0}, Orientation::horizontal) == PlacementRefusal::none);
  REQUIRE(ocean.place(1, Coord{3, 2}, Orientation::horizontal) == PlacementRefusal::none);
  TargetView<D> view(board, fleet, rulesets::classic);
  OptimalShooter<D> shooter;
  Rng rng(1);
  shooter.start(view);
  CHECK_FALSE(shooter.would_search()); // the start solved the game from here
  // A hit in a corner, where the policy does not fire first: the start pruned that position.
  const ShotOutcome told = disclose(ocean.fire(Coord{0, 0}), rulesets::classic.disclosure);
  view.record(Coord{0, 0}, told);
  shooter.on_result(view, Coord{0, 0}, told);
  REQUIRE(shooter.would_search());
  std::atomic<bool> cancel{true};
  CHECK_THROWS_AS(shooter.next_shot(view, rng, &cancel), SearchCancelled);
  CHECK_THROWS_AS(shooter.expected_shots(&cancel), SearchCancelled);
  const Coord shot = shooter.next_shot(view, rng); // the flag was lent to that call only
  CHECK(view.is_open(shot));
  CHECK_FALSE(shooter.would_search());   // that call solved the position
  CHECK(shooter.expected_shots() > 3.0); // three ship cells are still to be hit
}

TEST_CASE("an optimal shooter whose search off its policy would outgrow its limits fires at the "
          "likeliest cell",
          "[optimal]") {
  // Two destroyers on 3 x 4: the position after a hit in a corner, which the policy never
  // reaches, needs positions beyond those the start solves. With room for the start only, that
  // search fails, and the shot is the likeliest hit instead.
  const Board<D> board(D(3, 4));
  const Fleet fleet = fleet_of({2, 2});
  OptimalSearch<D> probe(board, fleet, rulesets::classic, OptimalLimits{1000, 4'000'000});
  (void)probe.expected_shots();
  const std::size_t start_needs = probe.positions_solved();
  Ocean<D> ocean(board, fleet, Touching::allowed);
  REQUIRE(ocean.place(0, Coord{0, 0}, Orientation::horizontal) == PlacementRefusal::none);
  REQUIRE(ocean.place(1, Coord{2, 2}, Orientation::horizontal) == PlacementRefusal::none);
  TargetView<D> view(board, fleet, rulesets::classic);
  OptimalShooter<D> shooter(OptimalLimits{1000, start_needs});
  REQUIRE_NOTHROW(shooter.start(view));
  const ShotOutcome told = disclose(ocean.fire(Coord{0, 0}), rulesets::classic.disclosure);
  view.record(Coord{0, 0}, told);
  shooter.on_result(view, Coord{0, 0}, told);
  REQUIRE(shooter.would_search());
  // The likeliest hit, counted over every layout: the open cell most layouts that agree with the
  // hit put a ship on (the lowest index on a tie).
  std::vector<long> cover =
      small_boards::cover_counts(board, fleet, rulesets::classic,
                                 small_boards::all_layouts(board, fleet, Touching::allowed),
                                 {{Coord{0, 0}, told}})
          .cover;
  cover[0] = 0; // shot
  const auto likeliest =
      static_cast<std::size_t>(std::max_element(cover.begin(), cover.end()) - cover.begin());
  Rng rng(1);
  Coord shot{-1, -1};
  REQUIRE_NOTHROW(shot = shooter.next_shot(view, rng));
  CHECK(shot == board.coord(likeliest));
  CHECK_THROWS_AS(shooter.expected_shots(), std::length_error); // the search does not fit
}

TEST_CASE("the optimal shooter names open cells only: under salvos, and against a fleet its "
          "search does not list",
          "[optimal]") {
  const Board<D> board(D(4, 4));
  const Fleet fleet = fleet_of({2, 2});
  Rules salvo = rulesets::classic;
  salvo.volley = Volley::fixed_salvo;
  salvo.salvo_size = 3;
  OptimalShooter<D> shooter;
  Rng rng(3);
  for (const auto& layout : small_boards::all_layouts(board, fleet, salvo.touching)) {
    Ocean<D> ocean = small_boards::ocean_of(board, fleet, salvo.touching, layout);
    TargetView<D> view(board, fleet, salvo);
    view.reset();
    shooter.start(view);
    const auto game = small_boards::play_volleys(ocean, view, shooter, rng, 3);
    REQUIRE(game.problem.empty());
  }
  // Ships side by side, which the view's rules (no contact) say cannot happen.
  Ocean<D> ocean(board, fleet, Touching::allowed);
  REQUIRE(ocean.place(0, Coord{0, 0}, Orientation::horizontal) == PlacementRefusal::none);
  REQUIRE(ocean.place(1, Coord{1, 0}, Orientation::horizontal) == PlacementRefusal::none);
  TargetView<D> view(board, fleet, rulesets::russian);
  const auto shots = small_boards::play_some(ocean, view, shooter, rng, board.cells());
  CHECK(ocean.all_sunk());
  for (const auto& s : shots) CHECK(s.told.valid());
}

TEST_CASE("the optimal shooter draws no random numbers: any generator, the same game",
          "[optimal]") {
  const Board<D> board(D(4, 4));
  const Fleet fleet = fleet_of({3, 1});
  Ocean<D> ocean(board, fleet, Touching::allowed);
  REQUIRE(ocean.place(0, Coord{3, 1}, Orientation::horizontal) == PlacementRefusal::none);
  REQUIRE(ocean.place(1, Coord{0, 3}, Orientation::horizontal) == PlacementRefusal::none);
  std::vector<std::vector<Coord>> games;
  for (std::uint64_t seed : {1U, 2U}) {
    Ocean<D> copy = ocean;
    TargetView<D> view(board, fleet, rulesets::classic);
    OptimalShooter<D> shooter;
    Rng rng(seed);
    std::vector<Coord> cells;
    for (const auto& s : small_boards::play_some(copy, view, shooter, rng, board.cells()))
      cells.push_back(s.cell);
    games.push_back(cells);
  }
  CHECK(games[0] == games[1]);
}

} // namespace test_optimal
