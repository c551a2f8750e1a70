// How the examples draw an ocean: a ship's symbol, X on a hit ship cell, o on a miss, . on water
// not fired at (the marks of Python's str(ocean)).
#pragma once

#include <battleship/coord.hpp>
#include <battleship/ocean.hpp>

namespace examples {

/// The mark of cell `c` on its owner's ocean.
template <battleship::BoardShape S>
char mark(const battleship::Ocean<S>& ocean, battleship::Coord c) {
  const auto ship = ocean.ship_at(c);
  const bool shot = ocean.was_shot(c);
  if (ship) return shot ? 'X' : ocean.fleet().ship(*ship).symbol;
  return shot ? 'o' : '.';
}

} // namespace examples
