// What a shooter can deduce from its view and the touching rule: cells that must be water, and
// which hits belong to ships already sunk. Shared by the hunt/target family and the searching
// shooters.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include <battleship/board.hpp>
#include <battleship/outcome.hpp>
#include <battleship/rules.hpp>
#include <battleship/view.hpp>

namespace battleship::detail {

/// Row-aware one-cell moves of a bitboard (left, right, up, down) and the checkerboard, from
/// masks built once per board.
template <BoardShape S>
class BoardMasks {
public:
  /// A set of cells.
  using bitboard_type = typename Board<S>::bitboard_type;

  /// Rebuilds the column masks if `board` differs from the one they were built for.
  void prepare(const Board<S>& board) {
    if (rows_ == board.rows() && cols_ == board.cols()) return;
    rows_ = board.rows();
    cols_ = board.cols();
    first_col_.clear();
    last_col_.clear();
    checkerboard_.clear();
    for (int r = 0; r < rows_; ++r) {
      first_col_.set(static_cast<std::size_t>(r * cols_));
      last_col_.set(static_cast<std::size_t>(r * cols_ + cols_ - 1));
      for (int c = r % 2; c < cols_; c += 2)
        checkerboard_.set(static_cast<std::size_t>(r * cols_ + c));
    }
    all_ = board.all();
  }
  /// The cells whose row and column are both odd or both even (`(row + col) % 2 == 0`).
  [[nodiscard]] const bitboard_type& checkerboard() const noexcept { return checkerboard_; }
  /// Every cell moved one column left (cells in the first column drop out).
  [[nodiscard]] bitboard_type left(const bitboard_type& b) const noexcept {
    return (b - first_col_).shifted_down(1);
  }
  /// Every cell moved one column right.
  [[nodiscard]] bitboard_type right(const bitboard_type& b) const noexcept {
    return (b - last_col_).shifted_up(1);
  }
  /// Every cell moved one row up.
  [[nodiscard]] bitboard_type up(const bitboard_type& b) const noexcept {
    return b.shifted_down(static_cast<std::size_t>(cols_));
  }
  /// Every cell moved one row down.
  [[nodiscard]] bitboard_type down(const bitboard_type& b) const noexcept {
    return b.shifted_up(static_cast<std::size_t>(cols_)) & all_;
  }
  /// Cells sharing a row and an edge with a cell of `b`.
  [[nodiscard]] bitboard_type across(const bitboard_type& b) const noexcept {
    return left(b) | right(b);
  }
  /// Cells sharing a column and an edge with a cell of `b`.
  [[nodiscard]] bitboard_type along(const bitboard_type& b) const noexcept {
    return up(b) | down(b);
  }

private:
  int rows_ = 0;
  int cols_ = 0;
  bitboard_type first_col_;
  bitboard_type last_col_;
  bitboard_type checkerboard_;
  bitboard_type all_;
};

/// Under a no-touch rule, the water a hit at `here` (one cell) shows with the other `hits`: a hit
/// beside another fixes their ship's line, so the cells beside them, off the line, hold none
/// (hits excepted). Empty when no hit lies beside it.
template <BoardShape S>
[[nodiscard]] typename Board<S>::bitboard_type
line_water(const BoardMasks<S>& masks, const typename Board<S>::bitboard_type& here,
           const typename Board<S>::bitboard_type& hits) noexcept {
  typename Board<S>::bitboard_type water;
  if (masks.across(here).intersects(hits)) water |= masks.along((here | masks.across(here)) & hits);
  if (masks.along(here).intersects(hits)) water |= masks.across((here | masks.along(here)) & hits);
  return water - hits;
}

/// What follows from the shots' results and the touching rule.
///
/// - Under `no_contact`, the four diagonal cells of every hit are water (a ship is straight, so a
///   diagonal cell is not in the same ship, and another ship there would touch it at a corner).
/// - Under either no-touch rule, two edge-adjacent hits are one ship (two ships may not share an
///   edge), so its orientation is known and the cells beside it across that line are water.
/// - Under either no-touch rule a sunk ship is exactly the 4-connected group of hits holding the
///   sinking shot, and the ring around it (edges, or edges and corners) is water.
/// - When ships may touch, a sunk ship is known only when exactly one straight run of unresolved
///   hits through the sinking shot has a length the sunk ship can have (its own length when the
///   rules name it, any fleet length otherwise); ambiguous sinkings are retried after each later
///   sinking. Done only when asked (`resolve_touching`), for shooters that use `sunk_cells()`.
///
/// Nothing here is a guess: every cell reported as water is water in every layout consistent with
/// what the shooter was told. Work happens only on hits, never per shot.
template <BoardShape S>
class Deductions {
public:
  /// A set of cells.
  using bitboard_type = typename Board<S>::bitboard_type;

  /// Forgets the previous game.
  void start(const TargetView<S>& view, bool resolve_touching) {
    touching_ = view.rules().touching;
    resolve_touching_ = resolve_touching;
    water_.clear();
    sunk_cells_.clear();
    unresolved_ = 0;
    shortest_afloat_ = view.sunk_count() == 0 ? view.fleet().shortest() : view.shortest_afloat();
    masks_.prepare(view.board());
  }

  /// Learns from the announced outcome `told` of the shot at the cell with row-major index `cell`
  /// (already recorded in `view`). Inline and nearly free for a miss, or a hit when ships may
  /// touch.
  BATTLESHIP_HOT_INLINE void on_result(const TargetView<S>& view, std::size_t cell,
                                       const ShotOutcome& told) {
    if (!told.struck()) return;
    if (touching_ != Touching::allowed) learn_from_hit(view, cell);
    if (told.sank()) learn_from_sinking(view, cell, told);
  }

  /// Cells known to be water (some may already be shot).
  [[nodiscard]] const bitboard_type& water() const noexcept { return water_; }
  /// Hit cells known to belong to sunk ships.
  [[nodiscard]] const bitboard_type& sunk_cells() const noexcept { return sunk_cells_; }
  /// `view.shortest_afloat()`, cached: it changes only when a ship sinks.
  [[nodiscard]] int shortest_afloat() const noexcept { return shortest_afloat_; }
  /// The board masks, for shooters that move bitboards along rows and columns.
  [[nodiscard]] const BoardMasks<S>& masks() const noexcept { return masks_; }

private:
  struct Sinking {
    std::uint16_t cell = 0;
    int ship = -1;
  };

  /// The no-touch deductions from a hit: diagonals (no contact) and the ship's line.
  void learn_from_hit(const TargetView<S>& view, std::size_t cell) {
    const Board<S>& board = view.board();
    bitboard_type here;
    here.set(cell);
    if (touching_ == Touching::no_contact) water_ |= board.dilate8(here) - board.dilate4(here);
    water_ |= line_water(masks_, here, view.hits());
    water_ -= view.hits();
  }

  /// Updates the shortest ship afloat and works out which ship sank, when that is certain.
  void learn_from_sinking(const TargetView<S>& view, std::size_t cell, const ShotOutcome& told) {
    // Only a named sinking of a ship of the shortest length can change the shortest afloat.
    if (told.ship >= 0 && view.ship_length(told.ship) == shortest_afloat_)
      shortest_afloat_ = view.shortest_afloat();
    if (touching_ == Touching::allowed && !resolve_touching_) return;
    if (unresolved_ < max_ships)
      pending_[static_cast<std::size_t>(unresolved_++)] =
          Sinking{static_cast<std::uint16_t>(cell), told.ship};
    for (bool progress = true; progress;) {
      progress = false;
      for (int i = 0; i < unresolved_; ++i) {
        if (!resolve(view, pending_[static_cast<std::size_t>(i)])) continue;
        pending_[static_cast<std::size_t>(i--)] = pending_[static_cast<std::size_t>(--unresolved_)];
        progress = true;
      }
    }
  }

  /// Works out the ship sunk by `s`; false while it is ambiguous.
  bool resolve(const TargetView<S>& view, const Sinking& s) {
    const Board<S>& board = view.board();
    const bitboard_type live = view.hits() - sunk_cells_;
    bitboard_type ship;
    ship.set(s.cell);
    if (touching_ != Touching::allowed) {
      for (bitboard_type grown = board.dilate4(ship) & live; !(grown == ship);
           grown = board.dilate4(ship) & live)
        ship = grown;
    } else {
      int found = 0;
      const Fleet& fleet = view.fleet();
      for (int c = 0; c < fleet.class_count() && found < 2; ++c) {
        const int length = fleet.ship_class(c).length;
        if (seen_length(fleet, c) || (s.ship >= 0 && length != fleet.ship(s.ship).length)) continue;
        found += runs_through(board, board.coord(s.cell), length, live, ship);
      }
      if (found != 1) return false;
    }
    sunk_cells_ |= ship;
    if (touching_ == Touching::no_edge_contact) water_ |= board.dilate4(ship) - ship;
    if (touching_ == Touching::no_contact) water_ |= board.dilate8(ship) - ship;
    water_ -= view.hits();
    return true;
  }

  /// Whether a class before `c` has the same length (so that length was already tried).
  static bool seen_length(const Fleet& fleet, int c) noexcept {
    for (int k = 0; k < c; ++k)
      if (fleet.ship_class(k).length == fleet.ship_class(c).length) return true;
    return false;
  }

  /// Counts the placements of `length` covering `cell` inside `live`; stores the last in `out`.
  static int runs_through(const Board<S>& board, Coord cell, int length, const bitboard_type& live,
                          bitboard_type& out) {
    int found = 0;
    for (Orientation o : {Orientation::horizontal, Orientation::vertical}) {
      if (length == 1 && o == Orientation::vertical) break;
      for (int back = 0; back < length; ++back) {
        const Coord origin = o == Orientation::horizontal ? Coord{cell.row, cell.col - back}
                                                          : Coord{cell.row - back, cell.col};
        const Placement p{origin, o, length};
        if (!board.contains(p)) continue;
        const bitboard_type m = board.mask(p);
        if (!m.subset_of(live)) continue;
        out = m;
        ++found;
      }
    }
    return found;
  }

  Touching touching_ = Touching::allowed;
  bool resolve_touching_ = false;
  int shortest_afloat_ = 0;
  int unresolved_ = 0;
  std::array<Sinking, max_ships> pending_{};
  bitboard_type water_;
  bitboard_type sunk_cells_;
  BoardMasks<S> masks_;
};

} // namespace battleship::detail
