/// @file batch_posteriors.hpp
/// @brief The probability maps of every game of a `SoloBatch`, each a `Posterior` following its
/// game, caught up on demand and computed over threads.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>
#include <vector>

#include <battleship/detail/run_stop.hpp>
#include <battleship/detail/text.hpp>
#include <battleship/posterior.hpp>
#include <battleship/simulate.hpp>
#include <battleship/solo_batch.hpp>

namespace battleship {

/// One `Posterior` per game of a `SoloBatch`: the probability of a ship in each cell of every
/// game's target given what its agent was told, the feature a learning agent reads beside the
/// codes. Game `g`'s posterior is seeded with the seed the game was reset with, so it gives the
/// map a `Posterior` told the same answers with that seed gives. Nothing is computed until maps
/// are asked for: each game's posterior is then made (after a reset) or told the answers since
/// the last call, so asking at every step costs one update a game, and asking rarely costs
/// nothing in between.
template <BoardShape S>
class BatchPosteriors {
public:
  /// Posteriors for `games` games, each drawing `samples` layouts per estimate when they are too
  /// many to count (`Posterior`'s setting). Throws `std::invalid_argument` for `samples` below 1.
  explicit BatchPosteriors(std::size_t games, int samples = Posterior<S>::default_samples)
      : samples_(samples), posteriors_(games) {
    if (samples < 1)
      throw std::invalid_argument(detail::concat("samples must be at least 1, got ", samples));
  }

  /// Writes every game's probability map into `out`: `batch.cells()` probabilities a game,
  /// row-major, game after game (1 on hits, 0 on misses), computed over `threads` (0: every
  /// core); the same maps on any thread count. Returns true once every map is written.
  ///
  /// `cancel`, when given, is read while the maps are computed: once it is true the call stops
  /// soon (an estimate under way gives up within 256 samples) and returns false, with `out` partly
  /// written. Each game's posterior is then caught up or left as it was, never kept half told or
  /// with an estimate cut short, so a later call gives the maps of a call never cancelled.
  ///
  /// Throws `std::invalid_argument` when `out` or the batch has another number of games or cells
  /// than the maps.
  bool probability_maps(const SoloBatch<S>& batch, std::span<double> out, unsigned threads = 0,
                        const std::atomic<bool>* cancel = nullptr) {
    if (batch.size() != posteriors_.size() || out.size() != batch.size() * batch.cells())
      throw std::invalid_argument(detail::concat("maps of ", posteriors_.size(),
                                                 " games need a batch of as many and ",
                                                 posteriors_.size() * batch.cells(), " cells"));
    SimulationOptions options;
    options.games = batch.size();
    options.threads = threads;
    options.cancel = cancel;
    bool cancelled = false;
    detail::run_batch<int>(
        options,
        [&] {
          return [&](std::uint64_t g, int&, const std::atomic<bool>&) {
            const std::optional<std::vector<double>> map =
                caught_up(batch, static_cast<std::size_t>(g));
            if (!map) return false; // the run stopped during this game's catch-up
            std::copy(map->begin(), map->end(),
                      out.begin() + static_cast<std::ptrdiff_t>(g * batch.cells()));
            return true;
          };
        },
        cancelled);
    return !cancelled;
  }

  /// `probability_maps` into a new vector.
  [[nodiscard]] std::vector<double> probability_maps(const SoloBatch<S>& batch,
                                                     unsigned threads = 0) {
    std::vector<double> out(batch.size() * batch.cells());
    probability_maps(batch, out, threads);
    return out;
  }

private:
  struct Follower {
    std::uint64_t resets = 0; // the game's reset count the posterior follows
    std::optional<Posterior<S>> posterior;
    std::size_t told = 0; // answers recorded so far
  };

  /// Game `g`'s map, its posterior first made anew if the game was reset since, then told the
  /// answers it has not seen; none if the run stopped meanwhile (`detail::run_stopping`: its
  /// estimates may be cut short), the follower then left as it was. The catch-up works on a copy
  /// for that (2 us on 10 x 10, against 380 us for an answer told).
  std::optional<std::vector<double>> caught_up(const SoloBatch<S>& batch, std::size_t g) {
    Follower& follower = posteriors_[g];
    const std::vector<BatchAnswer>& answers = batch.answers(g);
    const bool reset = !follower.posterior || follower.resets != batch.resets(g);
    if (!reset && follower.told == answers.size()) return follower.posterior->probabilities();
    std::optional<Follower> next;
    if (reset) {
      try {
        next.emplace(Follower{
            batch.resets(g),
            Posterior<S>(batch.board(), batch.fleet(), batch.rules(), batch.seed(g), samples_), 0});
      } catch (const std::invalid_argument&) {
        // A prior sampled for a few hundred layouts only, the run stopping, may find none.
        if (detail::run_stopping()) return std::nullopt;
        throw;
      }
    } else {
      next.emplace(follower);
    }
    for (; next->told < answers.size(); ++next->told) {
      const BatchAnswer& answer = answers[next->told];
      // The game's own ocean gave the answer, so the posterior cannot refuse it.
      (void)next->posterior->record(batch.board().coord(answer.cell), answer.told);
    }
    if (detail::run_stopping()) return std::nullopt;
    follower = *std::move(next);
    return follower.posterior->probabilities();
  }

  int samples_;
  std::vector<Follower> posteriors_;
};

} // namespace battleship
