#include "catch_shim.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <limits>
#include <mutex>
#include <stdexcept>
#include <utility>
#include <vector>

#include <battleship/placement/uniform.hpp>
#include <battleship/registry.hpp>
#include <battleship/rng.hpp>
#include <battleship/sprt.hpp>

namespace test_sprt {

using namespace battleship;

namespace {
using S = ClassicShape;

SimulationOptions capped(std::uint64_t games, unsigned threads = 2) {
  SimulationOptions o;
  o.games = games;
  o.seed = 11;
  o.threads = threads;
  return o;
}

SprtResult sequential(const char* a, const char* b, const SprtTest& test, std::uint64_t batch,
                      const SimulationOptions& options) {
  return sprt_match(Board<S>{}, fleets::classic, rulesets::classic, make_shooter<S>(a),
                    make_placer<S>("uniform"), make_shooter<S>(b), make_placer<S>("uniform"), test,
                    batch, options);
}

/// Runs of Bernoulli matches won with probability `share`, each until `test` decides (checked
/// after every pair of matches): the share of the runs that accepted H1.
double accepting_h1(const SprtTest& test, double share, int runs, Rng& rng) {
  int accepted = 0;
  for (int run = 0; run < runs; ++run) {
    std::uint64_t wins = 0, losses = 0;
    SprtDecision d = SprtDecision::undecided;
    while (d == SprtDecision::undecided) {
      for (int k = 0; k < 2; ++k) ++(rng.chance(share) ? wins : losses);
      d = test.decide(wins, losses, 0);
    }
    accepted += d == SprtDecision::accept_h1;
  }
  return accepted / static_cast<double>(runs);
}
} // namespace

TEST_CASE("the log-likelihood ratio weighs each side's points by its hypotheses' odds", "[sprt]") {
  // Hypotheses either side of even: log(p1 / p0) = -log((1 - p1) / (1 - p0)) = elo1 ln 10 / 400
  // when elo0 = -elo1, so the ratio is (wins - losses) times that, and draws cancel out.
  const SprtTest even{-20, 20, 0.05, 0.05};
  CHECK(even.log_likelihood_ratio(60, 40, 0) == exactly(20 * 20 * std::log(10.0) / 400));
  CHECK(even.log_likelihood_ratio(60, 40, 17) == exactly(std::log(10.0)));
  CHECK(even.log_likelihood_ratio(0, 0, 0) == 0);
  // In general, A's points against log(p1 / p0) and B's against log((1 - p1) / (1 - p0)).
  const SprtTest ahead{0, 100, 0.05, 0.1};
  const double p1 = 1 / (1 + std::pow(10.0, -0.25));
  CHECK(SprtTest::expected_share(100) == exactly(p1));
  CHECK(SprtTest::expected_share(0) == 0.5);
  CHECK(ahead.log_likelihood_ratio(30, 10, 4) ==
        exactly(32 * std::log(p1 / 0.5) + 12 * std::log((1 - p1) / 0.5)));
  // Wald's bounds: log(beta / (1 - alpha)) and log((1 - beta) / alpha).
  CHECK(even.lower_bound() == exactly(-std::log(19.0)));
  CHECK(even.upper_bound() == exactly(std::log(19.0)));
  CHECK(ahead.lower_bound() == exactly(std::log(0.1 / 0.95)));
  CHECK(ahead.upper_bound() == exactly(std::log(0.9 / 0.05)));
}

TEST_CASE("a test decides at its bounds and not between them", "[sprt]") {
  // elo0 = -elo1 = -400 ln(19) / (10 ln 10): each win more than losses moves the ratio by a
  // tenth of the bound, so 10 wins clear of the losses reach it.
  const double elo = 400 * std::log(19.0) / (10 * std::log(10.0));
  const SprtTest test{-elo, elo, 0.05, 0.05};
  CHECK(test.decide(9, 0, 0) == SprtDecision::undecided);
  CHECK(test.decide(16, 5, 3) == SprtDecision::accept_h1);
  CHECK(test.decide(11, 0, 0) == SprtDecision::accept_h1);
  CHECK(test.decide(3, 12, 0) == SprtDecision::undecided);
  CHECK(test.decide(3, 14, 0) == SprtDecision::accept_h0);
  CHECK(to_string(SprtDecision::accept_h0) == "accept_h0");
  CHECK(to_string(SprtDecision::accept_h1) == "accept_h1");
  CHECK(to_string(SprtDecision::undecided) == "undecided");
}

TEST_CASE("a test's error rates stay within the rates asked for", "[sprt]") {
  // 2,000 tests each where A is exactly elo0 and exactly elo1 stronger: Wald's bounds keep the
  // wrong answers at about alpha and beta or fewer (5 percent; 4 binomial standard deviations
  // are 2 points). A difference beyond elo1 is accepted as H1 almost always.
  const SprtTest test{0, 40, 0.05, 0.05};
  Rng rng(20261203);
  const double at_h0 = accepting_h1(test, SprtTest::expected_share(0), 2000, rng);
  const double at_h1 = accepting_h1(test, SprtTest::expected_share(40), 2000, rng);
  CHECK(at_h0 < 0.07);
  CHECK(1 - at_h1 < 0.07);
  CHECK(at_h0 > 0.01); // it does err, as a test at 5 percent must
  CHECK(accepting_h1(test, SprtTest::expected_share(120), 500, rng) > 0.99);
  // Looser rates err more often.
  const SprtTest loose{0, 40, 0.2, 0.2};
  CHECK(accepting_h1(loose, SprtTest::expected_share(0), 2000, rng) > 0.10);
}

TEST_CASE("a test with no two hypotheses or no error rates to keep is refused", "[sprt]") {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  for (const SprtTest bad :
       {SprtTest{10, 10, 0.05, 0.05}, SprtTest{10, 0, 0.05, 0.05}, SprtTest{0, 10, 0, 0.05},
        SprtTest{0, 10, 0.05, 0}, SprtTest{0, 10, 0.5, 0.5}, SprtTest{0, 10, -0.1, 0.05},
        SprtTest{nan, 10, 0.05, 0.05}, SprtTest{0, 5000, 0.05, 0.05}, SprtTest{0, 10, nan, 0.05}}) {
    INFO(bad.elo0 << " " << bad.elo1 << " " << bad.alpha << " " << bad.beta);
    CHECK(bad.problem().has_value());
    CHECK_THROWS_AS(bad.validate(), std::invalid_argument);
    CHECK_THROWS_AS(bad.log_likelihood_ratio(1, 1, 0), std::invalid_argument);
  }
  CHECK(SprtTest{0, 10, 0.05, 0.05}.problem() == std::nullopt);
  CHECK(SprtTest{-4000, 4000, 0.49, 0.5}.problem() == std::nullopt);
  CHECK(*SprtTest{10, 0, 0.05, 0.05}.problem() == "elo1 (0) must be more than elo0 (10)");
}

TEST_CASE("a sequential match stops at the first pair of matches that decides, inside a batch",
          "[sprt][simulate]") {
  // probability beats random every time: 11 wins decide H1 (A at least 120 stronger), inside the
  // batch of 20, but the test looks after whole pairs of seatings: 12. From the other side, H0.
  const SprtTest test{0, 120, 0.05, 0.05};
  const SprtResult ahead = sequential("probability", "random", test, 20, capped(10'000));
  CHECK(ahead.decision == SprtDecision::accept_h1);
  CHECK(ahead.batches == 1);
  CHECK(ahead.played == 20);
  const std::uint64_t n = ahead.match.games;
  CHECK(n == 12);
  CHECK(test.decide(11, 0, 0) == SprtDecision::accept_h1);
  CHECK(ahead.match.wins_a == n);
  CHECK(ahead.llr == exactly(test.log_likelihood_ratio(n, 0, 0)));
  CHECK(test.decide(n, 0, 0) == SprtDecision::accept_h1);
  CHECK(test.decide(n - 2, 0, 0) == SprtDecision::undecided); // the pair before did not decide
  // The speed counts the 20 matches played, not the 12 counted, over the time of all of them.
  REQUIRE(ahead.match.seconds > 0);
  CHECK(ahead.games_per_second() == exactly(20 / ahead.match.seconds));
  CHECK(ahead.match.games_per_second() == exactly(12 / ahead.match.seconds));
  const SprtResult behind = sequential("random", "probability", test, 20, capped(10'000));
  CHECK(behind.decision == SprtDecision::accept_h0);
  CHECK(behind.match.wins_b == behind.match.games);
  CHECK(test.decide(0, behind.match.games - 2, 0) == SprtDecision::undecided);
}

TEST_CASE("a sequential match reports an aborted match only when it counts it",
          "[sprt][simulate]") {
  // A's placer fails on one call (on one thread, its n-th call is match n - 1's): match 2 is
  // counted, match 15 is played in the batch of 20 but past the 12 matches that decide.
  struct FailsOnce {
    int fail_at = 0;
    int calls = 0;
    bool place(Ocean<S>& ocean, Rng& rng) {
      return ++calls != fail_at && UniformPlacer<S>{}.place(ocean, rng);
    }
  };
  const SprtTest test{0, 120, 0.05, 0.05};
  const auto with_failure = [&](int fail_at) {
    return sprt_match(Board<S>{}, fleets::classic, rulesets::classic,
                      make_shooter<S>("probability"), FailsOnce{fail_at}, make_shooter<S>("random"),
                      make_placer<S>("uniform"), test, 20, capped(10'000, 1));
  };
  const SprtResult early = with_failure(3);
  CHECK(early.decision == SprtDecision::accept_h1);
  CHECK(early.match.aborted == 1);
  CHECK(early.match.first_abort_game == 2);
  CHECK(early.match.first_abort == "player 0 could not place its fleet");
  CHECK(early.match.first_abort_by == 0);
  // 11 wins in a row decide; the abort is A's forfeit, a loss the test weighs as any other, so
  // it takes 13 wins and the forfeit, 14 matches.
  CHECK(early.match.forfeits_a == 1);
  CHECK(early.match.games == 14);
  CHECK(early.match.wins_a == 13);
  const SprtResult late = with_failure(16);
  CHECK(late.played == 20);
  CHECK(late.match.games == 12);
  CHECK(late.match.aborted == 0);
  CHECK(late.match.first_abort_game == UINT64_MAX);
  CHECK(late.match.first_abort.empty());
  CHECK(late.match.first_abort_by == -1);
}

TEST_CASE("a sequential match decides the same on any batch and thread count", "[sprt][simulate]") {
  // parity against hunt_target: about 60 percent, H1 (30 points) accepted after some batches.
  const SprtTest test{0, 30, 0.05, 0.05};
  const SprtResult two = sequential("parity", "hunt_target", test, 40, capped(20'000, 2));
  REQUIRE(two.decision == SprtDecision::accept_h1);
  CHECK(two.batches > 1);
  CHECK(two.played == 40 * two.batches);
  for (const auto& [batch, threads] : {std::pair{40u, 1u}, {2u, 2u}, {4000u, 2u}}) {
    const SprtResult other =
        sequential("parity", "hunt_target", test, batch, capped(20'000, threads));
    CHECK(other.decision == two.decision);
    CHECK(other.match.games == two.match.games);
    CHECK(other.match.wins_a == two.match.wins_a);
    CHECK(other.match.rounds == two.match.rounds);
    CHECK(other.llr == two.llr);
  }
  // The matches counted are simulate_match's first ones of the same run, and no earlier pair of
  // them decided.
  SimulationOptions whole = capped(two.match.games);
  std::mutex guard;
  std::vector<MatchResult> each(whole.games);
  whole.on_match = [&](std::uint64_t i, const MatchResult& one) {
    const std::lock_guard lock(guard);
    each.at(i) = one;
  };
  const MatchResult direct = simulate_match(
      Board<S>{}, fleets::classic, rulesets::classic, make_shooter<S>("parity"),
      make_placer<S>("uniform"), make_shooter<S>("hunt_target"), make_placer<S>("uniform"), whole);
  CHECK(direct.wins_a == two.match.wins_a);
  CHECK(direct.wins_b == two.match.wins_b);
  CHECK(direct.winner_shots == two.match.winner_shots);
  MatchResult prefix;
  for (std::size_t k = 0; k + 2 < each.size(); k += 2) {
    prefix.merge(each[k]);
    prefix.merge(each[k + 1]);
    REQUIRE(test.decide(prefix.wins_a, prefix.wins_b, prefix.draws) == SprtDecision::undecided);
  }
}

TEST_CASE("a sequential match stops undecided at its cap or a cancel", "[sprt][simulate]") {
  // A shooter against itself, between hypotheses 5 points either side of even: 100 matches
  // cannot decide, and the last batch is cut to the cap.
  const SprtTest close{-5, 5, 0.05, 0.05};
  std::vector<std::uint64_t> seen;
  SimulationOptions o = capped(100);
  o.progress = [&](std::uint64_t n) { seen.push_back(n); };
  const SprtResult capped_run = sequential("parity", "parity", close, 40, o);
  CHECK(capped_run.decision == SprtDecision::undecided);
  CHECK(capped_run.match.games == 100);
  CHECK(capped_run.batches == 3);
  CHECK(capped_run.played == 100);
  REQUIRE_FALSE(seen.empty());
  CHECK(std::is_sorted(seen.begin(), seen.end())); // counted over all the batches
  CHECK(seen.back() == 100);

  // A cancel raised before the start plays nothing; one raised during the first batch (at its
  // last progress report) plays no second batch, and leaves the test undecided.
  std::atomic<bool> stop{true};
  SimulationOptions cancelled = capped(10'000);
  cancelled.cancel = &stop;
  const SprtResult none = sequential("parity", "hunt_target", SprtTest{}, 20, cancelled);
  CHECK(none.decision == SprtDecision::undecided);
  CHECK(none.match.cancelled);
  CHECK(none.match.games == 0);
  stop = false;
  cancelled.progress = [&](std::uint64_t n) {
    if (n == 20) stop = true;
  };
  const SprtResult one_batch = sequential("parity", "hunt_target", SprtTest{}, 20, cancelled);
  CHECK(one_batch.decision == SprtDecision::undecided);
  CHECK(one_batch.match.cancelled);
  CHECK(one_batch.match.games == 20);
  CHECK(one_batch.batches == 1);
}

TEST_CASE("a sequential match refuses a batch that splits a pair of seatings", "[sprt][simulate]") {
  for (const std::uint64_t batch : {0u, 1u, 21u})
    CHECK_THROWS_AS(sequential("parity", "random", SprtTest{}, batch, capped(100)),
                    std::invalid_argument);
  CHECK_THROWS_AS(sequential("parity", "random", SprtTest{0, 0, 0.05, 0.05}, 20, capped(100)),
                  std::invalid_argument);
}

TEST_CASE("the SPRT decides at its bounds, not only past them", "[sprt]") {
  const SprtTest t{};
  CHECK(t.decide(t.upper_bound()) == SprtDecision::accept_h1);
  CHECK(t.decide(t.lower_bound()) == SprtDecision::accept_h0);
  CHECK(t.decide(std::nextafter(t.upper_bound(), 0.0)) == SprtDecision::undecided);
}

} // namespace test_sprt
