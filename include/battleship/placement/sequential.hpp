/// @file placement/sequential.hpp
/// @brief The sequential placer: one ship at a time, uniform over the spots still legal (seed 004).
#pragma once

#include <array>
#include <cstddef>
#include <memory>

#include <battleship/ocean.hpp>
#include <battleship/placement/detail/layouts.hpp>
#include <battleship/rng.hpp>

namespace battleship {

/// Places the ships one at a time in fleet order, each uniformly among the spots legal given the
/// ships already placed, as seed 004's AI does (`findAllValidPlacements`, then `randomElement`).
///
/// A spot is legal when the ship lies on the board, covers no blocked cell and obeys the ocean's
/// touching rule towards the ships already placed. If some ship has no legal spot, every ship is
/// removed and the placement starts over, up to `max_restarts` times; then `place` returns false
/// with no ship placed. A length-1 ship has one spot per cell (seed 004 lists each cell twice, once
/// per direction, which gives the same distribution).
///
/// Not uniform over layouts: a layout whose early ships leave few spots to the later ones is more
/// likely than one that leaves many (compare `UniformPlacer`). Each ship costs one pass over its
/// precomputed spots and one `Rng::below`.
template <BoardShape S>
class SequentialPlacer {
public:
  /// Registry name.
  static constexpr const char* name = "sequential";
  /// One-line description for the registry.
  static constexpr const char* summary =
      "one ship at a time in fleet order, uniform over its legal spots (seed 004)";

  /// Places every ship (any placed already are taken off first); false (no ship placed) if
  /// `max_restarts` starts all reached a dead end.
  bool place(Ocean<S>& ocean, Rng& rng) {
    detail::start_empty(ocean);
    const auto& table = detail::ensure_table(table_, ocean);
    for (int start = 0; start < max_restarts; ++start) {
      if (try_once(ocean, table, rng)) return true;
      for (int s = 0; s < ocean.ship_count(); ++s) ocean.unplace(s);
    }
    return false;
  }

  /// Starts over allowed before giving up.
  int max_restarts = 1000;

private:
  bool try_once(Ocean<S>& ocean, const detail::OptionTable<S>& table, Rng& rng) {
    typename Board<S>::bitboard_type forbidden = ocean.blocked();
    for (int s = 0; s < ocean.ship_count(); ++s) {
      const auto& options = table.of_length(ocean.length(s));
      int legal = 0;
      for (const auto& o : options) legal += o.cells.intersects(forbidden) ? 0 : 1;
      if (legal == 0) return false;
      int pick = rng.below(legal);
      for (const auto& o : options) {
        if (o.cells.intersects(forbidden) || pick-- > 0) continue;
        ocean.place_unchecked(s, o.placement);
        forbidden |= o.halo;
        break;
      }
    }
    return true;
  }

  std::shared_ptr<const detail::OptionTable<S>> table_;
};

} // namespace battleship
