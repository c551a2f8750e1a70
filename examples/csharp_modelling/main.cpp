// The C# "modelling practice" Battleship (seed 003) on the engine: Amy against Vince.
// ctest-args: --games 20 --quiet --seed 1
// ctest-expect: Player 1 Wins: [0-9]+
//
//   csharp_modelling                           asks "How many games do you want to play?"
//   csharp_modelling --games 1000              plays 1000 games, printing every game
//   csharp_modelling --games 1000 --quiet      prints only the win counts
//   csharp_modelling --sets 3 --games 1000 --quiet [--seed N]
//                                              three rounds of 1000, as the post ran them, then
//                                              Amy's (player 1's) win share with a 95% interval
//
// As in the post: each player places its ships at random (ship by ship, a random start cell and
// direction, retried until it fits), fires "random" shots at open cells whose row and column are
// both odd or both even, and "searching" shots at a random open neighbour of any hit (hits of sunk
// ships included: the firing board only knows Hit and Miss). A round is Amy's shot, then Vince's
// unless he has lost. Callouts and boards follow the post's code; coordinates are printed from 1,
// like its panels. Fleet: Aircraft Carrier 5, Battleship 4, Cruiser 3, Submarine 3, Destroyer 2.
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <string>
#include <string_view>

#include <battleship/ocean.hpp>
#include <battleship/statistics.hpp>
#include <battleship/strategy.hpp>
#include <battleship/view.hpp>

#include "../arguments.hpp"

using namespace battleship;

namespace {

using S = ClassicShape;

constexpr std::string_view usage = R"(Usage:
  csharp_modelling [--games N] [--sets K] [--quiet] [--seed S]

The C# "modelling practice" Battleship (seed 003): Amy against Vince, N games (1 to 10000000;
without --games it asks "How many games do you want to play?"), printing every game unless
--quiet. With --sets K (1 to 1000, default 1) it plays K rounds of N games, as the post ran them,
then prints Amy's (player 1's) win share with a 95% interval (also for one set of 100 games or
more). The games follow from the seed (0 to 2^64 - 1, default 3).

  csharp_modelling --sets 3 --games 1000 --quiet
)";

constexpr std::uint64_t max_games = 10'000'000;

constexpr Fleet post_fleet{{"Aircraft Carrier", 'A', 5, 1},
                           {"Battleship", 'B', 4, 1},
                           {"Cruiser", 'C', 3, 1},
                           {"Submarine", 'S', 3, 1},
                           {"Destroyer", 'D', 2, 1}};
// The post's firing board knows only Hit and Miss; sinking is only called out.
constexpr Rules post_rules{.disclosure = Disclosure::hit_only};

// The post's shooter: a searching shot at a random open neighbour of any hit, else a random open
// cell whose row and column are both odd or both even, else (never in the post) any open cell.
class PostShooter {
public:
  void start(const TargetView<S>&) {}
  Coord next_shot(const TargetView<S>& view, Rng& rng) {
    const auto& board = view.board();
    const auto open = view.open();
    auto pool = board.dilate4(view.hits()) & open;
    if (pool.none()) {
      open.for_each([&](std::size_t i) {
        const Coord c = board.coord(i);
        if ((c.row + c.col) % 2 == 0) pool.set(i);
      });
    }
    if (pool.none()) pool = open;
    return board.coord(pool.nth(rng.below(pool.count())));
  }
  void on_result(const TargetView<S>&, Coord, const ShotOutcome&) {}
};
static_assert(ShotStrategy<PostShooter, S>);

// The shooter both players use. Change this one line to switch.
using Shooter = PostShooter;

// The post's PlaceShips: for each ship, a random start cell and direction until it fits.
void place_like_the_post(Ocean<S>& ocean, Rng& rng) {
  for (int ship = 0; ship < ocean.ship_count(); ++ship) {
    for (;;) {
      const Coord start{rng.below(10), rng.below(10)};
      const Orientation o = rng.below(2) == 0 ? Orientation::horizontal : Orientation::vertical;
      if (ocean.place(ship, start, o) == PlacementRefusal::none) break;
    }
  }
}

struct Player {
  std::string name;
  Ocean<S> ocean{Board<S>{}, post_fleet};                   // the post's GameBoard
  TargetView<S> firing{Board<S>{}, post_fleet, post_rules}; // the post's FiringBoard
  Shooter shooter;
  Rng rng;

  Player(std::string n, std::uint64_t seed) : name(std::move(n)), rng(seed) {
    place_like_the_post(ocean, rng);
    shooter.start(firing);
  }
  bool has_lost() const { return ocean.all_sunk(); }

  // The post's OutputBoards: own ships (shots on them are not marked, as in the post) beside the
  // firing board (X hit, M miss, o not fired at).
  void output_boards(std::FILE* out) const {
    std::fprintf(out, "%s\nOwn Board:                          Firing Board:\n", name.c_str());
    for (int r = 0; r < 10; ++r) {
      for (int c = 0; c < 10; ++c) {
        const auto ship = ocean.ship_at({r, c});
        std::fprintf(out, "%c ", ship ? post_fleet.ship(*ship).symbol : 'o');
      }
      std::fputs("                ", out);
      for (int c = 0; c < 10; ++c) {
        const std::size_t i = firing.board().index({r, c});
        std::fprintf(out, "%c ", firing.hits().test(i) ? 'X' : firing.shots().test(i) ? 'M' : 'o');
      }
      std::fputs("\n\n", out);
    }
    std::fputs("\n\n", out);
  }
};

// One shot of `attacker` at `defender`, with the callouts (null `out`: silent).
void shoot(Player& attacker, Player& defender, std::FILE* out) {
  const Coord c = attacker.shooter.next_shot(attacker.firing, attacker.rng);
  if (out)
    std::fprintf(out, "%s says: \"Firing shot at %d, %d\"\n", attacker.name.c_str(), c.row + 1,
                 c.col + 1);
  const ShotOutcome full = defender.ocean.fire(c);
  if (out) {
    const char* who = defender.name.c_str();
    if (!full.struck())
      std::fprintf(out, "%s says: \"Miss!\"\n", who);
    else
      std::fprintf(out, "%s says: \"Hit!\"\n", who);
    if (full.sank())
      std::fprintf(out, "%s says: \"You sunk my %s!\"\n", who,
                   std::string(post_fleet.ship(full.ship).name).c_str());
  }
  const ShotOutcome told = disclose(full, post_rules.disclosure);
  attacker.firing.record(c, told);
  attacker.shooter.on_result(attacker.firing, c, told);
}

// The post's Game: constructor (place, show boards), PlayRound, PlayToEnd. True if Amy won.
bool play_game(std::uint64_t seed, std::FILE* out) {
  Player amy("Amy", derive_seed(seed, 1));
  Player vince("Vince", derive_seed(seed, 2));
  if (out) {
    amy.output_boards(out);
    vince.output_boards(out);
  }
  while (!amy.has_lost() && !vince.has_lost()) {
    shoot(amy, vince, out);
    if (!vince.has_lost()) shoot(vince, amy, out);
  }
  if (out) {
    amy.output_boards(out);
    vince.output_boards(out);
    std::fprintf(out, "%s has won the game!\n", (amy.has_lost() ? vince : amy).name.c_str());
  }
  return vince.has_lost();
}

} // namespace

int main(int argc, char** argv) {
  long games = 0, sets = 1; // no games given: ask for them
  bool quiet = false;
  std::uint64_t seed = 3;
  examples::Arguments args(argc, argv, "csharp_modelling", usage);
  while (args.next()) {
    if (args.is("--quiet"))
      quiet = true;
    else if (args.is("--games"))
      games = static_cast<long>(args.count(1, max_games));
    else if (args.is("--sets"))
      sets = static_cast<long>(args.count(1, 1000));
    else if (args.is("--seed"))
      seed = args.seed();
    else
      args.refuse();
  }
  if (games == 0) {
    std::cout << "How many games do you want to play?" << std::endl;
    std::string line; // the whole line, as the post's ReadLine: "5 junk" is not a number
    if (!std::getline(std::cin, line)) args.fail("no number of games given");
    const auto first = line.find_first_not_of(" \t\r");
    const std::string answer = first == std::string::npos
                                   ? ""
                                   : line.substr(first, line.find_last_not_of(" \t\r") + 1 - first);
    const auto number = examples::whole_number(answer, 1, max_games);
    if (!number)
      args.fail("the number of games needs to be a whole number from 1 to " +
                std::to_string(max_games) + ", got '" + answer + "'");
    games = static_cast<long>(*number);
  }
  std::FILE* out = quiet ? nullptr : stdout;
  long amy_total = 0;
  for (long set = 0; set < sets; ++set) {
    long player1 = 0, player2 = 0;
    for (long g = 0; g < games; ++g) {
      const bool amy_won =
          play_game(derive_seed(seed, static_cast<std::uint64_t>(set * games + g)), out);
      (amy_won ? player1 : player2) += 1;
    }
    if (sets > 1) std::printf("Round %ld\n", set + 1);
    std::printf("Player 1 Wins: %ld\nPlayer 2 Wins: %ld\n", player1, player2);
    amy_total += player1;
  }
  const long n = games * sets;
  if (n > 0 && (sets > 1 || games >= 100)) {
    const battleship::Proportion amy = battleship::proportion(static_cast<std::uint64_t>(amy_total),
                                                              static_cast<std::uint64_t>(n));
    std::printf("Player 1 (Amy, who shoots first) won %ld of %ld games: %.1f%% (95%% interval "
                "%.1f%% to %.1f%%): %s\n",
                amy_total, n, 100 * amy.share, 100 * amy.low, 100 * amy.high,
                amy.low > 0.5    ? "the first player is favoured"
                : amy.high < 0.5 ? "the second player is favoured"
                                 : "no evidence that either player is favoured");
  }
  return 0;
}
