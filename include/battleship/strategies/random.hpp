/// @file strategies/random.hpp
/// @brief The random shooter: uniformly random among the cells not yet shot (seed 001's baseline).
#pragma once

#include <cstddef>

#include <battleship/rng.hpp>
#include <battleship/strategies/detail/cell_pool.hpp>
#include <battleship/view.hpp>

namespace battleship {

/// Fires at a uniformly random open cell, never twice at the same one.
///
/// The baseline of every comparison: on the classic game its exact mean is 17 x 101 / 18 = 95.39
/// shots. Keeps a shrinking pool of untried cells, so each shot costs O(1).
template <BoardShape S>
class RandomShooter {
public:
  /// Registry name.
  static constexpr const char* name = "random";

  /// One-line description for the registry.
  static constexpr const char* summary = "uniformly random among the cells not yet shot (seed 001)";

  /// Fills the pool with every cell of the board.
  void start(const TargetView<S>& view) { pool_.fill(view.board().cells()); }

  /// A uniformly random open cell, or (-1, -1) when none is left.
  Coord next_shot(const TargetView<S>& view, Rng& rng) {
    const int cell = next_cell(view, rng);
    return cell < 0 ? Coord{-1, -1} : view.board().coord(static_cast<std::size_t>(cell));
  }

  /// `next_shot` as a row-major cell index, or -1 (see `CellShotStrategy`).
  int next_cell(const TargetView<S>& view, Rng& rng) {
    return pool_.draw(rng, [&](std::size_t i) { return view.is_open_cell(i); });
  }

  /// Ignores results: a random shooter learns nothing.
  void on_result(const TargetView<S>&, Coord, const ShotOutcome&) noexcept {}

  /// Ignores results (see `CellShotStrategy`).
  void on_cell_result(const TargetView<S>&, std::size_t, const ShotOutcome&) noexcept {}

private:
  detail::CellPool<S> pool_;
};

} // namespace battleship
