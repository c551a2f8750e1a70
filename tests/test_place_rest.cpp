#include "catch_shim.hpp"

#include <battleship/placement/rest.hpp>
#include <battleship/placement/sequential.hpp>
#include <battleship/placement/uniform.hpp>
#include <battleship/shape.hpp>

#include <map>
#include <stdexcept>
#include <tuple>

namespace test_place_rest {

using namespace battleship;

namespace {
/// Whether `ocean`'s layout is legal: every ship placed again, checked, on a fresh ocean with its
/// blocks.
template <class S>
bool legal(const Ocean<S>& ocean) {
  Ocean<S> fresh(ocean.board(), ocean.fleet(), ocean.touching());
  fresh.block(ocean.blocked());
  for (int id = 0; id < ocean.ship_count(); ++id)
    if (!ocean.is_placed(id) || fresh.place(id, ocean.placement(id)) != PlacementRefusal::none)
      return false;
  return true;
}

using Small = FixedShape<2, 5>;

/// A cruiser and a destroyer on 2 x 5, the destroyer placed at A1 across.
Ocean<Small> destroyer_placed() {
  Ocean<Small> ocean(Board<Small>{}, Fleet{{"Cruiser", 'C', 3, 1}, {"Destroyer", 'D', 2, 1}});
  REQUIRE(ocean.place(1, {0, 0}, Orientation::horizontal) == PlacementRefusal::none);
  return ocean;
}

/// A placer that claims success without placing anything.
template <class S>
struct LyingPlacer {
  bool place(Ocean<S>&, Rng&) { return true; }
};
} // namespace

TEST_CASE("the rest of a fleet is placed around the ships placed by hand, under the rules",
          "[place_rest]") {
  using S = ClassicShape;
  for (const Touching touching :
       {Touching::allowed, Touching::no_edge_contact, Touching::no_contact}) {
    Ocean<S> ocean(Board<S>{}, fleets::classic, touching);
    ocean.block(Coord{9, 9});
    REQUIRE(ocean.place(1, {4, 4}, Orientation::vertical) == PlacementRefusal::none);
    REQUIRE(ocean.place(3, {0, 0}, Orientation::horizontal) == PlacementRefusal::none);
    const Placement battleship_at = ocean.placement(1), submarine_at = ocean.placement(3);
    UniformPlacer<S> uniform;
    for (std::uint64_t seed = 0; seed < 200; ++seed) {
      Ocean<S> o = ocean;
      Rng rng(seed);
      REQUIRE(place_rest(o, uniform, rng));
      CHECK(o.all_placed());
      CHECK(o.placement(1) == battleship_at);
      CHECK(o.placement(3) == submarine_at);
      CHECK(o.blocked() == ocean.blocked());
      CHECK(legal(o));
    }
  }
}

TEST_CASE("the rest ocean keeps the classes of the ships left and blocks what the placed rule out",
          "[place_rest]") {
  using S = FixedShape<3, 4>;
  const Fleet fleet{{"Cruiser", 'C', 3, 1}, {"Destroyer", 'D', 2, 2}};
  Ocean<S> ocean(Board<S>{}, fleet, Touching::no_edge_contact);
  REQUIRE(ocean.place(1, {0, 0}, Orientation::horizontal) == PlacementRefusal::none);
  const Ocean<S> rest = rest_ocean(ocean);
  REQUIRE(rest.fleet().class_count() == 2);
  CHECK(rest.fleet().ship_class(0) == fleet.ship_class(0));
  CHECK(rest.fleet().ship_class(1).name.view() == "Destroyer");
  CHECK(rest.fleet().ship_class(1).symbol == 'D');
  CHECK(rest.fleet().ship_class(1).count == 1);
  CHECK(rest.touching() == Touching::no_edge_contact);
  CHECK(rest.occupied().none());
  // The destroyer's cells and their edge neighbours: A1, B1, C1, A2, B2.
  CHECK(rest.blocked().count() == 5);
  for (const Coord c : {Coord{0, 0}, Coord{0, 1}, Coord{0, 2}, Coord{1, 0}, Coord{1, 1}})
    CHECK(rest.blocked().test(rest.board().index(c)));
}

TEST_CASE("with the uniform placer every completion of a fleet is equally likely", "[place_rest]") {
  using S = FixedShape<3, 4>;
  const Fleet fleet{{"Destroyer", 'D', 2, 2}};
  Ocean<S> ocean(Board<S>{}, fleet, Touching::no_contact);
  REQUIRE(ocean.place(0, {0, 0}, Orientation::horizontal) == PlacementRefusal::none);
  // With contact ruled out, the second destroyer lies in row 2 (3 ways) or down column 3 (2
  // ways): A3-B3, B3-C3, C3-D3, D1-D2, D2-D3.
  std::map<std::tuple<int, int, int>, int> seen;
  UniformPlacer<S> uniform;
  Rng rng(7);
  constexpr int draws = 10'000;
  for (int i = 0; i < draws; ++i) {
    Ocean<S> o = ocean;
    REQUIRE(place_rest(o, uniform, rng));
    const Placement& p = o.placement(1);
    ++seen[{p.origin.row, p.origin.col, static_cast<int>(p.orientation)}];
  }
  REQUIRE(seen.size() == 5);
  for (const auto& [where, count] : seen) CHECK(std::abs(count - draws / 5) < 150); // 3.75 sd
}

TEST_CASE("placing the rest is refused, changing nothing, when it cannot be done", "[place_rest]") {
  using S = FixedShape<1, 5>;
  const Fleet fleet{{"Cruiser", 'C', 3, 1}, {"Destroyer", 'D', 2, 1}};
  Ocean<S> ocean(Board<S>{}, fleet);
  UniformPlacer<S> uniform;
  Rng rng(1);
  SECTION("the rest does not fit around the ships placed") {
    REQUIRE(ocean.place(0, {0, 1}, Orientation::horizontal) == PlacementRefusal::none);
    const Ocean<S> before = ocean;
    CHECK_FALSE(place_rest(ocean, uniform, rng));
    CHECK(ocean == before);
  }
  SECTION("the ocean has been shot at") {
    REQUIRE(ocean.place(0, {0, 0}, Orientation::horizontal) == PlacementRefusal::none);
    (void)ocean.fire({0, 4});
    const Ocean<S> before = ocean;
    CHECK_FALSE(place_rest(ocean, uniform, rng));
    CHECK(ocean == before);
  }
  SECTION("the placer says it placed the rest without placing it") {
    LyingPlacer<S> liar;
    const Ocean<S> before = ocean;
    CHECK_FALSE(place_rest(ocean, liar, rng));
    CHECK(ocean == before);
  }
  SECTION("every ship is placed already: nothing to do") {
    REQUIRE(ocean.place(0, {0, 0}, Orientation::horizontal) == PlacementRefusal::none);
    REQUIRE(ocean.place(1, {0, 3}, Orientation::horizontal) == PlacementRefusal::none);
    const Ocean<S> before = ocean;
    CHECK(place_rest(ocean, uniform, rng));
    CHECK(ocean == before);
    CHECK_THROWS_AS((void)rest_ocean(ocean), std::invalid_argument);
    CHECK(place_rest_as(ocean, before) == PlacementRefusal::already_placed);
  }
}

TEST_CASE("a rest ocean that does not match is refused ship by ship, changing nothing",
          "[place_rest]") {
  using S = Small;
  Ocean<S> ocean = destroyer_placed();
  const Ocean<S> before = ocean;
  Ocean<S> rest = rest_ocean(ocean);
  CHECK(place_rest_as(ocean, rest) == PlacementRefusal::not_placed); // its cruiser not placed
  Ocean<S> wrong(Board<S>{}, Fleet{{"Destroyer", 'D', 2, 1}});
  REQUIRE(wrong.place(0, {1, 0}, Orientation::horizontal) == PlacementRefusal::none);
  CHECK(place_rest_as(ocean, wrong) == PlacementRefusal::unknown_ship); // a destroyer for a cruiser
  Ocean<S> overlapping(Board<S>{}, Fleet{{"Cruiser", 'C', 3, 1}}); // not a rest_ocean: no blocks
  REQUIRE(overlapping.place(0, {0, 1}, Orientation::horizontal) == PlacementRefusal::none);
  CHECK(place_rest_as(ocean, overlapping) == PlacementRefusal::overlap);
  CHECK(ocean == before);
}

TEST_CASE("a rest refused at its second ship takes its first off again", "[place_rest]") {
  using S = FixedShape<2, 5>;
  const Fleet fleet{{"Cruiser", 'C', 3, 1}, {"Destroyer", 'D', 2, 1}, {"Sub", 'S', 1, 1}};
  Ocean<S> ocean(Board<S>{}, fleet);
  REQUIRE(ocean.place(1, {0, 0}, Orientation::horizontal) == PlacementRefusal::none);
  const Ocean<S> before = ocean;
  Ocean<S> unblocked(Board<S>{}, Fleet{{"Cruiser", 'C', 3, 1}, {"Sub", 'S', 1, 1}});
  REQUIRE(unblocked.place(0, {1, 0}, Orientation::horizontal) == PlacementRefusal::none);
  REQUIRE(unblocked.place(1, {0, 1}, Orientation::horizontal) == PlacementRefusal::none);
  CHECK(place_rest_as(ocean, unblocked) == PlacementRefusal::overlap); // the sub on the destroyer
  CHECK(ocean == before);
  CHECK_FALSE(ocean.is_placed(0));
}

TEST_CASE("a rest ocean laid out by hand or by any placer joins its ocean", "[place_rest]") {
  using S = Small;
  Ocean<S> ocean = destroyer_placed();
  const Ocean<S> before = ocean;
  Ocean<S> rest = rest_ocean(ocean);
  REQUIRE(rest.place(0, {1, 0}, Orientation::horizontal) == PlacementRefusal::none);
  CHECK(place_rest_as(ocean, rest) == PlacementRefusal::none);
  CHECK(ocean.placement(0) == Placement{{1, 0}, Orientation::horizontal, 3});
  SequentialPlacer<S> sequential; // any placer will do
  Rng rng(3);
  Ocean<S> other = before;
  CHECK(place_rest(other, sequential, rng));
  CHECK(legal(other));
}

} // namespace test_place_rest
