// Perfect play on a small board: the fewest expected shots any shooter can reach (an exhaustive
// search over every layout of the fleet), how far the engine's shooters are from it, the exact
// distribution of perfect play's shots over every layout, and one game of the perfect shooter,
// shot by shot, with the expected shots it still needs.
//
//   perfect_play [ROWS COLS LENGTH...] [--seed N]
//
// Defaults to 4 x 4 with two destroyers (issue 6's 4 x 4 {2, 2}, optimum 8.6696). Ships may touch
// and sinking names the ship (the classic rules). The time grows steeply with the board and the
// fleet (release build, two cores): 4 x 4 {2, 2}, 5 x 5 {2} and 5 x 5 {3} take a few seconds or
// less, 6 x 6 {3} about 10 s and 6 x 6 {2} about 45 s; 4 x 5 {2, 2} takes more than 5 minutes, and
// 5 x 5 {2, 2} and {3, 2} stop after about 5 minutes with "solving needs more positions than
// max_positions (4000000) allows". Lines on stderr say when the search starts and, every 2
// seconds, how many positions it has solved (OptimalLimits::solved, read from another thread);
// Ctrl-C stops it.
// ctest-args: 4 4 3 --seed 2
// ctest-expect: 4 x 4, 16 layouts: perfect play needs 5\.6250 shots on average
#include "arguments.hpp"

#include <battleship/battleship.hpp>
#include <battleship/io/coord_text.hpp>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace {
using namespace battleship;
using D = DynamicShape<64>;

constexpr std::string_view usage = R"(Usage:
  perfect_play [ROWS COLS LENGTH...] [--seed N]

Solves a small board exactly (ROWS, COLS and each ship's LENGTH from 1 to 64, at most 64 cells;
default 4 4 2 2): the fewest expected shots any shooter can reach, how far the engine's shooters
are from it, perfect play's exact distribution of shots, and one game of it on a layout drawn
from the seed (0 to 2^64 - 1, default 1). Ships may touch; sinking names the ship.

The time grows steeply: 4 4 2 2, 5 5 2 and 5 5 3 take seconds, 6 6 3 about 10 s and 6 6 2 about
45 s; 4 5 2 2 takes more than 5 minutes, and 5 5 2 2 and 5 5 3 2 stop after about 5 minutes at
the search's limit of 4000000 positions.
)";

/// Says on stderr, every 2 seconds until destroyed, how many positions `solved` counts: a search
/// fills it in as it goes (`OptimalLimits::solved`) while this thread reads it.
class SearchProgress {
public:
  explicit SearchProgress(const std::atomic<std::uint64_t>& solved)
      : reporter_([this, &solved] {
          for (int tick = 1; !done_.load(); ++tick) {
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
            if (tick % 20 == 0 && !done_.load())
              std::fprintf(stderr, "  %llu positions solved\n",
                           static_cast<unsigned long long>(solved.load()));
          }
        }) {}
  SearchProgress(const SearchProgress&) = delete;
  SearchProgress& operator=(const SearchProgress&) = delete;
  ~SearchProgress() {
    done_ = true;
    reporter_.join();
  }

private:
  std::atomic<bool> done_{false};
  std::thread reporter_; // after done_: it starts reading done_ at once
};
} // namespace

int main(int argc, char** argv) try {
  examples::SmallBoard small;
  std::uint64_t seed = 1;
  examples::Arguments args(argc, argv, "perfect_play", usage);
  while (args.next()) {
    if (args.is("--seed")) {
      seed = args.seed();
    } else if (args.positional()) {
      small.take(args);
    } else {
      args.refuse();
    }
  }
  small.finish({4, 4, 2, 2});
  const Board<D> board(D(small.rows(), small.cols())); // throws past 64 cells
  const Fleet fleet = small.fleet();
  const Rules rules = rulesets::classic;

  std::atomic<std::uint64_t> solved{0};
  OptimalLimits limits;
  limits.solved = &solved;
  OptimalSearch<D> search(board, fleet, rules, limits);
  std::fprintf(stderr, "searching perfect play over %s (Ctrl-C to stop)\n",
               examples::counted(search.layout_count(), "layout", "layouts").c_str());
  const double optimum = [&] {
    const SearchProgress progress(solved);
    return search.expected_shots();
  }();
  std::printf("%d x %d, %s: perfect play needs %.4f shots on average (%s solved)\n", board.rows(),
              board.cols(), examples::counted(search.layout_count(), "layout", "layouts").c_str(),
              optimum,
              examples::counted(search.positions_solved(), "position", "positions").c_str());
  const auto compare = [&](const char* name, const auto& shooter) {
    const double mean = exact_mean_shots(board, fleet, rules, shooter, 4);
    std::printf("  %-12s %.4f  (%+.2f%%)\n", name, mean, 100 * (mean / optimum - 1));
  };
  compare("parity", ParityShooter<D>{});
  compare("probability", ProbabilityShooter<D>{});
  compare("bayes", BayesShooter<D>{});
  // Perfect play against every layout: the exact distribution of its shots, not a sample. The
  // shooter solves the game once here; its copies in every game below keep that search.
  OptimalShooter<D> perfect;
  perfect.start(TargetView<D>(board, fleet, rules));
  const ShotHistogram exact = simulate_every_layout(board, fleet, rules, perfect).shots;
  std::printf("perfect play over every layout: mean %.4f, median %d, p95 %d, %d to %d shots\n",
              exact.mean(), exact.median(), exact.p95(), exact.min(), exact.max());

  // One game: a uniformly random layout, the perfect shooter telling what it still expects.
  Ocean<D> ocean(board, fleet, rules.touching);
  Rng rng(seed);
  if (!UniformPlacer<D>{}.place(ocean, rng)) throw std::runtime_error("the fleet does not fit");
  TargetView<D> view(board, fleet, rules);
  OptimalShooter<D> shooter = perfect;
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
