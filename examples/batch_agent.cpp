// Many games stepped together by an outside agent, as a learner's rollout loop does: SoloBatch
// keeps each game's target as the agent sees it (one code a cell), the agent reads only those
// codes and names a cell in every game at each step, and finished games start over.
//
//   batch_agent [GAMES] [EPISODES]
//
// The agent here is a plain rule written against the codes, not a ShotStrategy: fire next to a
// hit not yet sunk, else at a random unknown cell of the checkerboard. It prints the mean shots
// per episode and the steps a second of the whole loop; then it plays ten more steps asking for
// every game's probability map before each (BatchPosteriors: the feature a learning agent would
// read) and prints the time a step and game 0's likeliest unknown cell.
// ctest-args: 64 500
// ctest-expect: episodes over 64 games at once: mean [0-9]+\.[0-9]+ shots
#include "arguments.hpp"

#include <battleship/battleship.hpp>

#include <chrono>
#include <cstdio>
#include <string_view>
#include <vector>

namespace {
using namespace battleship;
using S = ClassicShape;

constexpr std::string_view usage = R"(Usage:
  batch_agent [GAMES] [EPISODES]

Steps GAMES classic solo games at once (1 to 1024, default 256) with a rule-based agent until
EPISODES games have finished (1 to 100000000, default 20000), and prints the mean shots per
episode and the steps a second; then times ten steps that ask every game's probability map
and prints game 0's likeliest unknown cell.
)";

/// The agent: reads one game's codes (row-major, 10 x 10) and names a cell.
std::size_t choose(const std::int8_t* codes, Rng& rng) {
  const auto code = [&](int r, int c) { return static_cast<TargetCode>(codes[r * 10 + c]); };
  // A hit the rules have not announced sunk: try its unknown neighbours.
  for (int r = 0; r < 10; ++r)
    for (int c = 0; c < 10; ++c) {
      if (code(r, c) != TargetCode::hit) continue;
      const int around[4][2] = {{r - 1, c}, {r + 1, c}, {r, c - 1}, {r, c + 1}};
      for (const auto& n : around)
        if (n[0] >= 0 && n[0] < 10 && n[1] >= 0 && n[1] < 10 &&
            code(n[0], n[1]) == TargetCode::unknown)
          return static_cast<std::size_t>(n[0] * 10 + n[1]);
    }
  // Otherwise a random unknown cell, on the checkerboard while there is one.
  std::vector<std::size_t> open;
  for (int parity : {0, 1}) {
    for (int cell = 0; cell < 100; ++cell)
      if ((cell / 10 + cell % 10) % 2 == parity && codes[cell] == 0)
        open.push_back(static_cast<std::size_t>(cell));
    if (!open.empty()) break;
  }
  return open[rng.below(static_cast<std::uint32_t>(open.size()))];
}
} // namespace

int main(int argc, char** argv) {
  std::size_t games = 256;
  long episodes = 20'000;
  examples::Arguments args(argc, argv, "batch_agent", usage);
  for (int given = 0; args.next(); ++given) {
    if (!args.positional() || given > 1) args.refuse();
    if (given == 0)
      games = args.positional_count("GAMES", 1, 1024);
    else
      episodes = static_cast<long>(args.positional_count("EPISODES", 1, 100'000'000));
  }
  SoloBatch<S> batch(Board<S>{}, fleets::classic, rulesets::classic, games, 200);
  UniformPlacer<S> placer;
  Rng agent_rng(7);
  std::uint64_t next_seed = 0; // each episode's layout comes from its own seed
  for (std::size_t g = 0; g < games; ++g) batch.reset(g, placer, next_seed++);

  long finished = 0;
  long shots = 0;
  std::uint64_t steps = 0;
  const auto start = std::chrono::steady_clock::now();
  while (finished < episodes) {
    for (std::size_t g = 0; g < games && finished < episodes; ++g) { // exactly EPISODES
      batch.step(g, choose(batch.codes(g), agent_rng));
      ++steps;
      if (batch.over(g)) {
        shots += batch.view(g).shots_fired();
        ++finished;
        batch.reset(g, placer, next_seed++);
      }
    }
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("%ld episode%s over %zu game%s at once: mean %.2f shots, %.0f steps a second\n",
              finished, finished == 1 ? "" : "s", games, games == 1 ? "" : "s",
              static_cast<double>(shots) / static_cast<double>(finished),
              static_cast<double>(steps) / seconds);

  // Ten more steps, every game's posterior map asked for before each (a learner's feature):
  // each game's Posterior is told one answer a step, and the games share every core.
  for (std::size_t g = 0; g < games; ++g) batch.reset(g, placer, next_seed++);
  BatchPosteriors<S> posteriors(games);
  std::vector<double> maps;
  const auto maps_start = std::chrono::steady_clock::now();
  for (int step = 0; step < 10; ++step) {
    maps = posteriors.probability_maps(batch);
    for (std::size_t g = 0; g < games; ++g) batch.step(g, choose(batch.codes(g), agent_rng));
  }
  maps = posteriors.probability_maps(batch);
  const double maps_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - maps_start).count() / 11;
  std::size_t best = batch.cells(); // none yet: the first unknown cell replaces it
  for (std::size_t cell = 0; cell < batch.cells(); ++cell)
    if (batch.codes(0)[cell] == static_cast<std::int8_t>(TargetCode::unknown) &&
        (best == batch.cells() || maps[cell] > maps[best]))
      best = cell;
  std::printf("probability maps of %zu game%s, asked every step: %.1f ms a step; after 10 shots "
              "game 0's likeliest unknown cell is %s (%.3f)\n",
              games, games == 1 ? "" : "s", maps_seconds * 1e3,
              format_coord(batch.board().coord(best), CoordNotation::letter_number).c_str(),
              maps[best]);
}
