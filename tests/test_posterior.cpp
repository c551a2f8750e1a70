#include "catch_shim.hpp"
#include "small_boards.hpp"

#include <cmath>
#include <cstdint>
#include <map>
#include <numeric>
#include <optional>
#include <stdexcept>
#include <utility>
#include <vector>

#include <battleship/detail/posterior.hpp>
#include <battleship/placement/uniform.hpp>
#include <battleship/posterior.hpp>
#include <battleship/strategies/random.hpp>

namespace test_posterior {

using namespace battleship;
using small_boards::Observed;

namespace {

using Small = FixedShape<4, 4>;
const Fleet fleet_32{{"Cruiser", 'C', 3, 1}, {"Destroyer", 'D', 2, 1}};

constexpr ShotOutcome miss{ShotResult::miss, -1, ShotRefusal::none};
constexpr ShotOutcome hit{ShotResult::hit, -1, ShotRefusal::none};

/// Everything a caller can read from a posterior, to show a refusal changed none of it.
template <BoardShape S>
struct Snapshot {
  std::vector<double> map;
  int shots;
  bool exact;
  std::optional<double> layouts;
  friend bool operator==(const Snapshot&, const Snapshot&) = default;
};
template <BoardShape S>
Snapshot<S> snapshot(const Posterior<S>& p) {
  return {p.probabilities(), p.shots(), p.exact(), p.layouts()};
}

/// A classic ocean laid out by `uniform` from `seed`.
Ocean<ClassicShape> classic_ocean(std::uint64_t seed) {
  Ocean<ClassicShape> ocean(Board<ClassicShape>{}, fleets::classic, Touching::allowed);
  Rng rng(seed);
  REQUIRE(UniformPlacer<ClassicShape>{}.place(ocean, rng));
  return ocean;
}

} // namespace

TEST_CASE("Posterior's map equals brute-force layout counts on a small board under every rule, "
          "to the game's last answer",
          "[posterior]") {
  const Board<Small> board;
  small_boards::for_each_rule([&](const Rules& rules, std::uint64_t key) {
    const auto all = small_boards::all_layouts(board, fleet_32, rules.touching);
    Rng rng(key);
    int checked = 0;
    int ended = 0;
    int water_after_end = 0; // games that ended with water left to judge an answer on
    for (int game = 0; game < 12; ++game) {
      auto ocean = small_boards::ocean_of(
          board, fleet_32, rules.touching,
          all[static_cast<std::size_t>(rng.below(static_cast<int>(all.size())))]);
      Posterior<Small> belief(board, fleet_32, rules, 5);
      RandomShooter<Small> shooter;
      TargetView<Small> view(board, fleet_32, rules);
      shooter.start(view);
      std::vector<Observed> seen;
      while (true) {
        const Coord c = shooter.next_shot(view, rng);
        const ShotOutcome answer = ocean.fire(c); // the full answer: Posterior discloses it
        if (ocean.all_sunk()) {                   // the last answer ends the game
          // The layouts that fit so far and cover c: under hit_only, those that fit the end.
          const auto covering =
              small_boards::cover_counts(board, fleet_32, rules, all, seen).cover[board.index(c)];
          REQUIRE(belief.record(c, answer) == AnswerRefusal::none);
          CHECK(belief.over());
          std::optional<Coord> open_water;
          for (std::size_t i = 0; i < static_cast<std::size_t>(board.cells()); ++i) {
            const Coord cell = board.coord(i);
            CHECK(belief.probability(cell) == (ocean.ship_at(cell) ? 1.0 : 0.0));
            if (!ocean.ship_at(cell) && belief.view().is_open(cell)) open_water = cell;
          }
          if (rules.disclosure == Disclosure::hit_only) {
            CHECK(belief.layouts() == static_cast<double>(covering));
            if (open_water) { // after the end only water is left
              const auto before = snapshot(belief);
              CHECK(belief.record(*open_water, hit) == AnswerRefusal::inconsistent);
              CHECK(snapshot(belief) == before); // the refused hit changed nothing
              CHECK(belief.view().is_open(*open_water));
              CHECK(belief.record(*open_water, miss) == AnswerRefusal::none);
              ++water_after_end;
            }
          }
          ++ended;
          break;
        }
        const ShotOutcome told = disclose(answer, rules.disclosure);
        view.record(c, told);
        seen.push_back(Observed{c, told});
        REQUIRE(belief.record(c, answer) == AnswerRefusal::none);
        const auto truth = small_boards::cover_counts(board, fleet_32, rules, all, seen);
        REQUIRE(belief.exact());
        REQUIRE(belief.layouts() == static_cast<double>(truth.layouts));
        REQUIRE(belief.shots() == static_cast<int>(seen.size()));
        const auto map = belief.probabilities();
        for (std::size_t i = 0; i < map.size(); ++i)
          REQUIRE(map[i] == exactly(static_cast<double>(truth.cover[i]) /
                                    static_cast<double>(truth.layouts)));
        ++checked;
      }
    }
    CHECK(checked > 24);
    CHECK(ended == 12);
    if (rules.disclosure == Disclosure::hit_only) CHECK(water_after_end > 0);
  });
}

TEST_CASE("Posterior refuses bad answers with a reason and changes nothing", "[posterior]") {
  const Board<Small> board;
  Rules rules = rulesets::classic; // sunk_with_name, ships may touch
  Posterior<Small> belief(board, fleet_32, rules, 1);
  REQUIRE(belief.record(Coord{0, 0}, miss) == AnswerRefusal::none);
  REQUIRE(belief.record(Coord{1, 1}, hit) == AnswerRefusal::none);
  const auto before = snapshot(belief);

  CHECK(belief.record(Coord{4, 0}, miss) == AnswerRefusal::off_board);
  CHECK(belief.record(Coord{0, -1}, miss) == AnswerRefusal::off_board);
  CHECK(
      belief.record(Coord{2, 2}, ShotOutcome{ShotResult::invalid, -1, ShotRefusal::already_shot}) ==
      AnswerRefusal::invalid_shot);
  CHECK(belief.record(Coord{0, 0}, hit) == AnswerRefusal::already_recorded);
  CHECK(belief.record(Coord{1, 1}, miss) == AnswerRefusal::already_recorded);
  CHECK(belief.record(Coord{1, 2}, ShotOutcome{ShotResult::sunk, 2, ShotRefusal::none}) ==
        AnswerRefusal::unknown_ship);
  CHECK(belief.record(Coord{1, 2}, ShotOutcome{ShotResult::sunk, -2, ShotRefusal::none}) ==
        AnswerRefusal::unknown_ship);
  // A plain hit's ship is hidden by every disclosure rule, but one the fleet lacks is still a
  // wrong answer (as TargetView refuses it).
  CHECK(belief.record(Coord{1, 2}, ShotOutcome{ShotResult::hit, 9, ShotRefusal::none}) ==
        AnswerRefusal::unknown_ship);
  // The cruiser (3) cannot be sunk by a second hit: no layout fits.
  CHECK(belief.record(Coord{1, 2}, ShotOutcome{ShotResult::sunk, 0, ShotRefusal::none}) ==
        AnswerRefusal::inconsistent);
  CHECK(snapshot(belief) == before);

  // The destroyer (2) can: the same cell with that answer is taken.
  CHECK(belief.record(Coord{1, 2}, ShotOutcome{ShotResult::sunk, 1, ShotRefusal::none}) ==
        AnswerRefusal::none);
  CHECK(belief.shots() == 3);
  CHECK(belief.probability(Coord{1, 2}) == 1.0);
  CHECK(belief.probability(Coord{0, 0}) == 0.0);
  // The destroyer sank: no sinking may name it again, sampled or counted (a hit names no ship
  // once disclosed).
  const auto after_sinking = snapshot(belief);
  CHECK(belief.record(Coord{3, 3}, ShotOutcome{ShotResult::sunk, 1, ShotRefusal::none}) ==
        AnswerRefusal::already_sunk);
  CHECK(snapshot(belief) == after_sinking);
  for (AnswerRefusal r :
       {AnswerRefusal::none, AnswerRefusal::off_board, AnswerRefusal::invalid_shot,
        AnswerRefusal::already_recorded, AnswerRefusal::unknown_ship, AnswerRefusal::inconsistent,
        AnswerRefusal::already_sunk, AnswerRefusal::fleet_sunk})
    CHECK(to_string(r) != "?");
}

TEST_CASE("Posterior refuses impossible settings when constructed", "[posterior]") {
  const Board<Small> board;
  CHECK_THROWS_AS(Posterior<Small>(board, fleet_32, rulesets::classic, 0, 0),
                  std::invalid_argument);
  const Fleet too_long{{"Carrier", 'C', 5, 1}};
  CHECK_THROWS_AS(Posterior<Small>(board, too_long, rulesets::classic), std::invalid_argument);
  const Fleet too_many{{"Dinghy", 'D', 1, max_ships + 1}}; // refused before any table is sized
  CHECK_THROWS_AS(Posterior<ClassicShape>(Board<ClassicShape>{}, too_many, rulesets::classic),
                  std::invalid_argument);
  Rules bad_rules = rulesets::classic;
  bad_rules.salvo_size = 2; // a salvo size without the fixed-salvo volley rule
  CHECK_THROWS_AS(Posterior<Small>(board, fleet_32, bad_rules), std::invalid_argument);
  // Three ships of 3 cannot lie apart on 4 x 4 when they may not even touch at the corners.
  Rules apart = rulesets::classic;
  apart.touching = Touching::no_contact;
  const Fleet crowded{{"Cruiser", 'C', 3, 3}};
  CHECK_THROWS_AS(Posterior<Small>(board, crowded, apart), std::invalid_argument);
}

TEST_CASE("Posterior's probability refuses a cell off the board", "[posterior]") {
  const Posterior<Small> belief(Board<Small>{}, fleet_32, rulesets::classic);
  for (const Coord c : {Coord{-1, 0}, Coord{0, -1}, Coord{4, 0}, Coord{0, 4}}) {
    INFO(c.row << ", " << c.col);
    CHECK_THROWS_AS(belief.probability(c), std::out_of_range);
  }
  CHECK_THROWS_WITH(belief.probability({4, 4}), "cell (4, 4) is not on the 4 x 4 board");
  CHECK(belief.probability({3, 3}) > 0);
}

TEST_CASE("Posterior uses only what the disclosure rule reveals", "[posterior]") {
  const Board<Small> board;
  Rules rules = rulesets::classic;
  rules.disclosure = Disclosure::hit_only;
  Posterior<Small> full(board, fleet_32, rules, 2), told(board, fleet_32, rules, 2);
  const ShotOutcome sunk_destroyer{ShotResult::sunk, 1, ShotRefusal::none};
  REQUIRE(full.record(Coord{0, 0}, ShotOutcome{ShotResult::hit, 1, ShotRefusal::none}) ==
          AnswerRefusal::none);
  REQUIRE(full.record(Coord{0, 1}, sunk_destroyer) == AnswerRefusal::none);
  REQUIRE(told.record(Coord{0, 0}, hit) == AnswerRefusal::none);
  REQUIRE(told.record(Coord{0, 1}, disclose(sunk_destroyer, rules.disclosure)) ==
          AnswerRefusal::none);
  CHECK(snapshot(full) == snapshot(told));
  // Under hit_only the two hits may still belong to the cruiser: (0, 2) stays possible.
  CHECK(full.probability(Coord{0, 2}) > 0.0);
}

TEST_CASE("Posterior's sampled map is a fixed function of the answers and the seed",
          "[posterior]") {
  const Board<ClassicShape> board;
  auto ocean = classic_ocean(11);
  auto play = [&](std::uint64_t seed) {
    auto copy = ocean;
    Posterior<ClassicShape> belief(board, fleets::classic, rulesets::classic, seed);
    for (int i = 0; i < 30; ++i) {
      const Coord c{(i * 7) % 10, (i * 3) % 10};
      if (!belief.view().is_open(c)) continue;
      REQUIRE(belief.record(c, copy.fire(c)) == AnswerRefusal::none);
    }
    return belief;
  };
  const auto a = play(3), b = play(3), c = play(4);
  CHECK_FALSE(a.exact());
  CHECK_FALSE(a.layouts().has_value());
  CHECK(a.probabilities() == b.probabilities());
  CHECK(a.probabilities() != c.probabilities());
  // Every layout covers 17 cells, and the weights are normalised: the map sums to 17 whatever
  // the sample.
  for (const auto& belief : {a, c}) {
    const auto map = belief.probabilities();
    CHECK(std::accumulate(map.begin(), map.end(), 0.0) == exactly(17.0, 1e-9));
  }
}

TEST_CASE("Posterior draws the samples it was made with for each sampled estimate", "[posterior]") {
  const Board<ClassicShape> board;
  const Posterior<ClassicShape> usual(board, fleets::classic, rulesets::classic, 3);
  const Posterior<ClassicShape> few(board, fleets::classic, rulesets::classic, 3, 200);
  CHECK(usual.samples() == Posterior<ClassicShape>::default_samples);
  CHECK(few.samples() == 200);
  CHECK_FALSE(few.exact());
  CHECK(few.probabilities() != usual.probabilities()); // the same seed, fewer draws
}

TEST_CASE("drawn layouts are uniform over the layouts that fit, which ship is which included",
          "[posterior]") {
  // Three boats of length 1, two sunk without names: the sampler places the first free boats on
  // the sinkings and counts them for all three, so a draw must deal the boats' places at random.
  const Board<Small> board;
  const Fleet fleet{{"Destroyer", 'D', 2, 1}, {"Boat", 'B', 1, 3}};
  const Rules rules{.disclosure = Disclosure::hit_and_sunk};
  Ocean<Small> ocean(board, fleet, rules.touching);
  REQUIRE(ocean.place(0, Coord{3, 0}, Orientation::horizontal) == PlacementRefusal::none);
  for (int boat = 1; boat <= 3; ++boat)
    REQUIRE(ocean.place(boat, Coord{boat - 1, 2 * (boat - 1) % 4}, Orientation::horizontal) ==
            PlacementRefusal::none); // (0, 0), (1, 2), (2, 0)
  TargetView<Small> view(board, fleet, rules);
  detail::ShotLog<Small> log;
  log.start();
  std::vector<Observed> seen;
  for (const Coord c : {Coord{0, 0}, Coord{1, 2}, Coord{1, 1}, Coord{0, 2}, Coord{2, 2}}) {
    const ShotOutcome told = disclose(ocean.fire(c), rules.disclosure);
    view.record(c, told);
    log.record(board.index(c));
    seen.push_back(Observed{c, told});
  }
  REQUIRE(view.sunk_count() == 2);

  // A layout as (origin, orientation) per ship, ordered so that it can key a map.
  using Key = std::vector<std::pair<std::size_t, Orientation>>;
  std::map<Key, int> drawn;
  for (const auto& layout : small_boards::all_layouts(board, fleet, rules.touching)) {
    if (!small_boards::consistent(board, fleet, rules, layout, seen)) continue;
    Key key;
    for (const Placement& p : layout) key.emplace_back(board.index(p.origin), p.orientation);
    drawn[key] = 0;
  }
  const auto fitting = static_cast<double>(drawn.size());
  REQUIRE(fitting > 50);

  detail::FleetGeometry<Small> geometry(board, fleet, rules.touching);
  detail::Posterior<Small> posterior;
  posterior.observe(geometry, view, log);
  Rng rng(3);
  std::vector<detail::Layout<Small>> layouts;
  std::vector<double> weights;
  int draws = 0;
  for (int round = 0; round < 50; ++round) {
    REQUIRE(posterior.draw(rng, 4000, 1000, layouts, weights) == 1000);
    for (const auto& l : layouts) {
      Key key;
      for (int s = 0; s < fleet.ship_count(); ++s) {
        const Placement& p = posterior.option_of(l, s).placement;
        key.emplace_back(board.index(p.origin), p.orientation);
      }
      const auto it = drawn.find(key);
      REQUIRE(it != drawn.end()); // only layouts that fit
      ++it->second;
      ++draws;
    }
  }
  // Pearson's statistic against the uniform: about `fitting` - 1 when fair, and thousands if the
  // boats on the sinkings were always the same two.
  const double expected = draws / fitting;
  double chi2 = 0;
  for (const auto& [layout, n] : drawn) chi2 += (n - expected) * (n - expected) / expected;
  CHECK(chi2 < (fitting - 1) + 6 * std::sqrt(2 * (fitting - 1)));
}

TEST_CASE("under hit_only a last hit no consistent layout covers is refused, changing nothing",
          "[posterior]") {
  // From the mutation audit: the refusal, removed, passed every test.
  const Fleet one{{"Destroyer", 'D', 2, 1}};
  Posterior<Small> p(Board<Small>{}, one, Rules{.disclosure = Disclosure::hit_only});
  REQUIRE(p.record(Coord{0, 0}, hit) == AnswerRefusal::none);
  REQUIRE(p.exact());
  CHECK(p.probability(Coord{2, 2}) == 0.0);
  // Two hits for a two-cell fleet would end the game, but no destroyer covers both cells.
  CHECK(p.record(Coord{2, 2}, hit) == AnswerRefusal::inconsistent);
  CHECK(p.shots() == 1);
  CHECK_FALSE(p.over());
  CHECK(p.layouts() == std::optional<double>{2.0}); // (0,0)-(0,1) and (0,0)-(1,0)
  // The covering last hit is taken, and ends the game with the one layout it leaves.
  CHECK(p.record(Coord{0, 1}, hit) == AnswerRefusal::none);
  CHECK(p.over());
  CHECK(p.layouts() == std::optional<double>{1.0});
}

} // namespace test_posterior
