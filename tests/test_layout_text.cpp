#include "catch_shim.hpp"

#include <battleship/io/layout_text.hpp>
#include <battleship/placement/uniform.hpp>

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

namespace test_layout_text {

using namespace battleship;
using S = ClassicShape;

namespace {
constexpr std::string_view classic_grid = R"(# the classic fleet
A A A A A . . . . .
. . . . . . . . . .
B . . . . . . . . .
B . . . C C C . . .
B . . . . . . . . .
B . . . . . . S . .
. . . . . . . S . .
. . . . . . . S . .

. . . . . . . . . .   # blank lines and comments are skipped
. D D . . . . . . .
)";

Fleet lettered_classic() { // fleets::classic with the symbols the grid above uses
  return Fleet{{"Carrier", 'A', 5, 1},
               {"Battleship", 'B', 4, 1},
               {"Cruiser", 'C', 3, 1},
               {"Submarine", 'S', 3, 1},
               {"Destroyer", 'D', 2, 1}};
}
} // namespace

TEST_CASE("a drawn layout reads into the ships it shows, in fleet order", "[layout_text]") {
  const Board<S> board;
  const LayoutParse parsed = parse_layout(board, lettered_classic(), classic_grid);
  INFO(parsed.error);
  REQUIRE(parsed);
  const std::vector<ShipPlacement> expected{{0, {{0, 0}, Orientation::horizontal, 5}},
                                            {1, {{2, 0}, Orientation::vertical, 4}},
                                            {2, {{3, 4}, Orientation::horizontal, 3}},
                                            {3, {{5, 7}, Orientation::vertical, 3}},
                                            {4, {{9, 1}, Orientation::horizontal, 2}}};
  auto sorted = *parsed.layout;
  std::sort(sorted.begin(), sorted.end(),
            [](const ShipPlacement& a, const ShipPlacement& b) { return a.ship < b.ship; });
  CHECK(sorted == expected);
  // The comment is line 1 and the blank line 10: rows 0 to 7 are lines 2 to 9, rows 8 and 9
  // lines 11 and 12.
  CHECK(parsed.row_lines == std::vector<int>{2, 3, 4, 5, 6, 7, 8, 9, 11, 12});

  Ocean<S> ocean(board, lettered_classic());
  Rng rng(1);
  FixedPlacer<S> placer(*parsed.layout);
  REQUIRE(placer.place(ocean, rng));
  CHECK(ocean.placement(2) == Placement{{3, 4}, Orientation::horizontal, 3});
}

TEST_CASE("a byte order mark at the start of a drawing is not a cell, elsewhere it is",
          "[layout_text]") {
  const Board<S> board;
  const std::string bom = "\xEF\xBB\xBF";
  const LayoutParse plain = parse_layout(board, lettered_classic(), classic_grid);
  const LayoutParse marked =
      parse_layout(board, lettered_classic(), bom + std::string(classic_grid));
  INFO(marked.error);
  REQUIRE(marked);
  CHECK(*marked.layout == *plain.layout);
  CHECK(marked.row_lines == plain.row_lines);
  const std::string mid = std::string("A A A A A . . . . .\n") + bom + std::string(classic_grid);
  CHECK_FALSE(parse_layout(board, lettered_classic(), mid)); // only at the start
}

TEST_CASE("format_layout draws what parse_layout reads, for random layouts of every fleet",
          "[layout_text]") {
  const Board<S> board;
  UniformPlacer<S> uniform;
  for (const Fleet& fleet : {fleets::classic, fleets::bbm103, fleets::russian}) {
    for (std::uint64_t seed = 0; seed < 50; ++seed) {
      Ocean<S> ocean(board, fleet);
      Rng rng(seed);
      REQUIRE(uniform.place(ocean, rng));
      std::vector<ShipPlacement> layout;
      for (int s = 0; s < fleet.ship_count(); ++s) layout.push_back({s, ocean.placement(s)});
      const std::string text = format_layout(board, fleet, layout);
      const LayoutParse parsed = parse_layout(board, fleet, text);
      INFO(text << parsed.error);
      REQUIRE(parsed);
      // Ships of one class may come back in another order; the drawing must be the same.
      CHECK(format_layout(board, fleet, *parsed.layout) == text);
      Ocean<S> again(board, fleet);
      FixedPlacer<S> placer(*parsed.layout);
      REQUIRE(placer.place(again, rng));
      CHECK(again.occupied() == ocean.occupied());
    }
  }
}

TEST_CASE("a malformed layout names the line and the problem", "[layout_text]") {
  const Board<FixedShape<3, 4>> board;
  const Fleet fleet{{"Cruiser", 'C', 3, 1}, {"Patrol", 'P', 2, 2}};
  auto error = [&](std::string_view text) { return parse_layout(board, fleet, text).error; };

  CHECK(parse_layout(board, fleet, "C C C .\nP P . .\nP P . .\n"));
  CHECK(error("C C C .\nP P . .\n") == "expected 3 rows, found 2");
  CHECK(error("C C C .\nP P . .\nP P . .\n. . . .\n") == "line 4: the board has only 3 rows");
  CHECK(error("C C C\nP P . .\nP P . .\n") == "line 1: expected 4 cells, found 3");
  CHECK(error("# x\nC C C .\nP X . .\nP P . .\n") ==
        "line 3, column 2: 'X' is neither water ('.' or '~') nor a ship symbol of the fleet");
  CHECK(error("C C . .\nP P . .\nP P . .\n") ==
        "line 1, column 1: the Cruiser ('C') starting here is 2 long, not 3");
  CHECK(error("C C C .\nP P . .\n. . . .\n") == "the fleet has 2 x Patrol ('P'), the layout 1");
  CHECK(error("C C C .\nP P P P\nP P . .\n") ==
        "line 3, column 1: one Patrol ('P') too many; the fleet has 2");
  CHECK(error("") == "expected 3 rows, found 0");
  // A character is one cell however many bytes it takes, and is quoted so a message prints.
  CHECK(error("C C C .\nP \xc3\xa9 . .\nP P . .\n") ==
        "line 2, column 2: '\xc3\xa9' is neither water ('.' or '~') nor a ship symbol of the "
        "fleet");
  CHECK(error("C C C .\nP \xc3\xa9 .\nP P . .\n") == "line 2: expected 4 cells, found 3");
  CHECK(error(std::string_view("C C C .\nP \0 . .\nP P . .\n", 22)) ==
        "line 2, column 2: '\\x00' is neither water ('.' or '~') nor a ship symbol of the fleet");
  CHECK(error("C C C .\nP \xff . .\nP P . .\n") ==
        "line 2, column 2: '\\xff' is neither water ('.' or '~') nor a ship symbol of the fleet");
}

TEST_CASE("a fleet with a symbol the format reads otherwise is refused both ways",
          "[layout_text]") {
  const Board<FixedShape<3, 4>> board;
  for (const char symbol : {'#', '~', ',', ';'}) {
    INFO(symbol);
    const Fleet fleet{{"Odd", symbol, 2, 1}};
    REQUIRE_FALSE(fleet.problem()); // CS32 allows these symbols
    const LayoutParse p = parse_layout(board, fleet, ". . . .\n. . . .\n. . . .\n");
    CHECK_FALSE(p);
    CHECK(p.error == std::string("the Odd's symbol '") + symbol +
                         "' means a comment, water or a separator in a layout; give it another");
    CHECK_THROWS_AS(format_layout(board, fleet, {}), std::invalid_argument);
  }
}

TEST_CASE("a block of one class is read quickly, or refused quickly", "[layout_text]") {
  const Board<S> board;
  const Fleet patrols{{"Patrol", 'P', 2, 32}};
  auto grid = [](auto is_ship) {
    std::string text;
    for (int r = 0; r < 10; ++r) {
      for (int c = 0; c < 10; ++c) text += is_ship(r, c) ? "P " : ". ";
      text += '\n';
    }
    return text;
  };
  // An 8 x 8 block is 32 dominoes.
  CHECK(parse_layout(board, patrols, grid([](int r, int c) { return r < 8 && c < 8; })));
  // One cell too many: no search, the greedy reading points at a cell left over.
  const LayoutParse extra = parse_layout(
      board, patrols, grid([](int r, int c) { return (r < 8 && c < 8) || (r == 9 && c == 9); }));
  CHECK(extra.error == "line 10, column 10: the Patrol ('P') starting here is 1 long, not 2");
  // The right count in a shape no dominoes cover: the search gives up and says so.
  const LayoutParse none = parse_layout(
      board, patrols,
      grid([](int r, int c) { return (r < 8 && c < 8 && r + c > 0) || (r == 9 && c == 9); }));
  CHECK_FALSE(none);
  CHECK(none.error.rfind("no reading into straight ships found after trying", 0) == 0);
}

TEST_CASE("a parsed layout that breaks a placement rule is refused by the ocean, which stays empty",
          "[layout_text]") {
  const Board<FixedShape<3, 4>> board;
  const Fleet fleet{{"Cruiser", 'C', 3, 1}, {"Patrol", 'P', 2, 1}};
  const LayoutParse parsed = parse_layout(board, fleet, "C C C .\nP P . .\n. . . .\n");
  REQUIRE(parsed);
  Ocean<FixedShape<3, 4>> ocean(board, fleet, Touching::no_edge_contact);
  FixedPlacer<FixedShape<3, 4>> placer(*parsed.layout);
  Rng rng(3);
  CHECK_FALSE(placer.place(ocean, rng));
  CHECK(placer.last_reason() == PlacementRefusal::touching);
  CHECK_FALSE(ocean.is_placed(0));
  CHECK_FALSE(ocean.is_placed(1));
}

TEST_CASE("place_layout lays a drawn fleet out, or names the refused ship's line and changes "
          "nothing",
          "[layout_text]") {
  using T = FixedShape<3, 4>;
  const Board<T> board;
  const Fleet fleet{{"Cruiser", 'C', 3, 1}, {"Patrol", 'P', 2, 1}};
  // Line 1 is a comment: the ships' rows are lines 2 and 4.
  constexpr std::string_view apart = "# two ships\nC C C .\n. . . .\n. . P P\n";
  constexpr std::string_view close = "# two ships\nC C C .\n. . . P\n. . . P\n";

  Ocean<T> ocean(board, fleet, Touching::no_contact); // the Patrol of `close` touches a corner
  ocean.block(Coord{1, 0});
  REQUIRE(ocean.place(1, Placement{{1, 2}, Orientation::horizontal, 2}) == PlacementRefusal::none);
  REQUIRE(ocean.fire(Coord{1, 2}).result == ShotResult::hit);
  // Taken: the ships and shots it had are replaced, its block stays.
  const LayoutPlacing placed = place_layout(ocean, apart);
  INFO(placed.error);
  REQUIRE(placed);
  CHECK(placed.refusal == PlacementRefusal::none);
  CHECK(ocean.placement(0) == Placement{{0, 0}, Orientation::horizontal, 3});
  CHECK(ocean.placement(1) == Placement{{2, 2}, Orientation::horizontal, 2});
  CHECK_FALSE(ocean.was_shot(Coord{1, 2}));
  CHECK(ocean.blocked().test(board.index(Coord{1, 0})));
  // placed_layout gives the ships back; drawn, they are the text's grid (the comment aside).
  CHECK(placed_layout(ocean) == *parse_layout(board, fleet, apart).layout);
  CHECK(format_layout(board, fleet, placed_layout(ocean)) == "C C C .\n. . . .\n. . P P\n");

  // Refused by the touching rule: the ship named by its line and column, nothing changed.
  const Ocean<T> before = ocean;
  const LayoutPlacing touching = place_layout(ocean, close);
  CHECK_FALSE(touching);
  CHECK(touching.refusal == PlacementRefusal::touching);
  CHECK(touching.error == std::string("line 3, column 4: the Patrol ('P') starting here, down: ") +
                              std::string(to_string(PlacementRefusal::touching)));
  CHECK(ocean == before);
  // Refused for a blocked cell, on an ocean allowing contact.
  Ocean<T> blocked(board, fleet);
  blocked.block(Coord{0, 1});
  const LayoutPlacing on_block = place_layout(blocked, close);
  CHECK(on_block.refusal == PlacementRefusal::blocked);
  CHECK(on_block.error.rfind("line 2, column 1: the Cruiser ('C') starting here, across: ", 0) ==
        0);
  CHECK_FALSE(blocked.is_placed(0));
  // Malformed text: the parse's own message, no placement refusal, nothing changed.
  const LayoutPlacing malformed = place_layout(ocean, "C C C .\nP . . .\n. . . .\n");
  CHECK(malformed.error == "line 2, column 1: the Patrol ('P') starting here is 1 long, not 2");
  CHECK(malformed.refusal == PlacementRefusal::none);
  CHECK(ocean == before);
  // The same text is taken where the rules allow contact.
  Ocean<T> allowed(board, fleet);
  CHECK(place_layout(allowed, close));
  CHECK(allowed.all_placed());
}

TEST_CASE("'~' is water in a layout, as '.' is", "[layout_text]") {
  const Board<FixedShape<4, 4>> board;
  const Fleet pair{{"Two", 'T', 2, 1}, {"Three", 'H', 3, 1}};
  const LayoutParse dots = parse_layout(board, pair, "T T . .\nH H H .\n. . . .\n. . . .\n");
  const LayoutParse waves = parse_layout(board, pair, "T T ~ ~\nH H H ~\n~ ~ ~ ~\n~ . ~ .\n");
  REQUIRE(dots);
  INFO(waves.error);
  REQUIRE(waves);
  CHECK(*dots.layout == *waves.layout);
}

} // namespace test_layout_text
