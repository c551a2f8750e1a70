#include "catch_shim.hpp"

#include <battleship/outcome.hpp>
#include <battleship/rules.hpp>

#include <iterator>
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
