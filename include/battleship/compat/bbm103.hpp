/// @file compat/bbm103.hpp
/// @brief The BBM103 "Battle of Ships" replay (seed 000): fleet grids, ship files and shot lists
/// in, the seed's `Battleship.out` report out, played by the engine's `Game`.
///
/// The seed's program reads `Player1.txt` and `Player2.txt` (10 x 10 fleet grids, cells separated
/// by `;`), `OptionalPlayer1.txt` and `OptionalPlayer2.txt` from the current directory (where each
/// Battleship and Patrol Boat lies, e.g. `B1:5,E;right;`) and `Player1.in` and `Player2.in` (shots
/// such as `5,E;10,G;`), then replays the game round by round. `replay` and `replay_files` print
/// exactly what that program prints, character for character, on every input it plays:
/// - the title, each move's round header with both hidden boards side by side and both ship
///   tallies, and `Enter your move: <shot>`;
/// - the seed's error lines for malformed shots (`IndexError: Missing argument...`,
///   `ValueError: Too many arguments...`, `ValueError: Bad arguments...`,
///   `AssertionError: Invalid Operation.`), after which the same player's next shot is tried;
///   a player whose list runs out that way gets the seed's `list index out of range` (its
///   Python message, with no newline) and the other player still moves;
/// - the equalising shot (player 2 always finishes the round), `It is a Draw!`,
///   `Player1 Wins!`, `Player2 Wins!`, and the final boards with every ship cell not hit;
/// - `IOError: input file(s) <names> is/are not reachable.` for unreadable inputs.
///
/// A miss is drawn `0` (the digit zero): the seed's prose says 'O', but its program writes "0",
/// and the report must be what the program prints.
///
/// **Where the seed stops.** Where the seed's program would crash or print its catch-all line
/// (`kaBOOM: run for your life!`), the report ends with a precise error instead,
/// `Error: <file>, line <n>: <what is wrong>`, and `ReplayResult::played` is false. The seed's
/// author lists as "not allowed in the game" fleets the program cannot check; so does this
/// replay, before the first move: every grid cell is empty, `-` or one of `C B D S P`; the
/// Carrier, Destroyer and Submarine cells form one straight ship of length 5, 3 and 3; the ship
/// files name `B1 B2 P1 P2 P3 P4` once each, at `ROW,COL` (1-10, A-J) going `right` or `down`,
/// on the board, over exactly the grid's `B` and `P` cells.
///
/// **Non-ASCII shots** are judged as the seed's Python 3.11 judges them: `isnumeric()` on the row
/// and `isalpha()` on the column in Unicode's sense, then `int()`, which reads any decimal digits
/// (`٣,A` and the fullwidth `３,A` are shots at 3,A) and refuses other numeric characters with
/// its own message, which the seed prints (`invalid literal for int() with base 10: '五'`, no
/// newline); a single non-ASCII letter (`3,é`) is an invalid operation. The files are read as
/// UTF-8; a byte that is not is a precise error naming the file, line and byte.
#pragma once

#include <algorithm>
#include <array>
#include <cerrno>
#include <climits>
#include <cstddef>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>
#include <vector>

#include <battleship/board.hpp>
#include <battleship/coord.hpp>
#include <battleship/detail/text.hpp>
#include <battleship/fleet.hpp>
#include <battleship/game.hpp>
#include <battleship/io/bbm103_text.hpp>
#include <battleship/io/coord_text.hpp>
#include <battleship/ocean.hpp>
#include <battleship/rng.hpp>
#include <battleship/rules.hpp>
#include <battleship/shape.hpp>
#include <battleship/view.hpp>

/// Seed 000, BBM103 "Battle of Ships", on the engine.
namespace battleship::bbm103 {

/// A player's own board with the BBM103 fleet (`fleets::bbm103`) on it.
using FleetOcean = Ocean<Shape>;

/// How a miss is drawn: the digit zero, as the seed's program writes it (its prose says 'O').
inline constexpr char miss_mark = '0';
/// How a hit is drawn.
inline constexpr char hit_mark = 'X';

// ---- the fleet ----

/// The player's ocean for `fleets::bbm103`: Carrier, Destroyer and Submarine from the grid, the
/// Battleships and Patrol Boats from the ship file, checked against each other.
///
/// Throws `InputError` naming the file and line at fault if a ship letter's cells are not one
/// straight ship of the right length, or the ship file's Battleships and Patrol Boats do not
/// cover exactly the grid's `B` and `P` cells, or two ships overlap.
[[nodiscard]] inline FleetOcean make_ocean(const FleetGrid& grid, const ShipFile& ships) {
  using detail::concat;
  FleetOcean ocean(Board<Shape>{}, fleets::bbm103, Touching::allowed);
  // The fleet's ships: 0 Carrier, 1-2 Battleships, 3 Destroyer, 4 Submarine, 5-8 Patrol Boats.
  static constexpr std::array<int, 6> file_ship_id{1, 2, 5, 6, 7, 8};
  for (std::size_t k = 0; k < ShipFile::names.size(); ++k) {
    const Placement& p = ships.ships[k];
    const char symbol = ShipFile::names[k][0];
    for (int i = 0; i < p.length; ++i)
      if (grid.at(p.cell(i)) != symbol)
        throw InputError(ships.file, ships.lines[k],
                         concat(ShipFile::names[k], " covers ", detail::cell_text(p.cell(i)),
                                ", which ", grid.file, " marks '", grid.at(p.cell(i)),
                                "' instead of '", symbol, "'"));
    const PlacementRefusal why = ocean.place(file_ship_id[k], p);
    if (why != PlacementRefusal::none)
      throw InputError(ships.file, ships.lines[k],
                       concat(ShipFile::names[k], ": ", to_string(why)));
  }
  struct GridShip {
    char symbol;
    int id;
  };
  for (const GridShip s : {GridShip{'C', 0}, GridShip{'D', 3}, GridShip{'S', 4}}) {
    std::vector<Coord> cells;
    for (int r = 0; r < 10; ++r)
      for (int c = 0; c < 10; ++c)
        if (grid.at(Coord{r, c}) == s.symbol) cells.push_back(Coord{r, c});
    const int length = fleets::bbm103.ship(s.id).length;
    const bool straight =
        static_cast<int>(cells.size()) == length &&
        (std::all_of(cells.begin(), cells.end(), [&](Coord c) { return c.row == cells[0].row; }) ||
         std::all_of(cells.begin(), cells.end(), [&](Coord c) { return c.col == cells[0].col; }));
    const Orientation o = !cells.empty() && cells.back().row == cells.front().row
                              ? Orientation::horizontal
                              : Orientation::vertical;
    const Placement p{cells.empty() ? Coord{} : cells.front(), o, length};
    if (!straight || !(p.last() == cells.back()))
      throw InputError(grid.file, cells.empty() ? 0 : cells.front().row + 1,
                       concat("the ", fleets::bbm103.ship(s.id).name, " ('", s.symbol, "') covers ",
                              cells.size(), " cells; it must be one straight run of ", length));
    const PlacementRefusal why = ocean.place(s.id, p);
    if (why != PlacementRefusal::none)
      throw InputError(grid.file, p.origin.row + 1,
                       concat("the ", fleets::bbm103.ship(s.id).name, ": ", to_string(why)));
  }
  for (int r = 0; r < 10; ++r)
    for (int c = 0; c < 10; ++c) {
      const char symbol = grid.at(Coord{r, c});
      if ((symbol == 'B' || symbol == 'P') && !ocean.ship_at(Coord{r, c}))
        throw InputError(grid.file, r + 1,
                         concat("the '", symbol, "' at ", detail::cell_text(Coord{r, c}),
                                " is not part of any ",
                                symbol == 'B' ? "Battleship" : "Patrol Boat", " of ", ships.file));
    }
  return ocean;
}

// ---- the report ----

/// The symbol the seed draws at `c` of `ocean`: `X` hit, `0` miss, and, when `reveal`, the ship's
/// letter on an unshot ship cell; `-` otherwise.
[[nodiscard]] inline char cell_symbol(const FleetOcean& ocean, Coord c, bool reveal) {
  if (ocean.was_shot(c)) return ocean.ship_at(c) ? hit_mark : miss_mark;
  if (reveal)
    if (const auto s = ocean.ship_at(c)) return ocean.fleet().ship(*s).symbol;
  return water_mark;
}

/// The two boards side by side as the seed's `show_boards` draws them, from the column header
/// on (`first` is player 1's own board, shot at by player 2).
[[nodiscard]] inline std::string board_rows(const FleetOcean& first, const FleetOcean& second,
                                            bool reveal) {
  std::string out = " A B C D E F G H I J\t\t A B C D E F G H I J\n";
  for (int r = 0; r < 10; ++r) {
    for (const FleetOcean* o : {&first, &second}) {
      out += detail::concat(r + 1);
      if (r + 1 < 10) out += ' ';
      for (int c = 0; c < 10; ++c) {
        out += cell_symbol(*o, Coord{r, c}, reveal);
        if (c < 9) out += ' ';
      }
      out += o == &first ? "\t\t" : "\n";
    }
  }
  out += '\n';
  return out;
}

/// Both players' ship tallies as the seed's `show_ship_counter` writes them: per class, `X` for
/// each sunk ship then `-` for each afloat, separated by blanks.
[[nodiscard]] inline std::string ship_tallies(const FleetOcean& first, const FleetOcean& second) {
  const Fleet& fleet = fleets::bbm103;
  const auto tally = [&](const FleetOcean& o, int class_index) {
    int sunk = 0, count = 0;
    for (int id = 0; id < fleet.ship_count(); ++id)
      if (fleet.ship(id).class_index == class_index) {
        ++count;
        sunk += o.is_sunk(id) ? 1 : 0;
      }
    std::string s;
    for (int i = 0; i < count; ++i) {
      if (i > 0) s += ' ';
      s += i < sunk ? hit_mark : water_mark;
    }
    return s;
  };
  // Seed order and padding: Carrier, Battleship, Destroyer, Submarine, Patrol Boat.
  static constexpr std::array<std::pair<std::string_view, int>, 5> rows{{{"Carrier\t\t", 0},
                                                                         {"Battleship\t", 1},
                                                                         {"Destroyer\t", 2},
                                                                         {"Submarine\t", 3},
                                                                         {"Patrol Boat\t", 4}}};
  std::string out;
  for (const auto& [label, k] : rows)
    out += detail::concat(label, tally(first, k), "\t\t\t", label, tally(second, k), "\n");
  out += '\n';
  return out;
}

/// The seed's heading of a move: `Player1's Move`, the round, both hidden boards, both tallies.
[[nodiscard]] inline std::string move_heading(int player, int round, const FleetOcean& first,
                                              const FleetOcean& second) {
  return detail::concat("Player", player + 1, "'s Move\n\nRound : ", round,
                        "\t\t\t\t\tGrid Size: 10x10\n\n",
                        "Player1's Hidden Board\t\tPlayer2's Hidden Board\n",
                        board_rows(first, second, false), ship_tallies(first, second));
}

/// The seed's closing section: `Final Information`, both boards with unshot ship cells shown,
/// both tallies.
[[nodiscard]] inline std::string final_information(const FleetOcean& first,
                                                   const FleetOcean& second) {
  return detail::concat("Final Information\n\nPlayer1's Board\t\t\t\tPlayer2's Board\n",
                        board_rows(first, second, true), ship_tallies(first, second));
}

// ---- the replay ----

/// The six input texts of a replay and the names messages give their files.
struct ReplayInput {
  std::array<std::string, 2> grids;      ///< `Player1.txt`, `Player2.txt` contents.
  std::array<std::string, 2> ship_files; ///< `OptionalPlayer1.txt`, `OptionalPlayer2.txt`.
  /// Why a ship file could not be opened, in Python's words (`[Errno 2] No such file or
  /// directory: '/game/OptionalPlayer1.txt'`); empty when it was read.
  std::array<std::string, 2> ship_file_errors;
  std::array<std::string, 2> shots; ///< `Player1.in`, `Player2.in` contents.
  std::array<std::string, 2> grid_names{"Player1.txt", "Player2.txt"}; ///< For messages.
  std::array<std::string, 2> ship_file_names{"OptionalPlayer1.txt",
                                             "OptionalPlayer2.txt"}; ///< For messages.
  std::array<std::string, 2> shot_names{"Player1.in", "Player2.in"}; ///< For messages.
};

/// A replay's report.
struct ReplayResult {
  /// Exactly what the seed writes to `Battleship.out` (it prints the same plus a newline), or,
  /// where it would crash, what it had written up to then followed by the precise error line.
  std::string text;
  /// Whether the game was played to its end (false after an error or an unreachable file).
  bool played = false;
  /// The precise error, or the unreachable-file line, when not played; empty otherwise.
  std::string error;
};

namespace detail {
/// What both shot-list readers and the heading writer share during a replay.
struct Transcript {
  std::string text;
  std::array<std::vector<std::string>, 2> shots;
  std::array<std::vector<int>, 2> shot_lines;
  std::array<std::size_t, 2> next{};
  std::array<const FleetOcean*, 2> oceans{};
  std::array<std::string, 2> shot_names;
  std::optional<InputError> error;
};

/// The game's observer: writes each move's heading.
struct HeadingWriter {
  Transcript* t = nullptr;
  void on_turn_start(int player, int round) {
    t->text += move_heading(player, round, *t->oceans[0], *t->oceans[1]);
  }
};

/// A shooter reading a shot list with the seed's retry rule: a refused shot writes the seed's
/// error and the next shot is read; past the end it writes `list index out of range` and
/// names an off-board cell (a wasted turn under `rulesets::bbm103`).
class ShotListShooter {
public:
  ShotListShooter(Transcript* t, int player) : t_(t), p_(static_cast<std::size_t>(player)) {}
  void start(const TargetView<Shape>&) noexcept {}
  Coord next_shot(const TargetView<Shape>&, Rng&) {
    Transcript& t = *t_;
    const auto& list = t.shots[p_];
    std::size_t& i = t.next[p_];
    for (;;) {
      if (i >= list.size()) {
        t.text += "list index out of range";
        return off_board;
      }
      const std::string& shot = list[i];
      t.text += concat("Enter your move: ", shot, "\n\n");
      const ShotCheck check = check_shot(shot);
      if (check.verdict == ShotVerdict::valid) {
        ++i;
        return check.cell;
      }
      if (check.verdict == ShotVerdict::unsupported) {
        t.error.emplace(t.shot_names[p_], t.shot_lines[p_][i],
                        concat("shot ", i + 1, ' ', quote_text(shot), ": ", check.problem));
        return off_board;
      }
      t.text += shot_error_text(check.verdict, shot);
      ++i;
    }
  }
  void on_result(const TargetView<Shape>&, Coord, const ShotOutcome&) noexcept {}

private:
  static constexpr Coord off_board{-1, -1};
  Transcript* t_;
  std::size_t p_;
};
} // namespace detail

/// Replays a game from the six input texts (as read from the files, before Python's newline
/// translation, which this applies) and returns the seed's report.
///
/// The game is the engine's `Game` under `rulesets::bbm103` (player 2's equalising shot, a draw
/// when both fleets sink in one round, a repeated shot wasted), with no limit on wasted shots.
/// It goes on while both players have shots left at the start of a round, as the seed's loop
/// does. Invalid UTF-8 (which the seed cannot read) and the input errors described in this
/// header end the report with a precise error.
[[nodiscard]] inline ReplayResult replay(const ReplayInput& in) {
  ReplayResult result;
  detail::Transcript t;
  try {
    const auto read = [](const std::string& raw, const std::string& name) {
      if (const auto bad = battleship::detail::utf8_error(raw)) {
        // The line as Python counts it (after newline translation) and the byte within it.
        const std::string before = detail::universal_newlines(raw.substr(0, bad->offset));
        const std::size_t line_start = before.rfind('\n') + 1; // 0 on the first line
        static constexpr char hex[] = "0123456789abcdef";
        const auto byte = static_cast<unsigned char>(raw[bad->offset]);
        throw InputError(name, detail::line_of(before, before.size()),
                         detail::concat("byte ", before.size() - line_start + 1, " (0x",
                                        hex[byte >> 4], hex[byte & 15], ") is not UTF-8 (",
                                        bad->reason,
                                        "); the seed's program reads its files as UTF-8 text"));
      }
      return detail::universal_newlines(raw);
    };
    const std::array<std::string, 2> grid_text{read(in.grids[0], in.grid_names[0]),
                                               read(in.grids[1], in.grid_names[1])};
    const std::array<std::string, 2> shot_text{read(in.shots[0], in.shot_names[0]),
                                               read(in.shots[1], in.shot_names[1])};
    const std::array<FleetGrid, 2> grids{parse_fleet_grid(grid_text[0], in.grid_names[0]),
                                         parse_fleet_grid(grid_text[1], in.grid_names[1])};
    std::array<ShipFile, 2> ships;
    for (std::size_t p = 0; p < 2; ++p) {
      if (!in.ship_file_errors[p].empty()) {
        result.error = detail::concat("IOError: input file(s) ", in.ship_file_errors[p],
                                      " is/are not reachable.");
        result.text = result.error;
        return result;
      }
      ships[p] =
          parse_ship_file(read(in.ship_files[p], in.ship_file_names[p]), in.ship_file_names[p]);
    }
    const std::array<FleetOcean, 2> oceans{make_ocean(grids[0], ships[0]),
                                           make_ocean(grids[1], ships[1])};
    for (std::size_t p = 0; p < 2; ++p) {
      t.shots[p] = split_shots(shot_text[p]);
      // Each shot's line, counted on from the last shot's (counting from the start each time
      // took 6 s for a 400 KB list).
      std::size_t offset = 0, last_offset = 0;
      int line = 1;
      for (const std::string& s : t.shots[p]) {
        line = detail::line_of(shot_text[p], offset, last_offset, line);
        last_offset = offset;
        t.shot_lines[p].push_back(line);
        offset += s.size() + 1;
      }
      t.shot_names[p] = in.shot_names[p];
    }

    Rules rules = rulesets::bbm103;
    rules.max_invalid_in_a_row = INT_MAX;
    Game<Shape, detail::HeadingWriter, detail::ShotListShooter> game(
        Board<Shape>{}, fleets::bbm103, rules, detail::ShotListShooter(&t, 0),
        detail::ShotListShooter(&t, 1));
    for (int p = 0; p < 2; ++p) // the fleet files were checked when read
      if (game.set_ocean(p, oceans[static_cast<std::size_t>(p)]) != OceanRefusal::none)
        throw std::logic_error("a checked BBM103 fleet was refused");
    t.oceans = {&game.ocean(0), &game.ocean(1)};
    detail::HeadingWriter headings{&t};
    game.observe(&headings);

    t.text += "Battle of Ships Game\n\n";
    while (!game.is_over()) {
      if (game.to_move() == 0 && !(t.next[0] < t.shots[0].size() && t.next[1] < t.shots[1].size()))
        break;
      game.play_turn();
      if (t.error) throw *t.error;
    }
    const GameOutcome& outcome = game.outcome();
    if (outcome.end == GameEnd::draw) t.text += "It is a Draw!\n\n";
    if (outcome.end == GameEnd::win)
      t.text += detail::concat("Player", outcome.winner + 1, " Wins!\n\n");
    if (outcome.end == GameEnd::aborted)
      throw InputError(in.shot_names[0], 0, detail::concat("the game stopped: ", outcome.reason));
    t.text += final_information(game.ocean(0), game.ocean(1));
    result.played = true;
  } catch (const InputError& e) {
    result.error = e.what();
    t.text += result.error;
  }
  result.text = std::move(t.text);
  return result;
}

/// The most bytes `replay_files` reads of an input file: the seed's files are a few hundred bytes,
/// and a larger one (an endless device, a wrong file) is refused with a precise error.
inline constexpr std::size_t max_input_bytes = std::size_t{1} << 20;

namespace detail {
/// Python's `os.path.join(dir, name)`.
inline std::string join_path(const std::string& dir, const std::string& name) {
  if (!name.empty() && name.front() == '/') return name;
  if (dir.empty() || dir.back() == '/') return dir + name;
  return dir + '/' + name;
}

/// Reads `path` whole; on failure returns the `errno` Python's `open()` would report. Stops after
/// `max_input_bytes` + 1 bytes, so that an endless file (`/dev/zero`) ends; the caller refuses it.
inline std::optional<std::string> read_file(const std::string& path, int& error) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    error = EISDIR;
    return std::nullopt;
  }
  errno = 0;
#ifdef _MSC_VER
  // MSVC deprecates fopen (warning C4996, an error under /sdl) for its own fopen_s.
  std::FILE* f = nullptr;
  if (const errno_t opened = fopen_s(&f, path.c_str(), "rb"); opened != 0) errno = opened;
#else
  std::FILE* f = std::fopen(path.c_str(), "rb");
#endif
  if (!f) {
    error = errno != 0 ? errno : ENOENT;
    return std::nullopt;
  }
  std::string text;
  char buffer[4096];
  std::size_t n = 0;
  while (text.size() <= max_input_bytes && (n = std::fread(buffer, 1, sizeof buffer, f)) > 0)
    text.append(buffer, n);
  const bool failed = std::ferror(f) != 0;
  std::fclose(f);
  if (failed) {
    error = EIO;
    return std::nullopt;
  }
  return text;
}

/// Python's `repr` of a path string: single quotes unless it holds one and no double quote, a
/// backslash and the quote escaped, ASCII control characters as `\t`, `\n`, `\r` or `\xhh`.
/// Bytes from 0x80 are kept as they are: Python shows the printable characters they encode so,
/// and escapes the few that are not (`\x85`, `\u2028`), which this does not.
inline std::string python_repr(const std::string& s) {
  const char q = s.find('\'') != std::string::npos && s.find('"') == std::string::npos ? '"' : '\'';
  std::string out(1, q);
  for (const char c : s) {
    const auto byte = static_cast<unsigned char>(c);
    if (c == '\t') {
      out += "\\t";
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else if (byte < 0x20 || byte == 0x7f) {
      constexpr const char* hex = "0123456789abcdef";
      out += "\\x";
      out += hex[byte >> 4];
      out += hex[byte & 0xf];
    } else {
      if (c == '\\' || c == q) out += '\\';
      out += c;
    }
  }
  out += q;
  return out;
}
} // namespace detail

/// Replays a game from files as the seed's program does when run in `dir` (the current
/// directory by default): `Player1.txt Player2.txt Player1.in Player2.in` are paths relative to
/// `dir` (or absolute), the ship files are `dir/OptionalPlayer1.txt` and
/// `dir/OptionalPlayer2.txt`.
///
/// If any of the four named files cannot be opened the report is the seed's one line,
/// `IOError: input file(s) Player1.in, Player2.in is/are not reachable.`; a ship file that
/// cannot be opened gives the seed's line with Python's error text, e.g. `IOError: input file(s)
/// [Errno 2] No such file or directory: '/game/OptionalPlayer1.txt' is/are not reachable.`.
/// Nothing is written: the caller prints `text` and writes it to `Battleship.out`.
///
/// A file larger than `max_input_bytes` (1 MiB) is refused with a precise error naming it, and
/// read no further, so that an endless device ends.
[[nodiscard]] inline ReplayResult
replay_files(const std::string& player1_txt, const std::string& player2_txt,
             const std::string& player1_in, const std::string& player2_in, std::string dir = {}) {
  if (dir.empty()) dir = std::filesystem::current_path().string();
  ReplayResult result;
  const auto unreachable = [&](const std::string& what) {
    result.error = detail::concat("IOError: input file(s) ", what, " is/are not reachable.");
    result.text = result.error;
    return result;
  };
  const std::array<std::string, 4> args{player1_txt, player2_txt, player1_in, player2_in};
  std::array<std::string, 4> texts;
  std::string missing;
  bool any_missing = false; // a name can be empty ("dir/"): the list's emptiness cannot tell
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string path = detail::join_path(dir, args[i]);
    int error = 0;
    if (auto text = detail::read_file(path, error)) {
      texts[i] = std::move(*text);
      continue;
    }
    if (any_missing) missing += ", ";
    any_missing = true;
    // The seed names a file by its base name; one with none is named as given.
    const std::string name = path.substr(path.rfind('/') + 1);
    missing += !name.empty() ? name : args[i].empty() ? "''" : args[i];
  }
  if (any_missing) return unreachable(missing);
  const auto base = [](const std::string& a) { return a.substr(a.rfind('/') + 1); };
  const auto too_large = [&](const std::string& name) {
    result.error = InputError(name, 0,
                              detail::concat("the file holds more than ", max_input_bytes,
                                             " bytes, which no BBM103 input file does"))
                       .what();
    result.text = result.error;
    return result;
  };
  for (std::size_t i = 0; i < args.size(); ++i)
    if (texts[i].size() > max_input_bytes) return too_large(base(args[i]));

  ReplayInput in;
  in.grids = {texts[0], texts[1]};
  in.shots = {texts[2], texts[3]};
  in.grid_names = {base(args[0]), base(args[1])};
  in.shot_names = {base(args[2]), base(args[3])};
  for (std::size_t p = 0; p < 2; ++p) {
    const std::string path = detail::join_path(dir, in.ship_file_names[p]);
    int error = 0;
    if (auto text = detail::read_file(path, error))
      in.ship_files[p] = std::move(*text);
    else
      in.ship_file_errors[p] = // strerror's text, without the function MSVC deprecates
          detail::concat("[Errno ", error, "] ", std::generic_category().message(error), ": ",
                         detail::python_repr(path));
    if (in.ship_files[p].size() > max_input_bytes) return too_large(in.ship_file_names[p]);
  }
  return replay(in);
}

} // namespace battleship::bbm103
