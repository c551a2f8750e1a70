#include "catch_shim.hpp"

#include <battleship/registry.hpp>
#include <battleship/shooter_settings.hpp>
#include <battleship/solo.hpp>

#include <cmath>
#include <stdexcept>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

namespace test_shooter_settings {

using namespace battleship;
using S = ClassicShape;
using Values = std::vector<std::pair<std::string, double>>;

namespace {

/// The refusal of `text` as settings text.
std::string refusal(const char* text) {
  return invalid_argument_of([&] { (void)parse_shooter_settings(text); });
}

/// The shots of `games` solo games of `shooter` on seeded uniform layouts, each game's count and
/// cells, and the generator's state after them (the same draws made on the way).
template <class Shooter>
auto games_of(Shooter shooter, int games) {
  const Board<S> board;
  std::vector<std::pair<int, TargetView<S>::bitboard_type>> shots;
  Rng rng(7);
  for (int g = 0; g < games; ++g) {
    Ocean<S> ocean(board, fleets::classic);
    TargetView<S> view(board, fleets::classic, rulesets::classic);
    REQUIRE(UniformPlacer<S>{}.place(ocean, rng));
    Shooter fresh = shooter;
    const int count = play_solo(ocean, view, fresh, rng).shots;
    shots.emplace_back(count, view.shots());
  }
  return std::pair(shots, rng.state());
}
} // namespace

TEST_CASE("settings text reads as the shooter's name and its settings in the order given",
          "[shooter_settings]") {
  const ShooterSettings expert = parse_shooter_settings("expert(exact_layouts=5000, margin=2)");
  CHECK(expert.shooter == "expert");
  CHECK(expert.values == Values{{"exact_layouts", 5000}, {"margin", 2}});
  // White space around the pieces, underscores between digits, a whole number written as a
  // real one, a sign: read as Python reads numbers.
  const ShooterSettings bayes =
      parse_shooter_settings("  bayes ( samples = 2_000 ,exact_budget=1e6, tie_tolerance=+.5 ) ");
  CHECK(bayes.shooter == "bayes");
  CHECK(bayes.values == Values{{"samples", 2000}, {"exact_budget", 1e6}, {"tie_tolerance", 0.5}});
  CHECK(parse_shooter_settings("expert()").values.empty());
  CHECK(parse_shooter_settings("parity( )").shooter == "parity");
  // Every digit of a whole number that a double holds exactly.
  CHECK(parse_shooter_settings("bayes(exact_budget=999999999999)").values[0].second ==
        999'999'999'999.0);
}

TEST_CASE("settings text that cannot be read is refused naming the text and the problem",
          "[shooter_settings]") {
  CHECK(refusal("expert(margin=1") == "shooter 'expert(margin=1': expected NAME(SETTING=VALUE, "
                                      "...), such as expert(exact_layouts=5000)");
  CHECK(refusal("(margin=1)").find("expected NAME(SETTING=VALUE, ...)") != std::string::npos);
  CHECK(refusal("9expert(margin=1)").find("expected NAME(") != std::string::npos);
  // It said "margin must be a number, got '1))'".
  for (const char* unpaired : {"expert(margin=1)))", "expert((margin=1))", "expert(margin=nan(1))"})
    CHECK(refusal(unpaired) == "shooter '" + std::string(unpaired) +
                                   "': a parenthesis among the settings: one '(' after the name, "
                                   "one ')' at the end, such as expert(exact_layouts=5000)");
  CHECK(refusal("expert(margin)") == "shooter 'expert(margin)': expected SETTING=VALUE, got "
                                     "'margin'");
  CHECK(refusal("expert(margin=1,)") == "shooter 'expert(margin=1,)': expected SETTING=VALUE, "
                                        "got ''");
  CHECK(refusal("expert( =1)") == "shooter 'expert( =1)': expected SETTING=VALUE, got '=1'");
  CHECK(refusal("expert(margin=1,margin=2)") ==
        "shooter 'expert(margin=1,margin=2)': margin is set twice");
  CHECK(refusal("expert(margin=wide)") ==
        "shooter 'expert(margin=wide)': margin must be a number, got 'wide'");
  for (const char* not_a_number : {"1__0", "_1", "1_", "1e", ".", "--1", "+-1", "0x10", "1 000"}) {
    INFO(not_a_number);
    const std::string text = std::string("expert(margin=") + not_a_number + ")";
    CHECK(refusal(text.c_str()).find("margin must be a number, got '") != std::string::npos);
  }
  CHECK(refusal("expert(layouts=2.5)") ==
        "shooter 'expert(layouts=2.5)': layouts must be a whole number, got '2.5'");
  CHECK(refusal("expert(layouts=inf)") ==
        "shooter 'expert(layouts=inf)': layouts must be a whole number, got 'inf'");
  CHECK(refusal("expert(layouts=0)") ==
        "shooter 'expert(layouts=0)': layouts must be from 1 to 1,000,000, got 0");
  CHECK(refusal("expert(margin=-1e-3)") ==
        "shooter 'expert(margin=-1e-3)': margin must be from 0 to 1,000,000,000, got -1e-3");
  CHECK(refusal("expert(margin=nan)") ==
        "shooter 'expert(margin=nan)': margin must be from 0 to 1,000,000,000, got nan");
  CHECK(refusal("bayes(exact_budget=99999999999999999999)") ==
        "shooter 'bayes(exact_budget=99999999999999999999)': exact_budget must be from 0 to "
        "1,000,000,000,000, got 99999999999999999999");
  CHECK(refusal("expert(margin=1e999)").find("got 1e999") != std::string::npos);
  // Set twice is found before a range: the text is read through first, as Python reads it.
  CHECK(refusal("expert(layouts=0,layouts=1)").find("layouts is set twice") != std::string::npos);
  CHECK(refusal("expert(layuots=4)") ==
        "shooter 'expert(layuots=4)': the expert shooter has no setting 'layuots'; its settings: "
        "candidates, layouts, proposals_per_layout, margin, endgame_layouts, endgame_budget, "
        "exact_layouts and exact_candidates");
  CHECK(refusal("random(samples=1)") ==
        "shooter 'random(samples=1)': the random shooter takes no settings");
  CHECK(refusal("expret(layouts=4)") ==
        "shooter 'expret(layouts=4)': settings are for the built-in shooters; 'expret' is not "
        "one (random, hunt_target, parity, checkerboard_search, oriented_search, mediocre, "
        "probability, bayes, expert)");
}

TEST_CASE("every setting of the table is a member of its shooter, and text sets it",
          "[shooter_settings]") {
  for (const ShooterSetting& s : shooter_settings) {
    INFO(s.shooter << "." << s.name);
    // Its largest value: no default is (so a setting that did not happen shows).
    const std::string text = std::string(s.shooter) + "(" + std::string(s.name) + "=" +
                             detail::concat(static_cast<long long>(s.high)) + ")";
    with_shooter<S>(std::string(s.shooter), [&](const auto& plain) {
      REQUIRE(!std::isnan(shooter_member(plain, s.name))); // a member, with its default
      REQUIRE(shooter_member(plain, s.name) != s.high);
    });
    with_shooter<S>(text, [&](const auto& made) { CHECK(shooter_member(made, s.name) == s.high); });
  }
}

TEST_CASE("a shooter registered under a name with parentheses is still found by it",
          "[shooter_settings]") {
  struct Mine : RandomShooter<S> {};
  register_shooter<S>("mine(v2)", "a user's second version",
                      [] { return AnyShotStrategy<S>(Mine{}); });
  CHECK(make_shooter<S>("mine(v2)").target<Mine>() != nullptr);
  CHECK(with_shooter<S>("mine(v2)", [](const auto& s) {
    return std::is_same_v<std::remove_cvref_t<decltype(s)>, AnyShotStrategy<S>>;
  }));
  CHECK(!shooter_is_slow<S>("mine(v2)"));
  CHECK(ShooterRegistry<S>::instance().remove("mine(v2)"));
  CHECK(invalid_argument_of([] {
          (void)make_shooter<S>("mine(v2)");
        }).find("settings are for the built-in shooters; 'mine' is not one") != std::string::npos);
}

TEST_CASE("a shooter named with settings is the concrete class with them, and plays as it",
          "[shooter_settings]") {
  with_shooter<S>("expert(layouts=50, margin=1.5)", [](const auto& made) {
    using Made = std::remove_cvref_t<decltype(made)>;
    if constexpr (std::is_same_v<Made, ExpertShooter<S>>) { // a registered shooter's is erased
      CHECK(made.layouts == 50);
      CHECK(made.margin == 1.5);
      CHECK(made.candidates == ExpertShooter<S>{}.candidates); // the others keep their defaults
    } else {
      FAIL("not handed the concrete class");
    }
  });
  ProbabilityShooter<S> flat;
  flat.hit_weight = 1;
  const auto by_text = games_of(make_shooter<S>("probability(hit_weight=1)"), 30);
  CHECK(by_text == games_of(flat, 30));
  CHECK(by_text != games_of(ProbabilityShooter<S>{}, 30)); // the setting changes the games
  CHECK(games_of(make_shooter<S>(" probability ( ) "), 30) ==
        games_of(ProbabilityShooter<S>{}, 30));
  CHECK(invalid_argument_of([] {
          (void)make_shooter<S>("probability(hit_weight=0)");
        }).find("hit_weight must be from 1") != std::string::npos);
}

TEST_CASE("a shooter named with settings is as slow as the shooter", "[shooter_settings]") {
  CHECK(shooter_is_slow<S>("expert(layouts=5)"));
  CHECK(!shooter_is_slow<S>("probability(hit_weight=1)"));
  CHECK(invalid_argument_of([] {
          (void)shooter_is_slow<S>("expert(layouts=0)");
        }).find("layouts must be from 1") != std::string::npos);
}

} // namespace test_shooter_settings
