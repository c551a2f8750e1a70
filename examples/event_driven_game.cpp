// A match driven from outside, the way a GUI or a network server drives it: the person's cells
// arrive one at a time, and each batch is fired with Game::play_volley() as soon as the volley is
// complete. Under the Russian rules (shoot again after a hit) the person therefore chooses each
// shot knowing the answer to the last; the engine keeps the turns, the rules and the score.
//
//   event_driven_game [--seed N] [--rules NAME] [--opponent NAME] [--auto]
//
// Type cells like B7 (one per line); --auto lets a hunt/target player stand in for the person.
// Ending the input (Ctrl-D) resigns: the person's player forfeits (battleship::Forfeit), and the
// match is aborted with the person at fault.
// ctest-args: --auto --seed 3
// ctest-expect: (You|They) win after [0-9]+ rounds \(you fired [0-9]+ shots, they fired [0-9]+\)
#include "arguments.hpp"

#include <battleship/battleship.hpp>
#include <battleship/io/coord_text.hpp>

#include <algorithm>
#include <cstdio>
#include <deque>
#include <iostream>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

namespace {
using namespace battleship;
using S = ClassicShape;

constexpr std::string_view usage = R"(Usage:
  event_driven_game [--seed N] [--rules NAME] [--opponent NAME] [--auto]

A match against the engine, driven from outside one cell at a time. Type cells like B7, one per
line; ending the input (Ctrl-D) resigns.

  --seed N         the match's seed, 0 to 2^64 - 1 (default 1)
  --rules NAME     a named rule set (default russian: shoot again after a hit); one named after a
                   fleet (russian, bbm103, cs32) plays with that fleet
  --opponent NAME  the engine's shooter, from the registry (default parity)
  --auto           a hunt/target player stands in for you
)";

/// The person's player: fires the cells the event loop handed it, in order, and gives the match
/// up once the person has left.
struct Inbox {
  std::deque<Coord>* cells = nullptr;
  const bool* left = nullptr;
  void start(const TargetView<S>&) {}
  Coord next_shot(const TargetView<S>&, Rng&) {
    if (cells->empty() && *left) throw Forfeit("left the game"); // Game ends the match, aborted
    // The engine asks again after a refused cell: the event loop hands over only open, distinct
    // cells, so an empty inbox here is a bug in the loop, not a read past the end.
    if (cells->empty())
      throw std::logic_error("the engine asked for a cell the person never named");
    const Coord c = cells->front();
    cells->pop_front();
    return c;
  }
  void on_result(const TargetView<S>&, Coord, const ShotOutcome&) {}
};

/// The board's last cell as the person types it (J10 on a 10 x 10 board).
std::string last_cell(const Board<S>& board) {
  return format_coord(Coord{board.rows() - 1, board.cols() - 1}, CoordNotation::letter_number);
}

/// What the person knows of the enemy's ocean, a row a line: o a miss, X a hit, . not fired at.
void print_target(const TargetView<S>& view) {
  const Board<S>& board = view.board();
  std::string header = "   ";
  for (int col = 0; col < board.cols(); ++col) {
    header += ' ';
    header += static_cast<char>('A' + col);
  }
  std::printf("%s\n", header.c_str());
  for (int row = 0; row < board.rows(); ++row) {
    std::string line;
    for (int col = 0; col < board.cols(); ++col) {
      const auto i = static_cast<std::size_t>(board.index(Coord{row, col}));
      line += ' ';
      line += view.hits().test(i) ? 'X' : view.shots().test(i) ? 'o' : '.';
    }
    std::printf("%3d%s\n", row + 1, line.c_str());
  }
}

/// Where the person's next cell comes from: the keyboard, or a stand-in player.
class Person {
public:
  explicit Person(bool automatic) : automatic_(automatic) {}

  /// The next cell the person names, not one of `named` (this volley's so far), or nothing if the
  /// input ended.
  std::optional<Coord> next_cell(const TargetView<S>& view, const std::deque<Coord>& named) {
    if (automatic_) {
      if (!started_) stand_in_.start(view), started_ = true;
      // The cells named for this volley are not fired yet, so the view still has them open: the
      // stand-in picks from a copy where they are pending, as the engine marks a volley's cells.
      TargetView<S> seen = view;
      for (const Coord c : named) seen.add_pending(c);
      return stand_in_.next_shot(seen, rng_);
    }
    std::string line;
    while (std::printf("your shot: "), std::fflush(stdout), std::getline(std::cin, line)) {
      const auto parsed = parse_coord(line, CoordNotation::letter_number);
      const Board<S>& board = view.board();
      if (!parsed)
        std::printf("  not a cell like B7: %s\n", parsed.error.c_str());
      else if (!board.contains(*parsed.coord))
        std::printf("  %s is off the board (A1 to %s)\n", line.c_str(), last_cell(board).c_str());
      else if (!view.is_open(*parsed.coord))
        std::printf("  %s was already fired at\n", line.c_str());
      else if (std::find(named.begin(), named.end(), *parsed.coord) != named.end())
        std::printf("  %s is already named for this volley\n", line.c_str());
      else
        return parsed.coord;
    }
    return std::nullopt;
  }

  /// Tells the stand-in what its cell did (a person reads it on the screen).
  void heard(const TargetView<S>& view, Coord cell, const ShotOutcome& told) {
    if (automatic_) stand_in_.on_result(view, cell, told);
  }

private:
  bool automatic_;
  bool started_ = false;
  HuntTargetShooter<S> stand_in_;
  Rng rng_{1};
};

/// Prints the shots as the match announces them, and passes the person's answers on.
class Screen final : public GameObserver<S> {
public:
  Screen(Person& person, const TargetView<S>& view) : person_(person), view_(view) {}
  void on_shot(int player, Coord cell, const ShotOutcome& full, const ShotOutcome& told) override {
    std::printf("  %s fire at %-3s %s\n", player == 0 ? "you " : "they",
                format_coord(cell, CoordNotation::letter_number).c_str(),
                std::string(to_string(player == 0 ? told.result : full.result)).c_str());
    if (player == 0) person_.heard(view_, cell, told);
  }

private:
  Person& person_;
  const TargetView<S>& view_;
};

} // namespace

int main(int argc, char** argv) {
  std::uint64_t seed = 1;
  std::string rules_name = "russian", opponent = "parity";
  bool automatic = false;
  examples::Arguments args(argc, argv, "event_driven_game", usage);
  while (args.next()) {
    if (args.is("--seed"))
      seed = args.seed();
    else if (args.is("--rules"))
      rules_name = args.rules_name();
    else if (args.is("--opponent"))
      opponent = args.name(shooter_names<S>());
    else if (args.is("--auto"))
      automatic = true;
    else
      args.refuse();
  }
  const Rules rules = *rulesets::named(rules_name); // a name the arguments checked
  // A rule set named after a fleet (russian, bbm103, cs32) comes with that fleet.
  const Fleet fleet = fleets::named(rules_name).value_or(fleets::classic);
  std::deque<Coord> clicks;
  bool left = false;
  Game<S> game(Board<S>{}, fleet, rules, Inbox{&clicks, &left}, make_shooter<S>(opponent), seed);
  const UniformPlacer<S> placer;
  game.place(0, placer);
  game.place(1, placer);
  Person person(automatic);
  Screen screen(person, game.view(0));
  game.observe(&screen);
  std::printf("%s rules, %s fleet of %d ships, against %s; name cells from A1 to %s\n",
              rules_name.c_str(), fleets::named(rules_name) ? rules_name.c_str() : "classic",
              fleet.ship_count(), opponent.c_str(), last_cell(game.view(0).board()).c_str());

  // The event loop: the engine plays the opponent's turns; the person's volleys are fired as soon
  // as they are complete, one volley at a time, so each is chosen after the last was answered.
  while (!game.is_over()) {
    if (game.to_move() == 1) {
      game.play_turn();
      continue;
    }
    if (!automatic) print_target(game.view(0)); // a person sees the board before each volley
    if (!game.turn_under_way())
      std::printf("round %d: name %d cell(s)\n", game.outcome().rounds + 1,
                  game.next_volley_size());
    for (auto k = static_cast<int>(clicks.size()); k < game.next_volley_size(); ++k) {
      const auto cell = person.next_cell(game.view(0), clicks);
      if (!cell) break;
      clicks.push_back(*cell);
    }
    left = static_cast<int>(clicks.size()) < game.next_volley_size(); // the input ended
    game.play_volley(); // the person's volley, or, having left, its forfeit
  }
  const GameOutcome& o = game.outcome();
  if (o.end == GameEnd::win)
    std::printf("%s after %d rounds (you fired %d shots, they fired %d)\n",
                o.winner == 0 ? "You win" : "They win", o.rounds, o.shots[0], o.shots[1]);
  else if (o.end == GameEnd::draw)
    std::printf("A draw\n");
  else // aborted: a resignation, or a player's failure the engine named
    std::printf("\n%s (%s)\n", o.reason.c_str(),
                o.at_fault < 0    ? "nobody at fault"
                : o.at_fault == 0 ? "you lose"
                                  : "you win");
}
