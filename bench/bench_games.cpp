// Games per second and shots to win of every shooter in the registry (new built-ins appear
// automatically): classic fleet, 10 x 10, classic rules, uniform placement unless --placer says
// otherwise. Prints figures only; never fails on time.
//
//   bench_games [--games N] [--slow-games M] [--seed S] [--threads T] [--seconds X]
//               [--shooter a,b,...] [--placer name|all] [--markdown] [--match] [--think]
//               [--phases]
//
// Each shooter is measured twice on the same games: on one thread (giving the figures) and on T
// threads (default: every core; with T = 1 the table has one games/s column). A run that would take
// more than X seconds (default 3) is cut short, and the table says how many games it played, so
// slow players do not stall the bench (a row whose run finished no game says so, with no
// figures). A slow shooter (`shooter_is_slow`: bayes thinks for milliseconds a shot) plays at
// most M games (default 200).
//
// With --match, a head-to-head table instead: every pair of the shooters plays two-player
// matches under the classic rules (uniform placement, the first move alternating), and the row
// shooter's share of the matches won, with its 95 percent interval, is printed. A player written
// `shooter/placer` (for example `expert/spread`) lays out its own fleet with that placer. Below
// the table, every player's Elo rating fitted to all the pairs (`fit_elo`), best first.
//
// Issue 6's strength table in the README (one row per shooter and placer):
//   bench_games --placer all --games 10000 --slow-games 2000 --seconds 900 --threads 2 --markdown
//
// With --think, each row also gets the shooter's thinking time per move (the wall-clock time of
// each `next_shot` call, mean and largest, in microseconds), measured in one more single-thread
// run of the row's games with a clock read around every call (issue 6 bounds these for `bayes`
// and `expert`). The clock adds tens of nanoseconds a move: the figures of the fast shooters are
// mostly that.
//
// With --phases, each row also gets where the misses fall, from one more run of the row's games:
// mean misses a game while hunting (every hit so far belongs to a sunk ship), of those the ones
// spent hunting the last ship afloat, and the misses while targeting a ship already hit. Shots =
// 17 hits + hunting + targeting misses for the classic fleet. The --think and --phases runs are
// not cut by --seconds: they play exactly the games the row counts.
#include "../examples/arguments.hpp"

#include <battleship/miss_phases.hpp>
#include <battleship/ratings.hpp>
#include <battleship/registry.hpp>
#include <battleship/simulate.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace {
using namespace battleship;
using S = ClassicShape;

struct Options {
  std::uint64_t games = 1'000'000;
  std::uint64_t slow_games = 200;
  std::uint64_t seed = 1;
  unsigned threads = std::clamp(std::thread::hardware_concurrency(), 1U, max_threads);
  double seconds = 3;
  std::vector<std::string> shooters; // empty: all
  std::vector<std::string> placers{"uniform"};
  bool markdown = false;
  bool match = false;
  bool think = false;
  bool phases = false;
  /// The shooter column's width: the longest name's, at least 20 (a name with its settings).
  [[nodiscard]] int name_width() const {
    std::size_t width = 20;
    for (const auto& name : shooters) width = std::max(width, name.size());
    return static_cast<int>(width);
  }
  /// The placer column's width: the longest name's, at least 10.
  [[nodiscard]] int placer_width() const {
    std::size_t width = 10;
    for (const auto& name : placers) width = std::max(width, name.size());
    return static_cast<int>(width);
  }
};

/// Games a row may ask for: far more than any run plays, small enough to print.
inline constexpr std::uint64_t max_games = 1'000'000'000'000;

constexpr std::string_view usage_text =
    "usage: bench_games [--games N] [--slow-games M] [--seed S] [--threads T] [--seconds X]\n"
    "                   [--shooter a,b,...] [--placer name,...|all] [--markdown] [--match]\n"
    "                   [--think] [--phases]\n"
    "  --games N       games a row (default 1000000)\n"
    "  --slow-games M  games a row of a slow shooter, bayes or expert (default 200)\n"
    "  --seed S        the seed of the games (default 1); the same seed, the same games\n"
    "  --threads T     threads of the second run of a row (default and 0: every core)\n"
    "  --seconds X     a run stops after X seconds and the row says how many games it played\n"
    "                  (default 3)\n"
    "  --shooter a,b   the shooters (default and all: every built-in), each perhaps with\n"
    "                  settings, expert(layouts=50,margin=2); with --match, a player may be\n"
    "                  written shooter/placer\n"
    "  --placer p,q    the placers of the layouts (default uniform; all: every built-in),\n"
    "                  each perhaps with settings, spread(candidates=64)\n"
    "  --markdown      Markdown tables\n"
    "  --match         a head-to-head table of two-player matches instead\n"
    "  --think         each row also gets the thinking time per move (mean and largest, µs)\n"
    "  --phases        each row also gets where the misses fall (hunting, last ship, targeting)\n";

/// The comma-separated names of the option moved to: none empty, none twice. A comma inside
/// parentheses belongs to a shooter's settings: `probability,expert(layouts=50,margin=2)`.
std::vector<std::string> names_of(examples::Arguments& args) {
  const std::string option(args.current());
  const std::string_view whole = args.value();
  std::string_view list = whole;
  std::vector<std::string> out;
  while (true) {
    std::size_t comma = std::string_view::npos;
    int depth = 0;
    for (std::size_t i = 0; i < list.size() && comma == std::string_view::npos; ++i) {
      if (list[i] == '(') ++depth;
      if (list[i] == ')') --depth;
      if (list[i] == ',' && depth == 0) comma = i;
    }
    const std::string name(list.substr(0, comma));
    if (name.empty()) args.fail(option + " has an empty name in '" + std::string(whole) + "'");
    if (std::find(out.begin(), out.end(), name) != out.end())
      args.fail(option + " names '" + name + "' twice");
    out.push_back(name);
    if (comma == std::string_view::npos) return out;
    list.remove_prefix(comma + 1);
  }
}

/// Refuses, naming the option, a name that is not in `known`.
void check_names(const examples::Arguments& args, const char* option,
                 const std::vector<std::string>& names, const std::vector<std::string>& known) {
  for (const auto& name : names) args.check_name(option, name, known);
}

/// A head-to-head player: a shooter and the placer of its own fleet (`shooter[/placer]`).
struct Player {
  std::string shooter;
  std::string placer = "uniform";
  explicit Player(const std::string& spec) : shooter(spec) {
    if (const auto slash = spec.find('/'); slash != std::string::npos) {
      shooter = spec.substr(0, slash);
      placer = spec.substr(slash + 1);
    }
  }
};

Options parse(int argc, char** argv) {
  Options o;
  bool placers_given = false;
  examples::Arguments args(argc, argv, "bench_games", usage_text);
  while (args.next()) {
    if (args.is("--markdown"))
      o.markdown = true;
    else if (args.is("--match"))
      o.match = true;
    else if (args.is("--think"))
      o.think = true;
    else if (args.is("--phases"))
      o.phases = true;
    else if (args.is("--games"))
      o.games = args.count(1, max_games);
    else if (args.is("--slow-games"))
      o.slow_games = args.count(1, max_games);
    else if (args.is("--seed"))
      o.seed = args.seed();
    else if (args.is("--threads")) {
      const auto count = static_cast<unsigned>(args.count(0, max_threads));
      if (count != 0) o.threads = count; // 0: every core, as the examples take it
    } else if (args.is("--seconds"))
      o.seconds = args.decimal(0.01, 1e6);
    else if (args.is("--shooter")) {
      // The names are checked as they are read (a later --help is not answered for a typo);
      // whether a placer after / is allowed depends on --match, checked after the loop.
      o.shooters = names_of(args);
      if (o.shooters == std::vector<std::string>{"all"}) o.shooters = shooter_names<S>();
      for (const auto& spec : o.shooters) {
        const Player player(spec);
        args.check_name("--shooter", player.shooter, shooter_names<S>());
        args.check_name("--shooter (placer after /)", player.placer, placer_names<S>());
      }
    } else if (args.is("--placer")) {
      placers_given = true;
      const std::vector<std::string> names = names_of(args);
      o.placers = names == std::vector<std::string>{"all"} ? placer_names<S>() : names;
      check_names(args, "--placer", o.placers, placer_names<S>());
    } else
      args.refuse();
  }
  if (o.shooters.empty()) o.shooters = shooter_names<S>();
  // Every name is checked before anything runs, so a typo never comes after an hour of rows.
  if (o.match) {
    if (placers_given || o.think || o.phases)
      args.fail("--match takes no --placer, --think or --phases (a player names its placer as "
                "shooter/placer)");
    if (o.shooters.size() < 2) args.fail("--match needs at least two players in --shooter");
    for (const auto& spec : o.shooters) {
      const Player player(spec);
      check_names(args, "--shooter", {player.shooter}, shooter_names<S>());
      check_names(args, "--shooter (placer after /)", {player.placer}, placer_names<S>());
    }
  } else {
    for (const auto& spec : o.shooters)
      if (spec.find('/') != std::string::npos)
        args.fail("--shooter: '" + spec + "' names a placer, which only --match takes (the " +
                  "layouts' placers come from --placer)");
    check_names(args, "--shooter", o.shooters, shooter_names<S>());
    check_names(args, "--placer", o.placers, placer_names<S>());
  }
  return o;
}

/// Raises a flag (a run's `SimulationOptions::cancel`) `seconds` after it is made, unless it is
/// destroyed first.
class Deadline {
public:
  explicit Deadline(double seconds)
      : timer_([this, seconds] {
          std::unique_lock lock(mutex_);
          const auto wait = std::chrono::duration<double>(seconds);
          if (!woken_.wait_for(lock, wait, [this] { return destroyed_; })) expired_.store(true);
        }) {}
  Deadline(const Deadline&) = delete;
  Deadline& operator=(const Deadline&) = delete;
  ~Deadline() {
    {
      const std::scoped_lock lock(mutex_);
      destroyed_ = true;
    }
    woken_.notify_all();
    timer_.join();
  }
  [[nodiscard]] const std::atomic<bool>* flag() const { return &expired_; }

private:
  std::atomic<bool> expired_{false};
  std::mutex mutex_;
  std::condition_variable woken_;
  bool destroyed_ = false;
  std::thread timer_; // last: it starts once the members it uses are made
};

/// Plays `games` games of `shooter` against `placer` on `threads` threads, until `stop` is set.
template <class Shooter, class Placer>
SimulationResult run(const Shooter& shooter, const Placer& placer, std::uint64_t games,
                     std::uint64_t seed, unsigned threads,
                     const std::atomic<bool>* stop = nullptr) {
  SimulationOptions options;
  options.games = games;
  options.seed = seed;
  options.threads = threads;
  options.cancel = stop;
  return simulate_solo(Board<S>{}, fleets::classic, rulesets::classic, shooter, placer, options);
}

/// `run`, stopped after `seconds` of wall-clock time.
template <class Shooter, class Placer>
SimulationResult timed_run(const Shooter& shooter, const Placer& placer, std::uint64_t games,
                           std::uint64_t seed, unsigned threads, double seconds) {
  const Deadline deadline(seconds);
  return run(shooter, placer, games, seed, threads, deadline.flag());
}

/// Thinking time of the moves of one run: count, sum and largest, in seconds.
struct ThinkTime {
  std::uint64_t moves = 0;
  double total = 0;
  double longest = 0;
};

/// A shooter that times each `next_shot` of the shooter it holds. Copies share one `ThinkTime`:
/// use it on one thread only.
template <class Shooter>
class Timed {
public:
  Timed(const Shooter& shooter, std::shared_ptr<ThinkTime> time)
      : shooter_(shooter), time_(std::move(time)) {}
  void start(const TargetView<S>& view) { shooter_.start(view); }
  Coord next_shot(const TargetView<S>& view, Rng& rng) {
    const auto begin = std::chrono::steady_clock::now();
    const Coord c = shooter_.next_shot(view, rng);
    const double spent =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
    ++time_->moves;
    time_->total += spent;
    time_->longest = std::max(time_->longest, spent);
    return c;
  }
  void on_result(const TargetView<S>& view, Coord cell, const ShotOutcome& told) {
    shooter_.on_result(view, cell, told);
  }

private:
  Shooter shooter_;
  std::shared_ptr<ThinkTime> time_;
};

/// One row of the table. Its games left unfinished or unplaceable are said below the row, or in
/// `notes` with --markdown (printed after the table: a line inside it would split it).
void row(const Options& o, const std::string& shooter_name, const std::string& placer_name,
         std::vector<std::string>& notes) {
  with_shooter<S>(shooter_name, [&](auto shooter) {
    with_placer<S>(placer_name, [&](auto placer) {
      const std::uint64_t games =
          shooter_is_slow<S>(shooter_name) ? std::min(o.games, o.slow_games) : o.games;
      const SimulationResult one = timed_run(shooter, placer, games, o.seed, 1, o.seconds);
      const SimulationResult all =
          o.threads == 1 || one.games == 0
              ? one
              : timed_run(shooter, placer, one.games, o.seed, o.threads, o.seconds);
      if (o.markdown)
        std::printf("| %s | %s | %llu |", shooter_name.c_str(), placer_name.c_str(),
                    static_cast<unsigned long long>(one.games));
      else
        std::printf("%-*s %-*s %9llu", o.name_width(), shooter_name.c_str(), o.placer_width(),
                    placer_name.c_str(), static_cast<unsigned long long>(one.games));
      if (one.games == 0) {
        // Cut before its first game ended: no figure to give (zeros would read as results).
        if (!o.markdown) std::printf("  no game finished in %g s", o.seconds);
        const int columns = 5 + (o.threads > 1) + (o.think ? 2 : 0) + (o.phases ? 3 : 0);
        for (int i = 0; o.markdown && i < columns; ++i) std::printf(" - |");
      } else {
        const ShotSummary s = one.summary();
        std::printf(o.markdown ? " %.0f |" : " %11.0f", one.games_per_second());
        if (o.threads > 1 && all.games == 0) // the second run finished none: no rate either
          std::printf(o.markdown ? " - |" : " %11s", "-");
        else if (o.threads > 1)
          std::printf(o.markdown ? " %.0f |" : " %11.0f", all.games_per_second());
        std::printf(o.markdown ? " %.2f (±%.2f) | %d | %d | %d |" : " %12.2f ±%5.2f %6d %5d %5d",
                    s.mean, s.ci95, s.median, s.p95, s.max);
        if (o.think) {
          auto time = std::make_shared<ThinkTime>();
          (void)run(Timed(shooter, time), placer, one.games, o.seed, 1); // the same games, uncut
          // Microseconds: the fast shooters take tens of nanoseconds a move.
          const double mean = time->moves ? time->total / static_cast<double>(time->moves) : 0;
          std::printf(o.markdown ? " %.3f | %.3f |" : " %10.3f %10.3f", 1e6 * mean,
                      1e6 * time->longest);
        }
        if (o.phases) {
          auto tally = std::make_shared<MissCounter>();
          (void)run(CountingMisses<S, decltype(shooter)>(shooter, tally), placer, one.games, o.seed,
                    o.threads); // the same games, uncut
          const MissPhases phases = tally->phases();
          std::printf(o.markdown ? " %.2f | %.2f | %.2f |" : " %8.2f %8.2f %9.2f",
                      phases.hunting_per_game(), phases.hunting_per_game(1),
                      phases.targeting_per_game());
        }
      }
      std::printf("\n");
      if (one.unfinished + one.unplaceable > 0) {
        const std::string note = std::to_string(one.unfinished) + " games unfinished, " +
                                 std::to_string(one.unplaceable) + " unplaceable";
        if (o.markdown)
          notes.push_back(shooter_name + " against " + placer_name + ": " + note);
        else
          std::printf("  (%s)\n", note.c_str());
      }
      std::fflush(stdout);
    });
  });
}

/// Head-to-head: `a`'s wins and losses against `b` (type-erased strategies: one instantiation
/// of the game for every pair). Each pair is played once; the table shows it from both sides.
MatchResult play_pair(const Options& o, const Player& a, const Player& b) {
  const bool slow = shooter_is_slow<S>(a.shooter) || shooter_is_slow<S>(b.shooter);
  const Deadline deadline(o.seconds);
  SimulationOptions options;
  options.games = slow ? std::min(o.games, o.slow_games) : o.games;
  options.seed = o.seed;
  options.threads = o.threads;
  options.cancel = deadline.flag();
  return simulate_match(Board<S>{}, fleets::classic, rulesets::classic, make_shooter<S>(a.shooter),
                        make_placer<S>(a.placer), make_shooter<S>(b.shooter),
                        make_placer<S>(b.placer), options);
}

/// One cell: the row player's share of the matches decided, with its interval and count.
void print_share(const Options& o, std::uint64_t wins, std::uint64_t losses) {
  if (wins + losses == 0) { // cut by --seconds first: no share to give
    char none[64];
    std::snprintf(none, sizeof none, "none decided in %g s", o.seconds);
    std::printf(o.markdown ? " %s |" : " %-28s", none);
    return;
  }
  const Proportion p = proportion(wins, wins + losses);
  std::printf(o.markdown ? " %.1f%% (%.1f-%.1f, %llu) |" : " %5.1f%% [%4.1f,%4.1f] n=%-6llu",
              100 * p.share, 100 * p.low, 100 * p.high,
              static_cast<unsigned long long>(wins + losses));
}

/// The players' Elo ratings fitted to every pair of the table (`fit_elo`), best first.
void print_ratings(const Options& o, const std::vector<MatchResult>& results) {
  const std::size_t n = o.shooters.size();
  const auto counted = [&](std::size_t i, std::size_t j) {
    const MatchResult& m = results[std::min(i, j) * n + std::max(i, j)];
    return m.wins_a + m.wins_b + m.draws;
  };
  // Only players with a finished match are rated: one without would be a rating fitted to no
  // data, held at the mean by the fit's virtual draws alone.
  std::vector<std::size_t> player; // rated player k is o.shooters[player[k]]
  std::string unrated;
  for (std::size_t i = 0; i < n; ++i) {
    bool played = false;
    for (std::size_t j = 0; j < n; ++j) played = played || (i != j && counted(i, j) > 0);
    if (played)
      player.push_back(i);
    else
      unrated += (unrated.empty() ? "" : ", ") + o.shooters[i];
  }
  if (player.size() < 2) {
    std::printf("\nNo Elo ratings: no match finished within the %g s cap of a pair\n", o.seconds);
    return;
  }
  const std::size_t rated = player.size();
  std::vector<PairRecord> records;
  for (std::size_t a = 0; a < rated; ++a)
    for (std::size_t b = a + 1; b < rated; ++b) {
      const MatchResult& m = results[player[a] * n + player[b]];
      records.push_back({a, b, m.wins_a, m.wins_b, m.draws});
    }
  const EloRatings r = fit_elo(rated, records);
  std::vector<std::size_t> order(rated);
  for (std::size_t k = 0; k < rated; ++k) order[k] = k;
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return r.elo[a] > r.elo[b]; });
  std::printf("\nElo ratings fitted to every pair's matches (measured from their mean, 95%% "
              "margin; 400 points apart means odds of 10 to 1)\n\n");
  if (o.markdown) std::printf("| player | elo |\n| --- | ---: |\n");
  for (const std::size_t k : order)
    std::printf(o.markdown ? "| %s | %+.0f ± %.0f |\n" : "%-21s %+5.0f ± %.0f\n",
                o.shooters[player[k]].c_str(), r.elo[k], r.margin[k]);
  if (!unrated.empty())
    std::printf("\nNot rated (no match of theirs finished within the %g s cap of a pair): %s\n",
                o.seconds, unrated.c_str());
  if (r.degrees_of_freedom == 0) return; // two players: nothing to test
  // Whether one number a player describes the table (as Python's EloFit.summary says it).
  const PairRecord& worst = worst_described(r, records);
  std::printf("\nFit of one rating a player: chi-square %.1f on %zu degree%s of freedom, p = %.2g; "
              "worst described: %s took %.1f%% against %s, %.1f%% expected (%+.1f standard "
              "deviations)\n",
              r.chi_square, r.degrees_of_freedom, r.degrees_of_freedom == 1 ? "" : "s",
              r.fit_p_value(), o.shooters[player[worst.a]].c_str(),
              100 * worst.points_a() / static_cast<double>(worst.matches()),
              o.shooters[player[worst.b]].c_str(), 100 * r.expected_share(worst.a, worst.b),
              r.residual(worst));
}

int match_table(const Options& o) {
  // Every pair is played before the table is printed: the row below the diagonal is the same
  // matches as the one above, seen from the other side (A moves first in half of them).
  const std::size_t n = o.shooters.size();
  std::vector<MatchResult> results(n * n);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = i + 1; j < n; ++j) {
      results[i * n + j] = play_pair(o, Player(o.shooters[i]), Player(o.shooters[j]));
      std::fprintf(stderr, "played %s vs %s\n", o.shooters[i].c_str(), o.shooters[j].c_str());
    }
  std::printf("head to head, classic fleet and rules, uniform placement unless a player names its "
              "placer (shooter/placer): the row player's share of matches won (95%% interval, "
              "matches decided); up to %llu matches a pair, each pair played once\n\n",
              static_cast<unsigned long long>(o.games));
  std::printf(o.markdown ? "| row vs column |" : "%-21s", o.markdown ? "" : "row vs column");
  for (const auto& b : o.shooters) std::printf(o.markdown ? " %s |" : " %-28s", b.c_str());
  if (o.markdown) {
    std::printf("\n| --- |");
    for (std::size_t i = 0; i < n; ++i) std::printf(" ---: |");
  }
  std::printf("\n");
  for (std::size_t i = 0; i < n; ++i) {
    std::printf(o.markdown ? "| %s |" : "%-21s", o.shooters[i].c_str());
    for (std::size_t j = 0; j < n; ++j) {
      if (i == j)
        std::printf(o.markdown ? " - |" : " %-28s", "-");
      else if (i < j)
        print_share(o, results[i * n + j].wins_a, results[i * n + j].wins_b);
      else
        print_share(o, results[j * n + i].wins_b, results[j * n + i].wins_a);
    }
    std::printf("\n");
  }
  print_ratings(o, results);
  return 0;
}
} // namespace

int main(int argc, char** argv) {
  const Options o = parse(argc, argv);
  if (o.match) {
    try {
      return match_table(o);
    } catch (const std::exception& e) {
      std::fprintf(stderr, "bench_games: %s\n", e.what());
      return 2;
    }
  }
  std::printf("classic fleet and rules, 10 x 10; up to %llu games per row (%g s cap per run), "
              "seed %llu; %s (%u hardware threads)\n\n",
              static_cast<unsigned long long>(o.games), o.seconds,
              static_cast<unsigned long long>(o.seed),
              o.threads == 1 ? "1 thread"
                             : ("1 thread and " + std::to_string(o.threads) + " threads").c_str(),
              std::thread::hardware_concurrency());
  // A second games/s column only when the second run has more than one thread.
  const std::string threads = o.threads == 1 ? "" : std::to_string(o.threads);
  if (o.markdown) {
    std::printf("| shooter | placer | games | games/s, 1 thread |%s mean shots (95%% CI) | median "
                "| p95 | max |%s%s\n| --- | --- | ---: | ---: |%s --- | ---: | ---: | ---: |%s%s\n",
                o.threads == 1 ? "" : (" games/s, " + threads + " threads |").c_str(),
                o.think ? " µs/move, mean | µs/move, max |" : "",
                o.phases ? " hunting misses | last ship | targeting misses |" : "",
                o.threads == 1 ? "" : " ---: |", o.think ? " ---: | ---: |" : "",
                o.phases ? " ---: | ---: | ---: |" : "");
  } else {
    // Spaces, not widths, before the µ columns: printf pads by bytes, and µ takes two.
    std::printf("%-*s %-*s %9s %11s%s %19s %6s %5s %5s%s%s\n", o.name_width(), "shooter",
                o.placer_width(), "placer", "games", "games/s(1)",
                o.threads == 1 ? "" : "  games/s(T)", "mean shots (95% CI)", "median", "p95", "max",
                o.think ? "    µs/move     max µs" : "",
                o.phases ? "  hunting last-one targeting (misses a game)" : "");
  }
  std::vector<std::string> notes;
  try {
    for (const auto& shooter : o.shooters)
      for (const auto& placer : o.placers) row(o, shooter, placer, notes);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "bench_games: %s\n", e.what());
    return 2;
  }
  if (!notes.empty()) std::printf("\n");
  for (const auto& note : notes) std::printf("%s\n", note.c_str());
}
