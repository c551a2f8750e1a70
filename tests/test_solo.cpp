#include "catch_shim.hpp"

#include <battleship/placement/uniform.hpp>
#include <battleship/solo.hpp>
#include <battleship/strategies/hunt_target.hpp>
#include <battleship/strategies/random.hpp>

#include <atomic>
#include <stdexcept>
#include <vector>

namespace test_solo {

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
/// Always fires at the same cell; counts its shots in `*named` if given.
struct Stubborn {
  Coord cell{0, 0};
  int* named = nullptr;
  void start(const TargetView<S>&) {}
  Coord next_shot(const TargetView<S>&, Rng&) {
    if (named) ++*named;
    return cell;
  }
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

TEST_CASE("a view of another fleet or board is refused before a shot", "[solo]") {
  // A view of a smaller fleet: the ocean's sinkings named ships the view has no class for, and
  // probability read past its arrays (UBSan: index out of bounds).
  using D = DynamicShape<128>;
  const Board<D> ten(D(10, 10));
  Rng rng(1);
  Ocean<D> ocean(ten, fleets::bbm103);
  REQUIRE(UniformPlacer<D>{}.place(ocean, rng));
  RandomShooter<D> shooter;
  TargetView<D> other_fleet(ten, fleets::classic, Rules{});
  CHECK_THROWS_AS(play_solo(ocean, other_fleet, shooter, rng), std::invalid_argument);
  TargetView<D> other_board(Board<D>(D(11, 11)), fleets::bbm103, Rules{});
  CHECK_THROWS_AS(play_solo(ocean, other_board, shooter, rng), std::invalid_argument);
  CHECK(ocean.shots().none()); // nothing was fired
  TargetView<D> same(ten, fleets::bbm103, Rules{});
  CHECK(play_solo(ocean, same, shooter, rng).finished);
}

TEST_CASE("a stop flag ends a solo game before its next shot, unfinished and stopped", "[solo]") {
  /// Fires in reading order and raises `flag` once it has fired three shots.
  struct Stopper {
    std::atomic<bool>* flag = nullptr;
    void start(const TargetView<S>&) {}
    Coord next_shot(const TargetView<S>& v, Rng&) { return v.board().coord(v.open().first()); }
    void on_result(const TargetView<S>& v, Coord, const ShotOutcome&) {
      if (v.shots_fired() == 3) flag->store(true);
    }
  };
  std::atomic<bool> stop{false};
  Ocean<S> ocean = top_ocean();
  TargetView<S> view(Board<S>{}, pair_fleet, rulesets::classic);
  Stopper shooter{&stop};
  Rng rng(1);
  CHECK(play_solo(ocean, view, shooter, rng, &stop) == SoloResult{3, false, true});
  CHECK(view.shots_fired() == 3);
  CHECK_FALSE(ocean.all_sunk());
  std::atomic<bool> down{false}; // the flag play_solo reads stays down: the game is played out
  Ocean<S> fresh = top_ocean();
  CHECK(play_solo(fresh, view, shooter, rng, &down) == SoloResult{7, true, false});
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
  // The first shot at (0,0) is valid; the next four are repeats, and the fourth ends the game.
  int named = 0;
  CHECK(solo(rules, Stubborn{{0, 0}, &named}, &ocean) == SoloResult{1, false});
  CHECK(named == 5);
  CHECK(ocean.shots().count() == 1);
  named = 0;
  CHECK(solo(rules, Stubborn{{-1, 2}, &named}) == SoloResult{0, false});
  CHECK(named == 4);
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
  CHECK_FALSE(rng == after_placement); // the caller's generator moved on with the shooter's draws
}

namespace {
/// Wraps a shooter and logs the cells it names; `Cells` chooses which protocol the runner sees.
template <class Shooter, BoardShape Sh, bool Cells>
struct Logged {
  Shooter inner;
  std::vector<std::size_t>* log = nullptr;
  void start(const TargetView<Sh>& v) { inner.start(v); }
  Coord next_shot(const TargetView<Sh>& v, Rng& r) {
    const Coord c = inner.next_shot(v, r);
    log->push_back(v.board().index(c));
    return c;
  }
  void on_result(const TargetView<Sh>& v, Coord c, const ShotOutcome& o) {
    inner.on_result(v, c, o);
  }
  int next_cell(const TargetView<Sh>& v, Rng& r) requires Cells {
    const int cell = inner.next_cell(v, r);
    log->push_back(static_cast<std::size_t>(cell));
    return cell;
  }
  void on_cell_result(const TargetView<Sh>& v, std::size_t i, const ShotOutcome& o) requires Cells {
    inner.on_cell_result(v, i, o);
  }
};

/// Plays 200 games of `Shooter` through both protocols and checks that every shot is the same.
template <template <class> class Shooter, BoardShape Sh>
void check_both_protocols_agree(const Board<Sh>& board, const Fleet& fleet, const Rules& rules) {
  static_assert(CellShotStrategy<Logged<Shooter<Sh>, Sh, true>, Sh>);
  static_assert(!CellShotStrategy<Logged<Shooter<Sh>, Sh, false>, Sh>);
  Ocean<Sh> ocean(board, fleet, rules.touching);
  TargetView<Sh> view(board, fleet, rules);
  UniformPlacer<Sh> placer;
  for (std::uint64_t seed = 0; seed < 200; ++seed) {
    std::vector<std::size_t> by_cell;
    std::vector<std::size_t> by_coord;
    Logged<Shooter<Sh>, Sh, true> cells{{}, &by_cell};
    Logged<Shooter<Sh>, Sh, false> coords{{}, &by_coord};
    Rng rng(seed);
    ocean.clear();
    REQUIRE(placer.place(ocean, rng));
    const Ocean<Sh> laid_out = ocean;
    Rng rng_cells = rng;
    const SoloResult a = play_solo(ocean, view, cells, rng_cells);
    ocean = laid_out;
    Rng rng_coords = rng;
    const SoloResult b = play_solo(ocean, view, coords, rng_coords);
    INFO("seed " << seed);
    REQUIRE(a.finished);
    REQUIRE(a == b);
    REQUIRE(by_cell == by_coord);
    REQUIRE(rng_cells == rng_coords);
  }
}
} // namespace

TEST_CASE("the cell-index protocol plays exactly the games of the coordinate protocol",
          "[solo][strategy]") {
  using C = ClassicShape;
  const Board<C> classic;
  Rules no_contact = rulesets::classic;
  no_contact.touching = Touching::no_contact;
  Rules hit_only = rulesets::classic;
  hit_only.disclosure = Disclosure::hit_only;
  for (const Rules& rules : {rulesets::classic, no_contact, hit_only}) {
    check_both_protocols_agree<RandomShooter>(classic, fleets::classic, rules);
    check_both_protocols_agree<HuntTargetShooter>(classic, fleets::classic, rules);
    check_both_protocols_agree<ParityShooter>(classic, fleets::classic, rules);
  }
  using D = DynamicShape<128>;
  const Board<D> wide(D(7, 13));
  check_both_protocols_agree<ParityShooter>(wide, fleets::russian, rulesets::russian);
  check_both_protocols_agree<HuntTargetShooter>(wide, fleets::russian, rulesets::russian);
}

} // namespace test_solo
