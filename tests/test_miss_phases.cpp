#include "catch_shim.hpp"

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <vector>

#include <battleship/miss_phases.hpp>
#include <battleship/placement/fixed.hpp>
#include <battleship/placement/uniform.hpp>
#include <battleship/registry.hpp>
#include <battleship/simulate.hpp>
#include <battleship/strategies/hunt_target.hpp>

namespace test_miss_phases {

using namespace battleship;

namespace {
using S5 = FixedShape<5, 5>;
const Fleet two_ships{{"Destroyer", 'D', 2, 1}, {"Cruiser", 'C', 3, 1}};

/// Fires at a fixed list of cells, in order.
struct Scripted {
  std::vector<Coord> cells;
  std::size_t next = 0;
  void start(const TargetView<S5>&) { next = 0; }
  Coord next_shot(const TargetView<S5>&, Rng&) { return cells[next++]; }
  void on_result(const TargetView<S5>&, Coord, const ShotOutcome&) {}
};

SimulationOptions options(std::uint64_t games, unsigned threads) {
  SimulationOptions o;
  o.games = games;
  o.seed = 5;
  o.threads = threads;
  return o;
}
} // namespace

TEST_CASE("a scripted game's misses fall in the phases its view was in", "[miss_phases]") {
  // Destroyer at (0,0)-(0,1), cruiser at (2,0)-(2,2).
  const FixedPlacer<S5> placer(
      {{0, {{0, 0}, Orientation::horizontal, 2}}, {1, {{2, 0}, Orientation::horizontal, 3}}});
  const Scripted script{{{4, 4},   // miss, hunting with 2 afloat
                         {0, 0},   // hit
                         {1, 0},   // miss, targeting
                         {0, 1},   // sunk: the destroyer
                         {4, 3},   // miss, hunting with 1 afloat
                         {4, 2},   // miss, hunting with 1 afloat
                         {2, 1},   // hit
                         {3, 1},   // miss, targeting
                         {2, 0},   // hit
                         {2, 2}}}; // sunk: the cruiser, game over
  auto counter = std::make_shared<MissCounter>();
  const auto r =
      simulate_solo(Board<S5>{}, two_ships, Rules{}, CountingMisses<S5, Scripted>(script, counter),
                    placer, options(1, 1));
  REQUIRE(r.shots.games() == 1);
  CHECK(r.shots.mean() == 10);
  const MissPhases p = counter->phases();
  CHECK(p.games == 1);
  CHECK(p.hunting[2] == 1);
  CHECK(p.hunting[1] == 2);
  CHECK(p.hunting_misses() == 3);
  CHECK(p.hunting_misses(1) == 2);
  CHECK(p.targeting == 2);
  CHECK(p.unknown == 0);
  CHECK(p.misses() == 5); // 10 shots less the 5 ship cells

  // Without named sinkings, every miss after the first hit is of unknown phase.
  Rules hit_only;
  hit_only.disclosure = Disclosure::hit_only;
  auto blind = std::make_shared<MissCounter>();
  (void)simulate_solo(Board<S5>{}, two_ships, hit_only, CountingMisses<S5, Scripted>(script, blind),
                      placer, options(1, 1));
  CHECK(blind->phases().hunting_misses() == 1);
  CHECK(blind->phases().targeting == 0);
  CHECK(blind->phases().unknown == 4);
}

TEST_CASE("counting misses changes no game and the misses are the shots less the hits",
          "[miss_phases]") {
  using S = ClassicShape;
  const Board<S> board;
  const ParityShooter<S> parity;
  const auto plain = simulate_solo(board, fleets::classic, rulesets::classic, parity,
                                   UniformPlacer<S>{}, options(2000, 2));
  std::vector<MissPhases> phases;
  for (const unsigned threads : {1U, 2U}) {
    auto counter = std::make_shared<MissCounter>();
    const auto counted = simulate_solo(board, fleets::classic, rulesets::classic,
                                       CountingMisses<S, ParityShooter<S>>(parity, counter),
                                       UniformPlacer<S>{}, options(2000, threads));
    CHECK(counted.shots.counts() == plain.shots.counts()); // the same games, shot for shot
    phases.push_back(counter->phases());
  }
  const MissPhases& p = phases[0];
  CHECK(p.games == 2000);
  const double hits = 17;
  CHECK(static_cast<double>(p.misses()) ==
        Approx((plain.shots.mean() - hits) * 2000).epsilon(1e-12));
  CHECK(p.unknown == 0);
  // docs/expert.md's 20,000 games: 30.90 hunting and 12.56 targeting misses a game.
  CHECK(p.hunting_per_game() > 29);
  CHECK(p.hunting_per_game() < 33);
  CHECK(p.targeting_per_game() > 11);
  CHECK(p.targeting_per_game() < 14);
  CHECK(p.hunting[0] == 0);
  CHECK(p.hunting_per_game() + p.targeting_per_game() == Approx(plain.shots.mean() - hits));
  // The counts do not depend on the thread count.
  CHECK(phases[1].hunting == p.hunting);
  CHECK(phases[1].targeting == p.targeting);
}

TEST_CASE("a counting shooter without a counter is refused", "[miss_phases]") {
  CHECK_THROWS_AS((CountingMisses<S5, Scripted>(Scripted{}, nullptr)), std::invalid_argument);
}

TEST_CASE("miss counts of pieces merge into the whole batch's", "[miss_phases]") {
  MissPhases a, b;
  a.games = 2;
  a.hunting[3] = 5;
  a.targeting = 1;
  b.games = 1;
  b.hunting[3] = 2;
  b.hunting[1] = 4;
  b.unknown = 3;
  a.merge(b);
  CHECK(a.games == 3);
  CHECK(a.hunting[3] == 7);
  CHECK(a.hunting[1] == 4);
  CHECK(a.hunting_misses() == 11);
  CHECK(a.hunting_per_game(1) == Approx(4.0 / 3));
  CHECK(a.targeting == 1);
  CHECK(a.unknown_per_game() == Approx(1.0));
  CHECK(a.misses() == 15);
  CHECK(MissPhases{}.hunting_per_game() == 0); // no games: no mean
}

} // namespace test_miss_phases
