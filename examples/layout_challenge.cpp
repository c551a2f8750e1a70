// How hard is your layout to find? Reads a classic-fleet layout drawn as a grid (see
// battleship/io/layout_text.hpp), checks it under the chosen touching rule, and lets every
// built-in shooter hunt it many times (each game with its own random generator).
//
//   layout_challenge [LAYOUT_FILE] [--games N] [--touching allowed|no_edge_contact|no_contact]
//
// Without a file it uses the layout below. A malformed file gets the line and the problem; a
// layout the rules refuse gets the ship and the reason.
// ctest-args: --games 100
// ctest-expect: expert \* +[0-9]+\.[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+
#include "arguments.hpp"

#include <battleship/battleship.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

namespace {
using namespace battleship;
using S = ClassicShape;

constexpr std::string_view usage = R"(Usage:
  layout_challenge [LAYOUT_FILE] [--games N] [--touching allowed|no_edge_contact|no_contact]

Reads a classic-fleet layout drawn as a grid (one row a line, a ship's symbol on each of its
cells, '.' for water; without a file, a built-in layout), checks it under the touching rule
(default allowed) and lets every built-in shooter hunt it N times (1 to 10000000, default
10000; slow shooters, marked *, a tenth as many, at least one).
)";

// The classic fleet's symbols: Carrier C, Battleship B, Cruiser R, Submarine S, Destroyer D.
constexpr std::string_view default_layout = R"(. . . . . . . . . .
. C C C C C . . . .
. . . . . . . . B .
. D . . . . . . B .
. D . . . . . . B .
. . . . . . . . B .
. . . . S S S . . .
. . . . . . . . . .
. R R R . . . . . .
. . . . . . . . . .
)";

} // namespace

int main(int argc, char** argv) {
  std::string text(default_layout);
  std::string source = "the built-in layout";
  SimulationOptions options;
  options.games = 10'000;
  Rules rules = rulesets::classic;
  examples::Arguments args(argc, argv, "layout_challenge", usage);
  bool file_given = false;
  while (args.next()) {
    if (args.is("--games")) {
      options.games = args.count(1, 10'000'000);
    } else if (args.is("--touching")) {
      rules.touching = args.touching();
    } else if (args.positional() && !file_given) {
      source = std::string(args.current());
      text = args.read_file(source);
      file_given = true;
    } else {
      args.refuse();
    }
  }

  const Board<S> board;
  const Fleet& fleet = fleets::classic;
  // Read, then laid out on an ocean under the rules: a malformed line, or a ship the rules
  // refuse, is named with its line and column before anything is simulated.
  const LayoutParse parsed = parse_layout(board, fleet, text);
  Ocean<S> ocean(board, fleet, rules.touching);
  if (const LayoutPlacing placed = place_layout(ocean, parsed); !placed) {
    std::fprintf(stderr, "layout_challenge: %s: %s\n", source.c_str(), placed.error.c_str());
    return 2; // a drawing that is not a layout: bad input, as play_one_game --layout says
  }
  FixedPlacer<S> placer(*parsed.layout);
  std::printf("%s\n%s", source.c_str(), format_layout(board, fleet, *parsed.layout).c_str());
  std::printf("\n%-20s %8s %8s %6s %6s\n", "shooter", "mean", "median", "p95", "max");
  bool any_slow = false;
  for (const std::string& name : shooter_names<S>()) {
    // Slow shooters (bayes: milliseconds a move) play a tenth of the games, at least one.
    const bool slow = shooter_is_slow<S>(name);
    SimulationOptions these = options;
    if (slow) these.games = std::max<std::uint64_t>(1, options.games / 10);
    any_slow = any_slow || slow;
    const SimulationResult r = with_shooter<S>(name, [&](auto shooter) {
      return simulate_solo(board, fleet, rules, shooter, placer, these);
    });
    const ShotSummary s = r.summary();
    std::printf("%-20s %8.2f %8d %6d %6d\n", (name + (slow ? " *" : "")).c_str(), s.mean, s.median,
                s.p95, s.max);
  }
  if (any_slow) {
    const std::uint64_t slow_games = std::max<std::uint64_t>(1, options.games / 10);
    std::printf("* slow shooter: %llu game%s\n", static_cast<unsigned long long>(slow_games),
                slow_games == 1 ? "" : "s");
  }
}
