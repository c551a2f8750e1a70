#include "catch_shim.hpp"
#include "layout_checks.hpp"

#include <battleship/forfeit.hpp>
#include <battleship/placement/elusive.hpp>
#include <battleship/placement/uniform.hpp>
#include <battleship/simulate.hpp>
#include <battleship/solo_record.hpp>
#include <battleship/strategies/hunt_target.hpp>
#include <battleship/strategies/mediocre.hpp>
#include <battleship/strategies/random.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <mutex>
#include <span>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace test_simulate {

using namespace battleship;
using S = ClassicShape;

namespace {
/// The cells the tracing shooter fired in the game its thread played last.
thread_local std::vector<Coord> last_game_cells;

/// A hunt/target shooter that notes every cell it fires, for the per-game comparison.
struct Tracing {
  HuntTargetShooter<S> inner;
  void start(const TargetView<S>& v) {
    last_game_cells.clear();
    inner.start(v);
  }
  Coord next_shot(const TargetView<S>& v, Rng& rng) {
    const Coord c = inner.next_shot(v, rng);
    last_game_cells.push_back(c);
    return c;
  }
  void on_result(const TargetView<S>& v, Coord c, const ShotOutcome& o) {
    inner.on_result(v, c, o);
  }
};

struct NoPlacer {
  bool place(Ocean<S>&, Rng&) { return false; }
};

/// Places the first ship only, and says it placed the fleet.
struct LazyPlacer {
  bool place(Ocean<S>& ocean, Rng&) {
    return ocean.place(0, Coord{0, 0}, Orientation::horizontal) == PlacementRefusal::none;
  }
};

/// Fires in reading order, and throws on its fourth shot of any game from `failing_game` on.
struct ThrowingShooter {
  int game = -1;
  int failing_game = 0;
  void start(const TargetView<S>&) { ++game; }
  Coord next_shot(const TargetView<S>& v, Rng&) {
    if (game >= failing_game && v.shots().count() == 3) throw std::runtime_error("shooter broke");
    return v.board().coord(v.open().first());
  }
  void on_result(const TargetView<S>&, Coord, const ShotOutcome&) {}
};

/// Fires in reading order; from its fifth shot on it raises `cancel` and takes 20 ms a shot, so
/// a game it finishes (17 ship cells at least) would take a quarter of a second more.
struct SlowOnceCancelling {
  std::atomic<bool>* cancel = nullptr;
  std::atomic<int>* fired = nullptr;
  void start(const TargetView<S>&) {}
  Coord next_shot(const TargetView<S>& v, Rng&) {
    if (fired->fetch_add(1) + 1 >= 5) {
      cancel->store(true);
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return v.board().coord(v.open().first());
  }
  void on_result(const TargetView<S>&, Coord, const ShotOutcome&) {}
};

/// Every game's cells, by game index, from a run on `threads` threads.
struct Traced {
  SimulationResult result;
  std::vector<std::vector<Coord>> cells;
  std::vector<int> shots; // as the runner reported them
};
/// Games [first, first + games) of the run seeded `seed`; `cells` and `shots` are indexed by the
/// run's game index (entries before `first` stay empty).
Traced traced_run(unsigned threads, std::uint64_t games, std::uint64_t seed,
                  std::uint64_t first = 0) {
  Traced out;
  out.cells.resize(static_cast<std::size_t>(first + games));
  out.shots.resize(static_cast<std::size_t>(first + games));
  std::mutex m;
  // Designated, as a user writes it: the members left out must not warn (-Wextra, GCC 12).
  SimulationOptions options{.games = games, .seed = seed, .first_game = first, .threads = threads};
  options.on_game = [&](std::uint64_t i, const SoloResult& r) {
    const std::lock_guard lock(m);
    out.cells[static_cast<std::size_t>(i)] = last_game_cells;
    out.shots[static_cast<std::size_t>(i)] = r.shots;
  };
  out.result = simulate_solo(Board<S>{}, fleets::classic, rulesets::classic, Tracing{},
                             UniformPlacer<S>{}, options);
  return out;
}
} // namespace

TEST_CASE("a simulation plays the same games on any number of threads", "[simulate]") {
  const Traced one = traced_run(1, 2000, 11);
  for (std::size_t i = 0; i < one.cells.size(); ++i)
    REQUIRE(static_cast<int>(one.cells[i].size()) == one.shots[i]);
  CHECK(one.result.games == 2000);
  CHECK(one.result.shots.games() == 2000);
  CHECK_FALSE(one.result.cancelled);
  for (unsigned threads : {2U, 3U, 8U}) {
    const Traced many = traced_run(threads, 2000, 11);
    CHECK(many.result.shots == one.result.shots);
    CHECK(many.cells == one.cells);
  }
  const Traced other = traced_run(2, 2000, 12);
  CHECK_FALSE(other.result.shots == one.result.shots);
}

TEST_CASE("a run's threads count a crowded fleet once, for them all and the placer they copy",
          "[simulate][uniform]") {
  // Ten destroyers without contact on 7 x 7: every game draws from the count of the layouts. The
  // threads copy one placer, so they share that count; ThreadSanitizer runs this test.
  using D = DynamicShape<64>;
  const Board<D> board(D(7, 7));
  const Fleet destroyers{{"Destroyer", 'D', 2, 10}};
  Rules rules = rulesets::classic;
  rules.touching = Touching::no_contact;
  const Ocean<D> ocean(board, destroyers, rules.touching);
  SimulationOptions options;
  options.games = 24;
  options.seed = 8;
  UniformPlacer<D> shared;
  UniformPlacer<D> alone;
  options.threads = 4;
  const auto many =
      simulate_solo(board, destroyers, rules, HuntTargetShooter<D>{}, shared, options);
  CHECK(shared.has_counted(ocean));
  CHECK_FALSE(alone.has_counted(ocean));
  options.threads = 1;
  const auto one = simulate_solo(board, destroyers, rules, HuntTargetShooter<D>{}, alone, options);
  CHECK(many.unplaceable == 0);
  CHECK(many.shots.games() == 24);
  CHECK(many.shots == one.shots);
}

TEST_CASE("game i of a simulation is a solo game drawn from derive_seed(seed, i)", "[simulate]") {
  // Rebuild game 7 of a run by hand: layout first, then shots, from one generator.
  const Traced run = traced_run(2, 10, 5);
  const Board<S> board;
  Ocean<S> ocean(board, fleets::classic);
  TargetView<S> view(board, fleets::classic, rulesets::classic);
  UniformPlacer<S> placer;
  Tracing shooter;
  Rng rng(derive_seed(5, 7));
  REQUIRE(placer.place(ocean, rng));
  play_solo(ocean, view, shooter, rng);
  CHECK(last_game_cells == run.cells[7]);
}

TEST_CASE("a run split into first_game ranges plays exactly the games of one run", "[simulate]") {
  const Traced one = traced_run(1, 2000, 11);
  const Traced head = traced_run(2, 701, 11);       // games [0, 701)
  const Traced tail = traced_run(3, 1299, 11, 701); // games [701, 2000)
  for (std::size_t i = 0; i < 2000; ++i) {
    const auto& piece = i < 701 ? head : tail;
    REQUIRE(piece.cells[i] == one.cells[i]);
  }
  CHECK(tail.cells[0].empty());          // the tail never played game 0
  SimulationResult merged = tail.result; // merged in either order: sums
  merged.merge(head.result);
  CHECK(merged.shots == one.result.shots);
  CHECK(merged.games == 2000);
  CHECK(merged.unfinished == one.result.unfinished);
  CHECK(merged.summary().mean == one.result.summary().mean);
  // Approx: where doubles are summed in wider registers (x87), the sum can differ from the stored.
  CHECK(merged.seconds == Approx(head.result.seconds + tail.result.seconds));
  CHECK_FALSE(merged.cancelled);
}

TEST_CASE("keep_game_shots keeps each game's shots, -1 for the unfinished, on any thread count, "
          "and pairs two shooters on the same layouts",
          "[simulate][paired]") {
  SimulationOptions options;
  options.games = 600;
  options.seed = 4;
  options.first_game = 100;
  Rules capped = rulesets::classic;
  capped.shot_cap = 60;                // hunt_target misses it in some games: those stay -1
  std::atomic<std::uint64_t> heard{0}; // the workers call it: the second run plays on 3 threads
  options.on_game = [&heard](std::uint64_t, const SoloResult&) { ++heard; }; // called still
  options.threads = 1;
  std::vector<int> one, two;
  SimulationOptions first = options;
  keep_game_shots(first, one);
  const auto r = simulate_solo(Board<S>{}, fleets::classic, capped, HuntTargetShooter<S>{},
                               UniformPlacer<S>{}, first);
  CHECK(heard == 600);
  REQUIRE(one.size() == 600);
  ShotHistogram kept;
  std::uint64_t unfinished = 0;
  for (const int shots : one) {
    if (shots < 0)
      ++unfinished;
    else
      kept.add(shots);
  }
  CHECK(kept == r.shots);
  CHECK(unfinished == r.unfinished);
  CHECK(unfinished > 0);
  // Entry k is game first_game + k: the solo game drawn from derive_seed(seed, 100 + k).
  for (const std::uint64_t k : {0ULL, 1ULL, 599ULL}) {
    Ocean<S> ocean(Board<S>{}, fleets::classic, capped.touching);
    TargetView<S> view(Board<S>{}, fleets::classic, capped);
    Rng rng(derive_seed(4, 100 + k));
    REQUIRE(UniformPlacer<S>{}.place(ocean, rng));
    HuntTargetShooter<S> shooter;
    const SoloResult game = play_solo(ocean, view, shooter, rng);
    CHECK(one[k] == (game.finished ? game.shots : -1));
  }
  SimulationOptions second = options;
  second.threads = 3;
  keep_game_shots(second, two);
  (void)simulate_solo(Board<S>{}, fleets::classic, capped, HuntTargetShooter<S>{},
                      UniformPlacer<S>{}, second);
  CHECK(two == one);
  std::vector<int> short_of_one(599);
  CHECK_THROWS_WITH(keep_game_shots(second, std::span<int>(short_of_one)),
                    "keep_game_shots: 599 entries for a run of 600 games");
  // Against random on the same layouts: the games both finished, a's shots minus b's.
  std::vector<int> other;
  SimulationOptions third = options;
  keep_game_shots(third, other);
  (void)simulate_solo(Board<S>{}, fleets::classic, rulesets::classic, RandomShooter<S>{},
                      UniformPlacer<S>{}, third);
  const PairedDifference d = paired_difference(one, other);
  CHECK(d.games == 600 - unfinished);
  CHECK(d.mean < -20); // hunt_target needs far fewer shots than random
}

TEST_CASE("a simulation reports monotone progress from the calling thread", "[simulate]") {
  SimulationOptions options;
  options.games = 3000;
  options.threads = 2;
  std::vector<std::uint64_t> seen;
  const auto caller = std::this_thread::get_id();
  bool same_thread = true;
  options.progress = [&](std::uint64_t done) {
    seen.push_back(done);
    same_thread = same_thread && std::this_thread::get_id() == caller;
  };
  const auto r = simulate_solo(Board<S>{}, fleets::classic, rulesets::classic, RandomShooter<S>{},
                               UniformPlacer<S>{}, options);
  REQUIRE_FALSE(seen.empty());
  CHECK(std::is_sorted(seen.begin(), seen.end()));
  CHECK(seen.back() == 3000);
  CHECK(r.games == 3000);
  CHECK(same_thread);
}

/// Fires in order, thinking for 0.8 s before its first shot: a run of one game with nothing to
/// report for that long.
struct SlowFirstShot {
  void start(const TargetView<S>&) {}
  Coord next_shot(const TargetView<S>& v, Rng&) {
    if (v.open().count() == v.board().cells())
      std::this_thread::sleep_for(std::chrono::milliseconds(800));
    return v.board().coord(v.open().first());
  }
  void on_result(const TargetView<S>&, Coord, const ShotOutcome&) {}
};

TEST_CASE("progress is reported while a slow first game is still being played", "[simulate]") {
  // A display made once a run has lasted a second appeared only when the first game ended (7 s
  // for `expert` on 32 x 32): the count had not changed, so nobody was called.
  SimulationOptions options;
  options.games = 1;
  options.threads = 1;
  std::vector<std::uint64_t> seen;
  options.progress = [&](std::uint64_t done) { seen.push_back(done); };
  const auto r = simulate_solo(Board<S>{}, fleets::classic, rulesets::classic, SlowFirstShot{},
                               UniformPlacer<S>{}, options);
  REQUIRE(r.games == 1);
  REQUIRE_FALSE(seen.empty());
  CHECK(seen.front() == 0); // a call every quarter second: three during the 0.8 s, given time
  CHECK(std::is_sorted(seen.begin(), seen.end()));
  CHECK(seen.back() == 1);
}

TEST_CASE("a progress report that throws stops the workers and the exception leaves at once",
          "[simulate][cancel]") {
  // The exception waited for the workers to play every game of the run (17 s for 1,000,000
  // games of `probability`; 20,000,000 random games here), as nothing told them to stop.
  SimulationOptions options;
  options.games = 20'000'000;
  options.threads = 2;
  std::atomic<std::uint64_t> played{0};
  options.on_game = [&](std::uint64_t, const SoloResult&) { played.fetch_add(1); };
  options.progress = [](std::uint64_t) { throw std::runtime_error("enough"); };
  CHECK_THROWS_WITH(simulate_solo(Board<S>{}, fleets::classic, rulesets::classic,
                                  RandomShooter<S>{}, UniformPlacer<S>{}, options),
                    "enough");
  CHECK(played.load() < options.games / 10);
}

TEST_CASE("a shot cap leaves games unfinished, outside the histogram", "[simulate][rules]") {
  SimulationOptions options;
  options.games = 2000;
  Rules capped = rulesets::classic;
  capped.shot_cap = 90;
  const auto r = simulate_solo(Board<S>{}, fleets::classic, capped, RandomShooter<S>{},
                               UniformPlacer<S>{}, options);
  // Random needs more than 90 shots in most games (its mean is 95.4).
  CHECK(r.unfinished > 1000);
  CHECK(r.unfinished + r.shots.games() == 2000);
  CHECK(r.shots.max() <= 90);
  const ShotSummary s = r.summary();
  CHECK(s.unfinished == r.unfinished);
  CHECK(s.games == r.shots.games());
}

TEST_CASE("a placer that fails, or says it placed the fleet with a ship missing, makes every "
          "game unplaceable, not a crash",
          "[simulate]") {
  // No game is played against a partial fleet (a shooter fired every cell of LazyPlacer's, and
  // the games counted as unfinished): the run, a recorded game and a match all see a failure.
  const auto check = [](const auto& placer) {
    SimulationOptions options;
    options.games = 20;
    const auto r = simulate_solo(Board<S>{}, fleets::classic, rulesets::classic, RandomShooter<S>{},
                                 placer, options);
    CHECK(r.games == 20);
    CHECK(r.unplaceable == 20);
    CHECK(r.unfinished == 0);
    CHECK(r.shots.games() == 0);
    const auto record = record_solo_game(Board<S>{}, fleets::classic, rulesets::classic,
                                         RandomShooter<S>{}, placer, 0, 3);
    CHECK_FALSE(record.placed);
    CHECK(record.cells.empty());
    const auto m =
        simulate_match(Board<S>{}, fleets::classic, rulesets::classic, RandomShooter<S>{}, placer,
                       RandomShooter<S>{}, UniformPlacer<S>{}, options);
    CHECK(m.aborted == 20);
  };
  check(NoPlacer{});
  check(LazyPlacer{});
}

TEST_CASE("a shooter's forfeit loses its match and the run plays on", "[simulate]") {
  /// Gives up at its fourth shot of each match.
  struct Quitter {
    void start(const TargetView<S>&) {}
    Coord next_shot(const TargetView<S>& v, Rng&) {
      if (v.shots().count() == 3) throw Forfeit("gave up");
      return v.board().coord(v.open().first());
    }
    void on_result(const TargetView<S>&, Coord, const ShotOutcome&) {}
  };
  SimulationOptions options;
  options.games = 40;
  options.threads = GENERATE(1U, 2U);
  const MatchResult r =
      simulate_match(Board<S>{}, fleets::classic, rulesets::classic, RandomShooter<S>{},
                     UniformPlacer<S>{}, Quitter{}, UniformPlacer<S>{}, options);
  CHECK(r.games == 40);
  CHECK(r.aborted == 40);
  CHECK(r.forfeits_b == 40);
  CHECK(r.credited_a() == 40);
  CHECK(r.first_abort_game == 0);
  CHECK(r.first_abort_by == 1);
  CHECK(r.first_abort == "player 1 forfeited: gave up"); // B moves second in even matches
}

TEST_CASE("a strategy's exception stops the run and reaches the caller", "[simulate]") {
  // Worker threads must not let it escape: that would end the process (std::terminate).
  SimulationOptions options;
  options.games = 1000;
  options.threads = GENERATE(1U, 2U);
  const bool watched = GENERATE(false, true); // progress: every worker on its own thread
  std::uint64_t last = 0;
  if (watched) options.progress = [&](std::uint64_t done) { last = done; };
  CHECK_THROWS_WITH(simulate_solo(Board<S>{}, fleets::classic, rulesets::classic,
                                  ThrowingShooter{-1, 10}, UniformPlacer<S>{}, options),
                    "shooter broke");
  if (watched) CHECK(last < options.games);
  CHECK_THROWS_WITH(simulate_match(Board<S>{}, fleets::classic, rulesets::classic,
                                   RandomShooter<S>{}, UniformPlacer<S>{}, ThrowingShooter{-1, 0},
                                   UniformPlacer<S>{}, options),
                    "shooter broke");
  // A shooter that throws in its fourth game plays the three before it to the end, and the run
  // then reports the exception. One thread: the games come in order.
  options.games = 5;
  options.threads = 1;
  options.progress = nullptr;
  std::vector<std::uint64_t> finished;
  options.on_game = [&](std::uint64_t i, const SoloResult& g) {
    if (g.finished) finished.push_back(i);
  };
  CHECK_THROWS_WITH(simulate_solo(Board<S>{}, fleets::classic, rulesets::classic,
                                  ThrowingShooter{-1, 3}, UniformPlacer<S>{}, options),
                    "shooter broke");
  CHECK(finished == std::vector<std::uint64_t>{0, 1, 2});
}

TEST_CASE("a cancelled simulation stops early and says so", "[simulate]") {
  SECTION("by a flag set before the start") {
    std::atomic<bool> cancel{true};
    SimulationOptions options;
    options.games = 50'000'000;
    options.threads = 2;
    options.cancel = &cancel;
    const auto r = simulate_solo(Board<S>{}, fleets::classic, rulesets::classic, RandomShooter<S>{},
                                 UniformPlacer<S>{}, options);
    CHECK(r.cancelled);
    CHECK(r.games == 0); // not the games of the watcher's first millisecond: none
    CHECK(r.shots.games() == 0);
  }
#if BATTLESHIP_HAS_STOP_TOKEN
  SECTION("by a stop token stopped before the start") {
    std::stop_source source;
    source.request_stop();
    SimulationOptions options;
    options.games = 1000;
    options.threads = 2;
    options.stop_token = source.get_token();
    const auto r = simulate_solo(Board<S>{}, fleets::classic, rulesets::classic, RandomShooter<S>{},
                                 UniformPlacer<S>{}, options);
    CHECK(r.cancelled);
    CHECK(r.games == 0);
  }
  SECTION("by a stop token, part-way through") {
    std::stop_source source;
    SimulationOptions options;
    options.games = 50'000'000;
    options.threads = 2;
    options.stop_token = source.get_token();
    std::uint64_t last = 0;
    options.progress = [&](std::uint64_t done) {
      last = done;
      if (done >= 5000) source.request_stop();
    };
    const auto r = simulate_solo(Board<S>{}, fleets::classic, rulesets::classic, RandomShooter<S>{},
                                 UniformPlacer<S>{}, options);
    CHECK(r.cancelled);
    CHECK(r.games >= 5000);
    CHECK(r.games < options.games);
    CHECK(last == r.games); // the last progress report is the games played
  }
#endif
}

TEST_CASE("a cancelled run stops the game in progress before its next shot and does not count it",
          "[simulate]") {
  std::atomic<bool> cancel{false};
  std::atomic<int> fired{0};
  SimulationOptions options;
  options.games = 1000;
  options.threads = 1;
  options.cancel = &cancel;
  std::uint64_t reported = 0;
  options.on_game = [&](std::uint64_t, const SoloResult&) { ++reported; };
  SECTION("a solo run") {
    const auto r = simulate_solo(Board<S>{}, fleets::classic, rulesets::classic,
                                 SlowOnceCancelling{&cancel, &fired}, UniformPlacer<S>{}, options);
    CHECK(r.cancelled);
    CHECK(r.games == 0); // game 0 was cut short: nothing of it is counted
    CHECK(r.shots.games() == 0);
    CHECK(r.unfinished == 0);
    CHECK(reported == 0);
  }
  SECTION("a match run") {
    const MatchResult r = simulate_match(Board<S>{}, fleets::classic, rulesets::classic,
                                         SlowOnceCancelling{&cancel, &fired}, UniformPlacer<S>{},
                                         RandomShooter<S>{}, UniformPlacer<S>{}, options);
    CHECK(r.cancelled);
    CHECK(r.games == 0);
    CHECK(r.aborted == 0);
  }
  CHECK(fired.load() < 17); // stopped inside game 0, long before it could end
}

/// Fires at A1, where `LazyPlacer` puts the one ship of a one-cell fleet, having raised `cancel`
/// and waited for the run to see it: the stop comes during the move that ends the game.
struct CancellingOnTheLastShot {
  std::atomic<bool>* cancel = nullptr;
  void start(const TargetView<S>&) {}
  Coord next_shot(const TargetView<S>&, Rng&) {
    cancel->store(true);
    std::this_thread::sleep_for(std::chrono::milliseconds(50)); // the watcher looks every 1 ms
    return Coord{0, 0};
  }
  void on_result(const TargetView<S>&, Coord, const ShotOutcome&) {}
};

TEST_CASE("a game whose last move the run's stop came during is not counted", "[simulate]") {
  // That move may have been cut short (a strong shooter's search gives up, detail::run_stop):
  // the game is not the one an unstopped run plays, and a stopped run counted it.
  const Fleet dot{{"Dot", 'D', 1, 1}};
  std::atomic<bool> cancel{false};
  SimulationOptions options;
  options.games = 1;
  options.threads = 1;
  options.cancel = &cancel;
  SECTION("a solo run") {
    const auto r = simulate_solo(Board<S>{}, dot, rulesets::classic,
                                 CancellingOnTheLastShot{&cancel}, LazyPlacer{}, options);
    CHECK(r.cancelled);
    CHECK(r.games == 0);
  }
  SECTION("a match run") {
    const MatchResult r =
        simulate_match(Board<S>{}, dot, rulesets::classic, CancellingOnTheLastShot{&cancel},
                       LazyPlacer{}, CancellingOnTheLastShot{&cancel}, LazyPlacer{}, options);
    CHECK(r.cancelled);
    CHECK(r.games == 0);
  }
  SECTION("the same game, not stopped, is counted") {
    std::atomic<bool> elsewhere{false}; // the shooter raises a flag the run does not read
    const auto r = simulate_solo(Board<S>{}, dot, rulesets::classic,
                                 CancellingOnTheLastShot{&elsewhere}, LazyPlacer{}, options);
    CHECK_FALSE(r.cancelled);
    CHECK(r.games == 1);
    CHECK(r.shots.max() == 1);
  }
}

TEST_CASE("a cancelled run does not wait for a placement that searches for seconds, and does not "
          "count it",
          "[simulate][cancel]") {
  // Eight uniform draws of 20 million attempts each before this placer gives up: many seconds.
  ElusivePlacer<S> slow;
  slow.draws =
      layout_checks::starved_on_tiling(UniformPlacer<S>{}, UniformPlacer<S>{}.max_attempts);
  std::atomic<bool> cancel{true}; // read by the run's watcher a millisecond after game 0 starts
  SimulationOptions options;
  options.games = 4;
  options.threads = 1;
  options.cancel = &cancel;
  const Board<S> board;
  const auto started = std::chrono::steady_clock::now();
  SECTION("a solo run") {
    const auto r = simulate_solo(board, layout_checks::tiling_fleet, rulesets::classic,
                                 RandomShooter<S>{}, slow, options);
    CHECK(r.cancelled);
    CHECK(r.games == 0); // not counted as a fleet that could not be placed
    CHECK(r.unplaceable == 0);
  }
  SECTION("a match run, each side's placer") {
    const bool slow_first = GENERATE(true, false);
    const AnyPlacementStrategy<S> a =
        slow_first ? AnyPlacementStrategy<S>(slow) : AnyPlacementStrategy<S>(UniformPlacer<S>{});
    const AnyPlacementStrategy<S> b =
        slow_first ? AnyPlacementStrategy<S>(UniformPlacer<S>{}) : AnyPlacementStrategy<S>(slow);
    const MatchResult r = simulate_match(board, layout_checks::tiling_fleet, rulesets::classic,
                                         RandomShooter<S>{}, a, RandomShooter<S>{}, b, options);
    CHECK(r.cancelled);
    CHECK(r.games == 0); // not counted as aborted
    CHECK(r.aborted == 0);
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  CHECK(seconds < 5); // generous: the placer sees the flag within a few thousand attempts
}

TEST_CASE("inconsistent rules or a fleet that does not fit are refused before any game",
          "[simulate]") {
  Rules bad = rulesets::classic;
  bad.salvo_size = 3;
  CHECK_THROWS_AS(
      simulate_solo(Board<S>{}, fleets::classic, bad, RandomShooter<S>{}, UniformPlacer<S>{}),
      std::invalid_argument);
  using T = FixedShape<3, 3>;
  CHECK_THROWS_AS(simulate_solo(Board<T>{}, fleets::classic, rulesets::classic, RandomShooter<T>{},
                                UniformPlacer<T>{}),
                  std::invalid_argument);
}

namespace {
MatchResult match(unsigned threads, std::uint64_t games, std::uint64_t seed,
                  std::uint64_t first = 0) {
  SimulationOptions options;
  options.games = games;
  options.seed = seed;
  options.threads = threads;
  options.first_game = first;
  return simulate_match(Board<S>{}, fleets::classic, rulesets::classic, HuntTargetShooter<S>{},
                        UniformPlacer<S>{}, RandomShooter<S>{}, UniformPlacer<S>{}, options);
}
} // namespace

TEST_CASE("a match tallies wins, alternates the first mover, and ignores the thread count",
          "[simulate][match]") {
  const MatchResult one = match(1, 600, 3);
  CHECK(one.games == 600);
  CHECK(one.wins_a + one.wins_b + one.draws + one.aborted == 600);
  CHECK(one.aborted == 0);
  CHECK(one.draws == 0); // no equalising shot: the first fleet sunk decides
  // Hunt/target (about 66 shots) beats random (about 95) nearly always.
  CHECK(one.wins_a > 550);
  CHECK(one.winner_shots.games() == one.wins_a + one.wins_b);
  CHECK(one.share_a().share > 0.9);
  for (unsigned threads : {2U, 3U}) {
    const MatchResult many = match(threads, 600, 3);
    CHECK(many.wins_a == one.wins_a);
    CHECK(many.first_mover_wins == one.first_mover_wins);
    CHECK(many.rounds == one.rounds);
    CHECK(many.winner_shots == one.winner_shots);
  }
}

TEST_CASE("match i is a game seeded derive_seed(seed, i) with player i % 2 of the pairs first",
          "[simulate][match]") {
  // Replay the batch game by game with Game itself and compare the tallies.
  const MatchResult batch = match(2, 40, 8);
  MatchResult by_hand;
  for (std::uint64_t i = 0; i < 40; ++i) {
    const bool a_first = i % 2 == 0;
    Game<S, NullObserver> g(Board<S>{}, fleets::classic, rulesets::classic,
                            a_first ? AnyShotStrategy<S>(HuntTargetShooter<S>{})
                                    : AnyShotStrategy<S>(RandomShooter<S>{}),
                            a_first ? AnyShotStrategy<S>(RandomShooter<S>{})
                                    : AnyShotStrategy<S>(HuntTargetShooter<S>{}),
                            derive_seed(8, i));
    REQUIRE(g.place(0, UniformPlacer<S>{}));
    REQUIRE(g.place(1, UniformPlacer<S>{}));
    const GameOutcome& o = g.play_to_end();
    REQUIRE(o.end == GameEnd::win);
    ++((o.winner == 0) == a_first ? by_hand.wins_a : by_hand.wins_b);
    by_hand.first_mover_wins += o.winner == 0;
    by_hand.rounds += static_cast<std::uint64_t>(o.rounds);
  }
  CHECK(batch.wins_a == by_hand.wins_a);
  CHECK(batch.wins_b == by_hand.wins_b);
  CHECK(batch.first_mover_wins == by_hand.first_mover_wins);
  CHECK(batch.rounds == by_hand.rounds);
}

TEST_CASE("match ranges merged give the tallies of one run, seats included", "[simulate][match]") {
  const MatchResult one = match(1, 600, 3);
  // An odd split point: match 301 is still seated as in the whole run (B first).
  MatchResult merged = match(2, 299, 3, 301);
  merged.merge(match(3, 301, 3));
  CHECK(merged.games == 600);
  CHECK(merged.wins_a == one.wins_a);
  CHECK(merged.wins_b == one.wins_b);
  CHECK(merged.first_mover_wins == one.first_mover_wins);
  CHECK(merged.rounds == one.rounds);
  CHECK(merged.winner_shots == one.winner_shots);
  const MatchResult first_only = match(1, 1, 3);
  const MatchResult second_only = match(1, 1, 3, 1);
  CHECK(first_only.rounds + second_only.rounds == match(1, 2, 3).rounds);
}

TEST_CASE("on_match reports every match once, alone, and the reports add up to the run",
          "[simulate][match]") {
  SimulationOptions options;
  options.games = 300;
  options.seed = 3;
  options.threads = 2;
  options.first_game = 5;
  std::mutex guard;
  std::vector<MatchResult> seen(options.games);
  std::vector<int> calls(options.games, 0);
  options.on_match = [&](std::uint64_t i, const MatchResult& one) {
    const std::lock_guard lock(guard);
    seen.at(i - 5) = one;
    ++calls.at(i - 5);
  };
  const MatchResult run =
      simulate_match(Board<S>{}, fleets::classic, rulesets::classic, HuntTargetShooter<S>{},
                     UniformPlacer<S>{}, RandomShooter<S>{}, UniformPlacer<S>{}, options);
  CHECK(std::all_of(calls.begin(), calls.end(), [](int c) { return c == 1; }));
  MatchResult added;
  for (const MatchResult& one : seen) {
    CHECK(one.games == 1);
    CHECK(one.seconds == 0);
    added.merge(one);
  }
  CHECK(added.wins_a == run.wins_a);
  CHECK(added.wins_b == run.wins_b);
  CHECK(added.first_mover_wins == run.first_mover_wins);
  CHECK(added.rounds == run.rounds);
  CHECK(added.winner_shots == run.winner_shots);
  // Each report is that match's: the one-match run of the same index tallies the same.
  for (const std::uint64_t i : {5u, 6u, 151u}) {
    const MatchResult alone = match(1, 1, 3, i);
    CHECK(seen[i - 5].wins_a == alone.wins_a);
    CHECK(seen[i - 5].first_mover_wins == alone.first_mover_wins);
    CHECK(seen[i - 5].rounds == alone.rounds);
  }
}

TEST_CASE("a mirror match shares the first-mover advantage evenly", "[simulate][match]") {
  SimulationOptions options;
  options.games = 2000;
  options.seed = 1;
  const MatchResult r =
      simulate_match(Board<S>{}, fleets::classic, rulesets::classic, RandomShooter<S>{},
                     UniformPlacer<S>{}, RandomShooter<S>{}, UniformPlacer<S>{}, options);
  // Equal pairs seated alternately: A's share is near one half (within 4.5 standard errors).
  // Moving first is an advantage: the first mover wins every tie on the number of shots, and
  // random ties often (about one game in ten), so its share is near 0.55.
  CHECK(std::abs(r.share_a().share - 0.5) < 0.05);
  CHECK(r.first_mover_share().low > 0.5);
}

TEST_CASE("the win shares leave draws and aborts that blame nobody out, and count a forfeit as "
          "a loss of the side to blame",
          "[simulate][match]") {
  MatchResult r;
  r.games = 10;
  r.wins_a = 3;
  r.wins_b = 1;
  r.draws = 5;
  r.aborted = 1;
  r.first_mover_wins = 2;
  CHECK(r.share_a().share == 0.75);
  CHECK(r.first_mover_share().share == 0.5);
  CHECK(r.share_a().low == proportion(3, 4).low); // the interval of 4 decided matches, not 10
  r.forfeits_b = 1;                               // the abort was B's: a fifth match for A
  CHECK(r.credited_a() == 4);
  CHECK(r.credited_b() == 1);
  CHECK(r.share_a().share == 0.8);
  CHECK(r.first_mover_share().share == 0.5); // nobody moved first to win a forfeit
}

TEST_CASE("a thread count past max_threads, such as -1 converted, plays the same run",
          "[simulate]") {
  SimulationOptions options;
  options.games = 600;
  options.seed = 8;
  options.threads = 1;
  auto run = [&] {
    return simulate_solo(Board<S>{}, fleets::classic, rulesets::classic, RandomShooter<S>{},
                         UniformPlacer<S>{}, options);
  };
  const auto one = run();
  options.threads = static_cast<unsigned>(-1);
  const auto many = run();
  CHECK(many.shots.counts() == one.shots.counts());
  CHECK(many.games == 600);
}

TEST_CASE("aborted matches are counted with the first one's reason", "[simulate][match]") {
  SimulationOptions options;
  options.games = 10;
  options.threads = 2;
  const MatchResult r =
      simulate_match(Board<S>{}, fleets::classic, rulesets::classic, RandomShooter<S>{}, NoPlacer{},
                     RandomShooter<S>{}, UniformPlacer<S>{}, options);
  CHECK(r.aborted == 10);
  CHECK(r.forfeits_a == 10); // A's placer fails in either seat: each abort is A's forfeit
  CHECK(r.forfeits_b == 0);
  CHECK(r.share_a().share == 0.0);
  CHECK(r.first_abort_game == 0);
  // Match 0: A moves first, so A is player 0 and its placer fails.
  CHECK(r.first_abort == "player 0 could not place its fleet");
  CHECK(r.first_abort_by == 0); // pair A's placer, whichever seat it had
  // A later range keeps the run's indices, and a merge keeps the earliest abort's reason.
  options.first_game = 5;
  options.games = 3;
  MatchResult later =
      simulate_match(Board<S>{}, fleets::classic, rulesets::classic, RandomShooter<S>{}, NoPlacer{},
                     RandomShooter<S>{}, UniformPlacer<S>{}, options);
  CHECK(later.first_abort_game == 5);
  CHECK(later.first_abort == "player 1 could not place its fleet"); // match 5: B first
  CHECK(later.first_abort_by == 0);                                 // and A is player 1
  later.merge(r);
  CHECK(later.aborted == 13);
  CHECK(later.forfeits_a == 13);
  CHECK(later.first_abort_game == 0);
  CHECK(later.first_abort == r.first_abort);
  CHECK(later.first_abort_by == 0);
  // B's failing placer is blamed on B in either seating; a run with no abort blames nobody.
  for (const std::uint64_t first : {0U, 1U}) {
    options.first_game = first;
    options.games = 1;
    const MatchResult b_fails =
        simulate_match(Board<S>{}, fleets::classic, rulesets::classic, RandomShooter<S>{},
                       UniformPlacer<S>{}, RandomShooter<S>{}, NoPlacer{}, options);
    CHECK(b_fails.first_abort == (first == 0 ? "player 1 could not place its fleet"
                                             : "player 0 could not place its fleet"));
    CHECK(b_fails.first_abort_by == 1);
    CHECK(b_fails.forfeits_b == 1);
    CHECK(b_fails.forfeits_a == 0);
  }
  const MatchResult fine =
      simulate_match(Board<S>{}, fleets::classic, rulesets::classic, RandomShooter<S>{},
                     UniformPlacer<S>{}, RandomShooter<S>{}, UniformPlacer<S>{}, options);
  CHECK(fine.aborted == 0);
  CHECK(fine.first_abort_by == -1);
}

TEST_CASE("a cancelled match batch stops early and says so", "[simulate][match]") {
  std::atomic<bool> cancel{true};
  SimulationOptions options;
  options.games = 10'000'000;
  options.threads = 2;
  options.cancel = &cancel;
  const MatchResult r =
      simulate_match(Board<S>{}, fleets::classic, rulesets::classic, RandomShooter<S>{},
                     UniformPlacer<S>{}, RandomShooter<S>{}, UniformPlacer<S>{}, options);
  CHECK(r.cancelled);
  CHECK(r.games < options.games);
}

TEST_CASE("each unplaceable game is reported to on_game as a game with no shot", "[simulate]") {
  SimulationOptions options;
  options.games = 50;
  options.first_game = 7;
  options.threads = 2;
  std::mutex m;
  std::vector<std::uint64_t> indices;
  std::vector<SoloResult> results;
  options.on_game = [&](std::uint64_t i, const SoloResult& r) {
    const std::lock_guard lock(m);
    indices.push_back(i);
    results.push_back(r);
  };
  const auto r = simulate_solo(Board<S>{}, fleets::classic, rulesets::classic, RandomShooter<S>{},
                               NoPlacer{}, options);
  CHECK(r.unplaceable == 50);
  std::sort(indices.begin(), indices.end());
  std::vector<std::uint64_t> expected(50);
  for (std::size_t k = 0; k < expected.size(); ++k) expected[k] = 7 + k; // games 7 to 56, once
  CHECK(indices == expected);
  for (const SoloResult& g : results) CHECK(g == SoloResult{}); // no shot, not finished
}

namespace {
/// Fails to place in about one match in four (decided by the match's own generator), else
/// places uniformly.
struct SometimesPlacer {
  UniformPlacer<S> inner;
  bool place(Ocean<S>& ocean, Rng& rng) { return rng.below(4) != 0 && inner.place(ocean, rng); }
};
/// Counts its copies: one per worker a run starts.
struct CopyCounting {
  static inline std::atomic<int> copies{0};
  RandomShooter<S> inner;
  CopyCounting() = default;
  CopyCounting(const CopyCounting& o) : inner(o.inner) { ++copies; }
  CopyCounting(CopyCounting&&) noexcept = default;
  CopyCounting& operator=(const CopyCounting&) = default;
  CopyCounting& operator=(CopyCounting&&) noexcept = default;
  ~CopyCounting() = default;
  void start(const TargetView<S>& v) { inner.start(v); }
  Coord next_shot(const TargetView<S>& v, Rng& rng) { return inner.next_shot(v, rng); }
  void on_result(const TargetView<S>& v, Coord c, const ShotOutcome& o) {
    inner.on_result(v, c, o);
  }
};
} // namespace

TEST_CASE("aborted matches and the first one's reason are those of the matches played one by one, "
          "on any number of threads",
          "[simulate][match]") {
  // The plain loop: match i is a game seeded derive_seed(seed, i), A placing first in even ones.
  const std::uint64_t games = 40, seed = 17;
  std::uint64_t aborted = 0, first = UINT64_MAX;
  std::string reason;
  int by = -1;
  for (std::uint64_t i = 0; i < games; ++i) {
    const bool a_first = i % 2 == 0;
    Game<S, NullObserver> g(Board<S>{}, fleets::classic, rulesets::classic, RandomShooter<S>{},
                            RandomShooter<S>{}, derive_seed(seed, i));
    const bool placed = a_first ? g.place(0, SometimesPlacer{}) : g.place(0, UniformPlacer<S>{});
    if (placed) (void)(a_first ? g.place(1, UniformPlacer<S>{}) : g.place(1, SometimesPlacer{}));
    if (g.play_to_end().end != GameEnd::aborted) continue;
    ++aborted;
    if (first == UINT64_MAX) {
      first = i;
      reason = g.outcome().reason;
      by = (g.outcome().at_fault == 0) == a_first ? 0 : 1;
    }
  }
  REQUIRE(aborted >= 2); // so that the first abort is not the only one
  REQUIRE(aborted < games);
  for (const unsigned threads : {1U, 2U, 3U}) {
    INFO(threads << " threads");
    SimulationOptions options;
    options.games = games;
    options.seed = seed;
    options.threads = threads;
    const MatchResult r =
        simulate_match(Board<S>{}, fleets::classic, rulesets::classic, RandomShooter<S>{},
                       SometimesPlacer{}, RandomShooter<S>{}, UniformPlacer<S>{}, options);
    CHECK(r.games == games);
    CHECK(r.aborted == aborted);
    CHECK(r.first_abort_game == first);
    CHECK(r.first_abort == reason);
    CHECK(r.first_abort_by == by);
  }
}

TEST_CASE("a run of fewer games than threads starts one worker per game", "[simulate]") {
  SimulationOptions options;
  options.games = 3;
  options.threads = 8;
  CopyCounting::copies = 0;
  const auto r = simulate_solo(Board<S>{}, fleets::classic, rulesets::classic, CopyCounting{},
                               UniformPlacer<S>{}, options);
  CHECK(r.games == 3);
  CHECK(CopyCounting::copies == 3); // each worker plays with its own copy of the shooter
  options.games = 20;
  CopyCounting::copies = 0;
  (void)simulate_solo(Board<S>{}, fleets::classic, rulesets::classic, CopyCounting{},
                      UniformPlacer<S>{}, options);
  CHECK(CopyCounting::copies == 8);
}

} // namespace test_simulate
