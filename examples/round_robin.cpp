// A round-robin tournament between the engine's players, ranked: every pair meets in a batch of
// two-player matches (each moves first in half of them) under the classic rules.
//
//   round_robin [--games N] [--seed S] [--threads T] PLAYER PLAYER [PLAYER ...]
//
// A PLAYER is SHOOTER or SHOOTER/PLACER (probability/elusive): how it shoots and how it lays out
// its fleet (uniform unless given). Default players: random, hunt_target, parity, probability
// and probability/elusive. Prints the standings with each player's Elo rating, each pair's win
// share, and the test of whether one rating a player describes the results (EloRatings's
// chi-square test and residuals). A shooter of this file, `checkers`, is registered by name
// (register_shooter) and plays like any built-in.
// ctest-args: --games 200 random checkers probability/spread
// ctest-expect: spread +[01]\.[0-9]+ +\+[0-9]+ ± +[0-9]+ .* 3  probability/spread +[0-9.]+% +[0-9]
#include "arguments.hpp"

#include <battleship/battleship.hpp>

#include <algorithm>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace {
using namespace battleship;
using S = ClassicShape;

constexpr std::string_view usage = R"(Usage:
  round_robin [--games N] [--seed S] [--threads T] [PLAYER PLAYER ...]

A round-robin tournament under the classic rules: every pair of players meets in N two-player
matches (1 to 10000000, default 1000; each moves first in half of them), seeded S (0 to
2^64 - 1, default 1), on T threads (0 for every core, the default; at most 256). Prints the
standings, each player's Elo rating fitted to every pair's results (measured from their mean,
with its 95 percent margin), each pair's win share, and the chi-square test of whether one
rating a player describes the results, with the pair it describes worst.

A PLAYER is SHOOTER or SHOOTER/PLACER (probability/elusive): how it shoots and how it lays out
its fleet (uniform unless given). Default players: random, hunt_target, parity, probability and
probability/elusive. Besides the built-in shooters, this program registers its own: checkers.
)";

/// A shooter of this program, registered by name in `main` so that a PLAYER can name it: fires
/// at random on the dark squares of a checkerboard (every ship of two or more covers one), then
/// on the light ones. It never follows up a hit.
struct Checkers {
  void start(const TargetView<S>&) {}
  Coord next_shot(const TargetView<S>& view, Rng& rng) {
    std::vector<Coord> dark, light;
    view.open().for_each([&](std::size_t i) {
      const Coord c = view.board().coord(i);
      ((c.row + c.col) % 2 == 0 ? dark : light).push_back(c);
    });
    const std::vector<Coord>& pool = dark.empty() ? light : dark;
    return pool[static_cast<std::size_t>(rng.below(static_cast<int>(pool.size())))];
  }
  void on_result(const TargetView<S>&, Coord, const ShotOutcome&) {}
};

/// A PLAYER's shooter and placer names (uniform when it names none).
struct PlayerNames {
  std::string shooter, placer;
  explicit PlayerNames(const std::string& player) {
    const auto slash = player.find('/');
    shooter = player.substr(0, slash);
    placer = slash == std::string::npos ? "uniform" : player.substr(slash + 1);
  }
};

Entrant<S> entrant(const std::string& player) {
  const PlayerNames names(player);
  return {player, make_shooter<S>(names.shooter), make_placer<S>(names.placer)};
}
} // namespace

int main(int argc, char** argv) {
  register_shooter<S>("checkers", "random dark squares of a checkerboard, then the light ones",
                      [] { return AnyShotStrategy<S>(Checkers{}); });
  SimulationOptions options;
  options.games = 1000;
  options.seed = 1;
  std::vector<std::string> players;
  examples::Arguments args(argc, argv, "round_robin", usage);
  while (args.next()) {
    if (args.run_option(options, 10'000'000)) continue;
    if (args.positional()) {
      const std::string player(args.current());
      const PlayerNames names(player);
      args.check_name("PLAYER", names.shooter, shooter_names<S>());
      args.check_name("PLAYER (placer after /)", names.placer, placer_names<S>());
      players.push_back(player);
    } else {
      args.refuse();
    }
  }
  if (players.empty())
    players = {"random", "hunt_target", "parity", "probability", "probability/elusive"};

  try {
    std::vector<Entrant<S>> entrants;
    for (const auto& p : players) entrants.push_back(entrant(p));
    const TournamentResult t =
        round_robin(Board<S>{}, fleets::classic, rulesets::classic, entrants, options);
    std::printf("round robin of %zu players, %llu games a pair (seed %llu)\n\n", players.size(),
                static_cast<unsigned long long>(options.games),
                static_cast<unsigned long long>(options.seed));
    int width = 6; // the longest name's
    for (const auto& name : t.names) width = std::max(width, static_cast<int>(name.size()));
    const EloRatings elo = t.ratings();
    std::printf("%-*s %6s %11s %7s %7s %6s\n", width, "player", "score", "elo", "wins", "losses",
                "draws");
    for (const Standing& s : t.standings())
      std::printf(
          "%-*s %6.3f %+5.0f ± %3.0f %7llu %7llu %6llu\n", width, s.name.c_str(), s.score(),
          elo.elo[s.entrant], elo.margin[s.entrant], static_cast<unsigned long long>(s.wins),
          static_cast<unsigned long long>(s.losses), static_cast<unsigned long long>(s.draws));
    // The columns are numbered as the rows are, so that long names need no cutting.
    std::printf("\nwin shares, row against column:\n%*s", width + 4, "");
    for (std::size_t j = 0; j < t.names.size(); ++j) std::printf(" %6zu", j + 1);
    std::printf("\n");
    for (std::size_t i = 0; i < t.names.size(); ++i) {
      std::printf("%2zu  %-*s", i + 1, width, t.names[i].c_str());
      for (std::size_t j = 0; j < t.names.size(); ++j) {
        if (i == j)
          std::printf(" %6s", "");
        else
          std::printf(" %5.1f%%", 100 * t.share(i, j).share);
      }
      std::printf("\n");
    }
    // Whether one rating a player describes the results, and the pair it describes worst.
    if (elo.degrees_of_freedom > 0) {
      std::printf("\none rating a player: chi-square %.1f on %zu degree%s of freedom, p = %.2g\n",
                  elo.chi_square, elo.degrees_of_freedom, elo.degrees_of_freedom == 1 ? "" : "s",
                  elo.fit_p_value());
      const std::vector<PairRecord> pairs = t.records();
      const PairRecord& worst = worst_described(elo, pairs);
      std::printf("described worst: %s took %.1f%% against %s, %.1f%% expected (%+.1f standard "
                  "deviations)\n",
                  t.names[worst.a].c_str(),
                  100 * worst.points_a() / static_cast<double>(worst.matches()),
                  t.names[worst.b].c_str(), 100 * elo.expected_share(worst.a, worst.b),
                  elo.residual(worst));
    }
    std::printf("\n%zu pairs in %.2f s\n", t.matches.size(), t.seconds);
  } catch (const std::invalid_argument& e) {
    std::fprintf(stderr, "round_robin: %s\n", e.what());
    return 2;
  }
  return 0;
}
