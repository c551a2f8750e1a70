// A round-robin tournament between the engine's players, ranked: every pair meets in a batch of
// two-player matches (each moves first in half of them) under the classic rules.
//
//   round_robin [--games N] [--seed S] [--threads T] PLAYER PLAYER [PLAYER ...]
//
// A PLAYER is SHOOTER or SHOOTER/PLACER (probability/elusive): how it shoots and how it lays out
// its fleet (uniform unless given). Default players: random, hunt_target, parity, probability
// and probability/elusive. Prints the standings and each pair's win share.
// ctest-args: --games 200 random parity probability/spread
#include <battleship/battleship.hpp>

#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace {
using namespace battleship;
using S = ClassicShape;

Entrant<S> entrant(const std::string& player) {
  const auto slash = player.find('/');
  const std::string shooter = player.substr(0, slash);
  const std::string placer = slash == std::string::npos ? "uniform" : player.substr(slash + 1);
  return {player, make_shooter<S>(shooter), make_placer<S>(placer)};
}
} // namespace

int main(int argc, char** argv) {
  SimulationOptions options;
  options.games = 1000;
  options.seed = 1;
  std::vector<std::string> players;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg.starts_with("--") && i + 1 < argc) {
      const char* value = argv[++i];
      if (arg == "--games")
        options.games = std::strtoull(value, nullptr, 10);
      else if (arg == "--seed")
        options.seed = std::strtoull(value, nullptr, 10);
      else if (arg == "--threads")
        options.threads = static_cast<unsigned>(std::strtoul(value, nullptr, 10));
      else {
        std::fprintf(stderr, "unknown flag '%s'\n", argv[i - 1]);
        return 2;
      }
    } else {
      players.emplace_back(arg);
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
    std::printf("%-22s %6s %7s %7s %6s\n", "player", "score", "wins", "losses", "draws");
    for (const Standing& s : t.standings())
      std::printf("%-22s %6.3f %7llu %7llu %6llu\n", s.name.c_str(), s.score(),
                  static_cast<unsigned long long>(s.wins),
                  static_cast<unsigned long long>(s.losses),
                  static_cast<unsigned long long>(s.draws));
    std::printf("\nwin shares, row against column:\n%-22s", "");
    for (const auto& name : t.names) std::printf(" %10.10s", name.c_str());
    std::printf("\n");
    for (std::size_t i = 0; i < t.names.size(); ++i) {
      std::printf("%-22s", t.names[i].c_str());
      for (std::size_t j = 0; j < t.names.size(); ++j) {
        if (i == j)
          std::printf(" %10s", "");
        else
          std::printf(" %9.1f%%", 100 * t.share(i, j).share);
      }
      std::printf("\n");
    }
    std::printf("\n%zu pairs in %.2f s\n", t.matches.size(), t.seconds);
  } catch (const std::invalid_argument& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 2;
  }
  return 0;
}
