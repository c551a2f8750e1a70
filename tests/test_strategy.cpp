#include "catch_shim.hpp"

#include <atomic>
#include <type_traits>

#include <battleship/placement/uniform.hpp>
#include <battleship/solo.hpp>
#include <battleship/strategies/random.hpp>
#include <battleship/strategy.hpp>

namespace test_strategy {

using namespace battleship;
using S = ClassicShape;

namespace {
/// Fires in reading order; counts what it is told.
struct ReadingOrder {
  int results = 0;
  void start(const TargetView<S>&) { results = 0; }
  Coord next_shot(const TargetView<S>& v, Rng&) { return v.board().coord(v.open().first()); }
  void on_result(const TargetView<S>&, Coord, const ShotOutcome&) { ++results; }
};
struct NoNextShot {
  void start(const TargetView<S>&) {}
  void on_result(const TargetView<S>&, Coord, const ShotOutcome&) {}
};
struct WrongReturn {
  void start(const TargetView<S>&) {}
  int next_shot(const TargetView<S>&, Rng&) { return 0; }
  void on_result(const TargetView<S>&, Coord, const ShotOutcome&) {}
};
struct NotCopyable {
  NotCopyable() = default;
  NotCopyable(const NotCopyable&) = delete;
  void start(const TargetView<S>&) {}
  Coord next_shot(const TargetView<S>&, Rng&) { return {}; }
  void on_result(const TargetView<S>&, Coord, const ShotOutcome&) {}
};
struct TopLeftPlacer {
  bool place(Ocean<S>& ocean, Rng&) {
    for (int s = 0; s < ocean.ship_count(); ++s)
      if (ocean.place(s, {s, 0}, Orientation::horizontal) != PlacementRefusal::none) return false;
    return true;
  }
};
struct PlacerReturningVoid {
  void place(Ocean<S>&, Rng&) {}
};
struct StopByReference : TopLeftPlacer { // would be handed a flag made from the pointer: true
  using TopLeftPlacer::place;
  bool place(Ocean<S>&, Rng&, const std::atomic<bool>&) { return false; }
};
struct StopByMutablePointer : TopLeftPlacer { // would never be handed the run's flag
  using TopLeftPlacer::place;
  bool place(Ocean<S>&, Rng&, std::atomic<bool>*) { return false; }
};
struct VerboseFlag : TopLeftPlacer { // a bool third parameter would read the pointer as true
  using TopLeftPlacer::place;
  bool place(Ocean<S>&, Rng&, bool) { return false; }
};
} // namespace

// What satisfies the concepts, and what does not.
static_assert(ShotStrategy<ReadingOrder, S>);
static_assert(ShotStrategy<RandomShooter<S>, S>);
static_assert(ShotStrategy<AnyShotStrategy<S>, S>);
static_assert(!ShotStrategy<NoNextShot, S>);
static_assert(!ShotStrategy<WrongReturn, S>);
static_assert(!ShotStrategy<NotCopyable, S>);
static_assert(!ShotStrategy<int, S>);
static_assert(!ShotStrategy<RandomShooter<FixedShape<5, 5>>, S>); // a shooter is for one shape type
static_assert(PlacementStrategy<TopLeftPlacer, S>);
static_assert(PlacementStrategy<UniformPlacer<S>, S>);
static_assert(PlacementStrategy<AnyPlacementStrategy<S>, S>);
static_assert(!PlacementStrategy<PlacerReturningVoid, S>);
static_assert(!PlacementStrategy<ReadingOrder, S>);
static_assert(StoppablePlacementStrategy<UniformPlacer<S>, S> &&
              !detail::misdeclared_stop_flag<UniformPlacer<S>, S>);
static_assert(!detail::misdeclared_stop_flag<TopLeftPlacer, S>);
static_assert(!detail::misdeclared_stop_flag<AnyPlacementStrategy<S>, S>);
static_assert(detail::misdeclared_stop_flag<StopByReference, S>);
static_assert(detail::misdeclared_stop_flag<StopByMutablePointer, S>);
static_assert(detail::misdeclared_stop_flag<VerboseFlag, S>);
// Moves never throw, so containers of holders move them rather than copy when they grow.
static_assert(std::is_nothrow_move_constructible_v<AnyShotStrategy<S>> &&
              std::is_nothrow_move_assignable_v<AnyShotStrategy<S>>);
static_assert(std::is_nothrow_move_constructible_v<AnyPlacementStrategy<S>> &&
              std::is_nothrow_move_assignable_v<AnyPlacementStrategy<S>>);
// The twins of tests/compile_fail: what must not compile there is refused by a constraint here.
static_assert(!std::is_constructible_v<AnyShotStrategy<S>, UniformPlacer<S>>);
static_assert(!std::is_constructible_v<AnyPlacementStrategy<S>, PlacerReturningVoid>);
template <int Rows>
concept board_with_rows = requires {
  typename FixedShape<Rows, 10>;
};
static_assert(board_with_rows<1> && !board_with_rows<0>);

TEST_CASE("a type-erased shooter plays exactly like the shooter it holds", "[strategy]") {
  Board<S> board;
  Ocean<S> ocean(board, fleets::classic);
  TargetView<S> view(board, fleets::classic, rulesets::classic);
  Rng place_rng(3);
  REQUIRE(TopLeftPlacer{}.place(ocean, place_rng));

  ReadingOrder direct;
  Rng r1(5);
  const auto a = play_solo(ocean, view, direct, r1);
  ocean.repair();
  AnyShotStrategy<S> erased = ReadingOrder{};
  Rng r2(5);
  const auto b = play_solo(ocean, view, erased, r2);
  CHECK(a.shots == b.shots);
  CHECK(a.finished);
  // Reading order sinks ships in rows 0..4 from column 0: the last hit is (4, 1).
  CHECK(a.shots == 42);
  REQUIRE(erased.target<ReadingOrder>() != nullptr);
  CHECK(erased.target<ReadingOrder>()->results == 42);
  CHECK(erased.target<RandomShooter<S>>() == nullptr);
  // Read through a const one too (a game's `first_shooter()` is const).
  const AnyShotStrategy<S>& seen = erased;
  static_assert(std::is_same_v<decltype(seen.target<ReadingOrder>()), const ReadingOrder*>);
  CHECK(seen.target<ReadingOrder>() == erased.target<ReadingOrder>());
  CHECK(seen.target<RandomShooter<S>>() == nullptr);
  const AnyPlacementStrategy<S> placer = TopLeftPlacer{};
  CHECK(placer.target<TopLeftPlacer>() != nullptr);
  CHECK(placer.target<UniformPlacer<S>>() == nullptr);
}

TEST_CASE("copies of a type-erased strategy are independent", "[strategy]") {
  AnyShotStrategy<S> a = ReadingOrder{};
  AnyShotStrategy<S> b = a;
  TargetView<S> view(Board<S>{}, fleets::classic, rulesets::classic);
  b.on_result(view, {0, 0}, ShotOutcome{});
  CHECK(a.target<ReadingOrder>()->results == 0);
  CHECK(b.target<ReadingOrder>()->results == 1);
  AnyPlacementStrategy<S> p = TopLeftPlacer{};
  AnyPlacementStrategy<S> q = p;
  Ocean<S> ocean(Board<S>{}, fleets::classic);
  Rng rng(1);
  CHECK(q.place(ocean, rng));
  CHECK(ocean.all_placed());
  CHECK(p.target<TopLeftPlacer>() != nullptr);
}

TEST_CASE("a type-erased shooter assigned from another holds its own copy of the other's shooter",
          "[strategy]") {
  TargetView<S> view(Board<S>{}, fleets::classic, rulesets::classic);
  AnyShotStrategy<S> a = ReadingOrder{};
  a.on_result(view, {0, 0}, ShotOutcome{});
  AnyShotStrategy<S> b = RandomShooter<S>{};
  b = a; // copy assignment: b now holds a ReadingOrder with a's state
  REQUIRE(b.target<ReadingOrder>() != nullptr);
  CHECK(b.target<RandomShooter<S>>() == nullptr);
  CHECK(b.target<ReadingOrder>()->results == 1);
  b.on_result(view, {0, 1}, ShotOutcome{});
  CHECK(b.target<ReadingOrder>()->results == 2);
  CHECK(a.target<ReadingOrder>()->results == 1); // a is not b
  a.on_result(view, {0, 2}, ShotOutcome{});
  a.on_result(view, {0, 3}, ShotOutcome{});
  CHECK(b.target<ReadingOrder>()->results == 2);
  // Assigning a shooter to itself keeps it, state and all.
  AnyShotStrategy<S>& same = a;
  a = same;
  REQUIRE(a.target<ReadingOrder>() != nullptr);
  CHECK(a.target<ReadingOrder>()->results == 3);
  Rng rng(1);
  CHECK(a.next_shot(view, rng) == Coord{0, 0});
}

} // namespace test_strategy
