/// @file strategies/checkerboard_search.hpp
/// @brief The C# modelling series' shooter (seed 003): searching shots at the neighbours of hits,
/// random shots on a checkerboard; and the orientation-aware variant the post names as its first
/// improvement.
#pragma once

#include <cstddef>

#include <battleship/board.hpp>
#include <battleship/rng.hpp>
#include <battleship/strategies/detail/deductions.hpp>
#include <battleship/view.hpp>

namespace battleship {

namespace detail {
/// A uniformly random cell of `from` (non-empty), drawn in row-major order with one
/// `Rng::below(count)`.
template <BoardShape S>
Coord pick_uniform(const Board<S>& board, const typename Board<S>::bitboard_type& from, Rng& rng) {
  return board.coord(from.nth(rng.below(from.count())));
}
} // namespace detail

/// The seed 003 shooter, exactly as the post writes it (`Player.FireShot`).
///
/// - **Searching shot**: the "hit neighbours" are the open edge neighbours of every hit on the
///   firing board, of sunk ships and afloat ones alike (the post's firing board knows only Hit and
///   Miss). If there are any, fire at one chosen uniformly (`SearchingShot`).
/// - **Random shot**: otherwise fire at a uniformly random open cell whose row and column are both
///   odd or both even (`RandomShot` over `GetOpenRandomPanels`); if none is left (never in the
///   post's games), at any open cell.
///
/// Each shot is one `Rng::below(count)` over the candidate cells in row-major order. It ignores the
/// touching rule and what sinkings reveal, as the post does; `OrientedSearchShooter` does not.
template <BoardShape S>
class CheckerboardSearchShooter {
public:
  /// Registry name.
  static constexpr const char* name = "checkerboard_search";
  /// One-line description for the registry.
  static constexpr const char* summary =
      "seeds 003, 004: a random open neighbour of any hit, else a random open checkerboard cell";
  /// A set of cells.
  using bitboard_type = typename Board<S>::bitboard_type;

  /// Builds the checkerboard of this board (once per board).
  void start(const TargetView<S>& view) {
    masks_.prepare(view.board());
    around_hits_ = view.board().dilate4(view.hits());
  }

  /// A searching shot if any hit has an open neighbour, else a random checkerboard shot.
  Coord next_shot(const TargetView<S>& view, Rng& rng) {
    const bitboard_type open = view.open();
    bitboard_type pool = around_hits_ & open;
    if (pool.none()) pool = open & masks_.checkerboard();
    if (pool.none()) pool = open;
    if (pool.none()) return Coord{-1, -1};
    return detail::pick_uniform(view.board(), pool, rng);
  }

  /// Notes a hit's neighbours (the post recomputes them from the firing board at every shot).
  void on_result(const TargetView<S>& view, Coord cell, const ShotOutcome& told) noexcept {
    if (told.struck()) around_hits_ |= view.board().neighbours4(cell);
  }

  /// The hit neighbours the post's `GetHitNeighbors` returns now: open edge neighbours of any hit.
  [[nodiscard]] static bitboard_type hit_neighbours(const TargetView<S>& view) noexcept {
    return view.board().dilate4(view.hits()) & view.open();
  }

private:
  detail::BoardMasks<S> masks_;
  bitboard_type around_hits_; // the edge neighbours of every hit so far
};

/// Seed 003's shooter with the first improvement its post lists: once two adjacent hits show a
/// ship's orientation, search only along that line.
///
/// Searching works on the *live* hits: every hit not known to belong to a sunk ship (sunk ships
/// are worked out from the sinking announcements when that is certain; see
/// `detail::Deductions`). A maximal run of two or more live hits in a row (or column) is searched
/// only at its open ends; if both ends are blocked (a miss, the edge, known water), at the open
/// cells beside the run, since the run must then be several ships lying across it. A live hit with
/// no live hit beside it is searched at all its open neighbours. A uniformly random candidate is
/// fired at; with no candidate it takes the post's random checkerboard shot. Cells the touching
/// rule shows to be water are never fired at.
template <BoardShape S>
class OrientedSearchShooter {
public:
  /// Registry name.
  static constexpr const char* name = "oriented_search";
  /// One-line description for the registry.
  static constexpr const char* summary =
      "seed 003 with orientation: extends a line of two hits only along that line";
  /// A set of cells.
  using bitboard_type = typename Board<S>::bitboard_type;

  /// Forgets the previous game; builds the board masks once per board.
  void start(const TargetView<S>& view) { deductions_.start(view, true); }

  /// A searching shot along the known lines if there is one, else a random checkerboard shot.
  Coord next_shot(const TargetView<S>& view, Rng& rng) {
    const Board<S>& board = view.board();
    const bitboard_type usable = view.open() - deductions_.water();
    bitboard_type pool = search_cells(view, usable);
    if (pool.none()) pool = usable & deductions_.masks().checkerboard();
    if (pool.none()) pool = usable;
    if (pool.none()) pool = view.open();
    if (pool.none()) return Coord{-1, -1};
    return detail::pick_uniform(board, pool, rng);
  }

  /// Updates what is known about sunk ships and water.
  void on_result(const TargetView<S>& view, Coord cell, const ShotOutcome& told) {
    if (told.valid()) deductions_.on_result(view, view.board().index(cell), told);
  }

  /// Cells known to be water under the touching rule (see `detail::Deductions`).
  [[nodiscard]] const bitboard_type& known_water() const noexcept { return deductions_.water(); }
  /// Hit cells known to belong to sunk ships (not searched around any more).
  [[nodiscard]] const bitboard_type& known_sunk_cells() const noexcept {
    return deductions_.sunk_cells();
  }

  /// The cells a searching shot may go to now, among `usable` (see the class description).
  [[nodiscard]] bitboard_type search_cells(const TargetView<S>& view,
                                           const bitboard_type& usable) const noexcept {
    const auto& mv = deductions_.masks();
    const bitboard_type live = view.hits() - deductions_.sunk_cells();
    // Every candidate is a usable neighbour of a live hit: nothing to search without one.
    if (live.none() || !view.board().dilate4(live).intersects(usable)) return bitboard_type{};
    const bitboard_type in_row = live & mv.across(live);   // runs of 2+ along a row
    const bitboard_type in_column = live & mv.along(live); // runs of 2+ along a column
    const bitboard_type alone = live - in_row - in_column;
    bitboard_type out = view.board().dilate4(alone) & usable;
    if (in_row.any()) {
      const bitboard_type open_ends = mv.across(in_row) & usable;
      const bitboard_type blocked = in_row - spread(in_row & mv.across(usable), in_row, true);
      out |= open_ends | (mv.along(blocked) & usable);
    }
    if (in_column.any()) {
      const bitboard_type open_ends = mv.along(in_column) & usable;
      const bitboard_type blocked =
          in_column - spread(in_column & mv.along(usable), in_column, false);
      out |= open_ends | (mv.across(blocked) & usable);
    }
    return out;
  }

private:
  /// Grows `seed` along rows (or columns) inside `runs`: the runs that hold a seed cell.
  bitboard_type spread(bitboard_type seed, const bitboard_type& runs, bool rows) const noexcept {
    const auto& mv = deductions_.masks();
    for (;;) {
      const bitboard_type grown = seed | ((rows ? mv.across(seed) : mv.along(seed)) & runs);
      if (grown == seed) return seed;
      seed = grown;
    }
  }

  detail::Deductions<S> deductions_;
};

} // namespace battleship
