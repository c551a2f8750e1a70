// BatchPosteriors (batch_posteriors.hpp): every game's probability map equals a Posterior told the
// same answers with the game's seed, on any thread count, asked at every step or rarely, and starts
// over when the game does.
#include "catch_shim.hpp"

#include <battleship/batch_posteriors.hpp>
#include <battleship/placement/uniform.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <thread>
#include <vector>

namespace test_batch_posteriors {

using namespace battleship;
using S = FixedShape<5, 5>;

namespace {
const Fleet pair_fleet{{"Two", 'T', 2, 1}, {"Three", 'H', 3, 1}};

/// The map of a posterior seeded `seed` and told `answers`, by hand.
std::vector<double> map_by_hand(const SoloBatch<S>& batch, std::uint64_t seed,
                                const std::vector<BatchAnswer>& answers, int samples) {
  Posterior<S> posterior(batch.board(), batch.fleet(), batch.rules(), seed, samples);
  for (const BatchAnswer& a : answers)
    REQUIRE(posterior.record(batch.board().coord(a.cell), a.told) == AnswerRefusal::none);
  return posterior.probabilities();
}

std::vector<double> slice(const std::vector<double>& maps, std::size_t g, std::size_t cells) {
  const auto first = maps.begin() + static_cast<std::ptrdiff_t>(g * cells);
  return {first, first + static_cast<std::ptrdiff_t>(cells)};
}
} // namespace

TEST_CASE("a batch game keeps its valid answers in order, its seed and its resets",
          "[batch_posteriors]") {
  SoloBatch<S> batch(Board<S>{}, pair_fleet, rulesets::classic, 1, 40);
  UniformPlacer<S> placer;
  CHECK(batch.resets(0) == 0);
  REQUIRE(batch.reset(0, placer, 77));
  CHECK(batch.seed(0) == 77);
  CHECK(batch.resets(0) == 1);
  const ShotOutcome first = batch.step(0, 12);
  batch.step(0, 12); // repeated: tells nothing, not kept
  const ShotOutcome second = batch.step(0, 3);
  CHECK(batch.answers(0) == std::vector<BatchAnswer>{{12, first}, {3, second}});
  REQUIRE(batch.reset(0, placer, 78));
  CHECK(batch.answers(0).empty());
  CHECK(batch.resets(0) == 2);
}

TEST_CASE("every game's map is a posterior's told the same answers with the game's seed",
          "[batch_posteriors]") {
  // Small samples so that some maps are sampled, not counted: the seed then matters.
  constexpr int samples = 1500;
  const Rules rules = GENERATE(Rules{}, Rules{.disclosure = Disclosure::hit_only});
  const unsigned threads = GENERATE(1U, 2U);
  const std::size_t every = GENERATE(std::size_t{1}, std::size_t{5}); // ask each step, or rarely
  SoloBatch<S> batch(Board<S>{}, pair_fleet, rules, 3, 30);
  BatchPosteriors<S> maps(batch.size(), samples);
  UniformPlacer<S> placer;
  for (std::size_t g = 0; g < batch.size(); ++g) REQUIRE(batch.reset(g, placer, 10 + g));
  Rng agent(3);
  std::uint64_t next_seed = 20;
  int compared = 0;
  for (std::size_t step = 0; step < 60; ++step) {
    for (std::size_t g = 0; g < batch.size(); ++g) {
      if (batch.over(g)) {
        REQUIRE(batch.reset(g, placer, next_seed++));
        continue;
      }
      // A random open cell: the first unshot one from a random start.
      std::size_t cell = agent.below(static_cast<std::uint32_t>(batch.cells()));
      while (batch.codes(g)[cell] != static_cast<std::int8_t>(TargetCode::unknown))
        cell = (cell + 1) % batch.cells();
      batch.step(g, cell);
    }
    if (step % every != 0) continue;
    const std::vector<double> all = maps.probability_maps(batch, threads);
    for (std::size_t g = 0; g < batch.size(); ++g) {
      CHECK(slice(all, g, batch.cells()) ==
            map_by_hand(batch, batch.seed(g), batch.answers(g), samples));
      ++compared;
    }
  }
  CHECK(compared >= 36);
  CHECK(next_seed >= 26); // every game ended and started over at least twice
}

TEST_CASE("a cancelled call keeps no estimate cut short: the next gives a never-cancelled call's "
          "maps",
          "[batch_posteriors]") {
  // Sampled maps (every layout of the classic fleet on 16 x 16 is far too many to count), slow
  // enough that the flag is raised while the first estimates are under way.
  using L = FixedShape<16, 16>;
  constexpr int samples = 100'000;
  SoloBatch<L> batch(Board<L>{}, fleets::classic, rulesets::classic, 4, 300);
  UniformPlacer<L> placer;
  for (std::size_t g = 0; g < batch.size(); ++g) {
    REQUIRE(batch.reset(g, placer, 30 + g));
    batch.step(g, 17 * g + 3);
  }
  BatchPosteriors<L> maps(batch.size(), samples);
  std::vector<double> out(batch.size() * batch.cells(), -1.0);
  const std::atomic<bool> before{true}; // cancelled before the call: nothing computed
  CHECK_FALSE(maps.probability_maps(batch, out, 2, &before));
  CHECK(std::count(out.begin(), out.end(), -1.0) == static_cast<std::ptrdiff_t>(out.size()));
  std::atomic<bool> cancel{false};
  std::thread raiser([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
    cancel.store(true);
  });
  const bool whole = maps.probability_maps(batch, out, 2, &cancel);
  raiser.join();
  CHECK_FALSE(whole); // eight estimates of about 50 ms each, on 2 threads
  // Asked again with no new answer, a posterior kept with its estimate cut short would give that.
  BatchPosteriors<L> never_cancelled(batch.size(), samples);
  CHECK(maps.probability_maps(batch, 2) == never_cancelled.probability_maps(batch, 2));
}

TEST_CASE("batch maps refuse a batch or an output of another size", "[batch_posteriors]") {
  SoloBatch<S> batch(Board<S>{}, pair_fleet, rulesets::classic, 2, 30);
  CHECK_THROWS_AS(BatchPosteriors<S>(2, 0), std::invalid_argument);
  BatchPosteriors<S> three(3);
  CHECK_THROWS_AS(three.probability_maps(batch), std::invalid_argument);
  BatchPosteriors<S> two(2);
  std::vector<double> short_out(49);
  CHECK_THROWS_AS(two.probability_maps(batch, short_out), std::invalid_argument);
}

} // namespace test_batch_posteriors
