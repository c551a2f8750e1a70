// SoloBatch (solo_batch.hpp): many solo games stepped by an outside agent. Each game answers as an
// ocean and a view driven by hand would, keeps the agent's codes and afloat flags in step, ends by
// sinking, the step limit or the shot cap, and refuses what it cannot do without changing anything.
#include "catch_shim.hpp"

#include <battleship/placement/fixed.hpp>
#include <battleship/placement/uniform.hpp>
#include <battleship/solo_batch.hpp>
#include <battleship/strategies/hunt_target.hpp>
#include <battleship/strategies/probability.hpp>

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <vector>

namespace test_solo_batch {

using namespace battleship;
using S = FixedShape<4, 4>;

namespace {
const Fleet pair_fleet{{"Two", 'T', 2, 1}, {"Three", 'H', 3, 1}};

/// Two at A1-B1 (cells 0, 1), Three at A2-C2 (cells 4, 5, 6).
FixedPlacer<S> top_layout() {
  return FixedPlacer<S>(
      {{0, {{0, 0}, Orientation::horizontal, 2}}, {1, {{1, 0}, Orientation::horizontal, 3}}});
}

std::vector<std::int8_t> codes_of(const SoloBatch<S>& batch, std::size_t g) {
  return {batch.codes(g), batch.codes(g) + batch.cells()};
}
std::vector<std::int8_t> afloat_of(const SoloBatch<S>& batch, std::size_t g) {
  return {batch.afloat(g), batch.afloat(g) + batch.ship_count()};
}
} // namespace

TEST_CASE("a batch game answers as an ocean and a view driven by hand", "[solo_batch]") {
  SoloBatch<S> batch(Board<S>{}, pair_fleet, rulesets::classic, 3, 32);
  UniformPlacer<S> placer;
  for (std::size_t g = 0; g < batch.size(); ++g) REQUIRE(batch.reset(g, placer, 100 + g));
  // The same layout as the placer gives from the same seed, and the same answers.
  Ocean<S> ocean(Board<S>{}, pair_fleet);
  Rng rng(101);
  REQUIRE(placer.place(ocean, rng));
  TargetView<S> view(Board<S>{}, pair_fleet, rulesets::classic);
  for (std::size_t cell = 0; cell < batch.cells() && !ocean.all_sunk(); ++cell) {
    const ShotOutcome expected = disclose(ocean.fire_cell(cell), rulesets::classic.disclosure);
    view.record_cell(cell, expected);
    CHECK(batch.step(1, cell) == expected);
  }
  CHECK(batch.terminated(1));
  CHECK(batch.over(1));
  CHECK(batch.view(1).shots() == view.shots());
  CHECK(batch.view(1).hits() == view.hits());
  // The other games did not move.
  CHECK(batch.steps(0) == 0);
  CHECK(batch.steps(2) == 0);
  CHECK(codes_of(batch, 0) == std::vector<std::int8_t>(16, 0));
}

TEST_CASE("a batch game keeps the agent's codes and afloat flags in step", "[solo_batch]") {
  SoloBatch<S> batch(Board<S>{}, pair_fleet, rulesets::classic, 1, 32);
  auto placer = top_layout();
  REQUIRE(batch.reset(0, placer, 0));
  CHECK(batch.step(0, 15).result == ShotResult::miss);
  CHECK(batch.step(0, 0).result == ShotResult::hit);
  CHECK(batch.step(0, 1).result == ShotResult::sunk);
  std::vector<std::int8_t> expected(16, 0);
  expected[15] = 1;
  expected[0] = 2;
  expected[1] = 3; // the hit that sank the Two
  CHECK(codes_of(batch, 0) == expected);
  CHECK(afloat_of(batch, 0) == std::vector<std::int8_t>{0, 1});
  // A cell already shot: told invalid, nothing changes but the step count.
  const ShotOutcome again = batch.step(0, 0);
  CHECK_FALSE(again.valid());
  CHECK(again.refusal == ShotRefusal::already_shot);
  CHECK(batch.steps(0) == 4);
  CHECK(batch.view(0).shots_fired() == 3);
  CHECK(codes_of(batch, 0) == expected);
  for (std::size_t cell : {4U, 5U, 6U}) batch.step(0, cell);
  CHECK(batch.terminated(0));
  CHECK_FALSE(batch.truncated(0));
  CHECK(afloat_of(batch, 0) == std::vector<std::int8_t>{0, 0});
  // A reset starts over: codes, flags and steps.
  REQUIRE(batch.reset(0, placer, 0));
  CHECK(codes_of(batch, 0) == std::vector<std::int8_t>(16, 0));
  CHECK(afloat_of(batch, 0) == std::vector<std::int8_t>{1, 1});
  CHECK(batch.steps(0) == 0);
  CHECK_FALSE(batch.over(0));
}

TEST_CASE("a batch game tells only what the disclosure rule reveals", "[solo_batch][rules]") {
  auto placer = top_layout();
  const auto after_sinking_the_two = [&](Disclosure d) {
    Rules rules = rulesets::classic;
    rules.disclosure = d;
    SoloBatch<S> batch(Board<S>{}, pair_fleet, rules, 1, 32);
    REQUIRE(batch.reset(0, placer, 0));
    batch.step(0, 0);
    batch.step(0, 1);
    return std::pair{codes_of(batch, 0)[1], afloat_of(batch, 0)};
  };
  CHECK(after_sinking_the_two(Disclosure::hit_only) ==
        std::pair{std::int8_t{2}, std::vector<std::int8_t>{1, 1}});
  CHECK(after_sinking_the_two(Disclosure::hit_and_sunk) ==
        std::pair{std::int8_t{3}, std::vector<std::int8_t>{1, 1}}); // sunk, but not which ship
  CHECK(after_sinking_the_two(Disclosure::sunk_with_name) ==
        std::pair{std::int8_t{3}, std::vector<std::int8_t>{0, 1}});
}

TEST_CASE("a batch game is truncated by its step limit or the shot cap", "[solo_batch][rules]") {
  auto placer = top_layout();
  SECTION("the step limit counts repeated cells") {
    SoloBatch<S> batch(Board<S>{}, pair_fleet, rulesets::classic, 1, 3);
    REQUIRE(batch.reset(0, placer, 0));
    batch.step(0, 15);
    batch.step(0, 15);
    CHECK_FALSE(batch.over(0));
    batch.step(0, 15);
    CHECK(batch.truncated(0));
    CHECK_FALSE(batch.terminated(0));
  }
  SECTION("the shot cap counts valid shots only") {
    Rules rules = rulesets::classic;
    rules.shot_cap = 2;
    SoloBatch<S> batch(Board<S>{}, pair_fleet, rules, 1, 32);
    REQUIRE(batch.reset(0, placer, 0));
    batch.step(0, 15);
    batch.step(0, 15);
    CHECK_FALSE(batch.over(0));
    batch.step(0, 14);
    CHECK(batch.truncated(0));
  }
  SECTION("sinking the fleet with the last step allowed terminates, not truncates") {
    SoloBatch<S> batch(Board<S>{}, pair_fleet, rulesets::classic, 1, 5);
    REQUIRE(batch.reset(0, placer, 0));
    for (std::size_t cell : {0U, 1U, 4U, 5U, 6U}) batch.step(0, cell);
    CHECK(batch.terminated(0));
    CHECK_FALSE(batch.truncated(0));
  }
}

TEST_CASE("a batch refuses what it cannot do and changes nothing", "[solo_batch]") {
  CHECK_THROWS_AS(SoloBatch<S>(Board<S>{}, pair_fleet, rulesets::classic, 0, 10),
                  std::invalid_argument);
  CHECK_THROWS_AS(SoloBatch<S>(Board<S>{}, pair_fleet, rulesets::classic, 2, 0),
                  std::invalid_argument);
  CHECK_THROWS_AS(SoloBatch<S>(Board<S>{}, fleets::classic, rulesets::classic, 2, 10),
                  std::invalid_argument); // the classic fleet does not fit 4 x 4
  Rules bad = rulesets::classic;
  bad.shot_cap = -1;
  CHECK_THROWS_AS(SoloBatch<S>(Board<S>{}, pair_fleet, bad, 2, 10), std::invalid_argument);

  SoloBatch<S> batch(Board<S>{}, pair_fleet, rulesets::classic, 2, 10);
  auto placer = top_layout();
  CHECK_THROWS_AS(batch.step(0, 0), std::logic_error); // not reset yet
  REQUIRE(batch.reset(0, placer, 0));
  batch.step(0, 15);
  CHECK_THROWS_AS(batch.step(0, 16), std::out_of_range);
  CHECK_THROWS_WITH(batch.step(2, 0), "game 2 of a batch of 2");
  CHECK_THROWS_WITH(batch.steps(3), "game 3 of a batch of 2");
  CHECK_THROWS_AS(batch.codes(2), std::out_of_range);
  CHECK(batch.steps(0) == 1);
  CHECK(batch.view(0).shots_fired() == 1);
  // A placer that fails changes nothing: game 0 goes on where it was, game 1 is still unstarted.
  FixedPlacer<S> overlapping(
      {{0, {{0, 0}, Orientation::horizontal, 2}}, {1, {{0, 1}, Orientation::horizontal, 3}}});
  CHECK_FALSE(batch.lay_out(overlapping, 0).has_value());
  CHECK_FALSE(batch.reset(0, overlapping, 0));
  CHECK(batch.steps(0) == 1);
  CHECK(batch.ocean(0).is_placed(1));
  CHECK(codes_of(batch, 0)[15] == static_cast<std::int8_t>(TargetCode::miss));
  CHECK_FALSE(batch.reset(1, overlapping, 0));
  CHECK(batch.over(1));
  CHECK_FALSE(batch.ocean(1).is_placed(0));
  CHECK_THROWS_AS(batch.step(1, 0), std::logic_error);
  CHECK_THROWS_AS(batch.reset(2, placer, 0), std::out_of_range);
}

TEST_CASE("a batch game plays a chosen layout, and refuses one that does not fit", "[solo_batch]") {
  SoloBatch<S> batch(Board<S>{}, pair_fleet, rulesets::classic, 2, 32);
  auto placer = top_layout();
  const std::optional<Ocean<S>> layout = batch.lay_out(placer, 0);
  REQUIRE(layout.has_value());
  Ocean<S> shot = *layout; // the chosen layout's shots are not copied
  shot.fire_cell(0);
  batch.reset(0, shot, 7);
  CHECK(batch.steps(0) == 0);
  CHECK(batch.step(0, 0).struck());
  CHECK(batch.step(0, 1).sank());
  CHECK(batch.ocean(0).placement(1) == layout->placement(1));

  Ocean<S> partial(Board<S>{}, pair_fleet);
  REQUIRE(partial.place(0, {0, 0}, Orientation::horizontal) == PlacementRefusal::none);
  Ocean<S> other_fleet(Board<S>{}, Fleet{{"Two", 'T', 2, 2}});
  Ocean<S> other_touching(Board<S>{}, pair_fleet, Touching::no_contact);
  for (Ocean<S>* whole : {&other_fleet, &other_touching}) { // every ship placed, apart
    REQUIRE(whole->place(0, {0, 0}, Orientation::horizontal) == PlacementRefusal::none);
    REQUIRE(whole->place(1, {2, 0}, Orientation::horizontal) == PlacementRefusal::none);
  }
  for (const Ocean<S>* refused : {&partial, &other_fleet, &other_touching}) {
    CHECK_THROWS_AS(batch.check_layout(*refused), std::invalid_argument);
    CHECK_THROWS_AS(batch.reset(0, *refused, 0), std::invalid_argument);
    CHECK(batch.steps(0) == 2); // game 0 unchanged
    CHECK_THROWS_AS(batch.reset(1, *refused, 0), std::invalid_argument);
    CHECK(batch.over(1)); // game 1 still unstarted
  }
  CHECK_THROWS_AS(batch.reset(2, *layout, 0), std::out_of_range);
}

TEST_CASE("a teacher advises what its shooter would fire in the agent's game", "[solo_batch]") {
  SoloBatch<S> batch(Board<S>{}, pair_fleet, rulesets::classic, 2, 32);
  REQUIRE(batch.add_teacher(ProbabilityShooter<S>{}, 5) == 0);
  REQUIRE(batch.add_teacher(HuntTargetShooter<S>{}, 9) == 1);
  UniformPlacer<S> placer;
  REQUIRE(batch.reset(0, placer, 40));
  REQUIRE(batch.reset(1, placer, 41));
  // Game 0 follows the probability teacher: the game the shooter plays alone against the same
  // layout with the generator Rng(seed + offset).
  Ocean<S> ocean(Board<S>{}, pair_fleet);
  Rng layout_rng(40);
  REQUIRE(placer.place(ocean, layout_rng));
  TargetView<S> view(Board<S>{}, pair_fleet, rulesets::classic);
  ProbabilityShooter<S> alone;
  Rng rng(45);
  alone.start(view);
  while (!batch.over(0)) {
    const std::size_t advised = batch.advice(0, 0);
    CHECK(batch.advice(0, 0) == advised); // asked again: the same cell
    const Coord c = alone.next_shot(view, rng);
    REQUIRE(view.board().index(c) == advised);
    const ShotOutcome told = disclose(ocean.fire(c), rulesets::classic.disclosure);
    view.record(c, told);
    alone.on_result(view, c, told);
    batch.step(0, advised);
    if (!batch.over(1)) batch.step(1, batch.advice(1, 1)); // game 1 follows hunt/target
  }
  CHECK(batch.terminated(0));
  CHECK(batch.steps(0) == view.shots_fired());
  // Teachers join before the first reset, and are asked only in games under way.
  CHECK_THROWS_AS(batch.add_teacher(ProbabilityShooter<S>{}), std::logic_error);
  CHECK(batch.teacher_count() == 2);
  CHECK_THROWS_AS(batch.advice(0, 0), std::logic_error);
  CHECK_THROWS_WITH(batch.advice(1, 2), "teacher 2 of 2 teachers");
  CHECK_THROWS_WITH(batch.advice(5, 0), "game 5 of a batch of 2");
}

} // namespace test_solo_batch
