// Perfect play on a small board: the fewest expected shots any shooter can reach (an exhaustive
// search over every layout of the fleet), how far the engine's shooters are from it, the exact
// distribution of perfect play's shots over every layout, and one game of the perfect shooter,
// shot by shot, with the expected shots it still needs.
//
//   perfect_play [ROWS COLS LENGTH...] [--seed N]
//
// Defaults to 4 x 4 with two destroyers (issue 6's 4 x 4 {2, 2}, optimum 8.6696). Ships may touch
// and sinking names the ship (the classic rules). Boards much beyond 5 x 5 with two ships take
// minutes or more: the search says so rather than run for ever.
// ctest-args: 4 4 3 --seed 2
#include <battleship/battleship.hpp>
#include <battleship/io/coord_text.hpp>

#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace {
using namespace battleship;
using D = DynamicShape<64>;

int whole_number(const char* text) {
  char* end = nullptr;
  const long v = std::strtol(text, &end, 10);
  if (*end != '\0' || *text == '\0' || v < 1 || v > 64)
    throw std::invalid_argument(std::string("not a size from 1 to 64: '") + text + "'");
  return static_cast<int>(v);
}
} // namespace

int main(int argc, char** argv) try {
  std::vector<int> numbers;
  std::uint64_t seed = 1;
  for (int i = 1; i < argc; ++i) {
    if (std::string_view(argv[i]) == "--seed" && i + 1 < argc)
      seed = static_cast<std::uint64_t>(whole_number(argv[++i]));
    else
      numbers.push_back(whole_number(argv[i]));
  }
  if (numbers.empty()) numbers = {4, 4, 2, 2};
  if (numbers.size() < 3) throw std::invalid_argument("give ROWS COLS and at least one LENGTH");
  const Board<D> board(D(numbers[0], numbers[1])); // throws past 64 cells
  Fleet fleet;
  for (std::size_t i = 2; i < numbers.size(); ++i) {
    const std::string name = "Ship " + std::to_string(i - 1);
    fleet.add(ShipClass{std::string_view(name), static_cast<char>('A' + i - 2), numbers[i], 1});
  }
  const Rules rules = rulesets::classic;

  OptimalSearch<D> search(board, fleet, rules);
  const double optimum = search.expected_shots();
  std::printf("%d x %d, %zu layouts: perfect play needs %.4f shots on average (%zu positions "
              "solved)\n",
              board.rows(), board.cols(), search.layout_count(), optimum,
              search.positions_solved());
  const auto compare = [&](const char* name, const auto& shooter) {
    const double mean = exact_mean_shots(board, fleet, rules, shooter, 4);
    std::printf("  %-12s %.4f  (%+.2f%%)\n", name, mean, 100 * (mean / optimum - 1));
  };
  compare("parity", ParityShooter<D>{});
  compare("probability", ProbabilityShooter<D>{});
  compare("bayes", BayesShooter<D>{});
  // Perfect play against every layout: the exact distribution of its shots, not a sample.
  const ShotHistogram exact = simulate_every_layout(board, fleet, rules, OptimalShooter<D>{}).shots;
  std::printf("perfect play over every layout: mean %.4f, median %d, p95 %d, %d to %d shots\n",
              exact.mean(), exact.median(), exact.p95(), exact.min(), exact.max());

  // One game: a uniformly random layout, the perfect shooter telling what it still expects.
  Ocean<D> ocean(board, fleet, rules.touching);
  Rng rng(seed);
  if (!UniformPlacer<D>{}.place(ocean, rng)) throw std::runtime_error("the fleet does not fit");
  TargetView<D> view(board, fleet, rules);
  OptimalShooter<D> shooter;
  shooter.start(view);
  std::printf("one game (seed %llu):\n", static_cast<unsigned long long>(seed));
  while (!ocean.all_sunk()) {
    const double before = shooter.expected_shots();
    const Coord cell = shooter.next_shot(view, rng);
    const ShotOutcome told = disclose(ocean.fire(cell), rules.disclosure);
    view.record(cell, told);
    shooter.on_result(view, cell, told);
    std::printf("  %-4s %-5s (expected %.3f more before this shot)\n",
                format_coord(cell, CoordNotation::letter_number).c_str(),
                std::string(to_string(told.result)).c_str(), before);
  }
  std::printf("sunk in %d shots\n", view.shots_fired());
} catch (const std::exception& e) {
  std::fprintf(stderr, "perfect_play: %s\n", e.what());
  return 2;
}
