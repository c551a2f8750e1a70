// Games per second and shots to win of every shooter in the registry (new built-ins appear
// automatically): classic fleet, 10 x 10, classic rules, uniform placement unless --placer says
// otherwise. Prints figures only; never fails on time.
//
//   bench_games [--games N] [--slow-games M] [--seed S] [--threads T] [--seconds X]
//               [--shooter a,b,...] [--placer name|all] [--markdown] [--match] [--think]
//               [--phases]
//
// Each shooter is measured twice on the same games: on one thread (giving the figures) and on T
// threads (default: every core). A run that would take more than X seconds (default 3) is cut
// short, and the table says how many games it played, so slow players do not stall the bench. A
// slow shooter (`shooter_is_slow`: bayes thinks for milliseconds a shot) plays at most M games
// (default 200).
//
// With --match, a head-to-head table instead: every pair of the shooters plays two-player
// matches under the classic rules (uniform placement, the first move alternating), and the row
// shooter's share of the matches won, with its 95 percent interval, is printed. A player written
// `shooter/placer` (for example `expert/spread`) lays out its own fleet with that placer.
//
// Issue 6's strength table (every shooter against every placer, on one thread per run):
//   bench_games --placer all --games 20000 --slow-games 300 --seconds 60 --threads 1 --markdown
// With --placer all the table has one row per shooter and placer (issue 6's strength table).
//
// With --think, each row also gets the shooter's thinking time per move (the wall-clock time of
// each `next_shot` call, mean and largest, in milliseconds), measured in one more single-thread
// run of the same games with a clock read around every call (issue 6 bounds these for `bayes`
// and `expert`). The clock adds tens of nanoseconds a move: the figures of the fast shooters are
// mostly that.
//
// With --phases, each row also gets where the misses fall, from one more run of the same games:
// mean misses a game while hunting (every hit so far belongs to a sunk ship), of those the ones
// spent hunting the last ship afloat, and the misses while targeting a ship already hit. Shots =
// 17 hits + hunting + targeting misses for the classic fleet.
#include "miss_tally.hpp"

#include <battleship/registry.hpp>
#include <battleship/simulate.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <stop_token>
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
  unsigned threads = 0;
  double seconds = 3;
  std::vector<std::string> shooters; // empty: all
  std::vector<std::string> placers{"uniform"};
  bool markdown = false;
  bool match = false;
  bool think = false;
  bool phases = false;
};

std::vector<std::string> split(std::string_view list) {
  std::vector<std::string> out;
  while (!list.empty()) {
    const auto comma = list.find(',');
    out.emplace_back(list.substr(0, comma));
    list.remove_prefix(comma == std::string_view::npos ? list.size() : comma + 1);
  }
  return out;
}

[[noreturn]] void usage(const char* problem) {
  std::fprintf(stderr,
               "bench_games: %s\nusage: bench_games [--games N] [--slow-games M] [--seed S] "
               "[--threads T] [--seconds X] [--shooter a,b] [--placer name|all] [--markdown] "
               "[--match] [--think] [--phases]\n",
               problem);
  std::exit(2);
}

Options parse(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string_view flag = argv[i];
    if (flag == "--markdown") {
      o.markdown = true;
      continue;
    }
    if (flag == "--match") {
      o.match = true;
      continue;
    }
    if (flag == "--think") {
      o.think = true;
      continue;
    }
    if (flag == "--phases") {
      o.phases = true;
      continue;
    }
    if (i + 1 >= argc) usage("a flag is missing its value");
    const char* value = argv[++i];
    char* end = nullptr;
    if (flag == "--games")
      o.games = std::strtoull(value, &end, 10);
    else if (flag == "--slow-games")
      o.slow_games = std::strtoull(value, &end, 10);
    else if (flag == "--seed")
      o.seed = std::strtoull(value, &end, 10);
    else if (flag == "--threads")
      o.threads = static_cast<unsigned>(std::strtoul(value, &end, 10));
    else if (flag == "--seconds")
      o.seconds = std::strtod(value, &end);
    else if (flag == "--shooter")
      o.shooters = split(value);
    else if (flag == "--placer")
      o.placers = std::string_view(value) == "all" ? placer_names<S>() : split(value);
    else
      usage("unknown flag");
    if (end && *end) usage("a number is malformed");
  }
  if (o.shooters.empty()) o.shooters = shooter_names<S>();
  if (o.threads == 0) o.threads = std::max(1U, std::thread::hardware_concurrency());
  return o;
}

/// Runs `options.games` games of `shooter` against `placer` on `threads` threads, stopping after
/// `seconds` of wall-clock time.
template <class Shooter, class Placer>
SimulationResult timed_run(const Shooter& shooter, const Placer& placer, std::uint64_t games,
                           std::uint64_t seed, unsigned threads, double seconds) {
  std::stop_source stop;
  std::atomic<bool> finished{false};
  std::jthread timer([&] {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    while (!finished.load() && std::chrono::steady_clock::now() < deadline)
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    stop.request_stop();
  });
  SimulationOptions options;
  options.games = games;
  options.seed = seed;
  options.threads = threads;
  options.stop_token = stop.get_token();
  SimulationResult r =
      simulate_solo(Board<S>{}, fleets::classic, rulesets::classic, shooter, placer, options);
  finished.store(true);
  return r;
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

void row(const Options& o, const std::string& shooter_name, const std::string& placer_name) {
  with_shooter<S>(shooter_name, [&](auto shooter) {
    with_placer<S>(placer_name, [&](auto placer) {
      const std::uint64_t games =
          shooter_is_slow<S>(shooter_name) ? std::min(o.games, o.slow_games) : o.games;
      const SimulationResult one = timed_run(shooter, placer, games, o.seed, 1, o.seconds);
      const SimulationResult all =
          o.threads == 1 ? one
                         : timed_run(shooter, placer, one.games, o.seed, o.threads, o.seconds);
      const ShotSummary s = one.summary();
      const char* format = o.markdown
                               ? "| %s | %s | %llu | %.0f | %.0f | %.2f (±%.2f) | %d | %d | %d |"
                               : "%-20s %-10s %9llu %11.0f %11.0f %7.2f ±%5.2f %6d %5d %5d";
      std::printf(format, shooter_name.c_str(), placer_name.c_str(),
                  static_cast<unsigned long long>(one.games), one.games_per_second(),
                  all.games_per_second(), s.mean, s.ci95, s.median, s.p95, s.max);
      if (o.think) {
        auto time = std::make_shared<ThinkTime>();
        (void)timed_run(Timed(shooter, time), placer, one.games, o.seed, 1, o.seconds);
        const double mean = time->moves ? time->total / static_cast<double>(time->moves) : 0;
        std::printf(o.markdown ? " %.4f | %.3f |" : " %10.4f %9.3f", 1e3 * mean,
                    1e3 * time->longest);
      }
      if (o.phases) {
        auto tally = std::make_shared<bench::MissTally>();
        (void)timed_run(bench::Tallied<S, decltype(shooter)>(shooter, tally), placer, one.games,
                        o.seed, o.threads, o.seconds);
        std::printf(o.markdown ? " %.2f | %.2f | %.2f |" : " %8.2f %8.2f %8.2f",
                    tally->hunting_per_game(), tally->hunting_per_game(1),
                    tally->targeting_per_game());
      }
      std::printf("\n");
      if (one.unfinished + one.unplaceable > 0)
        std::printf("  (%llu games unfinished, %llu unplaceable)\n",
                    static_cast<unsigned long long>(one.unfinished),
                    static_cast<unsigned long long>(one.unplaceable));
      std::fflush(stdout);
    });
  });
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

/// Head-to-head: `a`'s wins and losses against `b` (type-erased strategies: one instantiation
/// of the game for every pair). Each pair is played once; the table shows it from both sides.
MatchResult play_pair(const Options& o, const Player& a, const Player& b) {
  const bool slow = shooter_is_slow<S>(a.shooter) || shooter_is_slow<S>(b.shooter);
  std::stop_source stop;
  std::atomic<bool> finished{false};
  std::jthread timer([&] {
    const auto deadline =
        std::chrono::steady_clock::now() + std::chrono::duration<double>(o.seconds);
    while (!finished.load() && std::chrono::steady_clock::now() < deadline)
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    stop.request_stop();
  });
  SimulationOptions options;
  options.games = slow ? std::min(o.games, o.slow_games) : o.games;
  options.seed = o.seed;
  options.threads = o.threads;
  options.stop_token = stop.get_token();
  const MatchResult r = simulate_match(
      Board<S>{}, fleets::classic, rulesets::classic, make_shooter<S>(a.shooter),
      make_placer<S>(a.placer), make_shooter<S>(b.shooter), make_placer<S>(b.placer), options);
  finished.store(true);
  return r;
}

/// One cell: the row player's share of the matches decided, with its interval and count.
void print_share(const Options& o, std::uint64_t wins, std::uint64_t losses) {
  const Proportion p = proportion(wins, wins + losses);
  std::printf(o.markdown ? " %.1f%% (%.1f-%.1f, %llu) |" : " %5.1f%% [%4.1f,%4.1f] n=%-6llu",
              100 * p.share, 100 * p.low, 100 * p.high,
              static_cast<unsigned long long>(wins + losses));
}

int match_table(const Options& o) {
  for (const auto& spec : o.shooters) { // unknown names refused before the table starts
    const Player p(spec);
    (void)make_shooter<S>(p.shooter);
    (void)make_placer<S>(p.placer);
  }
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
  std::printf("classic fleet and rules, 10 x 10; up to %llu games per row (%.0f s cap per run), "
              "seed %llu; %s (%u hardware threads)\n\n",
              static_cast<unsigned long long>(o.games), o.seconds,
              static_cast<unsigned long long>(o.seed),
              o.threads == 1 ? "1 thread"
                             : ("1 thread and " + std::to_string(o.threads) + " threads").c_str(),
              std::thread::hardware_concurrency());
  if (o.markdown) {
    std::printf(
        "| shooter | placer | games | games/s, 1 thread | games/s, %u thread%s | mean "
        "shots (95%% CI) | median | p95 | max |%s%s\n| --- | --- | ---: | ---: | ---: | --- | "
        "---: | ---: | ---: |%s%s\n",
        o.threads, o.threads == 1 ? "" : "s", o.think ? " ms/move, mean | ms/move, max |" : "",
        o.phases ? " hunting misses | last ship | targeting misses |" : "",
        o.think ? " ---: | ---: |" : "", o.phases ? " ---: | ---: | ---: |" : "");
  } else {
    std::printf("%-20s %-10s %9s %11s %11s %14s %6s %5s %5s%s%s\n", "shooter", "placer", "games",
                "games/s(1)", "games/s(T)", "mean (95% CI)", "median", "p95", "max",
                o.think ? "  ms/move  max ms" : "", o.phases ? "  hunting last-one targeting" : "");
  }
  try {
    for (const auto& shooter : o.shooters)
      for (const auto& placer : o.placers) row(o, shooter, placer);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "bench_games: %s\n", e.what());
    return 2;
  }
}
