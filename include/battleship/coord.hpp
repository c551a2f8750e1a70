/// @file coord.hpp
/// @brief Cells, orientations and ship placements: the geometry every other layer speaks.
#pragma once

#include <compare>
#include <cstddef>
#include <cstdint>

namespace battleship {

/// The most cells a board shape may hold (67,108,864: 8,192 x 8,192), far past any game: cell
/// indices and shot counts stay well inside `int`, and a histogram of shots a few hundred MB.
inline constexpr std::size_t max_board_cells = std::size_t{1} << 26;
/// The most cells a board shape may have for the engine's shooters, which hold cell indices in
/// 16 bits (the rules engine takes up to `max_board_cells`).
inline constexpr std::size_t max_strategy_cells = std::size_t{1} << 16;

/// A cell of a board, as a zero-based (row, column) pair.
///
/// Coordinates are plain data and may lie off any board; whether a coordinate is on a board is
/// a question for the board's shape (see `shape.hpp`).
struct Coord {
  int row = 0; ///< Zero-based row, counted from the top.
  int col = 0; ///< Zero-based column, counted from the left.

  /// Coordinates compare row first, then column (reading order).
  friend constexpr auto operator<=>(const Coord&, const Coord&) = default;
};

/// Which way a ship extends from its origin cell.
enum class Orientation : std::uint8_t {
  horizontal, ///< The ship extends to the right (increasing column).
  vertical,   ///< The ship extends downwards (increasing row).
};

/// The other orientation: what the `R` key does when placing a ship (seed 004).
[[nodiscard]] constexpr Orientation rotated(Orientation o) noexcept {
  return o == Orientation::horizontal ? Orientation::vertical : Orientation::horizontal;
}

/// Where a ship lies: its top or left cell, its orientation and its length.
///
/// The origin is the topmost cell of a vertical ship and the leftmost cell of a horizontal one,
/// the convention of every seed (CS32's `topOrLeft`).
struct Placement {
  Coord origin;                                      ///< Top (vertical) or left (horizontal) cell.
  Orientation orientation = Orientation::horizontal; ///< Direction the ship extends in.
  int length = 1;                                    ///< Number of cells the ship covers.

  /// The `i`-th cell of the ship, counted from the origin.
  [[nodiscard]] constexpr Coord cell(int i) const noexcept {
    return orientation == Orientation::horizontal ? Coord{origin.row, origin.col + i}
                                                  : Coord{origin.row + i, origin.col};
  }

  /// The cell at the far end of the ship from the origin.
  [[nodiscard]] constexpr Coord last() const noexcept { return cell(length - 1); }

  /// Whether the ship covers cell `c`.
  [[nodiscard]] constexpr bool covers(Coord c) const noexcept {
    if (orientation == Orientation::horizontal)
      return c.row == origin.row && c.col >= origin.col && c.col < origin.col + length;
    return c.col == origin.col && c.row >= origin.row && c.row < origin.row + length;
  }

  /// Placements are equal when they cover the same cells in the same order.
  friend constexpr bool operator==(const Placement&, const Placement&) = default;
};

} // namespace battleship
