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
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <battleship/coord.hpp>
#include <battleship/detail/text.hpp>
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

/// Whether `s` is well-formed UTF-8 (what Python's strict decoder accepts).
inline bool is_utf8(std::string_view s) {
  std::size_t i = 0;
  while (i < s.size()) {
    const auto b = static_cast<unsigned char>(s[i]);
    int extra = 0;
    unsigned lo = 0x80, hi = 0xBF;
    if (b < 0x80) {
      ++i;
      continue;
    }
    if (b >= 0xC2 && b <= 0xDF)
      extra = 1;
    else if (b == 0xE0)
      extra = 2, lo = 0xA0;
    else if (b == 0xED)
      extra = 2, hi = 0x9F;
    else if (b >= 0xE1 && b <= 0xEF)
      extra = 2;
    else if (b == 0xF0)
      extra = 3, lo = 0x90;
    else if (b == 0xF4)
      extra = 3, hi = 0x8F;
    else if (b >= 0xF1 && b <= 0xF3)
      extra = 3;
    else
      return false;
    if (i + static_cast<std::size_t>(extra) >= s.size()) return false;
    for (int k = 1; k <= extra; ++k) {
      const auto c = static_cast<unsigned char>(s[i + static_cast<std::size_t>(k)]);
      const unsigned first_lo = k == 1 ? lo : 0x80, first_hi = k == 1 ? hi : 0xBF;
      if (c < first_lo || c > first_hi) return false;
    }
    i += static_cast<std::size_t>(extra) + 1;
  }
  return true;
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

/// `s` quoted for a message, with control and non-ASCII bytes escaped (`\r`, `\x0b`).
inline std::string quote_text(std::string_view s) {
  std::string out = "'";
  for (const char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    if (ch == '\n')
      out += "\\n";
    else if (ch == '\r')
      out += "\\r";
    else if (ch == '\t')
      out += "\\t";
    else if (c < 0x20 || c >= 0x7F) {
      static constexpr char hex[] = "0123456789abcdef";
      out += "\\x";
      out.push_back(hex[c >> 4]);
      out.push_back(hex[c & 15]);
    } else {
      out.push_back(ch);
    }
  }
  out += "'";
  return out;
}

inline bool is_ascii_digit(char c) {
  return c >= '0' && c <= '9';
}
inline bool is_ascii_letter(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}
inline bool is_ascii(char c) {
  return static_cast<unsigned char>(c) < 0x80;
}

/// The value of a string of ASCII digits, saturated at `INT_MAX`.
inline int digits_value(std::string_view s) {
  long long n = 0;
  for (const char c : s) n = std::min<long long>(n * 10 + (c - '0'), INT_MAX);
  return static_cast<int>(n);
}

/// `1-based row` and `column letter` of `c`, the seed's way: `5,E`.
inline std::string cell_text(Coord c) {
  return format_coord(c, CoordNotation::bbm103);
}

/// Line number (from 1) of byte `offset` in `text`.
inline int line_of(std::string_view text, std::size_t offset) {
  return 1 + static_cast<int>(std::count(text.begin(),
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
    std::string_view row_text = pos[0];
    while (!row_text.empty() && (row_text.front() == ' ' || row_text.front() == '\t'))
      row_text.remove_prefix(1);
    while (!row_text.empty() && (row_text.back() == ' ' || row_text.back() == '\t'))
      row_text.remove_suffix(1);
    if (pos.size() != 2 || row_text.empty() ||
        !std::all_of(row_text.begin(), row_text.end(), detail::is_ascii_digit) ||
        pos[1].size() != 1)
      throw InputError(file, line,
                       concat("the position ", quote_text(fields[0]),
                              " is not ROW,COL with a row from 1 and one column letter", form));
    const int row = detail::digits_value(row_text);
    const char col = pos[1][0];
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
    if (row < 1 || row > 10 || col < 'A' || col > 'J')
      throw InputError(file, line,
                       concat("the position ", quote_text(fields[0]),
                              " is off the board (rows 1-10, columns A-J)"));
    if (direction != "right" && direction != "down")
      throw InputError(
          file, line, concat("the direction ", quote_text(direction), " is not 'right' or 'down'"));
    const Placement p{Coord{row - 1, col - 'A'},
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
  bad_arguments,      ///< The row is not all digits or the column not all letters.
  invalid_operation,  ///< Well formed but off the board (row 0 or over 10, a column past J, a
                      ///< lower-case letter).
  unsupported, ///< The seed's program would crash (a column of several letters) or its verdict
               ///< depends on Python's Unicode classes (non-ASCII text): a precise error.
};

/// A shot's verdict, its cell when valid, and the explanation when unsupported.
struct ShotCheck {
  ShotVerdict verdict = ShotVerdict::valid; ///< What the seed makes of it.
  Coord cell;                               ///< The cell, when valid.
  std::string problem;                      ///< Why it is unsupported, when it is.
};

/// Checks `shot` in the seed's order: missing argument, too many, bad arguments, then the
/// board's range (`5,E` is row 5, column E; rows 1-10, columns A-J, upper case only).
[[nodiscard]] inline ShotCheck check_shot(std::string_view shot) {
  const auto parts = detail::split(shot, ',');
  if (parts.size() < 2 || std::find(parts.begin(), parts.end(), "") != parts.end())
    return {ShotVerdict::missing_argument, {}, {}};
  if (parts.size() > 2) return {ShotVerdict::too_many_arguments, {}, {}};
  const std::string_view row = parts[0], col = parts[1];
  // Python's isnumeric / isalpha: any ASCII character outside the class decides "false".
  const bool row_not_digits = std::any_of(row.begin(), row.end(), [](char c) {
    return detail::is_ascii(c) && !detail::is_ascii_digit(c);
  });
  const bool col_not_letters = std::any_of(col.begin(), col.end(), [](char c) {
    return detail::is_ascii(c) && !detail::is_ascii_letter(c);
  });
  if (row_not_digits || col_not_letters) return {ShotVerdict::bad_arguments, {}, {}};
  if (!std::all_of(shot.begin(), shot.end(), detail::is_ascii))
    return {ShotVerdict::unsupported,
            {},
            "non-ASCII text in a shot; write shots such as '3,A' in ASCII"};
  if (col.size() != 1)
    return {ShotVerdict::unsupported,
            {},
            detail::concat("the column ", detail::quote_text(col),
                           " has several letters; it must be one letter A-J, as in '3,A'")};
  const int r = detail::digits_value(row) - 1;
  const int c = col[0] - 'A';
  if (r < 0 || r > 9 || c < 0 || c > 9) return {ShotVerdict::invalid_operation, {}, {}};
  return {ShotVerdict::valid, Coord{r, c}, {}};
}

/// The seed's error text for a refused shot (with its two newlines), e.g.
/// `ValueError: Bad arguments. You entered '3,?' ,the correct format would be such as '3,A'.`;
/// empty for `valid` and `unsupported`.
[[nodiscard]] inline std::string shot_error_text(ShotVerdict verdict, std::string_view shot) {
  using detail::concat;
  const auto tail = [&] {
    return concat(" You entered '", shot, "' ,the correct format would be such as '3,A'.\n\n");
  };
  switch (verdict) {
  case ShotVerdict::missing_argument: return concat("IndexError: Missing argument.", tail());
  case ShotVerdict::too_many_arguments: return concat("ValueError: Too many arguments.", tail());
  case ShotVerdict::bad_arguments: return concat("ValueError: Bad arguments.", tail());
  case ShotVerdict::invalid_operation: return "AssertionError: Invalid Operation.\n\n";
  case ShotVerdict::valid:
  case ShotVerdict::unsupported: return {};
  }
  return {};
}

} // namespace battleship::bbm103
