/// @file board.hpp
/// @brief An empty board of a given shape and the bit masks every layer derives from it.
#pragma once

#include <concepts>

#include <battleship/bitboard.hpp>
#include <battleship/coord.hpp>
#include <battleship/shape.hpp>

namespace battleship {

/// An empty board: its shape plus the masks that turn bitboard shifts into board geometry.
///
/// Cells are numbered row-major (`row * cols + col`). A `Board` is cheap to copy and is built once
/// per game setup; oceans, views and strategies all hold one.
template <BoardShape S>
class Board {
public:
  /// The shape type.
  using shape_type = S;
  /// A set of cells of this board.
  using bitboard_type = Bitboard<S::capacity>;

  /// The board of the shape type's default shape (fixed shapes; a run-time shape has no default).
  ///
  /// A separate constrained constructor rather than a default argument, so that asking whether a
  /// `Board` of a run-time shape is default-constructible (as `std::optional` does) answers no
  /// instead of failing to compile.
  constexpr Board() requires std::default_initializable<S> : Board(S{}) {}
  /// The board of shape `shape`.
  constexpr explicit Board(S shape) : shape_(shape) {
    all_ = bitboard_type::first_n(static_cast<std::size_t>(shape_.cells()));
    for (int r = 0; r < rows(); ++r) {
      first_col_.set(index(Coord{r, 0}));
      last_col_.set(index(Coord{r, cols() - 1}));
    }
  }

  /// The board's shape.
  [[nodiscard]] constexpr const S& shape() const noexcept { return shape_; }
  /// Number of rows.
  [[nodiscard]] constexpr int rows() const noexcept { return shape_.rows(); }
  /// Number of columns.
  [[nodiscard]] constexpr int cols() const noexcept { return shape_.cols(); }
  /// Number of cells.
  [[nodiscard]] constexpr int cells() const noexcept { return shape_.cells(); }

  /// Whether `c` is on the board.
  [[nodiscard]] constexpr bool contains(Coord c) const noexcept {
    return battleship::contains(shape_, c);
  }
  /// Whether every cell of `p` is on the board.
  [[nodiscard]] constexpr bool contains(const Placement& p) const noexcept {
    return battleship::contains(shape_, p);
  }
  /// Row-major index of an on-board cell.
  [[nodiscard]] constexpr std::size_t index(Coord c) const noexcept {
    return static_cast<std::size_t>(c.row * cols() + c.col);
  }
  /// The cell with row-major index `i`.
  [[nodiscard]] constexpr Coord coord(std::size_t i) const noexcept {
    // Unsigned division: no sign fix-ups, and a multiply-shift when the width is a constant.
    const auto n = static_cast<unsigned>(i);
    const auto w = static_cast<unsigned>(cols());
    const unsigned row = n / w;
    return Coord{static_cast<int>(row), static_cast<int>(n - row * w)};
  }

  /// Every cell of the board.
  [[nodiscard]] constexpr const bitboard_type& all() const noexcept { return all_; }

  /// The cells covered by `p`; `p` must lie on the board.
  [[nodiscard]] constexpr bitboard_type mask(const Placement& p) const noexcept {
    bitboard_type b;
    const std::size_t step =
        p.orientation == Orientation::horizontal ? 1 : static_cast<std::size_t>(cols());
    std::size_t i = index(p.origin);
    for (int k = 0; k < p.length; ++k, i += step) b.set(i);
    return b;
  }

  /// `b` grown by one cell up, down, left and right (edge contact).
  [[nodiscard]] constexpr bitboard_type dilate4(const bitboard_type& b) const noexcept {
    const auto w = static_cast<std::size_t>(cols());
    bitboard_type r = b | (b - last_col_).shifted_up(1) | (b - first_col_).shifted_down(1);
    r |= b.shifted_up(w) | b.shifted_down(w);
    return r & all_;
  }

  /// `b` grown by one cell in all eight directions (edge or corner contact).
  [[nodiscard]] constexpr bitboard_type dilate8(const bitboard_type& b) const noexcept {
    const auto w = static_cast<std::size_t>(cols());
    bitboard_type row = b | (b - last_col_).shifted_up(1) | (b - first_col_).shifted_down(1);
    return (row | row.shifted_up(w) | row.shifted_down(w)) & all_;
  }

  /// The cells that share an edge with `c` (up to four: fewer at the edges, none on a 1 x 1 board).
  [[nodiscard]] constexpr bitboard_type neighbours4(Coord c) const noexcept {
    bitboard_type b;
    b.set(index(c));
    return dilate4(b) - b;
  }

  /// Boards are equal when their shapes are.
  friend constexpr bool operator==(const Board& a, const Board& b) noexcept {
    return a.shape_ == b.shape_;
  }

private:
  S shape_;
  bitboard_type all_;
  bitboard_type first_col_;
  bitboard_type last_col_;
};

} // namespace battleship
