#include "catch_shim.hpp"

#include <battleship/fleet.hpp>
#include <battleship/view.hpp>

#include <climits>
#include <iterator>
#include <stdexcept>
#include <string_view>

using namespace battleship;

TEST_CASE("the predefined fleets have the ships the seeds describe", "[fleet]") {
  CHECK(fleets::classic.ship_count() == 5);
  CHECK(fleets::classic.total_length() == 17);
  CHECK(fleets::classic.ship(0).name == "Carrier");
  CHECK(fleets::classic.ship(2).name == "Cruiser");
  CHECK(fleets::hasbro.ship(4).name == "Patrol Boat");
  CHECK(fleets::cs32.ship(0).symbol == 'A');
  CHECK(fleets::bbm103.ship_count() == 9);
  CHECK(fleets::bbm103.total_length() == 5 + 8 + 3 + 3 + 8);
  CHECK(fleets::bbm103.ship(2).name == "Battleship");
  CHECK(fleets::bbm103.ship(2).copy == 1);
  CHECK(fleets::bbm103.ship(8).length == 2);
  CHECK(fleets::russian.ship_count() == 10);
  CHECK(fleets::russian.total_length() == 20);
  CHECK(fleets::russian.longest() == 4);
  CHECK(fleets::russian.shortest() == 1);
  for (const Fleet& f :
       {fleets::classic, fleets::hasbro, fleets::cs32, fleets::bbm103, fleets::russian})
    CHECK_FALSE(f.problem(ClassicShape{}).has_value());
}

TEST_CASE("fleets are found by name, and only known names are", "[fleet]") {
  static_assert(fleets::named("russian") == fleets::russian); // usable at compile time
  CHECK(fleets::named("classic") == fleets::classic);
  CHECK(fleets::named("hasbro") == fleets::hasbro);
  CHECK_FALSE(fleets::named("salvo").has_value());
  std::string_view previous;
  for (const auto& f : fleets::all) {
    CHECK(previous < f.name); // sorted, no name twice
    CHECK(fleets::named(f.name) == f.fleet);
    previous = f.name;
  }
  CHECK(std::size(fleets::all) == 5);
}

TEST_CASE("a fleet is a constexpr value usable as a template argument", "[fleet]") {
  static_assert(fleets::classic.ship_count() == 5);
  static_assert(fleets::bbm103.ship(8).length == 2);
  constexpr Fleet tiny{{"Boat", 'b', 2, 1}};
  static_assert(tiny.longest() == 2);
  CHECK(tiny.ship_count() == 1);
}

namespace {
template <Fleet F>
constexpr int cells_of() {
  return F.total_length();
}
} // namespace

TEST_CASE("a fleet can parameterise a template", "[fleet]") {
  static_assert(cells_of<fleets::classic>() == 17);
  CHECK(cells_of<fleets::russian>() == 20);
}

TEST_CASE("invalid fleets are refused with the reason", "[fleet]") {
  using Catch::Matchers::Contains;
  const ClassicShape board;
  CHECK(Fleet{}.problem(board).value() == "the fleet has no ships");
  CHECK_THAT(Fleet({{"Long", 'L', 11, 1}}).problem(board).value(), Contains("does not fit"));
  CHECK_THAT(Fleet({{"Zero", 'Z', 0, 1}}).problem(board).value(), Contains("length 0"));
  CHECK_THAT(Fleet({{"None", 'N', 2, 0}}).problem(board).value(), Contains("count 0"));
  CHECK_THAT(Fleet({{"Hit", 'X', 2, 1}}).problem(board).value(), Contains("symbol 'X'"));
  CHECK_THAT(Fleet({{"Miss", 'o', 2, 1}}).problem(board).value(), Contains("symbol 'o'"));
  CHECK_THAT(Fleet({{"Water", '.', 2, 1}}).problem(board).value(), Contains("symbol '.'"));
  CHECK_THAT(Fleet({{"Blank", ' ', 2, 1}}).problem(board).value(), Contains("printable"));
  CHECK_THAT(Fleet({{"A", 'A', 2, 1}, {"B", 'A', 3, 1}}).problem(board).value(),
             Contains("already used"));
  CHECK_THAT(Fleet({{"", 'A', 2, 1}}).problem(board).value(), Contains("no name"));
  CHECK_THAT(Fleet({{"Many", 'M', 1, 33}}).problem(board).value(), Contains("at most 32"));
  // Counts that would wrap an int sum into a small total are still too many.
  const Fleet huge{{"Huge", 'H', 2, INT_MAX}, {"One", 'O', 2, 1}};
  CHECK(huge.ship_count() == INT_MAX);
  CHECK_THAT(huge.problem(board).value(), Contains("ships; at most 32 are supported"));
  CHECK_THROWS_AS(TargetView<ClassicShape>(Board<ClassicShape>{}, huge, rulesets::classic),
                  std::invalid_argument);
  // Lengths past a byte are refused, even on a board long enough for them.
  CHECK_THAT(Fleet({{"Long", 'L', 256, 1}}).problem(DynamicShape<1024>(1, 300)).value(),
             Contains("at most 255"));
  CHECK_FALSE(Fleet({{"Long", 'L', 255, 1}}).problem(DynamicShape<1024>(1, 300)).has_value());
  CHECK_THAT(Fleet({{"Big", 'B', 5, 5}}).problem(FixedShape<4, 5>{}).value(),
             Contains("covers 25 cells"));
  CHECK_THROWS_AS(Fleet({{"Long", 'L', 11, 1}}).validate(board), std::invalid_argument);
  CHECK_NOTHROW(fleets::classic.validate(board));
}

TEST_CASE("ship ids run class by class in declaration order", "[fleet]") {
  const Fleet f{{"A", 'A', 3, 2}, {"B", 'B', 1, 1}};
  REQUIRE(f.ship_count() == 3);
  CHECK(f.ship(0).class_index == 0);
  CHECK(f.ship(1).class_index == 0);
  CHECK(f.ship(1).copy == 1);
  CHECK(f.ship(2).class_index == 1);
  CHECK(f.class_of_symbol('B') == 1);
  CHECK(f.class_of_symbol('Q') == -1);
}
