/// @file shape.hpp
/// @brief Board shapes: fixed at compile time, or chosen at run time within a compile-time
/// capacity.
#pragma once

#include <concepts>
#include <cstddef>
#include <stdexcept>
#include <string>

#include <battleship/coord.hpp>
#include <battleship/detail/text.hpp>

namespace battleship {

/// A rectangular board whose size is known at compile time.
///
/// The fastest choice: every loop bound is a constant. `FixedShape<10, 10>` is the classic board.
template <int Rows, int Cols>
requires(Rows >= 1 && Cols >= 1 &&
         static_cast<std::size_t>(Rows) * static_cast<std::size_t>(Cols) <=
             max_board_cells) struct FixedShape {
  /// How many cells any board of this shape type can have; sizes the bitboards.
  static constexpr std::size_t capacity = static_cast<std::size_t>(Rows) * Cols;

  /// Number of rows.
  [[nodiscard]] static constexpr int rows() noexcept { return Rows; }
  /// Number of columns.
  [[nodiscard]] static constexpr int cols() noexcept { return Cols; }
  /// Number of cells, `rows() * cols()`.
  [[nodiscard]] static constexpr int cells() noexcept { return Rows * Cols; }

  /// All fixed shapes of one type are the same shape.
  friend constexpr bool operator==(const FixedShape&, const FixedShape&) noexcept { return true; }
};

/// A rectangular board sized at run time, holding at most `MaxCells` cells.
///
/// Used where the size comes from a user (Python, the command line, a file). The capacity sizes
/// the bitboards, so keep it as small as the boards you need: 128 covers 10 x 10 and 11 x 11.
/// The engine's shooters hold cell indices in 16 bits and take shapes of at most
/// `max_strategy_cells` (65,536) cells; the rules engine (`Board`, `Ocean`, `Game`) takes any.
///
/// The engine allocates nothing for a board: boards, oceans, views and shooters hold their cells
/// inline, sized by the capacity. An `Ocean` takes about 2 bytes a cell of capacity, a `Game` 5.5
/// and `ParityShooter` 11 (measured with `sizeof` at 65,536: 124 KB, 350 KB and 713 KB). A run
/// keeps a shooter, a placer, an ocean and a view on each worker thread's stack: about 0.9 MB for
/// `parity` at 65,536 cells, past the 512 KB a thread gets by default on macOS (glibc gives 8 MB).
/// Past a few million cells, keep a `Game` or an `Ocean` off the stack (`std::make_unique`).
template <std::size_t MaxCells>
requires(MaxCells >= 1 && MaxCells <= max_board_cells) class DynamicShape {
public:
  /// How many cells a board of this shape type can have at most.
  static constexpr std::size_t capacity = MaxCells;

  /// A `rows` x `cols` board; throws `std::invalid_argument` if a side is below 1 or the board
  /// exceeds the capacity.
  constexpr DynamicShape(int rows, int cols) : rows_(rows), cols_(cols) {
    if (rows < 1 || cols < 1)
      throw std::invalid_argument(
          detail::concat("a board needs at least one row and one column, got ", rows, " x ", cols));
    if (static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols) > MaxCells)
      throw std::invalid_argument(detail::concat(
          "a ", rows, " x ", cols, " board exceeds this build's capacity of ", MaxCells, " cells"));
  }

  /// Number of rows.
  [[nodiscard]] constexpr int rows() const noexcept { return rows_; }
  /// Number of columns.
  [[nodiscard]] constexpr int cols() const noexcept { return cols_; }
  /// Number of cells, `rows() * cols()`.
  [[nodiscard]] constexpr int cells() const noexcept { return rows_ * cols_; }

  /// Shapes are equal when their sides are.
  friend constexpr bool operator==(const DynamicShape&, const DynamicShape&) noexcept = default;

private:
  int rows_;
  int cols_;
};

/// What the engine needs of a board shape: its sides and a compile-time cell capacity.
template <class S>
concept BoardShape = std::copyable<S> && std::equality_comparable<S> && requires(const S& s) {
  { S::capacity } -> std::convertible_to<std::size_t>;
  { s.rows() } -> std::convertible_to<int>;
  { s.cols() } -> std::convertible_to<int>;
  { s.cells() } -> std::convertible_to<int>;
};

/// The classic 10 x 10 board.
using ClassicShape = FixedShape<10, 10>;

/// Whether `c` lies on a board of shape `shape`.
template <BoardShape S>
[[nodiscard]] constexpr bool contains(const S& shape, Coord c) noexcept {
  // One unsigned comparison per side also rejects negative values (they wrap to huge ones).
  return static_cast<unsigned>(c.row) < static_cast<unsigned>(shape.rows()) &&
         static_cast<unsigned>(c.col) < static_cast<unsigned>(shape.cols());
}

/// Whether every cell of `p` lies on a board of shape `shape`.
template <BoardShape S>
[[nodiscard]] constexpr bool contains(const S& shape, const Placement& p) noexcept {
  // The length is compared with the board's side first: origin + length - 1 could overflow.
  const int side = p.orientation == Orientation::horizontal ? shape.cols() : shape.rows();
  return p.length >= 1 && p.length <= side && contains(shape, p.origin) &&
         contains(shape, p.last());
}

/// The row-major index of an on-board cell: `row * cols + col`.
template <BoardShape S>
[[nodiscard]] constexpr int index_of(const S& shape, Coord c) noexcept {
  return c.row * shape.cols() + c.col;
}

/// The cell at row-major index `i`.
template <BoardShape S>
[[nodiscard]] constexpr Coord coord_of(const S& shape, int i) noexcept {
  return Coord{i / shape.cols(), i % shape.cols()};
}

} // namespace battleship
