// Where the hidden fleet probably is: a shooter plays part of a game, and battleship::Posterior,
// told each answer, prints its probability map and the cell a hint would name.
//
//   posterior_hints [--seed N] [--shots K] [--shooter NAME]
//
// The fleet (classic, laid out uniformly from the seed) is never shown to the posterior: it sees
// only the answers, as the player does. The map prints each cell's chance of holding a ship in
// tenths (0 to 9, + for certain), X for a hit and o for a miss. The last lines show a refused
// answer: a repeated cell changes nothing and says why, as a TargetView fed by hand would.
// ctest-args: --seed 3 --shots 20 --shooter parity
// ctest-expect: Recording [A-J][0-9]+ again: refused.*refuse it too: that cell was already recorded
#include "arguments.hpp"

#include <battleship/battleship.hpp>
#include <battleship/posterior.hpp>

#include <algorithm>
#include <cstdio>
#include <string>
#include <string_view>

namespace {
using namespace battleship;
using S = ClassicShape;

constexpr std::string_view usage = R"(Usage:
  posterior_hints [--seed N] [--shots K] [--shooter NAME]

A shooter of the registry (default parity) fires K shots (0 to 100, default 25) at a classic
fleet laid out uniformly from the seed (0 to 2^64 - 1, default 1); battleship::Posterior, told
only the answers, prints its probability map (each cell's chance of a ship in tenths, 0 to 9,
+ for certain; X hit, o miss) and the cell a hint would name. The last lines show a repeated
answer refused.
)";

/// One character a cell: X hit, o miss, + certain, else the probability in tenths.
char shade(const Posterior<S>& belief, Coord c) {
  const std::size_t i = belief.view().board().index(c);
  if (belief.view().hits().test(i)) return 'X';
  if (belief.view().misses().test(i)) return 'o';
  const double p = belief.probability(c);
  return p >= 1.0 ? '+' : static_cast<char>('0' + std::min(9, static_cast<int>(p * 10)));
}

void print_map(const Posterior<S>& belief) {
  const Board<S>& board = belief.view().board();
  std::printf("   ");
  for (int c = 0; c < board.cols(); ++c) std::printf(" %s", column_label(c).c_str());
  std::printf("\n");
  for (int r = 0; r < board.rows(); ++r) {
    std::printf("%3d", r + 1);
    for (int c = 0; c < board.cols(); ++c) std::printf(" %c", shade(belief, Coord{r, c}));
    std::printf("\n");
  }
}

/// The open cell likeliest to hold a ship (the first of equals in reading order).
Coord hint(const Posterior<S>& belief) {
  const Board<S>& board = belief.view().board();
  Coord best{-1, -1};
  double top = -1;
  for (int i = 0; i < board.cells(); ++i) {
    const Coord c = board.coord(static_cast<std::size_t>(i));
    if (belief.view().is_open(c) && belief.probability(c) > top) {
      top = belief.probability(c);
      best = c;
    }
  }
  return best;
}
} // namespace

int main(int argc, char** argv) {
  std::uint64_t seed = 1;
  int shots = 25;
  std::string shooter_name = "parity";
  examples::Arguments args(argc, argv, "posterior_hints", usage);
  while (args.next()) {
    if (args.is("--seed"))
      seed = args.seed();
    else if (args.is("--shots"))
      shots = static_cast<int>(args.count(0, 100));
    else if (args.is("--shooter"))
      shooter_name = args.name(shooter_names<S>());
    else
      args.refuse();
  }

  const Board<S> board;
  const Rules rules = rulesets::classic;
  Ocean<S> ocean(board, fleets::classic, rules.touching);
  Rng rng(seed);
  if (!UniformPlacer<S>{}.place(ocean, rng)) return 1;

  Posterior<S> belief(board, fleets::classic, rules, seed);
  try {
    with_shooter<S>(shooter_name, [&](auto shooter) {
      TargetView<S> view(board, fleets::classic, rules);
      shooter.start(view);
      for (int n = 0; n < shots && !ocean.all_sunk(); ++n) {
        const Coord c = shooter.next_shot(view, rng);
        const ShotOutcome answer = ocean.fire(c);
        if (!answer.valid()) break;
        const ShotOutcome told = disclose(answer, rules.disclosure);
        view.record(c, told);
        shooter.on_result(view, c, told);
        if (const AnswerRefusal why = belief.record(c, answer); why != AnswerRefusal::none) {
          std::fprintf(stderr, "refused: %s\n", std::string(to_string(why)).c_str());
          return;
        }
      }
    });
  } catch (const std::invalid_argument& e) {
    std::fprintf(stderr, "posterior_hints: %s\n", e.what());
    return 2;
  }

  std::string kind = "sampled posterior";
  if (const auto layouts = belief.layouts()) {
    const auto n = static_cast<long long>(*layouts);
    kind = "exact posterior, " + std::to_string(n) + (n == 1 ? " layout" : " layouts");
  }
  std::printf("After %d shots by %s (%s):\n\n", belief.shots(), shooter_name.c_str(), kind.c_str());
  print_map(belief);
  if (ocean.all_sunk()) {
    std::printf("\nEvery ship is sunk: nothing left to hint.\n");
    return 0;
  }
  const Coord h = hint(belief);
  std::printf("\nHint: fire at %s (a ship there with probability %.3f).\n",
              format_coord(h, CoordNotation::letter_number).c_str(), belief.probability(h));

  // A repeated answer is refused and changes nothing.
  if (belief.view().shots().none()) {
    std::printf("No shot was fired, so none can be recorded again (--shots 1 or more shows it).\n");
    return 0;
  }
  const Coord first = board.coord(belief.view().shots().first());
  const double before = belief.probability(h);
  const AnswerRefusal why = belief.record(first, ShotOutcome{});
  std::printf("Recording %s again: refused (%s); the hint's probability is still %.3f.\n",
              format_coord(first, CoordNotation::letter_number).c_str(),
              std::string(to_string(why)).c_str(), belief.probability(h));
  if (belief.probability(h) != before) return 1;
  // A view fed by hand asks the same question first: its `record` trusts its caller.
  std::printf("A TargetView fed by hand would refuse it too: %s.\n",
              std::string(to_string(belief.view().refusal(first, ShotOutcome{}))).c_str());
  return 0;
}
