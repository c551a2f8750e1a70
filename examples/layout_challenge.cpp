// How hard is your layout to find? Reads a classic-fleet layout drawn as a grid (see
// battleship/io/layout_text.hpp), checks it under the chosen touching rule, and lets every
// built-in shooter hunt it many times (each game with its own random generator).
//
//   layout_challenge [LAYOUT_FILE] [--games N] [--touching allowed|no_edge_contact|no_contact]
//
// Without a file it uses the layout below. A malformed file gets the line and the problem; a
// layout the rules refuse gets the ship and the reason.
// ctest-args: --games 100
#include <battleship/battleship.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>

namespace {
using namespace battleship;
using S = ClassicShape;

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

std::optional<Touching> parse_touching(std::string_view s) {
  for (Touching t : {Touching::allowed, Touching::no_edge_contact, Touching::no_contact})
    if (s == to_string(t)) return t;
  return std::nullopt;
}
} // namespace

int main(int argc, char** argv) {
  std::string text(default_layout);
  std::string source = "the built-in layout";
  SimulationOptions options;
  options.games = 10'000;
  Rules rules = rulesets::classic;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--games" && i + 1 < argc) {
      options.games = std::strtoull(argv[++i], nullptr, 10);
    } else if (arg == "--touching" && i + 1 < argc) {
      const auto t = parse_touching(argv[++i]);
      if (!t) {
        std::fprintf(stderr, "layout_challenge: unknown touching rule '%s'\n", argv[i]);
        return 2;
      }
      rules.touching = *t;
    } else if (!arg.starts_with("--")) {
      std::ifstream in{std::string(arg)};
      if (!in) {
        std::fprintf(stderr, "layout_challenge: cannot read '%s'\n", argv[i]);
        return 2;
      }
      std::ostringstream all;
      all << in.rdbuf();
      text = all.str();
      source = std::string(arg);
    } else {
      std::fprintf(stderr, "layout_challenge: unknown argument '%s'\n", argv[i]);
      return 2;
    }
  }

  const Board<S> board;
  const Fleet& fleet = fleets::classic;
  const LayoutParse parsed = parse_layout(board, fleet, text);
  if (!parsed) {
    std::fprintf(stderr, "layout_challenge: %s: %s\n", source.c_str(), parsed.error.c_str());
    return 1;
  }
  FixedPlacer<S> placer(*parsed.layout);
  { // Refused by the rules? Say which ship and why before simulating.
    Ocean<S> ocean(board, fleet, rules.touching);
    Rng rng(0);
    if (!placer.place(ocean, rng)) {
      std::fprintf(stderr, "layout_challenge: %s: %s\n", source.c_str(),
                   placer.last_refusal().c_str());
      return 1;
    }
  }
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
  if (any_slow)
    std::printf("* slow shooter: %llu games\n",
                static_cast<unsigned long long>(std::max<std::uint64_t>(1, options.games / 10)));
}
