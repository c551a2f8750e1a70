/// @file placement_table.hpp
/// @brief Every on-board position of a ship of each length, with its cell mask, computed once.
#pragma once

#include <cstddef>
#include <vector>

#include <battleship/board.hpp>
#include <battleship/fleet.hpp>

namespace battleship {

/// One way to lay a ship: where, and which cells it covers.
template <BoardShape S>
struct PlacementMask {
  Placement placement;                    ///< Origin, orientation, length.
  typename Board<S>::bitboard_type cells; ///< The cells it covers.
};

/// All on-board placements of the ship lengths of a fleet, grouped by length.
///
/// Built once per (board, fleet); placers and density shooters scan these masks instead of
/// recomputing geometry inside their loops. A length-1 ship has one placement per cell
/// (horizontal), not two.
template <BoardShape S>
class PlacementTable {
public:
  /// The table for every length used by `fleet` on `board`.
  PlacementTable(const Board<S>& board, const Fleet& fleet)
      : by_length_(static_cast<std::size_t>(fleet.longest()) + 1) {
    for (int c = 0; c < fleet.class_count(); ++c) build(board, fleet.ship_class(c).length);
  }

  /// The placements of a ship of length `length` (empty for lengths the fleet does not use).
  [[nodiscard]] const std::vector<PlacementMask<S>>& of_length(int length) const noexcept {
    static const std::vector<PlacementMask<S>> none;
    if (length < 0 || static_cast<std::size_t>(length) >= by_length_.size()) return none;
    return by_length_[static_cast<std::size_t>(length)];
  }

private:
  void build(const Board<S>& board, int length) {
    auto& out = by_length_[static_cast<std::size_t>(length)];
    if (!out.empty()) return;
    for (Orientation o : {Orientation::horizontal, Orientation::vertical}) {
      if (length == 1 && o == Orientation::vertical) break;
      for (int r = 0; r < board.rows(); ++r)
        for (int c = 0; c < board.cols(); ++c) {
          const Placement p{Coord{r, c}, o, length};
          if (board.contains(p)) out.push_back(PlacementMask<S>{p, board.mask(p)});
        }
    }
  }

  std::vector<std::vector<PlacementMask<S>>> by_length_;
};

} // namespace battleship
