#include "catch_shim.hpp"

#include <battleship/io/coord_text.hpp>
#include <battleship/rng.hpp>

#include <climits>
#include <string>
#include <utility>

namespace test_coord_text {

using namespace battleship;

TEST_CASE("coordinates parse in every notation people type", "[coord_text]") {
  CHECK(parse_coord("B7").coord == Coord{6, 1});
  CHECK(parse_coord("b7").coord == Coord{6, 1});
  CHECK(parse_coord("7B").coord == Coord{6, 1});
  CHECK(parse_coord("5,E").coord == Coord{4, 4});
  CHECK(parse_coord(" 10 , J ").coord == Coord{9, 9});
  CHECK(parse_coord("3 4").coord == Coord{3, 4});
  CHECK(parse_coord("AA1").coord == Coord{0, 26});
  CHECK(parse_coord("J10").coord == Coord{9, 9});
}

TEST_CASE("coordinates print in every notation and parse back", "[coord_text]") {
  for (int r = 0; r < 32; ++r)
    for (int c = 0; c < 32; ++c)
      for (auto n : {CoordNotation::letter_number, CoordNotation::number_letter,
                     CoordNotation::bbm103, CoordNotation::cs32}) {
        const std::string text = format_coord({r, c}, n);
        REQUIRE(parse_coord(text, n).coord == Coord{r, c});
        REQUIRE(parse_coord(text).coord == Coord{r, c});
      }
  CHECK(format_coord({6, 1}, CoordNotation::letter_number) == "B7");
  CHECK(format_coord({4, 4}, CoordNotation::bbm103) == "5,E");
  CHECK(column_label(26) == "AA");
}

TEST_CASE("readable_cells is where format_coord's text stops parsing back", "[coord_text]") {
  for (auto n : {CoordNotation::letter_number, CoordNotation::number_letter, CoordNotation::bbm103,
                 CoordNotation::cs32}) {
    const auto [rows, cols] = readable_cells(n);
    const Coord last{static_cast<int>(rows - 1), static_cast<int>(cols - 1)};
    CHECK(parse_coord(format_coord(last, n), n).coord == last);
    CHECK_FALSE(parse_coord(format_coord({static_cast<int>(rows), 0}, n), n).coord.has_value());
    CHECK_FALSE(parse_coord(format_coord({0, static_cast<int>(cols)}, n), n).coord.has_value());
  }
  CHECK(readable_cells(CoordNotation::letter_number).cols == 26 + 26 * 26 + 26 * 26 * 26);
}

TEST_CASE("bad coordinate text says what is wrong", "[coord_text]") {
  using Catch::Matchers::Contains;
  CHECK(parse_coord("").error == "empty coordinate");
  CHECK_THAT(parse_coord("5E", CoordNotation::bbm103).error, Contains("no comma"));
  CHECK_THAT(parse_coord("B0").error, Contains("row number"));
  CHECK_THAT(parse_coord("77").error, Contains("column letter"));
  CHECK_THAT(parse_coord("3 x").error, Contains("two whole numbers"));
  CHECK_THAT(parse_coord("5,5").error, Contains("column letter"));
  CHECK_THAT(parse_coord_on("K1", ClassicShape{}).error, Contains("off the 10 x 10 board"));
  CHECK(parse_coord_on("J10", ClassicShape{}).coord == Coord{9, 9});
  // A board will do, as everywhere else (its shape was needed).
  CHECK(parse_coord_on("J10", Board<ClassicShape>{}).coord == Coord{9, 9});
  CHECK_THAT(parse_coord_on("A3", Board<DynamicShape<128>>(DynamicShape<128>(2, 8))).error,
             Contains("off the 2 x 8 board"));
  // Too many digits or letters is said as such, and the text is quoted printably.
  CHECK(parse_coord("99999999999999999999 1").error ==
        "'99999999999999999999 1': a number has at most 6 digits");
  CHECK(parse_coord("A1234567").error == "'A1234567': a row number has at most 6 digits");
  CHECK(parse_coord("AAAA1").error == "'AAAA1': a column has at most 3 letters");
  CHECK(parse_coord("1234567,E").error == "'1234567,E': a row number has at most 6 digits");
  CHECK(parse_coord(std::string_view("B\0", 2)).error ==
        "'B\\x00' has no column letter (A, B, ...) where expected");
  CHECK(parse_coord("1\x1b").error == "'1\\x1b' has no column letter (A, B, ...) where expected");
  CHECK(parse_coord("ZZZ1").coord == Coord{0, 18277}); // three letters still read
}

TEST_CASE("cells no notation names are written plainly, and huge ones without overflow",
          "[coord_text]") {
  CHECK(format_coord({-1, 0}, CoordNotation::letter_number) == "(-1, 0)");
  CHECK(format_coord({0, -1}, CoordNotation::bbm103) == "(0, -1)");
  CHECK(format_coord({-3, -30}, CoordNotation::cs32) == "-3 -30");
  CHECK(format_coord({INT_MAX, 0}, CoordNotation::letter_number) == "A2147483648");
  CHECK(column_label(-1).empty());
  CHECK(column_label(INT_MAX) == "FXSHRXX");
  CHECK_FALSE(contains(ClassicShape{}, Placement{{0, 0}, Orientation::horizontal, INT_MAX}));
  CHECK_FALSE(contains(ClassicShape{}, Placement{{5, 5}, Orientation::vertical, 6}));
  CHECK(contains(ClassicShape{}, Placement{{5, 5}, Orientation::vertical, 5}));
}

TEST_CASE("coordinate parsing never crashes on random text", "[coord_text]") {
  Rng rng(9);
  const std::string alphabet = "AbZz09,; \t-\n\x01\xff";
  int parsed = 0;
  for (int i = 0; i < 20000; ++i) {
    std::string s;
    const int len = rng.below(12);
    for (int k = 0; k < len; ++k)
      s.push_back(alphabet[static_cast<std::size_t>(rng.below(static_cast<int>(alphabet.size())))]);
    const CoordParse p = parse_coord_on(s, ClassicShape{});
    INFO(s);
    REQUIRE(p.coord.has_value() == p.error.empty());
    if (!p.coord) continue;
    // What is taken is on the board, and is the cell its own name gives back.
    ++parsed;
    REQUIRE(contains(ClassicShape{}, *p.coord));
    for (auto notation : {CoordNotation::letter_number, CoordNotation::bbm103, CoordNotation::cs32})
      REQUIRE(parse_coord(format_coord(*p.coord, notation)).coord == p.coord);
  }
  CHECK(parsed > 0); // the loop above did judge some cells it took
}

TEST_CASE("cs32 coordinate text without a blank between row and column is refused",
          "[coord_text]") {
  // The text is quoted as given, blanks around it left out.
  for (const auto& [text, quoted] : {std::pair{"34", "'34'"}, std::pair{"3,4", "'3,4'"},
                                     std::pair{"B7", "'B7'"}, std::pair{" 12 ", "'12'"}}) {
    INFO(text);
    const CoordParse p = parse_coord(text, CoordNotation::cs32);
    CHECK_FALSE(p.coord.has_value());
    CHECK(p.error == std::string(quoted) + " needs a row and a column, like '3 4'");
  }
  CHECK(parse_coord("3 4", CoordNotation::cs32).coord == Coord{3, 4}); // the blank is all it lacked
}

TEST_CASE("cs32 coordinates take any blanks between row and column, and a line's CR is ignored",
          "[coord_text]") {
  for (const char* text : {"3  4", "3\t 4", "3 \t4", "3\t4"}) {
    INFO(text);
    const CoordParse p = parse_coord(text, CoordNotation::cs32);
    REQUIRE(p);
    CHECK(*p.coord == Coord{3, 4});
    CHECK(parse_coord(text).coord == Coord{3, 4}); // the notation guessed too
  }
  // Text from a CRLF line (a Windows file, a network protocol) read as it comes.
  CHECK(parse_coord("B7\r\n").coord == Coord{6, 1});
  CHECK(parse_coord("B7\r", CoordNotation::letter_number).coord == Coord{6, 1});
  CHECK(parse_coord("5,E\r", CoordNotation::bbm103).coord == Coord{4, 4});
}

} // namespace test_coord_text
