/// @file placement/mediocre.hpp
/// @brief The CS32 Mediocre player's placement: block half the board, then backtrack (seed 002).
#pragma once

#include <array>

#include <battleship/ocean.hpp>

namespace battleship {

/// The CS32 Project 3 Mediocre player's placement, exactly as the seed specifies it.
///
/// Up to `max_tries` (50) times: block about half the board (`Ocean::block(rng)`), place every
/// ship by recursive backtracking (`fill`), then unblock; stop at the first try that placed every
/// ship. After 50 failed tries return false with no ship placed. Cells the ocean had blocked
/// before (a puzzle's, or CS32's own) stay blocked throughout and after. Every attempt goes
/// through `Ocean::place` and every retreat through `Ocean::unplace`, so no ship ever covers a
/// blocked cell and the ocean's touching rule is obeyed.
///
/// **Search order.** Ships are placed in id order. For each ship, origins are tried in reading
/// order (row by row, each row left to right) and, at each origin, horizontal before vertical.
/// This reproduces the seed's worked example (battleship at (1,3) down, then backtracking to
/// (4,2) across; submarine at (1,3) down; patrol boat at (2,5) down) and is the order in which
/// most students wrote it. The only randomness is in the blocks: a seed fixes the layout.
///
/// Two cuts keep impossible cases fast without changing which layout is found: a branch stops
/// when fewer free cells remain than the unplaced ships need, and of two ships of equal length
/// the later one is only tried after the earlier one's position (the search's first layout
/// always has that property, since swapping the two would give an earlier one).
template <BoardShape S>
class MediocrePlacer {
public:
  /// Registry name.
  static constexpr const char* name = "mediocre";
  /// One-line description for the registry.
  static constexpr const char* summary =
      "block half the board at random, then the first layout in reading order (seed 002)";
  /// Block-and-search rounds before giving up (seed: 50).
  static constexpr int max_tries = 50;

  /// Places every ship of the `ocean`, which has none placed; false (none placed) after 50 failed
  /// tries. The ocean's own blocks are kept.
  bool place(Ocean<S>& ocean, Rng& rng) {
    const auto kept = ocean.blocked();
    for (int attempt = 0; attempt < max_tries; ++attempt) {
      ocean.block(rng);
      const bool done = fill(ocean);
      ocean.unblock();
      ocean.block(kept);
      if (done) return true;
    }
    return false;
  }

  /// The recursive step on its own: places ships 0, 1, ... in the search order above, avoiding the
  /// cells already blocked, without blocking or unblocking. On false every ship it placed has been
  /// removed again.
  bool fill(Ocean<S>& ocean) {
    const int n = ocean.ship_count();
    int need = 0;
    for (int s = 0; s < n; ++s) {
      need += ocean.length(s);
      prev_same_[static_cast<std::size_t>(s)] = -1;
      for (int t = s - 1; t >= 0; --t)
        if (ocean.length(t) == ocean.length(s)) {
          prev_same_[static_cast<std::size_t>(s)] = t;
          break;
        }
    }
    const auto& board = ocean.board();
    const int free_cells = (board.all() - ocean.occupied() - ocean.blocked()).count();
    return search(ocean, 0, free_cells, need);
  }

private:
  // Position k stands for origin cell k / 2, horizontal when k is even, vertical when odd.
  bool search(Ocean<S>& ocean, int ship, int free_cells, int need) {
    if (ship == ocean.ship_count()) return true;
    if (free_cells < need) return false;
    const int length = ocean.length(ship);
    const int prev = prev_same_[static_cast<std::size_t>(ship)];
    const int first = prev >= 0 ? chosen_[static_cast<std::size_t>(prev)] + 1 : 0;
    const auto& board = ocean.board();
    for (int k = first; k < 2 * board.cells(); ++k) {
      const Orientation o = k % 2 == 0 ? Orientation::horizontal : Orientation::vertical;
      if (length == 1 && o == Orientation::vertical) continue; // same cells as horizontal
      const Coord origin = board.coord(static_cast<std::size_t>(k / 2));
      if (ocean.place(ship, origin, o) != PlacementRefusal::none) continue;
      chosen_[static_cast<std::size_t>(ship)] = k;
      if (search(ocean, ship + 1, free_cells - length, need - length)) return true;
      ocean.unplace(ship, origin, o);
    }
    return false;
  }

  std::array<int, max_ships> prev_same_{};
  std::array<int, max_ships> chosen_{};
};

} // namespace battleship
