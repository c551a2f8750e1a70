#include "catch_shim.hpp"

#include <battleship/io/board_text.hpp>
#include <battleship/shape.hpp>

#include <stdexcept>
#include <string>
#include <vector>

namespace test_board_text {

using namespace battleship;

TEST_CASE("an ocean is drawn as its owner sees it: ships, hits, misses and blocks",
          "[board_text]") {
  using S = FixedShape<3, 5>;
  const Fleet fleet{{"Destroyer", 'D', 2, 1}, {"Sub", 'S', 1, 1}};
  Ocean<S> ocean(Board<S>{}, fleet);
  REQUIRE(ocean.place(0, {1, 0}, Orientation::horizontal) == PlacementRefusal::none);
  REQUIRE(ocean.place(1, {2, 4}, Orientation::vertical) == PlacementRefusal::none);
  ocean.block(Coord{1, 3});
  (void)ocean.fire({1, 1});
  (void)ocean.fire({0, 2});
  CHECK(ocean_text(ocean) == "     A  B  C  D  E\n"
                             "  1  .  .  o  .  .\n"
                             "  2  D  X  .  #  .\n"
                             "  3  .  .  .  .  S");
  CHECK(ocean_mark(ocean, {1, 3}, '%') == '%');
  CHECK(ocean_lines(ocean).size() == 4);
}

TEST_CASE("a target is drawn as its shooter knows it: hits, misses, pending and unknown cells",
          "[board_text]") {
  using S = FixedShape<2, 3>;
  const Fleet fleet{{"Destroyer", 'D', 2, 1}};
  TargetView<S> view(Board<S>{}, fleet, Rules{});
  view.record({0, 0}, ShotOutcome{ShotResult::hit, -1, ShotRefusal::none});
  view.record({1, 2}, ShotOutcome{ShotResult::miss, -1, ShotRefusal::none});
  view.add_pending({0, 1});
  CHECK(view_text(view) == "     A  B  C\n"
                           "  1  X  *  ?\n"
                           "  2  ?  ?  o");
}

TEST_CASE("a front end's own marks are drawn as the boards are, and ragged rows refused",
          "[board_text]") {
  CHECK(marks_text({"#X.", "o*?"}) == "     A  B  C\n"
                                      "  1  #  X  .\n"
                                      "  2  o  *  ?");
  CHECK_THROWS_WITH(marks_text({"..", "."}), "row 2 has 1 marks where row 1 has 2");
  CHECK_THROWS_AS(marks_text({}), std::invalid_argument);
  CHECK_THROWS_AS(marks_text({""}), std::invalid_argument);
}

TEST_CASE("a blocked cell takes a mark no ship and no other mark uses", "[board_text]") {
  CHECK(blocked_mark("ABCDS") == '#');
  CHECK(blocked_mark("#A") == '%');
  CHECK(blocked_mark("#%&@=+") == '!');
  CHECK(blocked_mark("#%&@=+!\"") == '$');
  using S = FixedShape<1, 3>;
  const Fleet hashes{{"Hash", '#', 1, 1}};
  Ocean<S> ocean(Board<S>{}, hashes);
  REQUIRE(ocean.place(0, {0, 0}, Orientation::horizontal) == PlacementRefusal::none);
  ocean.block(Coord{0, 2});
  CHECK(ocean_text(ocean) == "     A  B  C\n  1  #  .  %");
}

TEST_CASE("wide and tall boards widen the fields so labels and numbers stay aligned",
          "[board_text]") {
  using S = DynamicShape<27'000>;
  const Fleet fleet{{"Sub", 'S', 1, 1}};
  const Ocean<S> ocean(Board<S>(S(1000, 27)), fleet);
  const std::vector<std::string> lines = ocean_lines(ocean);
  REQUIRE(lines.size() == 1001);
  CHECK(lines[0].substr(lines[0].size() - 6) == "  Z AA");
  CHECK(lines[1].substr(0, 7) == "   1  .");
  CHECK(lines[1000].substr(0, 7) == "1000  .");
  for (const auto& line : lines) CHECK(line.size() == lines[0].size());
}

} // namespace test_board_text
