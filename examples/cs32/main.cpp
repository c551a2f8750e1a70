// Play CS32 Battleship (seed 002) at the console against any of the four players.
// ctest-args: mediocre --as good --no-pause --seed 1
//
//   cs32 [opponent] [--as <player>] [--name <your name>] [--seed N] [--no-pause]
//
// `opponent` is awful, human, mediocre (default) or good. You play as a human unless `--as`
// names another kind (then you watch two players). You move first. The game is the seed's
// standard one: a 10 x 10 board, aircraft carrier 5, battleship 4, destroyer 3, submarine 3,
// patrol boat 2. Without `--seed` every run is a new game.
#include <cstdlib>
#include <iostream>
#include <memory>
#include <random>
#include <string>

#include <battleship/compat/cs32.hpp>

using namespace battleship::cs32;

namespace {

bool known(const std::string& kind) {
  return kind == "awful" || kind == "human" || kind == "mediocre" || kind == "good";
}

int usage() {
  std::cerr << "usage: cs32 [awful|human|mediocre|good] [--as <player>] [--name <your name>] "
               "[--seed N] [--no-pause]\n";
  return 2;
}

} // namespace

int main(int argc, char** argv) {
  std::string opponent = "mediocre", me = "human", name;
  bool pause = true;
  std::uint64_t seed = std::random_device{}();
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--no-pause") {
      pause = false;
    } else if ((arg == "--as" || arg == "--name" || arg == "--seed") && i + 1 < argc) {
      const std::string value = argv[++i];
      if (arg == "--as")
        me = value;
      else if (arg == "--name")
        name = value;
      else
        seed = std::strtoull(value.c_str(), nullptr, 10);
    } else if (known(arg)) {
      opponent = arg;
    } else {
      return usage();
    }
  }
  if (!known(me)) return usage();
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
  if (winner == nullptr) std::cout << "The game could not be completed." << std::endl;
  return 0;
}
