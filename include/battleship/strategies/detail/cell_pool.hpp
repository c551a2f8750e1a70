// A pool of untried cells drawn uniformly without replacement: O(1) per draw, shared by the
// shooters that hunt at random.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>

#include <battleship/rng.hpp>
#include <battleship/shape.hpp>

namespace battleship::detail {

/// The cells of a board in a shrinking array: a draw picks a uniform slot and moves the last
/// slot into it, so every cell left is equally likely and none comes twice.
template <BoardShape S>
class CellPool {
public:
  /// Cell index type.
  using Index = std::uint16_t;
  static_assert(S::capacity <= max_strategy_cells,
                "the engine's shooters take board shapes of at most max_strategy_cells (65,536) "
                "cells: they hold cell indices in 16 bits");

  /// Puts cells `0 .. cells - 1` back in the pool, in order (a copy, not a loop).
  void fill(int cells) noexcept {
    left_ = cells;
    std::copy_n(identity.begin(), cells, pool_.begin());
  }

  /// Draws cells until `keep(cell)` holds and returns that cell, or -1 once the pool is empty.
  /// Cells drawn and not kept leave the pool for good.
  template <class Keep>
  int draw(Rng& rng, Keep&& keep) {
    while (left_ > 0) {
      const auto j = static_cast<std::size_t>(rng.below(left_));
      const Index cell = pool_[j];
      pool_[j] = pool_[static_cast<std::size_t>(--left_)];
      if (keep(static_cast<std::size_t>(cell))) return cell;
    }
    return -1;
  }

private:
  static constexpr std::array<Index, S::capacity> identity = [] {
    std::array<Index, S::capacity> a{};
    for (std::size_t i = 0; i < a.size(); ++i) a[i] = static_cast<Index>(i);
    return a;
  }();

  std::array<Index, S::capacity> pool_{};
  int left_ = 0;
};

} // namespace battleship::detail
