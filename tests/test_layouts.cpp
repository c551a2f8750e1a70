// Every layout of a fleet (layouts.hpp): as many as the independent brute force of
// small_boards.hpp finds under each touching rule, each one legal and none twice.
#include "catch_shim.hpp"
#include "small_boards.hpp"

#include <set>
#include <stdexcept>
#include <vector>

#include <battleship/layouts.hpp>

namespace test_layouts {

using namespace battleship;

TEST_CASE("for_each_layout visits every legal layout once, under every touching rule",
          "[layouts]") {
  using D = DynamicShape<64>;
  const Board<D> board(D(4, 4));
  const Fleet fleet{{"Cruiser", 'C', 3, 1}, {"Destroyer", 'D', 2, 1}, {"Sub", 'S', 1, 1}};
  for (Touching t : {Touching::allowed, Touching::no_edge_contact, Touching::no_contact}) {
    INFO("touching " << to_string(t));
    std::set<std::vector<std::size_t>> seen; // each layout as its ships' cell indices
    const std::size_t count = for_each_layout(board, fleet, t, [&](const Ocean<D>& ocean) {
      REQUIRE(ocean.all_placed());
      std::vector<std::size_t> cells;
      for (int s = 0; s < fleet.ship_count(); ++s) {
        const Placement& p = ocean.placement(s);
        for (int i = 0; i < p.length; ++i) cells.push_back(board.index(p.cell(i)));
        cells.push_back(999); // ship separator
      }
      seen.insert(cells);
    });
    CHECK(count == seen.size());
    CHECK(count == small_boards::all_layouts(board, fleet, t).size());
    CHECK(count > 0);
  }
}

TEST_CASE("for_each_layout stops when the visitor throws", "[layouts]") {
  const Board<ClassicShape> board;
  int visited = 0;
  CHECK_THROWS_AS(for_each_layout(board, fleets::classic, Touching::allowed,
                                  [&](const Ocean<ClassicShape>&) {
                                    if (++visited == 1000) throw std::length_error("enough");
                                  }),
                  std::length_error);
  CHECK(visited == 1000);
  // A fleet that cannot be on the board at all is refused before any layout is visited.
  CHECK_THROWS_AS(for_each_layout(board, Fleet{{"Long", 'L', 11, 1}}, Touching::allowed,
                                  [&](const Ocean<ClassicShape>&) { ++visited; }),
                  std::invalid_argument);
  CHECK(visited == 1000);
}

} // namespace test_layouts
