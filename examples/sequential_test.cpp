// Is shooter A stronger than shooter B by a given margin? A sequential probability ratio test
// (sprt.hpp) plays them against each other in batches under the classic rules and stops at the
// first pair of matches whose results decide between H0 (A is rated ELO0 above B) and H1 (ELO1
// above), at the error rates asked for: far fewer matches than a fixed-size run needs when the
// answer is clear.
//
//   sequential_test [--elo0 E] [--elo1 E] [--alpha P] [--beta P] [--batch N] [--games CAP]
//                   [--seed S] [--threads T] A B
//
// Prints the test, then the decision with the matches it took and its log-likelihood ratio.
// ctest-args: --elo1 100 --batch 20 probability random
// ctest-expect: probability - random: H1 accepted after 12 matches .20 played in 1 batch.
#include "arguments.hpp"

#include <battleship/battleship.hpp>

#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

namespace {
using namespace battleship;
using S = ClassicShape;

constexpr std::string_view usage = R"(Usage:
  sequential_test [--elo0 E] [--elo1 E] [--alpha P] [--beta P] [--batch N] [--games CAP]
                  [--seed S] [--threads T] A B

Plays shooter A against shooter B (uniform layouts, classic rules, each moving first in half the
matches) N matches at a time until a sequential probability ratio test decides whether A is
rated E0 or E1 above B, or CAP matches have been played.

  --elo0 E      H0: A is E Elo points above B (default 0; negative: below)
  --elo1 E      H1: A is E above B, more than --elo0 (default 10)
  --alpha P     the chance allowed of accepting H1 when H0 holds (default 0.05)
  --beta P      the chance allowed of accepting H0 when H1 holds (default 0.05)
  --batch N     matches played at once (in parallel) between looks at the results, an
                even number from 2 to 1000000 (default 200); the decision does not depend
                on it, only the matches played past the deciding pair
  --games CAP   the most matches to play, an even number from 2 to 100000000 (default 100000)
  --seed S      the run's seed, 0 to 2^64 - 1 (default 0)
  --threads T   worker threads, 0 for every core (default), at most 256
)";
} // namespace

int main(int argc, char** argv) {
  SprtTest test;
  std::uint64_t batch = 200;
  SimulationOptions options;
  options.games = 100'000;
  std::vector<std::string> shooters;
  examples::Arguments args(argc, argv, "sequential_test", usage);
  while (args.next()) {
    if (args.sprt_option(test)) continue;
    if (args.is("--batch"))
      batch = args.count(2, 1'000'000);
    else if (args.run_option(options, 100'000'000, 2))
      continue;
    else if (args.positional() && shooters.size() < 2) {
      args.check_name("shooter", args.current(), shooter_names<S>());
      shooters.emplace_back(args.current());
    } else {
      args.refuse();
    }
  }
  if (shooters.size() != 2) args.fail("needs two shooters, A and B (see --help)");
  if (const auto problem = test.problem()) args.fail(*problem);
  if (batch % 2 != 0) args.fail("--batch must be even: each shooter moves first in half");
  if (options.games % 2 != 0) args.fail("--games must be even: each shooter moves first in half");

  const std::string& a = shooters[0];
  const std::string& b = shooters[1];
  std::printf("%s - %s: H0 %+g Elo, H1 %+g Elo, alpha %g, beta %g; decided at a ratio of %.3f "
              "or %.3f\n",
              a.c_str(), b.c_str(), test.elo0, test.elo1, test.alpha, test.beta, test.lower_bound(),
              test.upper_bound());
  const SprtResult r = sprt_match(Board<S>{}, fleets::classic, rulesets::classic,
                                  make_shooter<S>(a), make_placer<S>("uniform"), make_shooter<S>(b),
                                  make_placer<S>("uniform"), test, batch, options);
  const char* verdict = r.decision == SprtDecision::accept_h1   ? "H1 accepted"
                        : r.decision == SprtDecision::accept_h0 ? "H0 accepted"
                                                                : "undecided";
  std::printf("%s - %s: %s after %llu matches (%llu played in %llu %s): %llu won, %llu "
              "lost, %llu drawn; log-likelihood ratio %.3f\n",
              a.c_str(), b.c_str(), verdict, static_cast<unsigned long long>(r.match.games),
              static_cast<unsigned long long>(r.played), static_cast<unsigned long long>(r.batches),
              r.batches == 1 ? "batch" : "batches", static_cast<unsigned long long>(r.match.wins_a),
              static_cast<unsigned long long>(r.match.wins_b),
              static_cast<unsigned long long>(r.match.draws), r.llr);
  return 0;
}
