/// @file compat/cs32.hpp
/// @brief The CS32 Project 3 interface (seed 002) unchanged, running on the engine.
///
/// A program written against the seed's `globals.h`, `Game.h`, `Board.h` and `Player.h` compiles
/// with `#include <battleship/compat/cs32.hpp>` and `using namespace battleship::cs32;`. `Board`
/// wraps an engine `Ocean`; the Mediocre and Good players are engine strategies.
///
/// **Text.** Where the seed or its provided code gives a message, it is used verbatim; the rest
/// follows the course's sample program. Every string, exactly (`<x>` is a value, `\n` a newline):
/// - `Game::addShip` refusals, one line each, as the provided `Game.cpp`:
///   `Bad ship length <n>; it must be >= 1`, `Bad ship length <n>; it won't fit on the board`,
///   `Unprintable character with decimal value <d> must not be used as a ship symbol`,
///   `Character <c> must not be used as a ship symbol`,
///   `Ship symbol <c> must not be used for more than one ship`,
///   `Board is too small to fit all ships`, and (engine limit) `At most 16 ship types are
///   supported`.
/// - `Game::play`, per turn: `<attacker>'s turn.  Board for <defender>:`, the board, then
///   `<attacker> attacked (<r>,<c>) and missed, resulting in:` (or `and hit something, resulting
///   in:`, or `and destroyed the <ship name>, resulting in:`) and the board again; or
///   `<attacker> wasted a shot at (<r>,<c>).` for an invalid attack. Then `Press enter to
///   continue: ` when pausing. At the end `<winner> wins!` and, if the loser is human,
///   `Here is where <winner>'s ships were:` and the winner's board in full.
/// - Human player: `<name> must place <n> ships.`, `Enter h or v for direction of <ship name>
///   (length <n>): `, `Direction must be h or v.`, `There is no room for the <ship name> that
///   way.`, `Enter row and column of leftmost cell (e.g., 3 5): ` (`topmost` for vertical),
///   `You must enter two integers.`, `The ship can not be placed there.`,
///   `Enter the row and column to attack (e.g., 3 5): `.
#pragma once

#include <cstdint>
#include <iostream>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <battleship/board.hpp>
#include <battleship/detail/text.hpp>
#include <battleship/fleet.hpp>
#include <battleship/ocean.hpp>
#include <battleship/placement/mediocre.hpp>
#include <battleship/placement/spread.hpp>
#include <battleship/rng.hpp>
#include <battleship/rules.hpp>
#include <battleship/strategies/mediocre.hpp>
#include <battleship/strategies/prior_mixture.hpp>
#include <battleship/view.hpp>

/// The CS32 Project 3 ("Battleship") interface of seed 002, on the engine.
namespace battleship::cs32 {

/// Most rows a game may have (seed: `globals.h`).
const int MAXROWS = 10;
/// Most columns a game may have (seed: `globals.h`).
const int MAXCOLS = 10;

/// Which way a ship extends from its top or left cell (seed: `globals.h`).
enum Direction {
  HORIZONTAL, ///< The ship extends to the right.
  VERTICAL    ///< The ship extends downwards.
};

/// A (row, column) position on a board, both counted from 0 (seed: `globals.h`).
class Point {
public:
  /// The position (0, 0).
  Point() : r(0), c(0) {}
  /// The position (`rr`, `cc`).
  Point(int rr, int cc) : r(rr), c(cc) {}
  int r; ///< Row.
  int c; ///< Column.
};

/// The engine shape of every CS32 board: a run-time size of at most MAXROWS x MAXCOLS.
using Shape = DynamicShape<static_cast<std::size_t>(MAXROWS) * MAXCOLS>;

namespace detail {
inline Rng& shared_rng() {
  static Rng rng(0x5eed'c532);
  return rng;
}
inline void ignore_line(std::istream& in) {
  in.ignore(10000, '\n');
}
} // namespace detail

/// A uniformly random integer in `[0, limit)`, or 0 if `limit < 1` (seed: `globals.h`'s helper).
///
/// Draws from one process-wide engine `Rng` with a fixed seed, so programs are reproducible; it
/// is not thread-safe. The players of this header draw from their game's own `Game::rng()`.
inline int randInt(int limit) {
  return limit < 1 ? 0 : detail::shared_rng().below(limit);
}

class Board;
class Player;

/// A game: its board size and ship types, and the match runner (seed: `Game.h`).
///
/// Extensions beyond the seed (all optional): `setSeed`/`rng` (the engine random generator every
/// random choice of the game, its boards and its computer players draws from; the default seed
/// is fixed, so runs are reproducible), `setStreams`/`input`/`output` (where play, boards and
/// human players read and write; `std::cin` and `std::cout` by default), `fleet` and `shape`
/// (the engine's view of the game).
class Game {
public:
  /// A game on an `nRows` x `nCols` board with no ships yet.
  ///
  /// Throws `std::invalid_argument` with the seed's message (`Number of rows must be >= 1 and <=
  /// 10`, likewise for columns) where the seed's `Game.cpp` prints it and exits.
  Game(int nRows, int nCols) : rows_(nRows), cols_(nCols), rng_(default_seed) {
    if (nRows < 1 || nRows > MAXROWS)
      throw std::invalid_argument(
          battleship::detail::concat("Number of rows must be >= 1 and <= ", MAXROWS));
    if (nCols < 1 || nCols > MAXCOLS)
      throw std::invalid_argument(
          battleship::detail::concat("Number of columns must be >= 1 and <= ", MAXCOLS));
  }
  /// Games are not copied: boards and players refer to their game.
  Game(const Game&) = delete;
  /// Games are not assigned: boards and players refer to their game.
  Game& operator=(const Game&) = delete;
  /// Nothing to release.
  ~Game() = default;

  /// Number of rows.
  int rows() const { return rows_; }
  /// Number of columns.
  int cols() const { return cols_; }
  /// Whether `p` is on the board.
  bool isValid(Point p) const { return p.r >= 0 && p.r < rows_ && p.c >= 0 && p.c < cols_; }
  /// A uniformly random position on the board, drawn from `rng()`.
  Point randomPoint() const {
    const int r = rng_.below(rows_);
    return Point(r, rng_.below(cols_));
  }

  /// Adds a ship type; false (nothing added, a message written to `output()`) if it breaks a rule.
  ///
  /// The rules, in the order the seed's `Game.cpp` checks them: the length is at least 1; it fits
  /// the board in some direction; the symbol is a printable ASCII character; it is not `X`, `.`
  /// or `o`; no other ship has it; all ships together cover no more cells than the board has.
  /// Engine limit (not in the seed): at most `max_ship_classes` (16) ship types. Ship ids are
  /// 0, 1, ... in the order of successful calls.
  bool addShip(int length, char symbol, std::string name) {
    std::ostream& out = output();
    if (length < 1) {
      out << "Bad ship length " << length << "; it must be >= 1" << std::endl;
      return false;
    }
    if (length > rows_ && length > cols_) {
      out << "Bad ship length " << length << "; it won't fit on the board" << std::endl;
      return false;
    }
    if (symbol < ' ' || symbol > '~') {
      out << "Unprintable character with decimal value " << static_cast<int>(symbol)
          << " must not be used as a ship symbol" << std::endl;
      return false;
    }
    if (symbol == 'X' || symbol == '.' || symbol == 'o') {
      out << "Character " << symbol << " must not be used as a ship symbol" << std::endl;
      return false;
    }
    int total = 0;
    for (const ShipType& s : ships_) {
      total += s.length;
      if (s.symbol == symbol) {
        out << "Ship symbol " << symbol << " must not be used for more than one ship" << std::endl;
        return false;
      }
    }
    if (total + length > rows_ * cols_) {
      out << "Board is too small to fit all ships" << std::endl;
      return false;
    }
    if (static_cast<int>(ships_.size()) == max_ship_classes) {
      out << "At most " << max_ship_classes << " ship types are supported" << std::endl;
      return false;
    }
    ships_.push_back(ShipType{length, symbol, std::move(name)});
    rebuild_fleet();
    return true;
  }

  /// Number of ship types added.
  int nShips() const { return static_cast<int>(ships_.size()); }
  /// Length of ship `shipId`; throws `std::out_of_range` for an unknown id (the seed asserts).
  int shipLength(int shipId) const { return ship(shipId).length; }
  /// Display symbol of ship `shipId`; throws `std::out_of_range` for an unknown id.
  char shipSymbol(int shipId) const { return ship(shipId).symbol; }
  /// Name of ship `shipId` in messages; throws `std::out_of_range` for an unknown id.
  std::string shipName(int shipId) const { return ship(shipId).name; }

  /// Plays a whole game, `p1` first; returns the winner, or nullptr if it cannot be completed.
  ///
  /// nullptr when a player is null, the game has no ships, a player's `placeShips` fails, a
  /// human player's input ends, or 1000 attacks in a row are wasted (only players that never
  /// attack validly get there). Each turn shows the defender's board (shots only when the attacker
  /// is human), asks the attacker, attacks, reports and shows the board again (messages in the
  /// file documentation); `recordAttackResult` and the defender's `recordAttackByOpponent` follow
  /// every attack, a wasted one (off the board, or at a position attacked before) too. With
  /// `shouldPause`, every turn but the last ends with `Press enter to continue: ` and waits for a
  /// line of `input()`.
  Player* play(Player* p1, Player* p2, bool shouldPause = true);

  // ---- extensions ------------------------------------------------------------------------

  /// The seed a new game's generator starts from.
  static constexpr std::uint64_t default_seed = 32;
  /// Restarts the game's random generator from `seed` (extension).
  void setSeed(std::uint64_t seed) { rng_.reseed(seed); }
  /// The game's random generator: `randomPoint`, `Board::block` and the computer players draw
  /// from it (extension).
  Rng& rng() const { return rng_; }
  /// Makes play, boards and human players read `in` and write `out` (extension); both must
  /// outlive their use.
  void setStreams(std::istream& in, std::ostream& out) {
    in_ = &in;
    out_ = &out;
  }
  /// Where human players and the pause read (extension).
  std::istream& input() const { return *in_; }
  /// Where play, `Board::display`, `addShip` and human players write (extension).
  std::ostream& output() const { return *out_; }
  /// The ship types as an engine fleet: one class per ship, ids equal (extension). Names are cut
  /// to 31 characters; a blank symbol is stood in for by an unused one (the board shows the real
  /// one).
  const Fleet& fleet() const { return fleet_; }
  /// The board's engine shape (extension).
  Shape shape() const { return Shape(rows_, cols_); }

private:
  struct ShipType {
    int length;
    char symbol;
    std::string name;
  };
  const ShipType& ship(int id) const {
    if (id < 0 || id >= nShips())
      throw std::out_of_range(battleship::detail::concat("no ship with id ", id));
    return ships_[static_cast<std::size_t>(id)];
  }
  void rebuild_fleet() {
    fleet_ = Fleet{};
    for (const ShipType& s : ships_) {
      char symbol = s.symbol;
      for (char c = '!'; symbol == ' ' && c <= '~'; ++c) {
        bool used = reserved_symbols.find(c) != std::string_view::npos;
        for (const ShipType& t : ships_) used = used || t.symbol == c;
        if (!used) symbol = c;
      }
      const std::string name = s.name.empty() ? std::string(1, symbol) : s.name.substr(0, 31);
      fleet_.add(ShipClass{std::string_view(name), symbol, s.length, 1});
    }
  }

  int rows_;
  int cols_;
  std::vector<ShipType> ships_;
  Fleet fleet_;
  mutable Rng rng_;
  std::istream* in_ = &std::cin;
  std::ostream* out_ = &std::cout;
};

/// One player's board: ship positions, blocks and damage (seed: `Board.h`), an engine `Ocean`.
///
/// The board takes its game's ship types when it is constructed. Ships may be placed and removed
/// at any time, also after attacks (some GoodPlayers probe a private board that way): attacked
/// positions stay attacked, so a segment placed on one is damaged at once.
class Board {
public:
  /// An empty board for game `g`.
  Board(const Game& g) // NOLINT: implicit, as in the seed
      : game_(g), ocean_(engine_board(g), g.nShips() > 0 ? g.fleet() : placeholder_fleet()) {}
  /// Nothing to release.
  ~Board() = default;

  /// Removes every ship, block and attack.
  void clear() { ocean_.clear(); }
  /// Blocks half the positions (rounded down) chosen uniformly from the unblocked, unoccupied
  /// ones, drawing from the game's `rng()`; no ship may then be placed over them.
  void block() { ocean_.block(game_.rng()); }
  /// Removes every block.
  void unblock() { ocean_.unblock(); }

  /// Places ship `shipId` with its top (VERTICAL) or left (HORIZONTAL) segment at `topOrLeft`.
  ///
  /// False, with the board unchanged, if the id is invalid, the ship would leave the board,
  /// overlap a placed ship or a blocked position, or is already placed.
  bool placeShip(Point topOrLeft, int shipId, Direction dir) {
    if (shipId < 0 || shipId >= game_.nShips()) return false;
    return edit(
        [&](Ocean<Shape>& o) { return o.place(shipId, to_coord(topOrLeft), to_orientation(dir)); });
  }
  /// Removes ship `shipId` if it lies exactly at `topOrLeft` facing `dir`; false, with the board
  /// unchanged, if the id is invalid or the whole ship is not there.
  bool unplaceShip(Point topOrLeft, int shipId, Direction dir) {
    if (shipId < 0 || shipId >= game_.nShips()) return false;
    return edit([&](Ocean<Shape>& o) {
      return o.unplace(shipId, to_coord(topOrLeft), to_orientation(dir));
    });
  }

  /// Writes the board to the game's `output()` in the seed's format.
  ///
  /// First line: two spaces, then the column digits. Then one line per row: the row digit, a
  /// space, and one character per position: the ship's symbol for an undamaged segment (`.` when
  /// `shotsOnly`), `X` for a damaged segment, `o` for water attacked, `.` for water not attacked.
  void display(bool shotsOnly) const {
    std::string text = "  ";
    for (int c = 0; c < game_.cols(); ++c) text += static_cast<char>('0' + c % 10);
    text += '\n';
    for (int r = 0; r < game_.rows(); ++r) {
      text += static_cast<char>('0' + r % 10);
      text += ' ';
      for (int c = 0; c < game_.cols(); ++c) {
        const Coord cell{r, c};
        const bool attacked = ocean_.was_shot(cell);
        const auto ship = ocean_.ship_at(cell);
        if (!ship)
          text += attacked ? 'o' : '.';
        else if (attacked)
          text += 'X';
        else
          text += shotsOnly ? '.' : game_.shipSymbol(*ship);
      }
      text += '\n';
    }
    game_.output() << text;
  }

  /// Attacks position `p`; false if `p` is off the board or was attacked before (nothing changes,
  /// the flags are left alone).
  ///
  /// A valid attack sets `shotHit` (an undamaged segment was there, and now is damaged) and
  /// `shipDestroyed` (that was the ship's last undamaged segment); `shipId` is set to the
  /// destroyed ship's id and left unchanged otherwise.
  bool attack(Point p, bool& shotHit, bool& shipDestroyed, int& shipId) {
    const ShotOutcome o = ocean_.fire(to_coord(p));
    if (!o.valid()) return false;
    shotHit = o.struck();
    shipDestroyed = o.sank();
    if (o.sank()) shipId = o.ship;
    return true;
  }

  /// Whether no undamaged ship segment is left on the board (so its attacker has won).
  bool allShipsDestroyed() const { return (ocean_.occupied() - ocean_.hits()).none(); }

  /// The engine ocean underneath (extension).
  const Ocean<Shape>& ocean() const { return ocean_; }
  /// The engine ocean underneath, for engine placers (extension).
  Ocean<Shape>& ocean() { return ocean_; }

private:
  static battleship::Board<Shape> engine_board(const Game& g) {
    return battleship::Board<Shape>(g.shape());
  }
  // A game without ships still needs a fleet for the ocean; this ship is never placed.
  static Fleet placeholder_fleet() { return Fleet{{"none", '#', 1, 1}}; }
  static Coord to_coord(Point p) { return Coord{p.r, p.c}; }
  static Orientation to_orientation(Direction d) {
    return d == HORIZONTAL ? Orientation::horizontal : Orientation::vertical;
  }

  // Applies a placement edit. The engine freezes ships once shots are fired, so after attacks the
  // edit is made on a copy without them and the attacks are then fired again.
  template <class Edit>
  bool edit(Edit&& change) {
    if (ocean_.shots().none()) return change(ocean_) == PlacementRefusal::none;
    Ocean<Shape> copy = ocean_;
    copy.repair();
    if (change(copy) != PlacementRefusal::none) return false;
    ocean_.shots().for_each([&](std::size_t i) { copy.fire(copy.board().coord(i)); });
    ocean_ = copy;
    return true;
  }

  const Game& game_;
  Ocean<Shape> ocean_;
};

/// A player: places ships and chooses attacks (seed: `Player.h`). Not copyable, as in the seed.
class Player {
public:
  /// A player called `nm` in game `g`.
  Player(std::string nm, const Game& g) : name_(std::move(nm)), game_(g) {}
  /// Players are not copied (seed).
  Player(const Player&) = delete;
  /// Players are not assigned (seed).
  Player& operator=(const Player&) = delete;
  /// Players are deleted through this base.
  virtual ~Player() = default;

  /// The player's name.
  std::string name() const { return name_; }
  /// The game the player is in.
  const Game& game() const { return game_; }
  /// Whether a person plays: `Game::play` then hides the opponent's undamaged segments.
  virtual bool isHuman() const { return false; }
  /// Places every ship on `b`; false if that could not be done.
  virtual bool placeShips(Board& b) = 0;
  /// The position to attack next.
  virtual Point recommendAttack() = 0;
  /// What the attack at `p` did; the later flags mean nothing when an earlier one is false, and
  /// `shipId` only when `shipDestroyed`.
  virtual void recordAttackResult(Point p, bool validShot, bool shotHit, bool shipDestroyed,
                                  int shipId) = 0;
  /// The opponent attacked `p` on this player's board.
  virtual void recordAttackByOpponent(Point p) = 0;

private:
  std::string name_;
  const Game& game_;
};

namespace detail {

// The shooter the "good" player uses: the density shooter with a prior that mixes the Mediocre
// placement (published in the seed, so a good player may know it) and uniform layouts.
using GoodShooter = PriorMixtureShooter<Shape, MediocrePlacer<Shape>>;
// The placer the "good" player uses: the least predictable of many uniform layouts.
using GoodPlacer = SpreadPlacer<Shape>;

// Places like the seed's sample AwfulPlayer (ship k across from (k, 0)) and attacks every position
// from the bottom-right corner backwards, ignoring results.
class AwfulPlayer final : public Player {
public:
  AwfulPlayer(std::string nm, const Game& g) : Player(std::move(nm), g) {}
  bool placeShips(Board& b) override {
    for (int k = 0; k < game().nShips(); ++k)
      if (!b.placeShip(Point(k, 0), k, HORIZONTAL)) return false;
    return true;
  }
  Point recommendAttack() override {
    if (last_.c > 0) {
      --last_.c;
    } else {
      last_.c = game().cols() - 1;
      last_.r = last_.r > 0 ? last_.r - 1 : game().rows() - 1;
    }
    return last_;
  }
  void recordAttackResult(Point, bool, bool, bool, int) override {}
  void recordAttackByOpponent(Point) override {}

private:
  Point last_{0, 0};
};

// Reads `r c` as the seed's getLineWithTwoIntegers does; on end of input the stream stays failed.
inline bool read_two_integers(std::istream& in, int& r, int& c) {
  if (in >> r >> c) {
    ignore_line(in);
    return true;
  }
  if (in.eof()) return false;
  in.clear();
  ignore_line(in);
  return false;
}

class HumanPlayer final : public Player {
public:
  HumanPlayer(std::string nm, const Game& g) : Player(std::move(nm), g) {}
  bool isHuman() const override { return true; }

  bool placeShips(Board& b) override {
    std::istream& in = game().input();
    std::ostream& out = game().output();
    out << name() << " must place " << game().nShips() << " ships." << std::endl;
    for (int id = 0; id < game().nShips(); ++id) {
      if (!fits(b, id, HORIZONTAL) && !fits(b, id, VERTICAL)) return false;
      b.display(false);
      for (;;) {
        out << "Enter h or v for direction of " << game().shipName(id) << " (length "
            << game().shipLength(id) << "): ";
        std::string line;
        if (!std::getline(in, line)) return false;
        const auto first = line.find_first_not_of(" \t\r");
        const char answer = first == std::string::npos ? '\0' : line[first];
        if (answer != 'h' && answer != 'v') {
          out << "Direction must be h or v." << std::endl;
          continue;
        }
        const Direction dir = answer == 'h' ? HORIZONTAL : VERTICAL;
        if (!fits(b, id, dir)) {
          out << "There is no room for the " << game().shipName(id) << " that way." << std::endl;
          continue;
        }
        if (!ask_position(b, id, dir)) return false;
        break;
      }
    }
    return true;
  }

  Point recommendAttack() override {
    std::istream& in = game().input();
    std::ostream& out = game().output();
    for (;;) {
      out << "Enter the row and column to attack (e.g., 3 5): ";
      int r = 0, c = 0;
      if (read_two_integers(in, r, c)) return Point(r, c);
      if (in.fail()) return Point(-1, -1); // input ended: Game::play gives up
      out << "You must enter two integers." << std::endl;
    }
  }
  void recordAttackResult(Point, bool, bool, bool, int) override {}
  void recordAttackByOpponent(Point) override {}

private:
  // Whether ship `id` fits somewhere on `b` facing `dir` (tried with place and unplace).
  static bool fits(Board& b, int id, Direction dir) {
    for (int r = 0; r < b.ocean().board().rows(); ++r)
      for (int c = 0; c < b.ocean().board().cols(); ++c)
        if (b.placeShip(Point(r, c), id, dir)) {
          b.unplaceShip(Point(r, c), id, dir);
          return true;
        }
    return false;
  }
  // Asks until the ship is placed; false if the input ends.
  bool ask_position(Board& b, int id, Direction dir) {
    std::istream& in = game().input();
    std::ostream& out = game().output();
    for (;;) {
      out << "Enter row and column of " << (dir == HORIZONTAL ? "leftmost" : "topmost")
          << " cell (e.g., 3 5): ";
      int r = 0, c = 0;
      if (!read_two_integers(in, r, c)) {
        if (in.fail()) return false;
        out << "You must enter two integers." << std::endl;
        continue;
      }
      if (b.placeShip(Point(r, c), id, dir)) return true;
      out << "The ship can not be placed there." << std::endl;
    }
  }
};

// A computer player made of an engine placer and an engine shooter. Each placeShips starts a new
// game for the shooter; the shooter sees only what recordAttackResult reports.
template <class Shooter, class Placer>
class EnginePlayer final : public Player {
public:
  EnginePlayer(std::string nm, const Game& g) : Player(std::move(nm), g) {}

  bool placeShips(Board& b) override {
    start();
    Ocean<Shape>& ocean = b.ocean();
    if (ocean.occupied().any() || ocean.shots().any()) return false;
    return placer_.place(ocean, game().rng());
  }
  Point recommendAttack() override {
    if (!view_) start();
    const Coord c = shooter_.next_shot(*view_, game().rng());
    return Point(c.row, c.col);
  }
  void recordAttackResult(Point p, bool validShot, bool shotHit, bool shipDestroyed,
                          int shipId) override {
    if (!view_) start();
    ShotOutcome told{ShotResult::invalid, -1, ShotRefusal::already_shot};
    if (validShot && !shotHit) told = ShotOutcome{ShotResult::miss, -1, ShotRefusal::none};
    if (validShot && shotHit) told = ShotOutcome{ShotResult::hit, -1, ShotRefusal::none};
    if (validShot && shotHit && shipDestroyed)
      told = ShotOutcome{ShotResult::sunk, shipId, ShotRefusal::none};
    const Coord c{p.r, p.c};
    // A report the game never makes (off the board, a cell already told, a ship not in the
    // fleet) is ignored rather than passed to the shooter, which trusts its view.
    if (!view_->board().contains(c) || !view_->is_open(c)) return;
    if (told.sank() && (shipId < 0 || shipId >= view_->fleet().ship_count())) return;
    view_->record(c, told);
    shooter_.on_result(*view_, c, told);
  }
  void recordAttackByOpponent(Point) override {}

private:
  void start() {
    view_.emplace(battleship::Board<Shape>(game().shape()), game().fleet(), rulesets::cs32);
    shooter_.start(*view_);
  }

  std::optional<TargetView<Shape>> view_;
  Shooter shooter_;
  Placer placer_;
};

} // namespace detail

/// A new player of kind `type` called `nm` in game `g`, or nullptr for an unknown kind (seed).
///
/// - `"awful"`: the seed's AwfulPlayer: ship k across from (k, 0), attacks every position from
///   the bottom-right corner backwards, paying no attention to results.
/// - `"human"`: asks on the game's `input()` (prompts in the file documentation); a position that
///   is not two integers is asked again, an off-board or repeated attack is wasted.
/// - `"mediocre"`: the seed's MediocrePlayer exactly: `MediocrePlacer` and `MediocreShooter`.
/// - `"good"`: `PriorMixtureShooter` over `MediocrePlacer`: the density shooter
///   (`ProbabilityShooter`) whose prior mixes "placed as the seed's Mediocre player places" (2,000
///   layouts drawn per game) and "uniform", weighed by the shots' outcomes, so it hunts where
///   Mediocre crowds its ships (the top rows) and plays as the density shooter against other
///   layouts. It places with `SpreadPlacer` (the layout, of many uniform ones, whose cells a
///   density shooter finds least likely). The first move of a game, which draws the layouts,
///   takes tens of milliseconds, later ones under a millisecond (the seed allows 5 seconds).
///
/// The caller deletes the player.
inline Player* createPlayer(std::string type, std::string nm, const Game& g) {
  if (type == "human") return new detail::HumanPlayer(std::move(nm), g);
  if (type == "awful") return new detail::AwfulPlayer(std::move(nm), g);
  if (type == "mediocre")
    return new detail::EnginePlayer<MediocreShooter<Shape>, MediocrePlacer<Shape>>(std::move(nm),
                                                                                   g);
  if (type == "good")
    return new detail::EnginePlayer<detail::GoodShooter, detail::GoodPlacer>(std::move(nm), g);
  return nullptr;
}

inline Player* Game::play(Player* p1, Player* p2, bool shouldPause) {
  if (p1 == nullptr || p2 == nullptr || nShips() == 0) return nullptr;
  Board b1(*this);
  Board b2(*this);
  if (!p1->placeShips(b1) || !p2->placeShips(b2)) return nullptr;
  std::ostream& out = output();
  Player* attacker = p1;
  Player* defender = p2;
  Board* own = &b1;
  Board* target = &b2;
  int wasted_in_a_row = 0;
  for (;;) {
    const bool hide = attacker->isHuman();
    out << attacker->name() << "'s turn.  Board for " << defender->name() << ":" << std::endl;
    target->display(hide);
    const Point p = attacker->recommendAttack();
    if (attacker->isHuman() && input().fail()) return nullptr;
    bool shotHit = false;
    bool shipDestroyed = false;
    int shipId = -1;
    const bool valid = target->attack(p, shotHit, shipDestroyed, shipId);
    out << attacker->name();
    if (valid) {
      out << " attacked (" << p.r << "," << p.c << ") and ";
      if (shipDestroyed)
        out << "destroyed the " << shipName(shipId);
      else if (shotHit)
        out << "hit something";
      else
        out << "missed";
      out << ", resulting in:" << std::endl;
      target->display(hide);
    } else {
      out << " wasted a shot at (" << p.r << "," << p.c << ")." << std::endl;
    }
    attacker->recordAttackResult(p, valid, shotHit, shipDestroyed, shipId);
    // Every attack made on the defender's board, a wasted one too (the seed: "when an attack is
    // made on this player's board"; recordAttackResult reports validShot false for those).
    defender->recordAttackByOpponent(p);
    if (target->allShipsDestroyed()) {
      out << attacker->name() << " wins!" << std::endl;
      if (defender->isHuman()) {
        out << "Here is where " << attacker->name() << "'s ships were:" << std::endl;
        own->display(false);
      }
      return attacker;
    }
    wasted_in_a_row = valid ? 0 : wasted_in_a_row + 1;
    if (wasted_in_a_row >= 1000) return nullptr;
    if (shouldPause) {
      out << "Press enter to continue: " << std::flush;
      detail::ignore_line(input());
    }
    std::swap(attacker, defender);
    std::swap(own, target);
  }
}

} // namespace battleship::cs32
