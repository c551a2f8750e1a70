// How long a sequential test runs, and how often it accepts H1, by the true Elo difference: the
// operating characteristic and average sample number of `SprtTest`, from matches drawn as wins
// and losses with the engine's generator (no games are played), to plan a test before running
// it. Prints figures only.
//
//   bench_sprt [--elo0 E] [--elo1 E] [--alpha P] [--beta P] [--look K] [--runs N] [--cap M]
//              [--seed S]
//
// Each row plays `--runs` tests at one true difference, from elo0 - (elo1 - elo0) to elo1 +
// (elo1 - elo0) in quarter steps of elo1 - elo0. The test looks after every K matches (2, a pair
// of seatings, as `sprt_match` does; 200 shows what looking only after whole batches of 200
// cost before it looked inside them).
#include "../examples/arguments.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string_view>
#include <vector>

#include <battleship/rng.hpp>
#include <battleship/sprt.hpp>

namespace {
using namespace battleship;

constexpr std::string_view usage = R"(Usage:
  bench_sprt [--elo0 E] [--elo1 E] [--alpha P] [--beta P] [--look K] [--runs N] [--cap M]
             [--seed S]

Simulates sequential tests of H0 (A rated E0 above B) against H1 (E1 above) on matches drawn as
wins and losses at true differences around the two, and prints for each how often H1 was
accepted and how many matches the tests took.

  --elo0 E   H0's difference (default 0)
  --elo1 E   H1's difference, more than --elo0 (default 30)
  --alpha P  the chance allowed of accepting H1 when H0 holds (default 0.05)
  --beta P   the chance allowed of accepting H0 when H1 holds (default 0.05)
  --look K   matches between looks at the results, an even number from 2 to 100000 (default 2)
  --runs N   tests a row, 1 to 1000000 (default 2000)
  --cap M    the most matches a test plays, 2 to 100000000 (default 100000)
  --seed S   the generator's seed (default 1)
)";

/// How one test ended: the matches it took and what it decided.
struct Ending {
  std::uint64_t matches = 0;
  SprtDecision decision = SprtDecision::undecided;
};

Ending one_test(const SprtTest& test, double share, std::uint64_t look, std::uint64_t cap,
                Rng& rng) {
  std::uint64_t wins = 0, losses = 0;
  while (wins + losses < cap) {
    for (std::uint64_t k = 0; k < look && wins + losses < cap; ++k)
      ++(rng.chance(share) ? wins : losses);
    const SprtDecision d = test.decide(wins, losses, 0);
    if (d != SprtDecision::undecided) return {wins + losses, d};
  }
  return {wins + losses, SprtDecision::undecided};
}
} // namespace

int main(int argc, char** argv) {
  SprtTest test{0, 30, 0.05, 0.05};
  std::uint64_t look = 2, runs = 2000, cap = 100'000, seed = 1;
  examples::Arguments args(argc, argv, "bench_sprt", usage);
  while (args.next()) {
    if (args.sprt_option(test)) continue;
    if (args.is("--look"))
      look = args.count(2, 100'000);
    else if (args.is("--runs"))
      runs = args.count(1, 1'000'000);
    else if (args.is("--cap"))
      cap = args.count(2, 100'000'000);
    else if (args.is("--seed"))
      seed = args.seed();
    else
      args.refuse();
  }
  if (const auto problem = test.problem()) args.fail(*problem);
  if (look % 2 != 0) args.fail("--look must be even: the test looks after whole pairs of seatings");

  std::printf("H0 %+g Elo, H1 %+g Elo, alpha %g, beta %g; a look every %llu matches, %llu tests "
              "a row, at most %llu matches a test\n",
              test.elo0, test.elo1, test.alpha, test.beta, static_cast<unsigned long long>(look),
              static_cast<unsigned long long>(runs), static_cast<unsigned long long>(cap));
  std::printf("%9s %12s %12s %8s %8s %16s\n", "true Elo", "accept H1 %", "mean matches", "median",
              "p95", "undecided tests");
  Rng rng(seed);
  const double step = (test.elo1 - test.elo0) / 4;
  // The decimals that tell the rows apart: enough for elo0 and the quarter step to be whole
  // (--elo1 5: -1.25; --elo1 0.001: -0.00025), from 1 to 9.
  int decimals = 1;
  const auto whole = [&](double x) {
    const double scaled = std::abs(x) * std::pow(10.0, decimals);
    return x == 0 || (scaled >= 0.5 && std::abs(scaled - std::round(scaled)) <= 1e-6 * scaled);
  };
  while (decimals < 9 && !(whole(test.elo0) && whole(step))) ++decimals;
  std::vector<std::uint64_t> lengths(runs);
  for (int q = -4; q <= 8; ++q) {
    const double truth = test.elo0 + q * step;
    const double share = SprtTest::expected_share(truth);
    std::uint64_t accepted = 0, undecided = 0;
    double total = 0;
    for (std::uint64_t r = 0; r < runs; ++r) {
      const Ending e = one_test(test, share, look, cap, rng);
      lengths[r] = e.matches;
      total += static_cast<double>(e.matches);
      accepted += e.decision == SprtDecision::accept_h1;
      undecided += e.decision == SprtDecision::undecided;
    }
    std::sort(lengths.begin(), lengths.end());
    const auto at = [&](double f) {
      return lengths[static_cast<std::size_t>(f * static_cast<double>(runs - 1))];
    };
    std::printf("%+9.*f %11.1f%% %12.0f %8llu %8llu %16llu\n", decimals, truth,
                100.0 * static_cast<double>(accepted) / static_cast<double>(runs),
                total / static_cast<double>(runs), static_cast<unsigned long long>(at(0.5)),
                static_cast<unsigned long long>(at(0.95)),
                static_cast<unsigned long long>(undecided));
  }
  return 0;
}
