// Head-to-head batches: many two-player matches between two shooters, game i seeded from
// (seed, i) so the tallies do not depend on the thread count. (A stopgap until the core's
// simulator offers head-to-head tallies; it only drives battleship::Game.)
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <string>
#include <thread>
#include <vector>

#include <battleship/game.hpp>
#include <battleship/rng.hpp>

namespace bsp {

/// What a batch of matches gave; "a" and "b" are the two shooters as given.
struct MatchTally {
  std::uint64_t games = 0;                     ///< Matches played.
  std::uint64_t wins_a = 0;                    ///< Matches shooter a won.
  std::uint64_t wins_b = 0;                    ///< Matches shooter b won.
  std::uint64_t draws = 0;                     ///< Drawn matches.
  std::uint64_t aborted = 0;                   ///< Aborted matches.
  std::uint64_t first_mover_wins = 0;          ///< Wins by whoever moved first.
  std::uint64_t rounds = 0;                    ///< Rounds over all matches.
  std::uint64_t winner_shots = 0;              ///< The winner's shots over all won matches.
  std::string first_abort;                     ///< Why the first aborted match (by index) stopped.
  std::uint64_t first_abort_game = UINT64_MAX; ///< Its index.
  double seconds = 0;                          ///< Wall-clock time.
};

/// Which matches to play: [first, first + games) of the run seeded `seed`.
struct MatchRange {
  std::uint64_t first = 0; ///< Index of the first match.
  std::uint64_t games = 0; ///< Matches to play.
  std::uint64_t seed = 0;  ///< Master seed.
};

/// Plays the matches of `range`, `a` against `b`; a moves first in even-numbered games, b in odd
/// ones. Match `i` uses `battleship::Game` seeded with `derive_seed(seed, i)`, both fleets laid out
/// by the placers through the game.
template <battleship::BoardShape S>
MatchTally play_matches(const battleship::Board<S>& board, const battleship::Fleet& fleet,
                        const battleship::Rules& rules, const battleship::AnyShotStrategy<S>& a,
                        const battleship::AnyShotStrategy<S>& b,
                        const battleship::AnyPlacementStrategy<S>& placer_a,
                        const battleship::AnyPlacementStrategy<S>& placer_b, MatchRange range,
                        unsigned threads, const std::atomic<bool>& cancel,
                        std::atomic<std::uint64_t>& done) {
  const auto start = std::chrono::steady_clock::now();
  threads = std::max(1U, threads ? threads : std::thread::hardware_concurrency());
  constexpr std::uint64_t chunk = 64;
  std::atomic<std::uint64_t> next{0};
  std::vector<MatchTally> partial(threads);
  auto work = [&](MatchTally& out) {
    while (!cancel.load(std::memory_order_relaxed)) {
      const std::uint64_t first = next.fetch_add(chunk);
      if (first >= range.games) break;
      const std::uint64_t last = std::min(first + chunk, range.games);
      for (std::uint64_t i = range.first + first; i < range.first + last; ++i) {
        const bool a_first = i % 2 == 0;
        battleship::Game<S> g(board, fleet, rules, a_first ? a : b, a_first ? b : a,
                              battleship::derive_seed(range.seed, i));
        if (g.place(0, a_first ? placer_a : placer_b)) g.place(1, a_first ? placer_b : placer_a);
        const battleship::GameOutcome& o = g.play_to_end();
        ++out.games;
        out.rounds += static_cast<std::uint64_t>(o.rounds);
        switch (o.end) {
        case battleship::GameEnd::win: {
          const bool a_won = (o.winner == 0) == a_first;
          ++(a_won ? out.wins_a : out.wins_b);
          if (o.winner == 0) ++out.first_mover_wins;
          out.winner_shots += static_cast<std::uint64_t>(o.shots[o.winner == 0 ? 0 : 1]);
          break;
        }
        case battleship::GameEnd::draw: ++out.draws; break;
        default:
          ++out.aborted;
          if (i < out.first_abort_game) {
            out.first_abort_game = i;
            out.first_abort = o.reason;
          }
        }
      }
      done.fetch_add(last - first);
    }
  };
  {
    std::vector<std::jthread> workers;
    for (unsigned t = 1; t < threads; ++t) workers.emplace_back(work, std::ref(partial[t]));
    work(partial[0]);
  }
  MatchTally total;
  for (const auto& p : partial) {
    total.games += p.games;
    total.wins_a += p.wins_a;
    total.wins_b += p.wins_b;
    total.draws += p.draws;
    total.aborted += p.aborted;
    total.first_mover_wins += p.first_mover_wins;
    total.rounds += p.rounds;
    total.winner_shots += p.winner_shots;
    if (p.first_abort_game < total.first_abort_game) {
      total.first_abort_game = p.first_abort_game;
      total.first_abort = p.first_abort;
    }
  }
  total.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return total;
}

} // namespace bsp
