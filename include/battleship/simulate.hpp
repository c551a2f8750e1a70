/// @file simulate.hpp
/// @brief Many games at once, over threads, with results independent of the thread count: solo
/// batches (shots-to-finish histograms) and head-to-head matches (win / loss / draw tallies).
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <span>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>
#include <version>

#if defined(__cpp_lib_jthread)
#include <stop_token>
/// 1 where the standard library has `std::stop_token`, and with it
/// `SimulationOptions::stop_token`: libstdc++ 10 on, MSVC, libc++ 20 on (libc++ 17 to 19 with
/// `-fexperimental-library`); 0 elsewhere, where `SimulationOptions::cancel` stops a run.
#define BATTLESHIP_HAS_STOP_TOKEN 1
#else
#define BATTLESHIP_HAS_STOP_TOKEN 0
#endif

#include <battleship/detail/joined_threads.hpp>
#include <battleship/detail/run_stop.hpp>
#include <battleship/detail/text.hpp>
#include <battleship/game.hpp>
#include <battleship/layouts.hpp>
#include <battleship/ocean.hpp>
#include <battleship/solo.hpp>
#include <battleship/statistics.hpp>
#include <battleship/strategy.hpp>

namespace battleship {

/// Most worker threads a run starts, whatever `SimulationOptions::threads` asks for.
inline constexpr unsigned max_threads = 256;

struct MatchResult;

/// How to run a batch of games.
struct SimulationOptions {
  std::uint64_t games = 10'000; ///< Number of games.
  std::uint64_t seed = 0;       ///< Master seed; game `i` uses `derive_seed(seed, i)`.
  /// Index of the first game: the run plays games [first_game, first_game + games), so a long
  /// run split into such ranges (over processes or machines) plays exactly the games of one run,
  /// and the merged results are identical.
  std::uint64_t first_game = 0;
  /// Worker threads; 0 means every core. At most `max_threads` are started (a larger value, such
  /// as -1 converted, is taken as that many): the results do not depend on it.
  unsigned threads = 0;
  /// Called from the calling thread (never from a worker) with the number of games done so far:
  /// when it changes, and at least every quarter second while the run lasts (so a display can
  /// show a run whose first game is slow); the numbers never decrease, and the last call reports
  /// the games played.
  std::function<void(std::uint64_t)> progress{};
  /// When set and it becomes true, the run stops early and reports the games it finished.
  const std::atomic<bool>* cancel = nullptr;
#if BATTLESHIP_HAS_STOP_TOKEN
  /// Another way to stop early: the run stops when a stop is requested through this token.
  /// Only where the standard library has it (`BATTLESHIP_HAS_STOP_TOKEN`).
  std::stop_token stop_token{};
#endif
  /// Called after every solo game with its index and result, from the worker thread that played
  /// it (so it must be thread-safe); for tracing and tests. Slows the loop a little when set.
  std::function<void(std::uint64_t, const SoloResult&)> on_game{};
  /// Called after every two-player match (`simulate_match`) with its index and that match's own
  /// tallies (a `MatchResult` of the one match, with no time), from the worker thread that played
  /// it (so it must be thread-safe); sequential tests (`sprt_match`) read a batch's matches in
  /// order from it. Slows the loop a little when set.
  std::function<void(std::uint64_t, const MatchResult&)> on_match{};
};

/// Makes the solo runs of `options` keep every game's shots in `shots`, for `paired_difference`:
/// `shots` holds `options.games` entries (`std::invalid_argument` otherwise), each set to -1, and
/// entry `k` becomes game `options.first_game + k`'s shots, or stays -1 if it did not finish, its
/// fleet could not be placed or the run stopped before it. Each worker writes only its own games'
/// entries, so no lock is needed; an `on_game` already set is still called after. The memory
/// `shots` views must outlive the runs (a NumPy array's, for the Python bindings).
inline void keep_game_shots(SimulationOptions& options, std::span<int> shots) {
  if (shots.size() != options.games)
    throw std::invalid_argument("keep_game_shots: " + std::to_string(shots.size()) +
                                " entries for a run of " + std::to_string(options.games) +
                                " games");
  std::fill(shots.begin(), shots.end(), -1);
  options.on_game = [shots, first = options.first_game,
                     then = std::move(options.on_game)](std::uint64_t i, const SoloResult& r) {
    shots[static_cast<std::size_t>(i - first)] = r.finished ? r.shots : -1;
    if (then) then(i, r);
  };
}

/// `keep_game_shots` into `shots`, given `options.games` entries (4 bytes a game).
inline void keep_game_shots(SimulationOptions& options, std::vector<int>& shots) {
  shots.assign(options.games, -1);
  keep_game_shots(options, std::span<int>(shots));
}

/// What a batch of solo games gave.
struct SimulationResult {
  ShotHistogram shots;           ///< Shots of every finished game.
  std::uint64_t games = 0;       ///< Games played (finished or not).
  std::uint64_t unfinished = 0;  ///< Games stopped by the shot cap or the invalid-shot limit.
  std::uint64_t unplaceable = 0; ///< Games whose fleet the placer could not place.
  bool cancelled = false;        ///< Whether the run was stopped before playing every game.
  double seconds = 0;            ///< Wall-clock time.
  /// Games per second of wall-clock time.
  [[nodiscard]] double games_per_second() const noexcept {
    return seconds > 0 ? static_cast<double>(games) / seconds : 0.0;
  }
  /// Every summary figure: min, max, mean, median, p95, standard deviation, 95 percent interval
  /// of the mean, unfinished games (unplaceable ones included), time and games per second.
  [[nodiscard]] ShotSummary summary() const {
    ShotSummary s = summarize(shots, unfinished + unplaceable, seconds);
    return s;
  }
  /// Adds the games of `other`, another piece of the same run (`SimulationOptions::first_game`):
  /// pieces that cover a run's games once each, merged in any order, give that run's result.
  /// The times add up; `cancelled` if either was.
  void merge(const SimulationResult& other) {
    shots.merge(other.shots);
    games += other.games;
    unfinished += other.unfinished;
    unplaceable += other.unplaceable;
    cancelled = cancelled || other.cancelled;
    seconds += other.seconds;
  }
};

namespace detail {

// Whether `options` can ask a run to stop, and whether they ask it now.
inline bool stop_possible(const SimulationOptions& options) {
#if BATTLESHIP_HAS_STOP_TOKEN
  if (options.stop_token.stop_possible()) return true;
#endif
  return options.cancel != nullptr;
}
inline bool stop_requested(const SimulationOptions& options) {
#if BATTLESHIP_HAS_STOP_TOKEN
  if (options.stop_token.stop_requested()) return true;
#endif
  return options.cancel && options.cancel->load();
}

/// The longest a run's progress callback waits between two calls, even when no game ended.
inline constexpr std::chrono::milliseconds progress_heartbeat{250};

// Runs games [first_game, first_game + games) of `options` over worker threads. `make_player()` is
// called once in each worker and returns a callable `play(game_index, partial, stop)` owning that
// worker's state (its strategies, oceans, views), so nothing is allocated per game and nothing is
// shared but what a strategy's copies share on purpose (a uniform placer's counts, locked).
// `play` may watch `stop` inside a long game and give up: it returns false if it did, with
// nothing of that game counted, and true once the game is counted. Games are handed out in chunks
// through an atomic counter; the partial results (one per worker) are merged by the caller, which
// must only use order-independent merges (sums, minima).
// An exception thrown in a worker (by a strategy, say) stops every worker and is rethrown here,
// once they have all stopped: an escaping exception would end the process on a worker thread.
template <class Partial, class MakePlayer>
std::vector<Partial> run_batch(const SimulationOptions& options, MakePlayer make_player,
                               bool& cancelled) {
  unsigned threads = options.threads ? options.threads : std::thread::hardware_concurrency();
  threads = std::clamp(threads, 1U, max_threads);
  if (options.games < threads)
    threads = static_cast<unsigned>(std::max<std::uint64_t>(1, options.games));
  // Chunks of at most 256 games, smaller for short runs (slow players) so that the threads share
  // the work evenly and progress and cancellation stay responsive.
  const std::uint64_t chunk = std::clamp<std::uint64_t>(options.games / (threads * 64ULL), 1, 256);
  std::atomic<std::uint64_t> next{0};
  std::atomic<std::uint64_t> done{0};
  std::atomic<unsigned> running{threads};
  // A run cancelled before it starts plays nothing: the watcher reads the flag only after its
  // first millisecond, by which hundreds of quick games would be played.
  std::atomic<bool> stop{stop_requested(options)};
  std::vector<Partial> partial(threads);
  std::mutex failure_mutex;
  std::exception_ptr failure; // the first exception a worker caught
  // The watcher waits on this between its looks, and the last worker to stop wakes it: a short run
  // returns when it is done, not at the end of the watcher's millisecond.
  std::mutex finished_mutex;
  std::condition_variable finished_cv;

  auto work = [&](Partial& out) {
    const RunStopScope watching(&stop); // a long move gives up when the run stops
    try {
      auto play = make_player();
      while (!stop.load(std::memory_order_relaxed)) {
        const std::uint64_t first = next.fetch_add(chunk, std::memory_order_relaxed);
        if (first >= options.games) break;
        const std::uint64_t last = (std::min)(first + chunk, options.games);
        std::uint64_t i = first;
        for (; i < last && !stop.load(std::memory_order_relaxed); ++i)
          if (!play(options.first_game + i, out, std::as_const(stop))) break;
        done.fetch_add(i - first, std::memory_order_relaxed);
      }
    } catch (...) {
      const std::scoped_lock lock(failure_mutex);
      if (!failure) failure = std::current_exception();
      stop.store(true);
    }
    if (running.fetch_sub(1) == 1) {
      const std::scoped_lock lock(finished_mutex);
      finished_cv.notify_all();
    }
  };

  const bool watch = options.progress || stop_possible(options);
  {
    JoinedThreads workers(threads);
    // A progress callback that throws (or a thread that cannot be started) stops the workers
    // before they are joined: else the exception would wait for every game of the run.
    try {
      for (unsigned t = 1; t < threads; ++t) workers.start(work, std::ref(partial[t]));
      if (watch) {
        // The calling thread watches: progress reports and cancellation come from one thread.
        workers.start(work, std::ref(partial[0]));
        std::uint64_t reported = 0;
        auto reported_at = std::chrono::steady_clock::now();
        while (running.load() > 0) {
          {
            std::unique_lock lock(finished_mutex);
            finished_cv.wait_for(lock, std::chrono::milliseconds(1),
                                 [&] { return running.load() == 0; });
          }
          if (stop_requested(options)) stop.store(true);
          const std::uint64_t now = done.load();
          const auto clock = std::chrono::steady_clock::now();
          if (options.progress && (now != reported || clock - reported_at >= progress_heartbeat)) {
            reported_at = clock;
            options.progress(reported = now);
          }
        }
      } else {
        work(partial[0]);
      }
    } catch (...) {
      stop.store(true);
      throw;
    }
  }
  if (failure) std::rethrow_exception(failure);
  cancelled = done.load() < options.games;
  if (options.progress) options.progress(done.load());
  return partial;
}

// Counts solo game `i`'s result `r` in `out` and reports it to `options.on_game`; a game the run's
// stop cut short is not counted (false).
inline bool count_solo_game(SimulationResult& out, std::uint64_t i, const SoloResult& r,
                            const SimulationOptions& options) {
  if (r.stopped) return false;
  ++out.games;
  if (r.finished)
    out.shots.add(r.shots);
  else
    ++out.unfinished;
  if (options.on_game) options.on_game(i, r);
  return true;
}

// The solo games of `options` played by the workers `make_player` makes (see run_batch), merged,
// and timed from `start`.
template <class MakePlayer>
SimulationResult solo_batch(const SimulationOptions& options, MakePlayer make_player,
                            std::chrono::steady_clock::time_point start) {
  SimulationResult result;
  for (const auto& p : run_batch<SimulationResult>(options, make_player, result.cancelled))
    result.merge(p);
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

} // namespace detail

/// Plays `options.games` solo games of copies of `shooter` against oceans laid out by copies of
/// `placer` (seed 001's experiment): games `options.first_game` onwards of the run seeded
/// `options.seed`.
///
/// Game `i` draws its layout and then its shots from one generator,
/// `Rng(derive_seed(options.seed, i))`, so the result depends only on the seed, never on the
/// thread count or on which thread played which game. Each worker owns copies of the strategies
/// and its own ocean and view, reused from game to game. Throws `std::invalid_argument` if the
/// rules are inconsistent or the fleet does not fit the board. An exception thrown by a strategy
/// stops every thread and is rethrown to the caller (if several throw, one of them).
template <BoardShape S, ShotStrategy<S> Shooter, PlacementStrategy<S> Placer>
SimulationResult simulate_solo(const Board<S>& board, const Fleet& fleet, const Rules& rules,
                               const Shooter& shooter, const Placer& placer,
                               const SimulationOptions& options = {}) {
  rules.validate();
  fleet.validate(board.shape());
  const auto start = std::chrono::steady_clock::now();
  auto make_player = [&] {
    return [&, ocean = Ocean<S>(board, fleet, rules.touching),
            view = TargetView<S>(board, fleet, rules), my_shooter = Shooter(shooter),
            my_placer = Placer(placer)](std::uint64_t i, SimulationResult& out,
                                        const std::atomic<bool>& stop) mutable {
      Rng rng(derive_seed(options.seed, i));
      ocean.clear();
      if (!place_fleet(my_placer, ocean, rng, &stop)) {
        if (stop.load(std::memory_order_relaxed)) return false; // gave up: the run was stopped
        ++out.games;
        ++out.unplaceable;
        if (options.on_game) options.on_game(i, SoloResult{});
        return true;
      }
      return detail::count_solo_game(
          out, i, detail::play_matched(ocean, view, my_shooter, rng, &stop), options);
    };
  };
  return detail::solo_batch(options, make_player, start);
}

/// What a batch of two-player matches gave, from the point of view of pair A (the first
/// shooter and placer given) against pair B.
struct MatchResult {
  std::uint64_t games = 0;   ///< Matches played.
  std::uint64_t wins_a = 0;  ///< Matches A won.
  std::uint64_t wins_b = 0;  ///< Matches B won.
  std::uint64_t draws = 0;   ///< Drawn matches.
  std::uint64_t aborted = 0; ///< Aborted matches (a fleet that could not be placed...).
  /// Aborted matches pair A was to blame for (`GameOutcome::at_fault`: its fleet could not be
  /// placed, its shooter made too many invalid shots in a row, threw or gave up with a `Forfeit`,
  /// it resigned): its forfeits, which the shares, a tournament's standings and its ratings count
  /// as A's losses.
  std::uint64_t forfeits_a = 0;
  std::uint64_t forfeits_b = 0;       ///< Aborted matches pair B was to blame for: B's forfeits.
  std::uint64_t first_mover_wins = 0; ///< Wins by whoever moved first.
  std::uint64_t rounds = 0;           ///< Rounds over all matches.
  ShotHistogram winner_shots;         ///< Valid shots the winner fired, over won matches.
  std::uint64_t first_abort_game = UINT64_MAX; ///< Index of the first aborted match, if any.
  std::string first_abort;                     ///< Why that match was aborted.
  /// The pair that match's abort blames (`GameOutcome::at_fault`, seen from the pairs): 0 for A,
  /// 1 for B, -1 for neither (a `Game::abort` that named nobody) or when no match was aborted.
  int first_abort_by = -1;
  bool cancelled = false; ///< Whether the run was stopped before playing every match.
  double seconds = 0;     ///< Wall-clock time.

  /// Matches credited to A: won, or forfeited by B.
  [[nodiscard]] std::uint64_t credited_a() const noexcept { return wins_a + forfeits_b; }
  /// Matches credited to B: won, or forfeited by A.
  [[nodiscard]] std::uint64_t credited_b() const noexcept { return wins_b + forfeits_a; }
  /// A's share of the matches decided, a forfeit counting as a loss of the side to blame (draws
  /// and aborts that blamed nobody left out), with its 95 percent interval.
  [[nodiscard]] Proportion share_a() const noexcept {
    return proportion(credited_a(), credited_a() + credited_b());
  }
  /// The first mover's share of the matches won or lost, with its 95 percent interval (seed
  /// 003's question: does moving first help?).
  [[nodiscard]] Proportion first_mover_share() const noexcept {
    return proportion(first_mover_wins, wins_a + wins_b);
  }
  /// Matches per second of wall-clock time.
  [[nodiscard]] double games_per_second() const noexcept {
    return seconds > 0 ? static_cast<double>(games) / seconds : 0.0;
  }
  /// Adds the matches of `other`, another piece of the same run (`SimulationOptions::first_game`):
  /// pieces that cover a run's matches once each, merged in any order, give that run's tallies.
  /// The times add up; `cancelled` if either was.
  void merge(const MatchResult& other) {
    games += other.games;
    wins_a += other.wins_a;
    wins_b += other.wins_b;
    draws += other.draws;
    aborted += other.aborted;
    forfeits_a += other.forfeits_a;
    forfeits_b += other.forfeits_b;
    first_mover_wins += other.first_mover_wins;
    rounds += other.rounds;
    winner_shots.merge(other.winner_shots);
    if (other.first_abort_game < first_abort_game) {
      first_abort_game = other.first_abort_game;
      first_abort = other.first_abort;
      first_abort_by = other.first_abort_by;
    }
    cancelled = cancelled || other.cancelled;
    seconds += other.seconds;
  }
};

namespace detail {
/// What `MatchResult` tallies of one match, in 16 bytes (an abort's reason aside): how
/// `simulate_match` counts a match, how a sequential test keeps a batch's matches until it knows
/// which count, and how Python gets each match of a run.
struct MatchTally {
  std::uint8_t end = 0;           ///< 0: A won, 1: B won, 2: drawn, 3: aborted.
  std::int8_t forfeit = -1;       ///< An aborted match's pair to blame: 0 A, 1 B, -1 none.
  bool first_mover_won = false;   ///< Whether whoever moved first won.
  std::uint32_t winner_shots = 0; ///< The winner's valid shots, if one won.
  std::uint32_t rounds = 0;       ///< The match's rounds.

  /// The tally of a match that ended with `o`; `a_first` says whether pair A moved first.
  static MatchTally of(const GameOutcome& o, bool a_first) {
    MatchTally t;
    t.rounds = static_cast<std::uint32_t>(o.rounds);
    if (o.end == GameEnd::win) {
      t.end = (o.winner == 0) == a_first ? 0 : 1;
      t.first_mover_won = o.winner == 0;
      t.winner_shots = static_cast<std::uint32_t>(o.shots[o.winner == 0 ? 0 : 1]);
    } else {
      t.end = o.end == GameEnd::draw ? 2 : 3; // aborted (simulate_match counts no other end)
      if (t.end == 3 && o.at_fault >= 0) t.forfeit = (o.at_fault == 0) == a_first ? 0 : 1;
    }
    return t;
  }
  /// The tally `one` (a `MatchResult` of one match) keeps.
  static MatchTally of(const MatchResult& one) {
    return {static_cast<std::uint8_t>(one.wins_a   ? 0
                                      : one.wins_b ? 1
                                      : one.draws  ? 2
                                                   : 3),
            static_cast<std::int8_t>(one.forfeits_a   ? 0
                                     : one.forfeits_b ? 1
                                                      : -1),
            one.first_mover_wins != 0, static_cast<std::uint32_t>(one.winner_shots.total()),
            static_cast<std::uint32_t>(one.rounds)};
  }
  /// Counts this match in `out`.
  void count_in(MatchResult& out) const {
    ++out.games;
    out.rounds += rounds;
    out.first_mover_wins += first_mover_won;
    switch (end) {
    case 0: ++out.wins_a; break;
    case 1: ++out.wins_b; break;
    case 2: ++out.draws; break;
    default:
      ++out.aborted;
      out.forfeits_a += forfeit == 0;
      out.forfeits_b += forfeit == 1;
      break;
    }
    if (end < 2) out.winner_shots.add(static_cast<int>(winner_shots));
  }
};

/// Counts match `i`, finished with outcome `o`, in `out`, with its reason if it is the first
/// abort; `a_first` says whether pair A moved first.
inline void count_match(MatchResult& out, std::uint64_t i, const GameOutcome& o, bool a_first) {
  const MatchTally t = MatchTally::of(o, a_first);
  t.count_in(out);
  if (t.end == 3 && i < out.first_abort_game) {
    out.first_abort_game = i;
    out.first_abort = o.reason;
    out.first_abort_by = o.at_fault < 0 ? -1 : (o.at_fault == 0) == a_first ? 0 : 1;
  }
}
} // namespace detail

/// Plays `options.games` two-player matches of pair A (`shooter_a` shooting, `placer_a` laying
/// out A's fleet) against pair B under `rules`: matches `options.first_game` onwards of the run
/// seeded `options.seed`.
///
/// Match `i` is a `Game` seeded with `derive_seed(options.seed, i)`; A moves first in even
/// matches and B in odd ones (player `i % 2` of the pair order starts), so neither pair gets the
/// first-mover advantage. Tallies are identical for any thread count. Each worker reuses two
/// games (one per seating) with concrete strategy types and no observer. Throws
/// `std::invalid_argument` if the rules are inconsistent or the fleet does not fit the board; an
/// exception thrown by a strategy is rethrown as by `simulate_solo`.
template <BoardShape S, ShotStrategy<S> ShooterA, PlacementStrategy<S> PlacerA,
          ShotStrategy<S> ShooterB, PlacementStrategy<S> PlacerB>
MatchResult simulate_match(const Board<S>& board, const Fleet& fleet, const Rules& rules,
                           const ShooterA& shooter_a, const PlacerA& placer_a,
                           const ShooterB& shooter_b, const PlacerB& placer_b,
                           const SimulationOptions& options = {}) {
  rules.validate();
  fleet.validate(board.shape());
  const auto start = std::chrono::steady_clock::now();
  using GameAB = Game<S, NullObserver, ShooterA, ShooterB>;
  using GameBA = Game<S, NullObserver, ShooterB, ShooterA>;
  auto make_player = [&] {
    return [&, ab = GameAB(board, fleet, rules, shooter_a, shooter_b),
            ba = GameBA(board, fleet, rules, shooter_b, shooter_a), pa = PlacerA(placer_a),
            pb = PlacerB(placer_b)](std::uint64_t i, MatchResult& out,
                                    const std::atomic<bool>& stop) mutable {
      const std::uint64_t seed = derive_seed(options.seed, i);
      const bool a_first = i % 2 == 0;
      // A placer that gave up because the run was stopped aborts the match: not counted.
      bool placed = false;
      const GameOutcome& o = [&]() -> const GameOutcome& {
        if (a_first) {
          ab.reset(seed);
          placed = ab.place(0, pa, &stop) && ab.place(1, pb, &stop);
          return ab.play_to_end(&stop);
        }
        ba.reset(seed);
        placed = ba.place(0, pb, &stop) && ba.place(1, pa, &stop);
        return ba.play_to_end(&stop);
      }();
      if (!placed && stop.load(std::memory_order_relaxed)) return false;
      if (o.end == GameEnd::in_progress) return false; // only the run's stop leaves it so
      // Its last move may have been cut short by the stop (`detail::run_stop`): not counted.
      if (stop.load(std::memory_order_relaxed)) return false;
      if (!options.on_match) {
        detail::count_match(out, i, o, a_first);
        return true;
      }
      MatchResult one;
      detail::count_match(one, i, o, a_first);
      options.on_match(i, one);
      out.merge(one);
      return true;
    };
  };
  MatchResult result;
  for (const auto& p : detail::run_batch<MatchResult>(options, make_player, result.cancelled))
    result.merge(p);
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

/// Most layouts `simulate_every_layout` lists unless told otherwise: 10 million, about a minute of
/// `probability`'s games on two cores and under a gigabyte of placements for five ships.
inline constexpr std::size_t default_max_layouts = 10'000'000;

/// Plays copies of `shooter` against every layout of the fleet (`for_each_layout`), `seeds` times
/// each: the exact distribution of its shots against uniformly random layouts, for boards small
/// enough to list every layout. Set its mean beside `OptimalSearch::expected_shots()`, the least
/// any shooter can reach.
///
/// Game `i` is layout `i / seeds` (in `for_each_layout`'s order) played with the generator
/// `Rng(derive_seed(options.seed, i % seeds))`: every layout meets the same `seeds` generators.
/// With one generator a shooter is one deterministic policy (its draws depend only on what it was
/// told), so its mean is never below the optimum; several show how much its random ties matter.
/// `options.games` and `options.first_game` are ignored (the run is every layout, `seeds` times);
/// threads, progress, cancellation and `on_game` work as in `simulate_solo`, and the result is
/// the same on any number of threads. Games the shooter does not finish (a shot cap) are counted
/// in `unfinished`, outside the histogram. Throws `std::invalid_argument` for invalid rules or
/// fleet, `seeds` below 1, or a fleet with no layout on the board, and `std::length_error` past
/// `max_layouts` layouts (the classic game has billions; they would be listed before any game).
template <BoardShape S, ShotStrategy<S> Shooter>
SimulationResult simulate_every_layout(const Board<S>& board, const Fleet& fleet,
                                       const Rules& rules, const Shooter& shooter, int seeds = 1,
                                       SimulationOptions options = {},
                                       std::size_t max_layouts = default_max_layouts) {
  rules.validate();
  fleet.validate(board.shape());
  if (seeds < 1) throw std::invalid_argument("seeds must be at least 1");
  const auto start = std::chrono::steady_clock::now();
  const auto ships = static_cast<std::size_t>(fleet.ship_count());
  std::vector<Placement> placements; // layout j's ships at [j * ships, (j + 1) * ships)
  for_each_layout(board, fleet, rules.touching, [&](const Ocean<S>& layout) {
    if (placements.size() == max_layouts * ships)
      throw std::length_error(detail::concat(
          "the fleet has more layouts on this board than max_layouts (", max_layouts, ") allows"));
    for (std::size_t s = 0; s < ships; ++s)
      placements.push_back(layout.placement(static_cast<int>(s)));
  });
  if (placements.empty())
    throw std::invalid_argument("no layout of the fleet fits the board under these rules");
  const auto generators = static_cast<std::uint64_t>(seeds);
  options.games = placements.size() / ships * generators;
  options.first_game = 0;
  auto make_player = [&] {
    return [&, ocean = Ocean<S>(board, fleet, rules.touching),
            view = TargetView<S>(board, fleet, rules), my_shooter = Shooter(shooter)](
               std::uint64_t i, SimulationResult& out, const std::atomic<bool>& stop) mutable {
      ocean.clear();
      const std::size_t first = static_cast<std::size_t>(i / generators) * ships;
      for (std::size_t s = 0; s < ships; ++s)
        ocean.place_unchecked(static_cast<int>(s), placements[first + s]);
      Rng rng(derive_seed(options.seed, i % generators));
      return detail::count_solo_game(
          out, i, detail::play_matched(ocean, view, my_shooter, rng, &stop), options);
    };
  };
  return detail::solo_batch(options, make_player, start);
}

/// A shooter's mean shots against uniformly random layouts: `simulate_every_layout`'s mean,
/// over every layout played with each of `seeds` generators derived from `seed`, on `threads`
/// threads (0: every core; the figure does not depend on it). No layout is sampled, so it is
/// exact for a shooter that draws nothing; one that breaks ties at random keeps the noise of its
/// `seeds` generators. Games the shooter does not finish (a shot cap) are left out. Throws as
/// `simulate_every_layout`.
template <BoardShape S, ShotStrategy<S> Shooter>
double exact_mean_shots(const Board<S>& board, const Fleet& fleet, const Rules& rules,
                        const Shooter& shooter, int seeds = 1, std::uint64_t seed = 0,
                        unsigned threads = 0, std::size_t max_layouts = default_max_layouts) {
  SimulationOptions options;
  options.seed = seed;
  options.threads = threads;
  return simulate_every_layout(board, fleet, rules, shooter, seeds, options, max_layouts)
      .shots.mean();
}

} // namespace battleship
