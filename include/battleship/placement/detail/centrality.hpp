// How central a layout is to a density shooter: the score `SpreadPlacer` keeps the lowest of and
// `ElusivePlacer` ranks its candidates by.
#pragma once

#include <array>
#include <cstddef>
#include <memory>

#include <battleship/board.hpp>
#include <battleship/ocean.hpp>
#include <battleship/placement/detail/layouts.hpp>

namespace battleship::detail {

/// Scores a layout by the sum over its ship cells of the cell's density: how many placements of
/// the fleet's ships cover it on the empty board, divided by the board's mean, so a cell of
/// average density counts 1. The densities are kept for the last board and fleet scored.
template <BoardShape S>
class Centrality {
public:
  /// The score of the layout on `ocean` (every ship placed): lower is harder for density
  /// shooters.
  [[nodiscard]] double score(const Ocean<S>& ocean) {
    density_of(ocean);
    const Board<S>& board = ocean.board();
    double s = 0;
    for (int ship = 0; ship < ocean.ship_count(); ++ship)
      board.mask(ocean.placement(ship)).for_each([&](std::size_t c) { s += density_[c]; });
    return s;
  }

private:
  /// Fills `density_` for `ocean`'s board and fleet (recomputed only when they change).
  void density_of(const Ocean<S>& ocean) {
    const auto* before = table_.get();
    const auto& table = ensure_table(table_, ocean);
    if (before == &table && ready_) return;
    density_.fill(0.0);
    double total = 0;
    for (int ship = 0; ship < ocean.ship_count(); ++ship)
      for (const auto& o : table.of_length(ocean.length(ship)))
        o.cells.for_each([&](std::size_t c) {
          density_[c] += 1.0;
          total += 1.0;
        });
    const double mean = total / ocean.board().cells();
    if (mean > 0)
      for (auto& d : density_) d /= mean;
    ready_ = true;
  }

  std::shared_ptr<const OptionTable<S>> table_;
  std::array<double, S::capacity> density_{};
  bool ready_ = false;
};

} // namespace battleship::detail
