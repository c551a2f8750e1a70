#include "catch_shim.hpp"

#include <battleship/outcome.hpp>
#include <battleship/rules.hpp>

#include <iterator>
#include <limits>
#include <stdexcept>
#include <string_view>

namespace test_rules {

using namespace battleship;

TEST_CASE("the named rule sets are consistent", "[rules]") {
  for (const Rules& r : {rulesets::classic, rulesets::bbm103, rulesets::cs32, rulesets::no_contact,
                         rulesets::russian, rulesets::salvo, rulesets::pyships})
    CHECK_FALSE(r.problem().has_value());
  CHECK(rulesets::bbm103.equalising_shot);
  CHECK(rulesets::cs32.invalid_shot == InvalidShot::forfeits);
  CHECK(rulesets::no_contact.touching == Touching::no_contact);
  CHECK(rulesets::pyships.shot_cap == 100);
}

TEST_CASE("rule sets are found by name, and only known names are", "[rules]") {
  static_assert(rulesets::named("russian") == rulesets::russian); // usable at compile time
  CHECK(rulesets::named("classic") == rulesets::classic);
  CHECK(rulesets::named("bbm103") == rulesets::bbm103);
  CHECK(rulesets::named("salvo") == rulesets::salvo);
  CHECK_FALSE(rulesets::named("Classic").has_value());
  CHECK_FALSE(rulesets::named("").has_value());
  std::string_view previous;
  for (const auto& r : rulesets::all) {
    CHECK(previous < r.name); // sorted, no name twice
    CHECK(rulesets::named(r.name) == r.rules);
    CHECK_FALSE(r.rules.problem().has_value());
    previous = r.name;
  }
  CHECK(std::size(rulesets::all) == 7);
}

TEST_CASE("inconsistent rules are refused with a reason", "[rules]") {
  using Catch::Matchers::Contains;
  Rules r;
  r.volley = Volley::fixed_salvo;
  r.salvo_size = 0;
  CHECK_THAT(r.problem().value(), Contains("salvo_size >= 1"));
  r.volley = Volley::single;
  r.salvo_size = 3;
  CHECK_THAT(r.problem().value(), Contains("not a fixed salvo"));
  CHECK_THROWS_AS(r.validate(), std::invalid_argument);
  r.salvo_size = 1;
  r.shot_cap = -1;
  CHECK_THAT(r.problem().value(), Contains("shot_cap"));
  r.shot_cap = 0;
  r.max_invalid_in_a_row = 0;
  CHECK_THAT(r.problem().value(), Contains("max_invalid_in_a_row"));
}

TEST_CASE("the volley size follows the volley rule, the open cells and the shot cap", "[rules]") {
  // own ships afloat, open cells, valid shots fired
  static_assert(rulesets::classic.volley_size(5, 100, 0) == 1); // usable at compile time
  CHECK(rulesets::russian.volley_size(5, 100, 40) == 1);        // another volley, not a bigger one
  CHECK(rulesets::salvo.volley_size(5, 100, 0) == 5);
  CHECK(rulesets::salvo.volley_size(2, 100, 30) == 2); // the shooter's own ships, as they sink
  CHECK(rulesets::salvo.volley_size(4, 3, 97) == 3);   // no more shots than open cells
  CHECK(rulesets::salvo.volley_size(0, 50, 50) == 0);
  const Rules fixed{.volley = Volley::fixed_salvo, .salvo_size = 3, .shot_cap = 10};
  CHECK(fixed.volley_size(1, 100, 0) == 3); // ships afloat do not matter
  CHECK(fixed.volley_size(1, 100, 8) == 2); // the cap leaves two shots
  CHECK(fixed.volley_size(1, 100, 10) == 0);
  CHECK(fixed.volley_size(1, 100, 12) == 0); // never negative
  CHECK(rulesets::pyships.volley_size(5, 100, 99) == 1);
  CHECK(rulesets::pyships.volley_size(5, 100, 100) == 0);
  // Counts only: a negative one is refused, naming the three (INT_MIN shots fired would
  // overflow the shots the cap leaves).
  using Catch::Matchers::Contains;
  CHECK_THROWS_WITH(rulesets::pyships.volley_size(5, 100, std::numeric_limits<int>::min()),
                    Contains("shots_fired -2147483648"));
  CHECK_THROWS_AS(rulesets::salvo.volley_size(-1, 100, 0), std::invalid_argument);
  CHECK_THROWS_WITH(rulesets::classic.volley_size(5, -3, 0),
                    "volley_size takes counts, not negative numbers: own_afloat 5, open_cells -3, "
                    "shots_fired 0");
}

TEST_CASE("disclosure hides what the rules do not announce", "[rules]") {
  const ShotOutcome sunk{ShotResult::sunk, 3, ShotRefusal::none};
  const ShotOutcome hit{ShotResult::hit, 3, ShotRefusal::none};
  CHECK(disclose(sunk, Disclosure::sunk_with_name) == sunk);
  CHECK(disclose(sunk, Disclosure::hit_and_sunk) ==
        ShotOutcome{ShotResult::sunk, -1, ShotRefusal::none});
  CHECK(disclose(sunk, Disclosure::hit_only) ==
        ShotOutcome{ShotResult::hit, -1, ShotRefusal::none});
  for (auto d : {Disclosure::hit_only, Disclosure::hit_and_sunk, Disclosure::sunk_with_name})
    CHECK(disclose(hit, d).ship == -1);
  CHECK(to_string(Touching::no_edge_contact) == "no_edge_contact");
  CHECK(to_string(Volley::until_miss) == "until_miss");
}

} // namespace test_rules
