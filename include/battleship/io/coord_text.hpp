/// @file io/coord_text.hpp
/// @brief Coordinates as people type them: `B7`, `7B`, `5,E` (BBM103) and `3 4` (CS32).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <battleship/board.hpp>
#include <battleship/coord.hpp>
#include <battleship/detail/text.hpp>
#include <battleship/detail/unicode.hpp>
#include <battleship/shape.hpp>

namespace battleship {

/// The ways a coordinate is written. In each, the letters name columns, as the engine's boards
/// are drawn (letters across the top): a front end whose printed board letters its rows (`B7`,
/// row B) swaps the two before parsing.
enum class CoordNotation : std::uint8_t {
  letter_number, ///< Column letter then 1-based row: `B7` (the form of the board game's calls).
  number_letter, ///< 1-based row then column letter: `7B`.
  bbm103,        ///< 1-based row, comma, column letter: `5,E` (seed 000's shot files).
  cs32,          ///< 0-based row and column separated by blanks: `3 4` (seed 002's prompts).
};

/// A parsed coordinate, or why the text is not one.
struct CoordParse {
  std::optional<Coord> coord; ///< The coordinate, when the text is one.
  std::string error;          ///< What is wrong with the text, when it is not.
  /// Whether parsing succeeded.
  [[nodiscard]] explicit operator bool() const noexcept { return coord.has_value(); }
};

/// The column label of column `col`: A..Z, then AA, AB, ... (spreadsheet style); empty for a
/// negative column, which no label names.
[[nodiscard]] inline std::string column_label(int col) {
  std::string out;
  for (long long n = col + 1LL; n > 0; n = (n - 1) / 26)
    out.insert(out.begin(), static_cast<char>('A' + (n - 1) % 26));
  return out;
}

/// `c` written in `notation`, e.g. `format_coord({6, 1}, CoordNotation::letter_number) == "B7"`.
/// A cell with a negative row or column, which only `cs32` can write, is written `(row, col)`
/// in the other notations.
[[nodiscard]] inline std::string format_coord(Coord c, CoordNotation notation) {
  using detail::concat;
  const long long row = c.row + 1LL;
  if ((c.row < 0 || c.col < 0) && notation != CoordNotation::cs32)
    return concat('(', c.row, ", ", c.col, ')');
  switch (notation) {
  case CoordNotation::letter_number: return concat(column_label(c.col), row);
  case CoordNotation::number_letter: return concat(row, column_label(c.col));
  case CoordNotation::bbm103: return concat(row, ',', column_label(c.col));
  case CoordNotation::cs32: return concat(c.row, ' ', c.col);
  }
  return {};
}

namespace detail {
inline std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() &&
         (s.back() == ' ' || s.back() == '\t' || s.back() == '\r' || s.back() == '\n'))
    s.remove_suffix(1);
  return s;
}
inline bool is_upper(char c) {
  return c >= 'A' && c <= 'Z';
}
inline bool is_lower(char c) {
  return c >= 'a' && c <= 'z';
}
inline bool is_digit(char c) {
  return c >= '0' && c <= '9';
}
/// Most letters a column and most digits a number may have.
inline constexpr std::size_t max_letters = 3, max_digits = 6;
/// Whether `s` is made only of characters `is_kind` accepts, more than `most` of them.
template <class Kind>
bool too_long(std::string_view s, Kind is_kind, std::size_t most) {
  return s.size() > most && std::all_of(s.begin(), s.end(), is_kind);
}
/// Column from letters (case-insensitive), or -1; at most `max_letters` letters.
inline int parse_letters(std::string_view s) {
  if (s.empty() || s.size() > max_letters) return -1;
  int n = 0;
  for (char c : s) {
    if (is_lower(c)) c = static_cast<char>(c - 'a' + 'A');
    if (!is_upper(c)) return -1;
    n = n * 26 + (c - 'A' + 1);
  }
  return n - 1;
}
/// Non-negative number from digits, or -1; at most `max_digits` digits.
inline int parse_digits(std::string_view s) {
  if (s.empty() || s.size() > max_digits) return -1;
  int n = 0;
  for (char c : s) {
    if (!is_digit(c)) return -1;
    n = n * 10 + (c - '0');
  }
  return n;
}
} // namespace detail

/// The cells `parse_coord` reads back once `format_coord` wrote them in `notation`: rows below
/// `rows` and columns below `cols`. Numbers have at most `detail::max_digits` digits (1-based
/// rows, or `cs32`'s 0-based rows and columns) and columns at most `detail::max_letters` letters;
/// no board comes near either limit.
struct ReadableCells {
  long long rows; ///< Rows below this are read back.
  long long cols; ///< Columns below this are read back.
};
/// The `ReadableCells` of `notation`.
[[nodiscard]] constexpr ReadableCells readable_cells(CoordNotation notation) noexcept {
  long long numbers = 1, letters = 0, power = 1; // how many numbers and letter columns it reads
  for (std::size_t i = 0; i < detail::max_digits; ++i) numbers *= 10;
  for (std::size_t i = 0; i < detail::max_letters; ++i) letters += (power *= 26);
  if (notation == CoordNotation::cs32) return {numbers, numbers};
  return {numbers - 1, letters}; // 1-based rows start at 1
}

/// Parses `text` written in `notation`; never throws on bad text, it says what is wrong.
///
/// Letters are case-insensitive and blanks around the text are ignored. The result is not
/// checked against a board: see `parse_coord_on`.
[[nodiscard]] inline CoordParse parse_coord(std::string_view text, CoordNotation notation) {
  using detail::concat;
  const std::string_view s = detail::trim(text);
  if (s.empty()) return {std::nullopt, "empty coordinate"};
  std::string_view letters, digits;
  switch (notation) {
  case CoordNotation::letter_number:
  case CoordNotation::number_letter: {
    std::size_t split = 0;
    const bool letters_first = notation == CoordNotation::letter_number;
    while (split < s.size() && detail::is_digit(s[split]) != letters_first) ++split;
    (letters_first ? letters : digits) = s.substr(0, split);
    (letters_first ? digits : letters) = s.substr(split);
    break;
  }
  case CoordNotation::bbm103: {
    const auto comma = s.find(',');
    if (comma == std::string_view::npos)
      return {std::nullopt,
              concat(detail::quote_text(s), " has no comma; the format is like '5,E'")};
    digits = detail::trim(s.substr(0, comma));
    letters = detail::trim(s.substr(comma + 1));
    break;
  }
  case CoordNotation::cs32: {
    const auto blank = s.find_first_of(" \t");
    if (blank == std::string_view::npos)
      return {std::nullopt, concat(detail::quote_text(s), " needs a row and a column, like '3 4'")};
    const std::string_view row_text = s.substr(0, blank);
    const std::string_view col_text = detail::trim(s.substr(blank));
    if (detail::too_long(row_text, detail::is_digit, detail::max_digits) ||
        detail::too_long(col_text, detail::is_digit, detail::max_digits))
      return {std::nullopt, concat(detail::quote_text(s), ": a number has at most ",
                                   detail::max_digits, " digits")};
    const int row = detail::parse_digits(row_text);
    const int col = detail::parse_digits(col_text);
    if (row < 0 || col < 0)
      return {std::nullopt, concat(detail::quote_text(s), " is not two whole numbers, like '3 4'")};
    return {Coord{row, col}, {}};
  }
  }
  const auto is_letter = [](char c) { return detail::is_upper(c) || detail::is_lower(c); };
  if (detail::too_long(letters, is_letter, detail::max_letters))
    return {std::nullopt, concat(detail::quote_text(s), ": a column has at most ",
                                 detail::max_letters, " letters")};
  if (detail::too_long(digits, detail::is_digit, detail::max_digits))
    return {std::nullopt, concat(detail::quote_text(s), ": a row number has at most ",
                                 detail::max_digits, " digits")};
  const int col = detail::parse_letters(letters);
  const int row = detail::parse_digits(digits);
  if (col < 0)
    return {std::nullopt,
            concat(detail::quote_text(s), " has no column letter (A, B, ...) where expected")};
  if (row < 1)
    return {std::nullopt,
            concat(detail::quote_text(s), " has no row number from 1 where expected")};
  return {Coord{row - 1, col}, {}};
}

/// Parses `text` in whichever notation it is written in: `B7`, `7B`, `5,E` or `3 4`.
[[nodiscard]] inline CoordParse parse_coord(std::string_view text) {
  const std::string_view s = detail::trim(text);
  if (s.find(',') != std::string_view::npos) return parse_coord(s, CoordNotation::bbm103);
  if (s.find_first_of(" \t") != std::string_view::npos) return parse_coord(s, CoordNotation::cs32);
  if (!s.empty() && detail::is_digit(s.front()))
    return parse_coord(s, CoordNotation::number_letter);
  return parse_coord(s, CoordNotation::letter_number);
}

/// Parses `text` (any notation) and checks the cell is on a board of shape `shape`.
template <BoardShape S>
[[nodiscard]] CoordParse parse_coord_on(std::string_view text, const S& shape) {
  CoordParse p = parse_coord(text);
  if (p.coord && !contains(shape, *p.coord)) {
    p.error = detail::concat(detail::quote_text(detail::trim(text)), " is off the ", shape.rows(),
                             " x ", shape.cols(), " board");
    p.coord.reset();
  }
  return p;
}

/// Parses `text` (any notation) and checks the cell is on `board`.
template <BoardShape S>
[[nodiscard]] CoordParse parse_coord_on(std::string_view text, const Board<S>& board) {
  return parse_coord_on(text, board.shape());
}

} // namespace battleship
