// Play CS32 Battleship (seed 002) at the console against any of the four players.
// ctest-args: mediocre --as good --no-pause --seed 1
// ctest-expect: Your good player (wins|loses)!
//
//   cs32 [opponent] [--as <player>] [--name <your name>] [--seed N] [--no-pause]
//
// `opponent` is awful, human, mediocre (default) or good. You play as a human unless `--as`
// names another kind (then you watch two players). You move first. The game is the seed's
// standard one: a 10 x 10 board, aircraft carrier 5, battleship 4, destroyer 3, submarine 3,
// patrol boat 2. Without `--seed` every run is a new game.
#include <iostream>
#include <memory>
#include <random>
#include <string>
#include <string_view>

#include <battleship/compat/cs32.hpp>

#include "../arguments.hpp"

using namespace battleship::cs32;

namespace {

bool known(const std::string& kind) {
  return kind == "awful" || kind == "human" || kind == "mediocre" || kind == "good";
}

constexpr std::string_view usage = R"(Usage:
  cs32 [OPPONENT] [--as PLAYER] [--name YOUR_NAME] [--seed N] [--no-pause]

Plays CS32 Battleship (seed 002) at the console: a 10 x 10 board, aircraft carrier 5, battleship
4, destroyer 3, submarine 3, patrol boat 2. You move first.

  OPPONENT          awful, human, mediocre (default) or good
  --as PLAYER       play as another kind than human (then you watch two players)
  --name YOUR_NAME  your name in the game
  --seed N          the game's seed, 0 to 2^64 - 1 (default: a new game every run)
  --no-pause        do not wait for Enter between moves
)";

} // namespace

int main(int argc, char** argv) {
  std::string opponent = "mediocre", me = "human", name;
  bool pause = true;
  std::uint64_t seed = std::random_device{}();
  examples::Arguments args(argc, argv, "cs32", usage);
  bool opponent_given = false;
  while (args.next()) {
    if (args.is("--no-pause")) {
      pause = false;
    } else if (args.is("--as")) {
      me = args.value();
      if (!known(me)) args.fail("--as needs awful, human, mediocre or good, got '" + me + "'");
    } else if (args.is("--name")) {
      name = args.value();
    } else if (args.is("--seed")) {
      seed = args.seed();
    } else if (args.positional() && !opponent_given) {
      opponent = args.current();
      if (!known(opponent))
        args.fail("OPPONENT needs awful, human, mediocre or good, got '" + opponent + "'");
      opponent_given = true;
    } else {
      args.refuse();
    }
  }
  if (name.empty()) name = me == "human" ? "Human" : "Your " + me + " player";

  Game g(10, 10);
  g.setSeed(seed);
  g.addShip(5, 'A', "aircraft carrier");
  g.addShip(4, 'B', "battleship");
  g.addShip(3, 'D', "destroyer");
  g.addShip(3, 'S', "submarine");
  g.addShip(2, 'P', "patrol boat");

  const std::unique_ptr<Player> first(createPlayer(me, name, g));
  const std::unique_ptr<Player> second(createPlayer(opponent, "The " + opponent + " player", g));
  const Player* winner = g.play(first.get(), second.get(), pause);
  if (winner == nullptr) {
    std::cout << "The game could not be completed." << std::endl;
    return 1;
  }
  return 0;
}
