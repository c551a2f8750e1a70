#include "catch_shim.hpp"

#include <battleship/placement/uniform.hpp>
#include <battleship/solo.hpp>
#include <battleship/strategies/random.hpp>

#include <vector>

using namespace battleship;
using S = FixedShape<4, 4>;

namespace {
const Fleet pair_fleet{{"Two", 'T', 2, 1}, {"Three", 'H', 3, 1}};

/// Fires in reading order and keeps every outcome it is told.
struct Listener {
  std::vector<ShotOutcome>* told = nullptr;
  void start(const TargetView<S>&) {}
  Coord next_shot(const TargetView<S>& v, Rng&) { return v.board().coord(v.open().first()); }
  void on_result(const TargetView<S>&, Coord, const ShotOutcome& o) { told->push_back(o); }
};
/// Always fires at the same cell.
struct Stubborn {
  Coord cell{0, 0};
  void start(const TargetView<S>&) {}
  Coord next_shot(const TargetView<S>&, Rng&) { return cell; }
  void on_result(const TargetView<S>&, Coord, const ShotOutcome&) {}
};

/// Two at (0,0)-(0,1), Three at (1,0)-(1,2): reading order sinks both with its 7th shot.
Ocean<S> top_ocean() {
  Ocean<S> o(Board<S>{}, pair_fleet);
  REQUIRE(o.place(0, {0, 0}, Orientation::horizontal) == PlacementRefusal::none);
  REQUIRE(o.place(1, {1, 0}, Orientation::horizontal) == PlacementRefusal::none);
  return o;
}

/// Plays `shooter` under `rules` against the top layout.
template <class Shooter>
SoloResult solo(const Rules& rules, Shooter shooter, Ocean<S>* keep = nullptr) {
  Ocean<S> ocean = top_ocean();
  TargetView<S> view(Board<S>{}, pair_fleet, rules);
  Rng rng(1);
  const SoloResult r = play_solo(ocean, view, shooter, rng);
  if (keep) *keep = ocean;
  return r;
}
} // namespace

TEST_CASE("a solo game ends when every ship is sunk, counting valid shots", "[solo]") {
  Ocean<S> ocean = top_ocean();
  TargetView<S> view(Board<S>{}, pair_fleet, rulesets::classic);
  std::vector<ShotOutcome> told;
  Listener shooter{&told};
  Rng rng(1);
  const SoloResult r = play_solo(ocean, view, shooter, rng);
  CHECK(r == SoloResult{7, true});
  CHECK(ocean.all_sunk());
  CHECK(view.shots_fired() == 7);
  CHECK(told.size() == 7);
}

TEST_CASE("the shooter hears what each disclosure rule reveals", "[solo][rules]") {
  struct Case {
    Disclosure rule;
    ShotOutcome second; // the shot at (0,1) that sinks the Two
  };
  for (const Case& c :
       {Case{Disclosure::hit_only, {ShotResult::hit, -1, ShotRefusal::none}},
        Case{Disclosure::hit_and_sunk, {ShotResult::sunk, -1, ShotRefusal::none}},
        Case{Disclosure::sunk_with_name, {ShotResult::sunk, 0, ShotRefusal::none}}}) {
    Rules rules = rulesets::classic;
    rules.disclosure = c.rule;
    Ocean<S> ocean = top_ocean();
    TargetView<S> view(Board<S>{}, pair_fleet, rules);
    std::vector<ShotOutcome> told;
    Listener shooter{&told};
    Rng rng(1);
    CHECK(play_solo(ocean, view, shooter, rng) == SoloResult{7, true});
    REQUIRE(told.size() == 7);
    CHECK(told[0] == ShotOutcome{ShotResult::hit, -1, ShotRefusal::none}); // a hit never names
    CHECK(told[1] == c.second);
    CHECK(told[2] == ShotOutcome{ShotResult::miss, -1, ShotRefusal::none});
    CHECK(view.sunk_count() == (c.rule == Disclosure::hit_only ? 0 : 2));
  }
}

TEST_CASE("a shot cap stops a solo game unfinished", "[solo][rules]") {
  Rules rules = rulesets::classic;
  rules.shot_cap = 5;
  std::vector<ShotOutcome> told;
  CHECK(solo(rules, Listener{&told}) == SoloResult{5, false});
}

TEST_CASE("invalid shots are retried, and too many in a row stop the game unfinished",
          "[solo][rules]") {
  Rules rules = rulesets::classic;
  rules.max_invalid_in_a_row = 4;
  Ocean<S> ocean = top_ocean();
  // The first shot at (0,0) is valid; the next four are repeats.
  CHECK(solo(rules, Stubborn{}, &ocean) == SoloResult{1, false});
  CHECK(ocean.shots().count() == 1);
  CHECK(solo(rules, Stubborn{{-1, 2}}) == SoloResult{0, false});
}

TEST_CASE("invalid shots that are not in a row never stop a solo game", "[solo][rules]") {
  /// Fires every cell twice in a row, in reading order: every other shot is a repeat.
  struct Doubler {
    Coord last{-1, -1};
    bool repeat = false;
    void start(const TargetView<S>&) {}
    Coord next_shot(const TargetView<S>& v, Rng&) {
      if (repeat) return last;
      return last = v.board().coord(v.open().first());
    }
    void on_result(const TargetView<S>&, Coord, const ShotOutcome& o) { repeat = o.valid(); }
  };
  Rules rules = rulesets::classic;
  rules.max_invalid_in_a_row = 2;
  CHECK(solo(rules, Doubler{}) == SoloResult{7, true});
}

TEST_CASE("a solo game resets the view and draws only from the given generator", "[solo]") {
  using C = ClassicShape;
  const Board<C> board;
  Ocean<C> ocean(board, fleets::classic);
  TargetView<C> view(board, fleets::classic, rulesets::classic);
  UniformPlacer<C> placer;
  RandomShooter<C> shooter;
  Rng rng(5);
  REQUIRE(placer.place(ocean, rng));
  const Rng after_placement = rng;
  const SoloResult first = play_solo(ocean, view, shooter, rng);
  CHECK(first.finished);
  CHECK(first.shots <= 100);
  CHECK(first.shots >= fleets::classic.total_length());
  // Same ocean, same generator state: the same game, on a view left over from the last one.
  ocean.repair();
  Rng again = after_placement;
  CHECK(play_solo(ocean, view, shooter, again) == first);
  CHECK(again == rng);
}
