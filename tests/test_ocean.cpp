#include "catch_shim.hpp"

#include <battleship/ocean.hpp>

#include <string>

namespace test_ocean {

using namespace battleship;

namespace {
using Shape = FixedShape<6, 6>;
const Fleet two_ships{{"Long", 'L', 3, 1}, {"Short", 'S', 2, 1}};
constexpr auto H = Orientation::horizontal;
constexpr auto V = Orientation::vertical;

Ocean<Shape> ocean_with(Touching t) {
  return Ocean<Shape>(Board<Shape>{}, two_ships, t);
}
} // namespace

TEST_CASE("a legal placement puts the ship on exactly its cells", "[ocean]") {
  auto o = ocean_with(Touching::allowed);
  REQUIRE(o.place(0, {1, 1}, V) == PlacementRefusal::none);
  CHECK(o.is_placed(0));
  CHECK(o.ship_at({1, 1}) == 0);
  CHECK(o.ship_at({3, 1}) == 0);
  CHECK_FALSE(o.ship_at({4, 1}).has_value());
  CHECK(o.occupied().count() == 3);
  CHECK(o.placement(0) == Placement{{1, 1}, V, 3});
  CHECK_FALSE(o.all_placed());
  REQUIRE(o.place(1, {0, 4}, H) == PlacementRefusal::none);
  CHECK(o.all_placed());
  // A yes-or-no query about a ship the fleet does not have answers no, whatever the id.
  for (int id : {-1, 2, 31, 32, 1000}) {
    INFO(id);
    CHECK_FALSE(o.is_placed(id));
    CHECK_FALSE(o.is_sunk(id));
  }
}

TEST_CASE("every placement refusal names its reason and leaves the ocean unchanged", "[ocean]") {
  auto o = ocean_with(Touching::allowed);
  REQUIRE(o.place(0, {2, 2}, H) == PlacementRefusal::none);
  const auto before = o;
  CHECK(o.place(7, {0, 0}, H) == PlacementRefusal::unknown_ship);
  CHECK(o.place(-1, {0, 0}, H) == PlacementRefusal::unknown_ship);
  CHECK(o.place(1, {5, 5}, H) == PlacementRefusal::off_board);
  CHECK(o.place(1, {-1, 0}, V) == PlacementRefusal::off_board);
  CHECK(o.place(1, {1, 3}, V) == PlacementRefusal::overlap);
  CHECK(o.place(0, {0, 0}, H) == PlacementRefusal::already_placed);
  CHECK(o.place(1, Placement{{0, 0}, H, 3}) == PlacementRefusal::wrong_length);
  o.block(Coord{5, 0});
  const auto blocked = o;
  CHECK_FALSE(blocked == before); // a block is part of the ocean
  CHECK(o.place(1, {4, 0}, V) == PlacementRefusal::blocked);
  CHECK(o == blocked);
  o.unblock();
  CHECK(o == before);
  CHECK(o.unplace(1) == PlacementRefusal::not_placed);
  CHECK(o.unplace(0, {2, 3}, H) == PlacementRefusal::not_there);
  CHECK(o.unplace(0, {2, 2}, V) == PlacementRefusal::not_there);
  CHECK(o == before);
  CHECK(to_string(PlacementRefusal::touching).find("touch") != std::string_view::npos);
}

TEST_CASE("where several refusals apply, the first in the documented order is given", "[ocean]") {
  auto o = ocean_with(Touching::no_contact);
  REQUIRE(o.place(0, {5, 2}, H) == PlacementRefusal::none); // (5,2)-(5,4), on the bottom row
  o.block({4, 3});
  o.block({4, 1});
  const auto before = o;
  CHECK(o.place(1, {5, 3}, V) == PlacementRefusal::off_board);      // and over ship 0
  CHECK(o.place(1, {4, 3}, V) == PlacementRefusal::overlap);        // and blocked, and touching
  CHECK(o.place(1, {4, 0}, H) == PlacementRefusal::blocked);        // (4,1): and touching
  CHECK(o.place(0, {9, 9}, H) == PlacementRefusal::already_placed); // and off the board
  CHECK(o.place(1, {4, 4}, H) == PlacementRefusal::touching);       // (4,4) beside (5,4) only
  CHECK(o == before);
  o.fire({0, 0});
  CHECK(o.place(0, {0, 2}, H) == PlacementRefusal::shooting_started); // and already placed
  CHECK(o.place(1, {9, 9}, H) == PlacementRefusal::shooting_started); // and off the board
  CHECK(o.place(2, {9, 9}, H) == PlacementRefusal::unknown_ship);     // and shooting started
}

TEST_CASE("a placement of the wrong length is refused for every ship, the first included",
          "[ocean]") {
  auto o = ocean_with(Touching::allowed);
  const auto empty = o;
  CHECK(o.place(0, Placement{{0, 0}, H, 2}) == PlacementRefusal::wrong_length);
  CHECK(o.place(1, Placement{{0, 0}, V, 3}) == PlacementRefusal::wrong_length);
  CHECK(o.place(2, Placement{{0, 0}, H, 2}) == PlacementRefusal::unknown_ship);
  CHECK(o == empty);
  CHECK(o.place(0, Placement{{0, 0}, H, 3}) == PlacementRefusal::none);
}

TEST_CASE("afloat_count counts the placed ships not yet sunk", "[ocean]") {
  auto o = ocean_with(Touching::allowed);
  CHECK(o.afloat_count() == 0);
  REQUIRE(o.place(1, {4, 4}, H) == PlacementRefusal::none);
  CHECK(o.afloat_count() == 1); // ship 0 is not on the board yet
  REQUIRE(o.place(0, {0, 0}, H) == PlacementRefusal::none);
  CHECK(o.afloat_count() == 2);
  o.fire({4, 4});
  o.fire({4, 5});
  CHECK(o.afloat_count() == 1);
}

TEST_CASE("fleets of 31 and 32 ships are all placed and all sunk", "[ocean]") {
  for (int n : {31, 32}) {
    INFO(n << " ships");
    const Fleet dots{{"Dot", 'D', 1, n}};
    Ocean<FixedShape<8, 8>> o(Board<FixedShape<8, 8>>{}, dots, Touching::allowed);
    for (int id = 0; id < n; ++id) {
      CHECK_FALSE(o.all_placed());
      REQUIRE(o.place(id, {id / 8, id % 8}, H) == PlacementRefusal::none);
    }
    CHECK(o.all_placed());
    for (int id = 0; id < n; ++id) {
      CHECK_FALSE(o.all_sunk());
      CHECK(o.fire({id / 8, id % 8}) == ShotOutcome{ShotResult::sunk, id, ShotRefusal::none});
    }
    CHECK(o.all_sunk());
    CHECK(o.afloat_count() == 0);
  }
}

TEST_CASE("touching rules refuse edge and corner contact as configured", "[ocean][rules]") {
  // Long at row 2, columns 1..3; probe an edge neighbour and a corner neighbour.
  const Coord edge{3, 2};   // directly below the middle cell
  const Coord corner{3, 4}; // diagonal to the right end
  for (auto t : {Touching::allowed, Touching::no_edge_contact, Touching::no_contact}) {
    auto o = ocean_with(t);
    REQUIRE(o.place(0, {2, 1}, H) == PlacementRefusal::none);
    const auto edge_result = o.place(1, edge, V);
    if (edge_result == PlacementRefusal::none) REQUIRE(o.unplace(1) == PlacementRefusal::none);
    const auto corner_result = o.place(1, corner, V);
    CHECK(edge_result ==
          (t == Touching::allowed ? PlacementRefusal::none : PlacementRefusal::touching));
    CHECK(corner_result ==
          (t == Touching::no_contact ? PlacementRefusal::touching : PlacementRefusal::none));
  }
}

TEST_CASE("firing reports miss, hit, sunk and refuses repeated or off-board shots", "[ocean]") {
  auto o = ocean_with(Touching::allowed);
  REQUIRE(o.place(0, {0, 0}, H) == PlacementRefusal::none);
  REQUIRE(o.place(1, {5, 4}, H) == PlacementRefusal::none);
  CHECK(o.fire({3, 3}) == ShotOutcome{ShotResult::miss, -1, ShotRefusal::none});
  CHECK(o.fire({0, 0}) == ShotOutcome{ShotResult::hit, 0, ShotRefusal::none});
  CHECK(o.fire({0, 1}) == ShotOutcome{ShotResult::hit, 0, ShotRefusal::none});
  CHECK(o.health(0) == 1);
  const auto before = o;
  CHECK(o.fire({0, 0}) == ShotOutcome{ShotResult::invalid, -1, ShotRefusal::already_shot});
  CHECK(o.fire({6, 0}) == ShotOutcome{ShotResult::invalid, -1, ShotRefusal::off_board});
  CHECK(o.fire({0, -1}) == ShotOutcome{ShotResult::invalid, -1, ShotRefusal::off_board});
  CHECK(o == before);
  CHECK(o.shots().count() == 3);
  CHECK(o.fire({0, 2}) == ShotOutcome{ShotResult::sunk, 0, ShotRefusal::none});
  CHECK(o.is_sunk(0));
  CHECK_FALSE(o.all_sunk());
  CHECK(o.fire({5, 4}).result == ShotResult::hit);
  CHECK(o.fire({5, 5}) == ShotOutcome{ShotResult::sunk, 1, ShotRefusal::none});
  CHECK(o.all_sunk());
  CHECK(o.sunk_count() == 2);
  CHECK(o.afloat_count() == 0);
}

TEST_CASE("fire_cell is fire by cell index, refusals included", "[ocean]") {
  auto by_coord = ocean_with(Touching::allowed);
  REQUIRE(by_coord.place(0, {0, 0}, H) == PlacementRefusal::none);
  REQUIRE(by_coord.place(1, {2, 1}, V) == PlacementRefusal::none);
  auto by_index = by_coord;
  const Board<Shape> board;
  // Every cell in a scrambled order, each twice: the second shot is refused the same way.
  for (int round = 0; round < 2; ++round) {
    for (std::size_t k = 0; k < 36; ++k) {
      const std::size_t i = (k * 7) % 36;
      const Coord c = board.coord(i);
      INFO("cell " << i << " round " << round);
      CHECK(by_index.fire_cell(i) == by_coord.fire(c));
      CHECK(by_index == by_coord);
    }
  }
  CHECK(by_index.all_sunk());
}

TEST_CASE("place_unchecked with the cells given equals a checked placement", "[ocean]") {
  auto checked = ocean_with(Touching::no_contact);
  auto unchecked = checked;
  const Board<Shape> board;
  const Placement p{{1, 2}, V, 3};
  REQUIRE(checked.place(0, p) == PlacementRefusal::none);
  unchecked.place_unchecked(0, p, board.mask(p));
  CHECK(unchecked == checked);
  CHECK(unchecked.occupied() == board.mask(p));
  CHECK(unchecked.ship_at({3, 2}) == 0);
  CHECK(unchecked.health(0) == 3);
  // The touching rule still applies to the next checked placement.
  CHECK(unchecked.place(1, {4, 3}, H) == PlacementRefusal::touching);
}

TEST_CASE("ships cannot move once shooting has started, and repair keeps the layout", "[ocean]") {
  auto o = ocean_with(Touching::allowed);
  REQUIRE(o.place(0, {0, 0}, H) == PlacementRefusal::none);
  (void)o.fire({4, 4});
  CHECK(o.place(1, {3, 3}, H) == PlacementRefusal::shooting_started);
  CHECK(o.unplace(0) == PlacementRefusal::shooting_started);
  o.repair();
  CHECK(o.shots().none());
  CHECK(o.is_placed(0));
  CHECK(o.place(1, {3, 3}, H) == PlacementRefusal::none);
  o.clear();
  CHECK(o.occupied().none());
  CHECK_FALSE(o.is_placed(0));
}

TEST_CASE("clear_ships removes ships and shots and keeps the blocks while clear removes all three",
          "[ocean]") {
  auto o = ocean_with(Touching::allowed);
  o.block({5, 5});
  REQUIRE(o.place(0, {0, 0}, H) == PlacementRefusal::none);
  (void)o.fire({0, 1});
  o.clear_ships();
  CHECK_FALSE(o.is_placed(0));
  CHECK(o.occupied().none());
  CHECK(o.shots().none());
  CHECK(o.health(0) == o.length(0));
  CHECK(o.blocked().count() == 1);
  CHECK(o.place(1, {5, 4}, H) == PlacementRefusal::blocked);
  CHECK(o.place(0, {0, 0}, H) == PlacementRefusal::none);
  o.clear();
  CHECK(o.blocked().none());
  CHECK_FALSE(o.is_placed(0));
}

TEST_CASE("block covers about half the free cells and unblock frees them", "[ocean]") {
  auto o = ocean_with(Touching::allowed);
  Rng rng(42);
  o.block(rng);
  CHECK(o.blocked().count() == 18);
  CHECK(o.blocked().subset_of(o.board().all()));
  o.unblock();
  CHECK(o.blocked().none());
  REQUIRE(o.place(0, {0, 0}, H) == PlacementRefusal::none);
  o.block(rng, 100); // more than are free: blocks every free cell, never a ship's
  CHECK(o.blocked().count() == 33);
  CHECK_FALSE(o.blocked().intersects(o.occupied()));
}

TEST_CASE("a block lies on free water only: a ship's cell or an off-board one is refused",
          "[ocean]") {
  auto o = ocean_with(Touching::allowed);
  REQUIRE(o.place(0, {0, 0}, H) == PlacementRefusal::none); // (0,0)-(0,2)
  const auto before = o;
  CHECK_FALSE(o.block(Coord{0, 1}));
  CHECK_FALSE(o.block(Coord{6, 0}));
  CHECK_FALSE(o.block(Coord{-1, 0}));
  CHECK(o == before);
  CHECK(o.block(Coord{0, 3}));
  CHECK(o.blocked().count() == 1);
  // A whole row asked for: the ship's three cells are left free, the other three blocked.
  Ocean<Shape>::bitboard_type row;
  for (int c = 0; c < 6; ++c) row.set(o.board().index(Coord{0, c}));
  o.unblock();
  o.block(row);
  CHECK(o.blocked().count() == 3);
  CHECK_FALSE(o.blocked().intersects(o.occupied()));
}

TEST_CASE("an ocean refuses a fleet that cannot fit its board", "[ocean]") {
  using Tiny = FixedShape<2, 2>;
  const Board<Tiny> tiny;
  CHECK_THROWS_AS(Ocean<Tiny>(tiny, fleets::classic), std::invalid_argument);
}

TEST_CASE("place and unplace refusals read as their reason, and the ocean stays as it was",
          "[ocean]") {
  auto o = ocean_with(Touching::allowed);
  REQUIRE(o.place(0, {2, 2}, H) == PlacementRefusal::none);
  const auto before = o;
  auto refused = [&](PlacementRefusal r) {
    CHECK(o == before);
    return std::string(to_string(r));
  };
  CHECK(refused(o.place(0, {0, 0}, H)) == "that ship is already on the board");
  CHECK(refused(o.unplace(1)) == "that ship is not on the board");
  CHECK(refused(o.unplace(0, {2, 3}, H)) == "that ship is not at that position");
  CHECK(refused(o.unplace(1, {0, 0}, H)) == "that ship is not at that position");
  // Once a shot has been fired nothing moves, whatever else is wrong with the request.
  (void)o.fire({5, 5});
  const auto shot = o;
  for (const PlacementRefusal r :
       {o.place(1, {0, 0}, H), o.place(0, {0, 0}, H), o.unplace(0), o.unplace(1),
        o.unplace(0, {2, 2}, H), o.unplace(0, {2, 3}, H), o.unplace(1, {0, 0}, H)}) {
    CHECK(r == PlacementRefusal::shooting_started);
    CHECK(to_string(r) == "ships cannot move once shooting has started");
  }
  CHECK(o == shot);
}

TEST_CASE("oceans with the same ships placed elsewhere are unequal", "[ocean]") {
  auto a = ocean_with(Touching::allowed);
  auto b = ocean_with(Touching::allowed);
  REQUIRE(a.place(0, {0, 0}, H) == PlacementRefusal::none);
  REQUIRE(b.place(0, {0, 0}, V) == PlacementRefusal::none); // same ship, same origin, turned
  CHECK_FALSE(a == b);
  REQUIRE(b.unplace(0) == PlacementRefusal::none);
  REQUIRE(b.place(0, {0, 0}, H) == PlacementRefusal::none);
  CHECK(a == b);
}

TEST_CASE("a one-cell ship lies in the same place whichever way it was turned", "[ocean]") {
  // A drawing has no way to say a dot was turned: a layout read back from its text came back
  // unequal to the ocean it was drawn from.
  const Fleet dots{{"Dot", 'D', 1, 2}};
  Ocean<Shape> a(Board<Shape>{}, dots, Touching::allowed);
  Ocean<Shape> b(Board<Shape>{}, dots, Touching::allowed);
  REQUIRE(a.place(0, {1, 1}, V) == PlacementRefusal::none);
  REQUIRE(b.place(0, {1, 1}, H) == PlacementRefusal::none);
  CHECK(a == b);
  REQUIRE(a.place(1, {2, 2}, H) == PlacementRefusal::none);
  REQUIRE(b.place(1, {2, 3}, H) == PlacementRefusal::none); // another cell: another ocean
  CHECK_FALSE(a == b);
}

} // namespace test_ocean
