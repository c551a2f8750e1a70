#include "catch_shim.hpp"

#include <battleship/fleet.hpp>
#include <battleship/view.hpp>

#include <climits>
#include <iterator>
#include <stdexcept>
#include <string>
#include <string_view>

namespace test_fleet {

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

TEST_CASE("a fleet is built from names held in std::string, as read from a file", "[fleet]") {
  const std::string name = "Carrier", long_name(40, 'x');
  Fleet fleet;
  fleet.add({name, 'C', 5, 1});
  CHECK(fleet.ship(0).name == "Carrier");
  ShipClass k;
  k.name = std::string("Destroyer");
  CHECK(k.name.view() == "Destroyer");
  CHECK_THROWS_AS(fleet.add({long_name, 'L', 2, 1}), std::length_error);
  CHECK(fleet.class_count() == 1);
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
  CHECK(huge.total_length() == INT_MAX); // saturated, not a signed overflow (UBSan would say)
  CHECK(Fleet({{"Neg", 'N', -3, INT_MAX}}).total_length() == INT_MIN);
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

TEST_CASE("a ship class says what keeps it out of every fleet, and a fleet says the same",
          "[fleet]") {
  const ClassicShape board;
  const ShipClass bad[] = {{"", 'A', 2, 1},        {"Zero", 'Z', 0, 1}, {"Long", 'L', 256, 1},
                           {"None", 'N', 2, 0},    {"Hit", 'X', 2, 1},  {"Blank", ' ', 2, 1},
                           {"Tab\tbed", 'T', 2, 1}};
  for (const ShipClass& c : bad) {
    INFO(c.name.view());
    REQUIRE(c.problem().has_value());
    if (!c.name.empty()) CHECK(Fleet({c}).problem(board) == c.problem());
  }
  CHECK(bad[0].problem() == "a ship class has no name");
  CHECK(Fleet({bad[0]}).problem(board) == "ship class 0 has no name"); // the fleet says which
  CHECK(bad[1].problem() == "'Zero' has length 0; it must be at least 1");
  // A name that would not come back from a record's text, said without it (a NUL would cut it).
  CHECK(bad[6].problem() == "a ship class's name has a control character (9)");
  CHECK(bad[4].problem() == "'Hit' uses the symbol 'X', which boards use for water, misses or "
                            "damage");
  // Whether a symbol is free, and how many ships there are in all, are the fleet's questions.
  CHECK_FALSE(ShipClass{"Many", 'M', 1, 33}.problem().has_value());
  CHECK_FALSE(ShipClass{"Long", 'L', 255, 1}.problem().has_value());
  for (int i = 0; i < fleets::classic.class_count(); ++i)
    CHECK_FALSE(fleets::classic.ship_class(i).problem().has_value());
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

TEST_CASE("a fleet holds at most 16 ship classes, built at once or one class at a time",
          "[fleet]") {
  REQUIRE(max_ship_classes == 16);
  // Sixteen one-cell classes: the most a fleet holds.
  const Fleet sixteen{{"A", 'A', 1, 1}, {"B", 'B', 1, 1}, {"C", 'C', 1, 1}, {"D", 'D', 1, 1},
                      {"E", 'E', 1, 1}, {"F", 'F', 1, 1}, {"G", 'G', 1, 1}, {"H", 'H', 1, 1},
                      {"I", 'I', 1, 1}, {"J", 'J', 1, 1}, {"K", 'K', 1, 1}, {"L", 'L', 1, 1},
                      {"M", 'M', 1, 1}, {"N", 'N', 1, 1}, {"O", 'O', 1, 1}, {"P", 'P', 1, 1}};
  CHECK(sixteen.class_count() == max_ship_classes);
  CHECK_FALSE(sixteen.problem(ClassicShape{}).has_value());
  CHECK_THROWS_MATCHES((Fleet{{"A", 'A', 1, 1},
                              {"B", 'B', 1, 1},
                              {"C", 'C', 1, 1},
                              {"D", 'D', 1, 1},
                              {"E", 'E', 1, 1},
                              {"F", 'F', 1, 1},
                              {"G", 'G', 1, 1},
                              {"H", 'H', 1, 1},
                              {"I", 'I', 1, 1},
                              {"J", 'J', 1, 1},
                              {"K", 'K', 1, 1},
                              {"L", 'L', 1, 1},
                              {"M", 'M', 1, 1},
                              {"N", 'N', 1, 1},
                              {"O", 'O', 1, 1},
                              {"P", 'P', 1, 1},
                              {"Q", 'Q', 1, 1}}),
                       std::invalid_argument,
                       Catch::Matchers::Message("a fleet has at most 16 ship classes"));
  // add() refuses the seventeenth and leaves the fleet as it was.
  Fleet grown;
  for (int k = 0; k < max_ship_classes; ++k) grown.add(sixteen.ship_class(k));
  CHECK(grown == sixteen);
  CHECK_THROWS_MATCHES(grown.add({"Q", 'Q', 1, 1}), std::invalid_argument,
                       Catch::Matchers::Message("a fleet has at most 16 ship classes"));
  CHECK(grown == sixteen);
}

TEST_CASE("a fleet covering more cells than the board has is refused with both numbers",
          "[fleet]") {
  // Five ships of 5 on 4 x 5: each fits on its own, together 25 cells where there are 20.
  const Fleet big{{"Big", 'B', 5, 5}};
  const FixedShape<4, 5> board;
  CHECK(big.problem(board).value_or("") == "the fleet covers 25 cells but the board has only 20");
  CHECK_THROWS_MATCHES(
      big.validate(board), std::invalid_argument,
      Catch::Matchers::Message("the fleet covers 25 cells but the board has only 20"));
  // One ship fewer covers exactly the board's 20 cells: not refused for its size. One cell more
  // is.
  CHECK_FALSE(Fleet({{"Big", 'B', 5, 4}}).problem(board).has_value());
  CHECK(Fleet({{"Big", 'B', 5, 4}, {"Dot", 'D', 1, 1}}).problem(board).value_or("") ==
        "the fleet covers 21 cells but the board has only 20");
}

TEST_CASE("a ship name longer than 31 bytes is refused naming it", "[fleet]") {
  const std::string name31(31, 'n');
  CHECK(ShipClass{name31.c_str(), 'N', 2, 1}.name.view() == name31);
  const std::string name32 = name31 + "x";
  CHECK_THROWS_MATCHES((ShipClass{name32.c_str(), 'N', 2, 1}), std::length_error,
                       Catch::Matchers::Message("'" + name32 + "' is longer than 31 bytes"));
  CHECK_THROWS_MATCHES(FixedString<3>("four"), std::length_error,
                       Catch::Matchers::Message("'four' is longer than 3 bytes"));
}

} // namespace test_fleet
