// Pits two CS32 computer players (seed 002) against each other over N games and prints the wins.
// ctest-args: good mediocre 20 1
// ctest-expect: won by the player moving first: [0-9]+ of 20
//
//   cs32_tournament good mediocre 1000 [seed]
//
// Players are created with createPlayer ("awful", "mediocre", "good"); each game is a fresh
// standard 10 x 10 game whose seed is derived from (seed, game number), and the first move
// alternates. Also prints the slowest and mean move (recommendAttack + attack +
// recordAttackResult) of each player: the seed allows 5 seconds.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <sstream>
#include <string>
#include <string_view>

#include <battleship/compat/cs32.hpp>
#include <battleship/statistics.hpp>

#include "../arguments.hpp"

using namespace battleship::cs32;

namespace {

using Clock = std::chrono::steady_clock;

constexpr std::string_view usage = R"(Usage:
  cs32_tournament PLAYER1 PLAYER2 GAMES [SEED]

Pits two CS32 computer players (awful, mediocre or good) against each other over GAMES games
(1 to 1000000), each a fresh standard 10 x 10 game seeded from (SEED, game number) (SEED 0 to
2^64 - 1, default 2024), the first move alternating. Prints the wins with 95% intervals and the
slowest and mean move of each player (the seed allows 5 seconds).
)";

bool computer_player(std::string_view kind) {
  return kind == "awful" || kind == "mediocre" || kind == "good";
}

// Forwards to another player and times each of its moves.
class TimedPlayer : public Player {
public:
  TimedPlayer(Player* inner, const Game& g) : Player(inner->name(), g), inner_(inner) {}
  bool placeShips(Board& b) override { return inner_->placeShips(b); }
  Point recommendAttack() override {
    started_ = Clock::now();
    return inner_->recommendAttack();
  }
  void recordAttackResult(Point p, bool valid, bool hit, bool destroyed, int id) override {
    inner_->recordAttackResult(p, valid, hit, destroyed, id);
    const double seconds = std::chrono::duration<double>(Clock::now() - started_).count();
    slowest = std::max(slowest, seconds);
    total += seconds;
    ++moves;
  }
  void recordAttackByOpponent(Point p) override { inner_->recordAttackByOpponent(p); }

  double slowest = 0;
  double total = 0;
  long moves = 0;

private:
  std::unique_ptr<Player> inner_;
  Clock::time_point started_;
};

void add_standard_ships(Game& g) {
  g.addShip(5, 'A', "aircraft carrier");
  g.addShip(4, 'B', "battleship");
  g.addShip(3, 'D', "destroyer");
  g.addShip(3, 'S', "submarine");
  g.addShip(2, 'P', "patrol boat");
}

} // namespace

int main(int argc, char** argv) {
  std::string kind[2];
  long games = 0;
  std::uint64_t seed = 2024;
  examples::Arguments args(argc, argv, "cs32_tournament", usage);
  int given = 0;
  for (; args.next(); ++given) {
    if (!args.positional() || given > 3) args.refuse();
    if (given < 2) {
      kind[given] = args.current();
      if (!computer_player(kind[given]))
        args.fail("PLAYER" + std::to_string(given + 1) + " needs awful, mediocre or good, got '" +
                  kind[given] + "'");
    } else if (given == 2) {
      games = static_cast<long>(args.positional_count("GAMES", 1, 1'000'000));
    } else {
      seed = args.positional_count("SEED", 0, examples::max_seed);
    }
  }
  if (given < 3) args.fail("needs PLAYER1 PLAYER2 GAMES (--help explains them)");

  long wins[2] = {0, 0}, first_mover_wins = 0, unfinished = 0;
  double slowest[2] = {0, 0}, total[2] = {0, 0};
  long moves[2] = {0, 0};
  std::ostringstream discard;
  std::istringstream no_input;
  for (long i = 0; i < games; ++i) {
    Game g(10, 10);
    g.setStreams(no_input, discard);
    g.setSeed(battleship::derive_seed(seed, static_cast<std::uint64_t>(i)));
    add_standard_ships(g);
    TimedPlayer p0(createPlayer(kind[0], kind[0] + " 1", g), g);
    TimedPlayer p1(createPlayer(kind[1], kind[1] + " 2", g), g);
    const bool zero_first = i % 2 == 0;
    Player* winner = zero_first ? g.play(&p0, &p1, false) : g.play(&p1, &p0, false);
    discard.str("");
    if (winner == nullptr) {
      ++unfinished;
    } else {
      const int w = winner == &p0 ? 0 : 1;
      ++wins[w];
      if ((w == 0) == zero_first) ++first_mover_wins;
    }
    const TimedPlayer* ps[2] = {&p0, &p1};
    for (int k = 0; k < 2; ++k) {
      slowest[k] = std::max(slowest[k], ps[k]->slowest);
      total[k] += ps[k]->total;
      moves[k] += ps[k]->moves;
    }
  }

  std::printf("%s vs %s: %s, seed %llu, first move alternating\n", kind[0].c_str(), kind[1].c_str(),
              examples::counted(static_cast<std::uint64_t>(games), "game", "games").c_str(),
              static_cast<unsigned long long>(seed));
  for (int k = 0; k < 2; ++k) {
    const battleship::Proportion won = battleship::proportion(static_cast<std::uint64_t>(wins[k]),
                                                              static_cast<std::uint64_t>(games));
    std::printf("%-8s (player %d): %ld wins, %.1f%% (95%% interval %.1f%% to %.1f%%); "
                "slowest move %.3f ms, mean %.4f ms\n",
                kind[k].c_str(), k + 1, wins[k], 100 * won.share, 100 * won.low, 100 * won.high,
                1e3 * slowest[k], moves[k] ? 1e3 * total[k] / static_cast<double>(moves[k]) : 0.0);
  }
  std::printf("won by the player moving first: %ld of %ld\n", first_mover_wins, games - unfinished);
  if (unfinished) std::printf("unfinished (play returned nullptr): %ld\n", unfinished);
  return 0;
}
