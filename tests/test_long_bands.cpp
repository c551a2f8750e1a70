// Fixed-seed bands for the slow shooters over a few thousand classic games. Hidden ([.long]):
// they take about two minutes on two cores, so CTest runs them once, in the optimised g++ suite
// (BATTLESHIP_LONG_TESTS), not under the sanitizers.
#include "catch_shim.hpp"

#include <cstdint>

#include <battleship/placement/uniform.hpp>
#include <battleship/simulate.hpp>
#include <battleship/strategies/bayes.hpp>
#include <battleship/strategies/expert.hpp>

namespace test_long_bands {

using namespace battleship;

namespace {
using S = ClassicShape;

/// Plays `Shooter` over 2,000 classic games (uniform layouts, seed 2024) and checks that its
/// mean lies in [low, high].
template <class Shooter>
void stays_in_band(double low, double high) {
  SimulationOptions options;
  options.games = 2000;
  options.seed = 2024;
  options.threads = 2; // the same games on any thread count
  const auto r = simulate_solo(Board<S>{}, fleets::classic, rulesets::classic, Shooter{},
                               UniformPlacer<S>{}, options);
  REQUIRE(r.unfinished == 0);
  REQUIRE(r.unplaceable == 0);
  const ShotSummary s = r.summary();
  INFO("mean " << s.mean << " +- " << s.ci95);
  CHECK(s.mean >= low);
  CHECK(s.mean <= high);
  CHECK(s.min >= 17);
}
} // namespace

// The bands are the long-run means (docs/expert.md: bayes 44.49 over 16,000 games, expert 44.20
// over 20,000) plus or minus three standard errors of a 2,000-game mean (about 0.2 shots each),
// so a regression of a shot fails them and sampling noise does not.
TEST_CASE("bayes's mean over 2,000 classic games with a fixed seed stays in its band",
          "[.long][bayes][band]") {
  stays_in_band<BayesShooter<S>>(43.8, 45.0);
}

TEST_CASE("expert's mean over 2,000 classic games with a fixed seed stays in its band",
          "[.long][expert][band]") {
  stays_in_band<ExpertShooter<S>>(43.6, 44.8);
}

} // namespace test_long_bands
