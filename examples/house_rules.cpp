// House rules: a game maker's own variant, built a rule at a time on a board and fleet of their
// own. Sets every field of `Rules` (touching, disclosure, volley and salvo size, equalising shot,
// invalid shots, shot cap), shows `Rules::problem()` refusing a mix that cannot be played, then
// plays one match of two registered shooters under the house rules on an 8 x 8 board with a
// fleet declared as a constexpr value, and prints how it ended.
//
//   house_rules [--seed N] [--first NAME] [--second NAME]
//
// ctest-args: --seed 4
// ctest-expect: salvo_size >= 1, got 0.*fixed_salvo of 3.*seed 4: (probability|parity) won in
// .*\n.*probability against parity, seed 4: (probability|parity) won in [0-9]+ rounds|drawn
#include "arguments.hpp"

#include <battleship/battleship.hpp>

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

namespace {
using namespace battleship;
using S = FixedShape<8, 8>;

/// The house fleet: two frigates and three corvettes, 12 cells on 64.
constexpr Fleet house_fleet{{"Frigate", 'F', 3, 2}, {"Corvette", 'V', 2, 3}};
static_assert(house_fleet.total_length() == 12);

constexpr std::string_view usage = R"(Usage:
  house_rules [--seed N] [--first NAME] [--second NAME]

Builds a rule set field by field, shows a mix that cannot be played being refused, then plays
one match under the house rules on an 8 x 8 board with a fleet of two frigates (3) and three
corvettes (2).

  --seed N       the match's seed, 0 to 2^64 - 1 (default 1)
  --first NAME   the first player's shooter, from the registry (default probability)
  --second NAME  the second player's shooter (default parity)
)";

/// The house rules, one field at a time (every field a `Rules` has).
Rules house_rules() {
  Rules rules;
  rules.touching = Touching::no_edge_contact;  // ships may meet at corners only
  rules.disclosure = Disclosure::hit_and_sunk; // a sinking is announced, not which ship
  rules.volley = Volley::fixed_salvo;          // three shots a turn, named before any answer
  rules.salvo_size = 3;
  rules.equalising_shot = true;               // the second player finishes the round
  rules.invalid_shot = InvalidShot::forfeits; // a repeated or off-board shot is lost
  rules.max_invalid_in_a_row = 10;            // and ten in a row forfeit the match
  rules.shot_cap = 40;                        // 40 shots each, then a draw
  return rules;
}

/// The rules in words, a field at a time.
std::string in_words(const Rules& r) {
  return std::string(to_string(r.touching)) + ", " + std::string(to_string(r.disclosure)) + ", " +
         std::string(to_string(r.volley)) + " of " + std::to_string(r.salvo_size) +
         (r.equalising_shot ? ", equalising shot" : "") + ", invalid shots " +
         std::string(to_string(r.invalid_shot)) + " (" + std::to_string(r.max_invalid_in_a_row) +
         " in a row lose), shot cap " + std::to_string(r.shot_cap);
}
} // namespace

int main(int argc, char** argv) {
  std::uint64_t seed = 1;
  std::string first = "probability", second = "parity";
  examples::Arguments args(argc, argv, "house_rules", usage);
  while (args.next()) {
    if (args.is("--seed"))
      seed = args.seed();
    else if (!args.players_option(first, second, shooter_names<S>()))
      args.refuse();
  }

  // A mix no game can be played by is refused before any game, with the reason.
  Rules broken = house_rules();
  broken.salvo_size = 0;
  if (const auto why = broken.problem()) std::printf("refused: %s\n", why->c_str());

  const Rules rules = house_rules();
  std::printf("house rules: %s\n", in_words(rules).c_str());
  Game<S> game(Board<S>{}, house_fleet, rules, make_shooter<S>(first), make_shooter<S>(second),
               seed);
  const UniformPlacer<S> placer; // uniform layouts that obey the touching rule
  if (!game.place(0, placer) || !game.place(1, placer)) {
    std::printf("%s\n", game.outcome().reason.c_str());
    return 1;
  }
  const GameOutcome& outcome = game.play_to_end();
  std::printf("%s against %s, seed %llu: ", first.c_str(), second.c_str(),
              static_cast<unsigned long long>(seed));
  if (outcome.end == GameEnd::win)
    std::printf("%s won in %d rounds (shots %d and %d)\n",
                (outcome.winner == 0 ? first : second).c_str(), outcome.rounds, outcome.shots[0],
                outcome.shots[1]);
  else
    std::printf("%s after %d rounds (shots %d and %d)%s%s\n",
                std::string(to_string(outcome.end)).c_str(), outcome.rounds, outcome.shots[0],
                outcome.shots[1], outcome.reason.empty() ? "" : ": ", outcome.reason.c_str());
  return 0;
}
