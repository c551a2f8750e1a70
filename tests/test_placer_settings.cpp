#include "catch_shim.hpp"

#include <battleship/placer_settings.hpp>
#include <battleship/registry.hpp>

#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace test_placer_settings {

using namespace battleship;
using S = ClassicShape;
using Values = std::vector<std::pair<std::string, long long>>;

namespace {

/// The refusal of `text` as placer settings text.
std::string refusal(const char* text) {
  return invalid_argument_of([&] { (void)parse_placer_settings(text); });
}

/// Every ship's placement of `layouts` layouts `placer` lays out on seeded classic oceans, and
/// the generator's state after them (the same draws made on the way).
template <class Placer>
auto layouts_of(Placer placer, int layouts) {
  const Board<S> board;
  std::vector<Placement> placements;
  Rng rng(11);
  for (int n = 0; n < layouts; ++n) {
    Ocean<S> ocean(board, fleets::classic);
    REQUIRE(placer.place(ocean, rng));
    for (int ship = 0; ship < ocean.ship_count(); ++ship)
      placements.push_back(ocean.placement(ship));
  }
  return std::pair(placements, rng.state());
}
} // namespace

TEST_CASE("placer settings text reads as the placer's name and its settings in order",
          "[placer_settings]") {
  const PlacerSettings elusive =
      parse_placer_settings(" elusive ( candidates = 5_12, rehearsals=0, search_budget=3e6 ) ");
  CHECK(elusive.placer == "elusive");
  CHECK(elusive.values ==
        Values{{"candidates", 512}, {"rehearsals", 0}, {"search_budget", 3'000'000}});
  CHECK(parse_placer_settings("uniform()").values.empty());
  CHECK(parse_placer_settings("sequential( )").placer == "sequential");
  CHECK(parse_placer_settings("spread(candidates=2147483647)").values ==
        Values{{"candidates", 2'147'483'647}});
}

TEST_CASE("placer settings text that cannot be read is refused naming the text and the problem",
          "[placer_settings]") {
  CHECK(refusal("spread(candidates=8") == "placer 'spread(candidates=8': expected "
                                          "NAME(SETTING=VALUE, ...), such as "
                                          "spread(candidates=64)");
  CHECK(refusal("spread(candidates)") ==
        "placer 'spread(candidates)': expected SETTING=VALUE, got 'candidates'");
  CHECK(refusal("spread(candidates=1,candidates=2)") ==
        "placer 'spread(candidates=1,candidates=2)': candidates is set twice");
  CHECK(refusal("spread(candidates=many)") ==
        "placer 'spread(candidates=many)': candidates must be a number, got 'many'");
  CHECK(refusal("spread(candidates=2.5)") ==
        "placer 'spread(candidates=2.5)': candidates must be a whole number, got '2.5'");
  CHECK(refusal("spread(candidates=0)") ==
        "placer 'spread(candidates=0)': candidates must be from 1 to 2,147,483,647, got 0");
  CHECK(refusal("uniform(search_budget=2147483648)") ==
        "placer 'uniform(search_budget=2147483648)': search_budget must be from 1 to "
        "2,147,483,647, got 2147483648");
  CHECK(refusal("elusive(rehearsals=-1)").find("rehearsals must be from 0 to") !=
        std::string::npos);
  CHECK(refusal("uniform(candidates=4)") ==
        "placer 'uniform(candidates=4)': the uniform placer has no setting 'candidates'; its "
        "settings: search_budget");
  CHECK(refusal("sequential(max_restarts=5)") ==
        "placer 'sequential(max_restarts=5)': the sequential placer takes no settings");
  CHECK(refusal("sprad(candidates=4)") ==
        "placer 'sprad(candidates=4)': settings are for the built-in placers; 'sprad' is not one "
        "(uniform, sequential, mediocre, spread, elusive)");
  // elusive rehearses some of what it drew: a longer shortlist is refused, against the
  // candidates given or its default.
  CHECK(refusal("elusive(shortlist=17, candidates=16)") ==
        "placer 'elusive(shortlist=17, candidates=16)': shortlist 17 is more than the 16 "
        "candidates elusive draws (it rehearses some of those)");
  CHECK(refusal("elusive(shortlist=300)") ==
        "placer 'elusive(shortlist=300)': shortlist 300 is more than the 256 candidates elusive "
        "draws by default (it rehearses some of those)");
  CHECK(parse_placer_settings("elusive(shortlist=16, candidates=16)").values.size() == 2);
}

TEST_CASE("every setting of the placer table is a member of its placer, and text sets it",
          "[placer_settings]") {
  for (const PlacerSetting& s : placer_settings) {
    INFO(s.placer << "." << s.name);
    // A value no default has, so a setting that did not happen shows (the largest shortlist
    // elusive's default candidates allow).
    const long long value = s.name == "shortlist" ? 200 : s.high;
    const std::string text = detail::concat(s.placer, "(", s.name, "=", value, ")");
    with_placer<S>(std::string(s.placer), [&](const auto& plain) {
      REQUIRE(placer_member(plain, s.name).has_value()); // a member, with its default
      REQUIRE(placer_member(plain, s.name) != value);
    });
    with_placer<S>(text, [&](const auto& made) { CHECK(placer_member(made, s.name) == value); });
  }
  // What the table leaves out is not a member the setters reach.
  SequentialPlacer<S> sequential;
  CHECK(!set_placer_member(sequential, "max_restarts", 5));
  CHECK(!placer_member(sequential, "candidates").has_value());
}

TEST_CASE("a placer named with settings is the concrete class with them, and places as it",
          "[placer_settings]") {
  with_placer<S>("spread(candidates=3, search_budget=1000)", [](const auto& made) {
    using Made = std::remove_cvref_t<decltype(made)>;
    if constexpr (std::is_same_v<Made, SpreadPlacer<S>>) {
      CHECK(made.candidates == 3);
      CHECK(made.draws.search_budget == 1000);
    } else {
      FAIL("not handed the concrete class");
    }
  });
  SpreadPlacer<S> three;
  three.candidates = 3;
  const auto by_text = layouts_of(make_placer<S>("spread(candidates=3)"), 40);
  CHECK(by_text == layouts_of(three, 40));
  CHECK(by_text != layouts_of(SpreadPlacer<S>{}, 40)); // the setting changes the layouts
  ElusivePlacer<S> quick;
  quick.candidates = 8;
  quick.shortlist = 2;
  quick.rehearsals = 1;
  CHECK(layouts_of(make_placer<S>("elusive(candidates=8, shortlist=2, rehearsals=1)"), 10) ==
        layouts_of(quick, 10));
  CHECK(layouts_of(make_placer<S>(" uniform ( ) "), 40) == layouts_of(UniformPlacer<S>{}, 40));
  CHECK(invalid_argument_of([] {
          (void)make_placer<S>("spread(candidates=0)");
        }).find("candidates must be from 1") != std::string::npos);
}

TEST_CASE("a placer registered under a name with parentheses is still found by it",
          "[placer_settings]") {
  struct Mine : SequentialPlacer<S> {};
  register_placer<S>("mine(v2)", "a user's second version",
                     [] { return AnyPlacementStrategy<S>(Mine{}); });
  CHECK(make_placer<S>("mine(v2)").target<Mine>() != nullptr);
  CHECK(PlacerRegistry<S>::instance().remove("mine(v2)"));
  CHECK(invalid_argument_of([] {
          (void)make_placer<S>("mine(v2)");
        }).find("settings are for the built-in placers; 'mine' is not one") != std::string::npos);
}

} // namespace test_placer_settings
