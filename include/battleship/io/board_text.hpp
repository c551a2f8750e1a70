/// @file io/board_text.hpp
/// @brief Boards drawn as text: an ocean as its owner sees it, a target as its shooter knows it,
/// with column letters across the top and row numbers down the side (Python's `str()` of both).
///
/// ```text
///      A  B  C  D  E
///   1  .  .  o  .  .
///   2  D  X  .  #  .
///   3  .  .  .  .  S
/// ```
///
/// Marks: `.` water, a ship's symbol on a cell of it not hit, `X` a hit, `o` a miss, `#` a blocked
/// cell (another mark when a ship uses `#`: `blocked_mark`); a target shows `?` on a cell not shot
/// and `*` on one shot in a volley not answered yet.
#pragma once

#include <algorithm>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <battleship/coord.hpp>
#include <battleship/detail/text.hpp>
#include <battleship/fleet.hpp>
#include <battleship/io/coord_text.hpp>
#include <battleship/ocean.hpp>
#include <battleship/view.hpp>

namespace battleship {

/// Marks that mean one thing on every drawn board, so no blocked cell is drawn with them.
inline constexpr std::string_view board_marks = ".Xo?*";

/// The mark of a blocked cell on a board whose ships use the characters of `symbols`: `#`, or when
/// a ship uses it (CS32 allows any printable symbol but the reserved ones), the first of `%&@=+`
/// and then of the printable characters that no ship and no mark of `board_marks` uses.
[[nodiscard]] inline char blocked_mark(std::string_view symbols) {
  const auto taken = [&](char m) {
    return symbols.find(m) != std::string_view::npos ||
           board_marks.find(m) != std::string_view::npos;
  };
  for (const char m : std::string_view("#%&@=+"))
    if (!taken(m)) return m;
  for (char m = '!'; m <= '~'; ++m)
    if (!taken(m)) return m;
  return '#'; // only when `symbols` uses every printable character, which no fleet can
}

/// The mark of a blocked cell on a board of `fleet`: `blocked_mark` of its classes' symbols.
[[nodiscard]] inline char blocked_mark(const Fleet& fleet) {
  std::string symbols;
  for (int k = 0; k < fleet.class_count(); ++k) symbols += fleet.ship_class(k).symbol;
  return blocked_mark(symbols);
}

namespace detail {

/// The lines of a board drawn with `mark(coord)`: column letters, then one line a row, each cell
/// right-aligned in a field as wide as the longest label (at least 2, so `A` reads as ` A`).
template <class Mark>
std::vector<std::string> board_lines(int rows, int cols, Mark mark) {
  const std::size_t cell_width = std::max<std::size_t>(2, column_label(cols - 1).size());
  const std::size_t row_width = std::max<std::size_t>(3, std::to_string(rows).size());
  const auto pad = [](std::string& line, std::string_view text, std::size_t width) {
    line.append(width > text.size() ? width - text.size() : 0, ' ').append(text);
  };
  std::vector<std::string> lines;
  lines.reserve(static_cast<std::size_t>(rows) + 1);
  std::string header(row_width, ' ');
  for (int c = 0; c < cols; ++c) pad(header.append(1, ' '), column_label(c), cell_width);
  lines.push_back(std::move(header));
  for (int r = 0; r < rows; ++r) {
    std::string line;
    pad(line, std::to_string(r + 1), row_width);
    for (int c = 0; c < cols; ++c)
      pad(line.append(1, ' '), std::string(1, mark(Coord{r, c})), cell_width);
    lines.push_back(std::move(line));
  }
  return lines;
}

/// `lines` joined by newlines, with none after the last.
inline std::string joined_lines(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& line : lines) out.append(out.empty() ? "" : "\n").append(line);
  return out;
}

} // namespace detail

/// Rows of marks, one character a cell, drawn as the boards are: under column letters and beside
/// row numbers, a line a row (no newline at the end); for a front end's own marks (a sunk ship, a
/// cursor). Throws `std::invalid_argument` unless there is a row and every row has as many marks,
/// at least one.
[[nodiscard]] inline std::string marks_text(const std::vector<std::string>& rows) {
  if (rows.empty() || rows[0].empty())
    throw std::invalid_argument("marks_text needs at least one row of at least one mark");
  for (std::size_t r = 1; r < rows.size(); ++r)
    if (rows[r].size() != rows[0].size())
      throw std::invalid_argument(detail::concat("row ", r + 1, " has ", rows[r].size(),
                                                 " marks where row 1 has ", rows[0].size()));
  return detail::joined_lines(detail::board_lines(
      static_cast<int>(rows.size()), static_cast<int>(rows[0].size()), [&](Coord c) {
        return rows[static_cast<std::size_t>(c.row)][static_cast<std::size_t>(c.col)];
      }));
}

/// The mark of cell `c` on `ocean` as its owner sees it: the ship's symbol, `X` on a hit ship
/// cell, `o` on a miss, `blocked` on a blocked cell and `.` on water. `c` must be on the board.
template <BoardShape S>
[[nodiscard]] char ocean_mark(const Ocean<S>& ocean, Coord c, char blocked = '#') {
  const auto ship = ocean.ship_at(c);
  const bool shot = ocean.was_shot(c);
  if (ship) return shot ? 'X' : ocean.fleet().ship(*ship).symbol;
  if (shot) return 'o';
  return ocean.blocked().test(ocean.board().index(c)) ? blocked : '.';
}

/// The mark of cell `c` on `view` as its shooter knows it: `X` a hit, `o` a miss, `*` shot in a
/// volley not answered yet, `?` not shot. `c` must be on the board.
template <BoardShape S>
[[nodiscard]] char view_mark(const TargetView<S>& view, Coord c) {
  const std::size_t i = view.board().index(c);
  if (view.hits().test(i)) return 'X';
  if (view.shots().test(i)) return 'o';
  return view.pending().test(i) ? '*' : '?';
}

/// `ocean` drawn line by line (column letters first): `ocean_text`'s lines, to set beside others.
template <BoardShape S>
[[nodiscard]] std::vector<std::string> ocean_lines(const Ocean<S>& ocean) {
  const char blocked = blocked_mark(ocean.fleet());
  return detail::board_lines(ocean.board().rows(), ocean.board().cols(),
                             [&](Coord c) { return ocean_mark(ocean, c, blocked); });
}

/// `view` drawn line by line (column letters first): `view_text`'s lines, to set beside others.
template <BoardShape S>
[[nodiscard]] std::vector<std::string> view_lines(const TargetView<S>& view) {
  return detail::board_lines(view.board().rows(), view.board().cols(),
                             [&](Coord c) { return view_mark(view, c); });
}

/// `ocean` as its owner sees it, a line a row under the column letters (no newline at the end).
template <BoardShape S>
[[nodiscard]] std::string ocean_text(const Ocean<S>& ocean) {
  return detail::joined_lines(ocean_lines(ocean));
}

/// `view` as its shooter knows it, a line a row under the column letters (no newline at the end).
template <BoardShape S>
[[nodiscard]] std::string view_text(const TargetView<S>& view) {
  return detail::joined_lines(view_lines(view));
}

} // namespace battleship
