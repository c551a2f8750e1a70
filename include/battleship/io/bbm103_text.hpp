/// @file io/bbm103_text.hpp
/// @brief The BBM103 "Battle of Ships" input files (seed 000): the fleet grid (`Player1.txt`), the
/// ship file (`OptionalPlayer1.txt`) and the shot list (`Player1.in`), read as the seed reads them.
///
/// Parsers throw `bbm103::InputError` naming the file and the line; `compat/bbm103.hpp` turns
/// the files into oceans and replays the game.
#pragma once

#include <algorithm>
#include <array>
#include <climits>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <battleship/coord.hpp>
#include <battleship/detail/text.hpp>
#include <battleship/detail/unicode.hpp>
#include <battleship/io/coord_text.hpp>
#include <battleship/shape.hpp>

/// Seed 000, BBM103 "Battle of Ships", on the engine.
namespace battleship::bbm103 {

/// The seed's board: 10 x 10, rows 1-10 and columns A-J.
using Shape = ClassicShape;
/// How an empty cell (water, or unshot without a shown ship) is drawn.
inline constexpr char water_mark = '-';

/// A precise error in one input file: which file, which line (from 1; 0 when no one line is to
/// blame) and what is wrong.
class InputError : public std::runtime_error {
public:
  /// An error in `file` at `line` saying `message`.
  InputError(std::string file, int line, const std::string& message)
      : std::runtime_error(format(file, line, message)), file_(std::move(file)), line_(line) {}
  /// The file's name as given (e.g. `Player1.txt`).
  [[nodiscard]] const std::string& file() const noexcept { return file_; }
  /// The line, from 1, or 0.
  [[nodiscard]] int line() const noexcept { return line_; }

private:
  static std::string format(const std::string& file, int line, const std::string& message) {
    if (line > 0) return detail::concat("Error: ", file, ", line ", line, ": ", message);
    return detail::concat("Error: ", file, ": ", message);
  }
  std::string file_;
  int line_;
};

namespace detail {
using battleship::detail::concat;

/// `s` with `\r\n` and lone `\r` turned into `\n`: Python's universal newlines, which the seed's
/// `open()` applies.
inline std::string universal_newlines(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] != '\r') {
      out.push_back(s[i]);
      continue;
    }
    out.push_back('\n');
    if (i + 1 < s.size() && s[i + 1] == '\n') ++i;
  }
  return out;
}

/// `s` split at every `sep`, keeping empty pieces (Python's `str.split(sep)`).
inline std::vector<std::string_view> split(std::string_view s, char sep) {
  std::vector<std::string_view> parts;
  std::size_t start = 0;
  for (;;) {
    const std::size_t at = s.find(sep, start);
    if (at == std::string_view::npos) {
      parts.push_back(s.substr(start));
      return parts;
    }
    parts.push_back(s.substr(start, at - start));
    start = at + 1;
  }
}

using battleship::detail::quote_text;

/// `1-based row` and `column letter` of `c`, the seed's way: `5,E`.
inline std::string cell_text(Coord c) {
  return format_coord(c, CoordNotation::bbm103);
}

/// Line number (from 1) of byte `offset` in `text`, counted on from byte `from` (at most
/// `offset`), which is on line `line_of_from`: a caller walking forward through a text counts
/// each stretch once instead of from the start each time.
inline int line_of(std::string_view text, std::size_t offset, std::size_t from = 0,
                   int line_of_from = 1) {
  return line_of_from +
         static_cast<int>(std::count(text.begin() + static_cast<std::ptrdiff_t>(from),
                                     text.begin() + static_cast<std::ptrdiff_t>(offset), '\n'));
}
} // namespace detail

// ---- the fleet grid (Player1.txt) ----

/// A fleet grid as read from `PlayerN.txt`: each cell's symbol (`C B D S P`, or `-` for water)
/// and the line each row came from.
struct FleetGrid {
  std::array<std::array<char, 10>, 10> cells{}; ///< `cells[row][col]`, both from 0.
  std::string file;                             ///< The file's name, for messages.
  /// The symbol at `c`.
  [[nodiscard]] char at(Coord c) const noexcept {
    return cells[static_cast<std::size_t>(c.row)][static_cast<std::size_t>(c.col)];
  }
};

/// Reads a fleet grid the way the seed does: line `r` is row `r`, cells separated by `;`
/// (`;;;B;;C;;;;`); lines and cells past the tenth are ignored while empty.
///
/// Throws `InputError` (naming `file` and the line) where the seed crashes (a ship letter past
/// the tenth row or column) and where a cell is not empty, `-` or one of `C B D S P`. `text` is
/// the file's content after Python's newline translation (see `replay`).
[[nodiscard]] inline FleetGrid parse_fleet_grid(std::string_view text, const std::string& file) {
  using detail::concat;
  FleetGrid grid;
  grid.file = file;
  for (auto& row : grid.cells) row.fill(water_mark);
  const auto lines = detail::split(text, '\n');
  for (std::size_t r = 0; r < lines.size(); ++r) {
    const int line = static_cast<int>(r) + 1;
    const auto cells = detail::split(lines[r], ';');
    for (std::size_t c = 0; c < cells.size(); ++c) {
      const std::string_view cell = cells[c];
      if (cell.empty()) continue;
      if (r >= 10)
        throw InputError(
            file, line,
            concat("the grid has 10 rows, but this line has ", detail::quote_text(cell)));
      if (c >= 10)
        throw InputError(file, line,
                         concat("cell ", c + 1, " holds ", detail::quote_text(cell),
                                "; a row has 10 cells, separated by ';'"));
      if (cell == "-") continue;
      if (cell.size() != 1 || std::string_view("CBDSP").find(cell[0]) == std::string_view::npos)
        throw InputError(file, line,
                         concat("cell ",
                                detail::cell_text(Coord{static_cast<int>(r), static_cast<int>(c)}),
                                " holds ", detail::quote_text(cell),
                                "; a cell is empty, '-', or one ship letter: C, B, D, S or P"));
      grid.cells[r][c] = cell[0];
    }
  }
  return grid;
}

// ---- the ship file (OptionalPlayer1.txt) ----

/// Where a player's Battleships and Patrol Boats lie, as read from `OptionalPlayerN.txt`.
struct ShipFile {
  /// Names in file order of the fleet's ships 1, 2 (Battleships) and 5 to 8 (Patrol Boats).
  static constexpr std::array<std::string_view, 6> names{"B1", "B2", "P1", "P2", "P3", "P4"};
  std::array<Placement, 6> ships{}; ///< Placement of `names[i]`.
  std::array<int, 6> lines{};       ///< Line (from 1) that placed `names[i]`.
  std::string file;                 ///< The file's name, for messages.
};

/// Reads a ship file the way the seed does: one ship per line, `NAME:ROW,COL;DIRECTION;`, e.g.
/// `B1:6,B;right;` or `P3:2,J;down;`; a `B` ship is 4 long, a `P` ship 2.
///
/// Throws `InputError` (naming `file` and the line) where the seed crashes (no `:`, not two
/// `;`-terminated fields, an empty line, a bad number or column) and where the seed would play
/// on with a fleet its author does not allow: a name other than `B1 B2 P1 P2 P3 P4` or one given
/// twice or never, a direction other than `right` or `down`, a row outside 1-10 or a column
/// outside A-J, a ship running off the board, text after the last `;`.
[[nodiscard]] inline ShipFile parse_ship_file(std::string_view text, const std::string& file) {
  using detail::concat;
  using detail::quote_text;
  ShipFile out;
  out.file = file;
  const auto lines = detail::split(text, '\n');
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const int line = static_cast<int>(i) + 1;
    const std::string_view s = lines[i];
    const char* form = "; the form is NAME:ROW,COL;DIRECTION; as in 'B1:5,E;right;'";
    if (s.empty())
      throw InputError(file, line, concat("empty line; every line places one ship", form));
    const auto halves = detail::split(s, ':');
    if (halves.size() != 2)
      throw InputError(
          file, line,
          concat(quote_text(s), " has ", halves.size() - 1, " ':' instead of one", form));
    const std::string_view name = halves[0];
    const auto fields = detail::split(halves[1], ';');
    if (fields.size() != 3)
      throw InputError(
          file, line,
          concat(quote_text(s), " has ", fields.size() - 1, " ';' instead of two", form));
    const auto pos = detail::split(fields[0], ',');
    // The seed reads the row with int() (blanks, a sign, '_' and any script's digits) and the
    // column with ord() (one character).
    const auto row_value =
        pos.size() == 2 ? battleship::detail::python_int(pos[0], INT_MAX) : std::nullopt;
    const auto col_text = pos.size() == 2 ? battleship::detail::decode_utf8(pos[1]) : std::nullopt;
    if (!row_value || !col_text || col_text->size() != 1)
      throw InputError(file, line,
                       concat("the position ", quote_text(fields[0]),
                              " is not ROW,COL with a row from 1 and one column letter", form));
    const long long row = *row_value;
    const char32_t col = (*col_text)[0];
    const std::string_view direction = fields[1];
    if (fields[2].find_first_not_of(" \t") != std::string_view::npos)
      throw InputError(file, line,
                       concat("unexpected ", quote_text(fields[2]), " after the last ';'"));
    const auto which = std::find(ShipFile::names.begin(), ShipFile::names.end(), name);
    if (which == ShipFile::names.end())
      throw InputError(file, line,
                       concat("unknown ship ", quote_text(name),
                              "; the ships are B1, B2 (Battleships) and P1 to P4 (Patrol Boats)"));
    const auto k = static_cast<std::size_t>(which - ShipFile::names.begin());
    if (out.lines[k] != 0)
      throw InputError(file, line,
                       concat(name, " is placed twice (first on line ", out.lines[k], ")"));
    if (row < 1 || row > 10 || col < U'A' || col > U'J')
      throw InputError(file, line,
                       concat("the position ", quote_text(fields[0]),
                              " is off the board (rows 1-10, columns A-J)"));
    if (direction != "right" && direction != "down")
      throw InputError(
          file, line, concat("the direction ", quote_text(direction), " is not 'right' or 'down'"));
    const Placement p{Coord{static_cast<int>(row) - 1, static_cast<int>(col - U'A')},
                      direction == "right" ? Orientation::horizontal : Orientation::vertical,
                      name[0] == 'B' ? 4 : 2};
    if (!contains(Shape{}, p))
      throw InputError(file, line,
                       concat(name, " at ", detail::cell_text(p.origin), " going ", direction,
                              " runs off the board"));
    out.ships[k] = p;
    out.lines[k] = line;
  }
  for (std::size_t k = 0; k < ShipFile::names.size(); ++k)
    if (out.lines[k] == 0) throw InputError(file, 0, concat("no line places ", ShipFile::names[k]));
  return out;
}

// ---- shots (Player1.in) ----

/// The seed's shot list: the file split at `;`, without the piece after the last `;` (so
/// `5,E;10,G;` is two shots; a last shot without its `;` is dropped, as the seed drops it).
[[nodiscard]] inline std::vector<std::string> split_shots(std::string_view text) {
  auto pieces = detail::split(text, ';');
  pieces.pop_back();
  return {pieces.begin(), pieces.end()};
}

/// What the seed makes of one shot's text.
enum class ShotVerdict : std::uint8_t {
  valid,              ///< A cell of the board: the shot is fired.
  missing_argument,   ///< Fewer than two comma-separated parts, or an empty one.
  too_many_arguments, ///< More than two parts.
  bad_arguments,      ///< The row is not all numeric characters or the column not all letters,
                      ///< in Python's Unicode sense (`str.isnumeric`, `str.isalpha`).
  int_refused,        ///< The row is numeric but Python's `int()` raises `ValueError`: a numeric
               ///< character that is not a decimal digit (`²`, `½`, `五`), or more than 4300
               ///< digits. The seed prints `int()`'s own message, with no newline.
  invalid_operation, ///< Read, but off the board: row 0 or over 10, a column other than A-J
                     ///< (`a`, `K`, `é`, the fullwidth `Ａ`). Rows may be any decimal digits
                     ///< `int()` reads (`٣` is 3, the fullwidth `３` too).
  unsupported, ///< The seed's program would crash (a column of several letters: `ord()` fails)
               ///< or the text is not UTF-8: a precise error.
};

/// A shot's verdict, its cell when valid, and the explanation when unsupported.
struct ShotCheck {
  ShotVerdict verdict = ShotVerdict::valid; ///< What the seed makes of it.
  Coord cell;                               ///< The cell, when valid.
  std::string problem;                      ///< Why it is unsupported, when it is.
};

namespace detail {
/// The `ValueError` message Python's `int()` gives for `row` (UTF-8, all `str.isnumeric()`),
/// or nothing when `int()` reads it; `value` gets the number then (saturated at `INT_MAX`).
inline std::optional<std::string> python_int_error(std::string_view row, int& value) {
  const std::u32string cps = battleship::detail::decode_utf8(row).value_or(std::u32string{});
  // int() counts the digits before the first character it cannot read, checks their number
  // against its limit, and only then refuses the unreadable character.
  const auto first_bad = std::find_if(
      cps.begin(), cps.end(), [](char32_t c) { return battleship::detail::py_decimal(c) < 0; });
  const auto digits = static_cast<std::size_t>(first_bad - cps.begin());
  if (digits > battleship::detail::py_int_max_str_digits)
    return concat("Exceeds the limit (", battleship::detail::py_int_max_str_digits,
                  " digits) for integer string conversion: value has ", digits,
                  " digits; use sys.set_int_max_str_digits() to increase the limit");
  if (first_bad != cps.end()) {
    // "%.200R": repr() cut to 200 characters. Numeric characters print as they are.
    std::string repr = "'";
    for (std::size_t i = 0; i < cps.size() && i < 199; ++i)
      repr += battleship::detail::encode_utf8(cps[i]);
    if (cps.size() + 2 <= 200) repr += '\'';
    return concat("invalid literal for int() with base 10: ", repr);
  }
  long long n = 0;
  for (const char32_t c : cps)
    n = std::min<long long>(n * 10 + battleship::detail::py_decimal(c), INT_MAX);
  value = static_cast<int>(n);
  return std::nullopt;
}
} // namespace detail

/// Checks `shot` in the seed's order: missing argument, too many, bad arguments (Python's
/// `isnumeric` on the row, `isalpha` on the column), `int()` on the row, `ord()` on the column,
/// then the board's range (`5,E` is row 5, column E; rows 1-10, columns A-J, upper case only).
/// `shot` is UTF-8; the character classes are Python 3.11's (see `detail/unicode_tables.hpp`).
[[nodiscard]] inline ShotCheck check_shot(std::string_view shot) {
  using battleship::detail::py_isalpha;
  using battleship::detail::py_isnumeric;
  const auto parts = detail::split(shot, ',');
  if (parts.size() < 2 || std::find(parts.begin(), parts.end(), "") != parts.end())
    return {ShotVerdict::missing_argument, {}, {}};
  if (parts.size() > 2) return {ShotVerdict::too_many_arguments, {}, {}};
  const auto row = battleship::detail::decode_utf8(parts[0]);
  const auto col = battleship::detail::decode_utf8(parts[1]);
  if (!row || !col)
    return {
        ShotVerdict::unsupported, {}, "the shot is not UTF-8 text, which the seed's program reads"};
  if (!std::all_of(row->begin(), row->end(), py_isnumeric) ||
      !std::all_of(col->begin(), col->end(), py_isalpha))
    return {ShotVerdict::bad_arguments, {}, {}};
  int value = 0;
  if (detail::python_int_error(parts[0], value)) return {ShotVerdict::int_refused, {}, {}};
  if (col->size() != 1)
    return {ShotVerdict::unsupported,
            {},
            detail::concat("the column ", detail::quote_text(parts[1]),
                           " has several letters; it must be one letter A-J, as in '3,A'")};
  const int r = value - 1;
  const char32_t c = (*col)[0];
  if (r < 0 || r > 9 || c < U'A' || c > U'J') return {ShotVerdict::invalid_operation, {}, {}};
  return {ShotVerdict::valid, Coord{r, static_cast<int>(c - U'A')}, {}};
}

/// The seed's error text for a refused shot, e.g. `ValueError: Bad arguments. You entered '3,?'
/// ,the correct format would be such as '3,A'.` and its two newlines, or Python's `int()` message
/// (`invalid literal for int() with base 10: '五'`) without one; empty for `valid` and
/// `unsupported`.
[[nodiscard]] inline std::string shot_error_text(ShotVerdict verdict, std::string_view shot) {
  using detail::concat;
  const auto tail = [&] {
    return concat(" You entered '", shot, "' ,the correct format would be such as '3,A'.\n\n");
  };
  switch (verdict) {
  case ShotVerdict::missing_argument: return concat("IndexError: Missing argument.", tail());
  case ShotVerdict::too_many_arguments: return concat("ValueError: Too many arguments.", tail());
  case ShotVerdict::bad_arguments: return concat("ValueError: Bad arguments.", tail());
  case ShotVerdict::int_refused: {
    int value = 0;
    return detail::python_int_error(shot.substr(0, shot.find(',')), value).value_or("");
  }
  case ShotVerdict::invalid_operation: return "AssertionError: Invalid Operation.\n\n";
  case ShotVerdict::valid:
  case ShotVerdict::unsupported: return {};
  }
  return {};
}

} // namespace battleship::bbm103
