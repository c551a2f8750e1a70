/// @file layouts.hpp
/// @brief Every layout of a fleet on a board: what exhaustive analyses (the optimum, a shooter's
/// exact mean) run over on boards small enough to list them.
#pragma once

#include <cstddef>

#include <battleship/board.hpp>
#include <battleship/fleet.hpp>
#include <battleship/ocean.hpp>
#include <battleship/rules.hpp>

namespace battleship {

namespace detail {

template <BoardShape S, class F>
void for_each_layout_from(Ocean<S>& ocean, int ship, std::size_t& count, F& f) {
  if (ship == ocean.fleet().ship_count()) {
    ++count;
    f(static_cast<const Ocean<S>&>(ocean));
    return;
  }
  const Board<S>& board = ocean.board();
  const bool one_cell = ocean.fleet().ship(ship).length == 1; // one orientation is enough
  for (Orientation o : {Orientation::horizontal, Orientation::vertical}) {
    if (one_cell && o == Orientation::vertical) break;
    for (int r = 0; r < board.rows(); ++r)
      for (int c = 0; c < board.cols(); ++c) {
        if (ocean.place(ship, Coord{r, c}, o) != PlacementRefusal::none) continue;
        for_each_layout_from(ocean, ship + 1, count, f);
        ocean.unplace(ship);
      }
  }
}

} // namespace detail

/// Calls `f(ocean)` once for every layout of `fleet` on `board` that `touching` allows, the
/// ocean holding it, and returns how many there were.
///
/// Layouts are labelled (ship i at each of its placements), the ones `UniformPlacer` draws with
/// equal probability; a one-cell ship has one placement per cell. The order is fixed: ship 0
/// first, horizontal before vertical, row-major origins. Stop early by throwing from `f`. The
/// count grows fast (the classic game has about 3 x 10^10), so this is for small boards. Throws
/// `std::invalid_argument` for a fleet that is invalid on the board (`Fleet::validate`).
template <BoardShape S, class F>
std::size_t for_each_layout(const Board<S>& board, const Fleet& fleet, Touching touching, F&& f) {
  fleet.validate(board.shape());
  Ocean<S> ocean(board, fleet, touching);
  std::size_t count = 0;
  detail::for_each_layout_from(ocean, 0, count, f);
  return count;
}

} // namespace battleship
