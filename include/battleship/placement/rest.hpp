/// @file placement/rest.hpp
/// @brief The rest of a fleet placed by a placer around the ships a player placed by hand (a game's
/// "place the others at random" button).
#pragma once

#include <stdexcept>

#include <battleship/fleet.hpp>
#include <battleship/ocean.hpp>
#include <battleship/rng.hpp>
#include <battleship/strategy.hpp>

namespace battleship {

/// An empty ocean holding only the ships of `ocean` not placed yet, on the same board under the
/// same touching rule, with every cell the placed ships rule out blocked: `ocean`'s own blocks,
/// the placed ships' cells, and the cells next to them that the touching rule keeps clear. Any
/// layout of it is then a legal completion of `ocean`, and every completion is one of its
/// layouts, so a placer uniform over its layouts is uniform over the completions.
///
/// Its fleet keeps `ocean`'s classes (names, symbols, lengths) in their order, each counting only
/// its ships not placed; class by class, so its ship `k` is the `k`-th unplaced ship of `ocean`
/// in id order. Throws `std::invalid_argument` when every ship of `ocean` is placed.
template <BoardShape S>
[[nodiscard]] Ocean<S> rest_ocean(const Ocean<S>& ocean) {
  const Fleet& fleet = ocean.fleet();
  Fleet rest;
  for (int k = 0, id = 0; k < fleet.class_count(); ++k) {
    ShipClass c = fleet.ship_class(k);
    int unplaced = 0;
    for (int copy = 0; copy < c.count; ++copy, ++id) unplaced += ocean.is_placed(id) ? 0 : 1;
    c.count = unplaced;
    if (unplaced > 0) rest.add(c);
  }
  if (rest.class_count() == 0) throw std::invalid_argument("every ship of the fleet is placed");
  Ocean<S> out(ocean.board(), rest, ocean.touching());
  auto ruled_out = ocean.occupied();
  if (ocean.touching() == Touching::no_edge_contact) ruled_out = ocean.board().dilate4(ruled_out);
  if (ocean.touching() == Touching::no_contact) ruled_out = ocean.board().dilate8(ruled_out);
  out.block(ruled_out | ocean.blocked());
  return out;
}

/// Places the ships of `rest` (a `rest_ocean` of `ocean`, every ship placed) on `ocean` where they
/// lie. All or nothing: if `ocean` refuses one, it is left as it was and that refusal is returned
/// (`unknown_ship` when `rest` does not hold the ships `ocean` lacks, `already_placed` when
/// `ocean` has all its ships, `not_placed` when `rest` lacks one of its own).
template <BoardShape S>
PlacementRefusal place_rest_as(Ocean<S>& ocean, const Ocean<S>& rest) {
  if (ocean.all_placed()) return PlacementRefusal::already_placed;
  if (!rest.all_placed()) return PlacementRefusal::not_placed;
  const Ocean<S> before = ocean;
  int k = 0; // rest's ship for the next unplaced ship of `ocean`
  PlacementRefusal why = PlacementRefusal::none;
  for (int id = 0; id < ocean.ship_count() && why == PlacementRefusal::none; ++id) {
    if (before.is_placed(id)) continue;
    why = k < rest.ship_count() && rest.length(k) == ocean.length(id)
              ? ocean.place(id, rest.placement(k++))
              : PlacementRefusal::unknown_ship;
  }
  if (why == PlacementRefusal::none && k != rest.ship_count()) why = PlacementRefusal::unknown_ship;
  if (why != PlacementRefusal::none) ocean = before;
  return why;
}

/// Places every ship of `ocean` not placed yet with `placer`, keeping the ships already placed:
/// `placer` lays out `rest_ocean(ocean)`, and its layout joins `ocean`. With `UniformPlacer` every
/// legal completion is equally likely. True at once when every ship is placed; false, `ocean`
/// unchanged, when it has been shot at, when the placer finds no layout of the rest (it may not
/// fit around the ships placed) or says it did without placing every ship.
template <BoardShape S, PlacementStrategy<S> P>
bool place_rest(Ocean<S>& ocean, P& placer, Rng& rng) {
  if (ocean.shots().any()) return false;
  if (ocean.all_placed()) return true;
  Ocean<S> rest = rest_ocean(ocean);
  if (!placer.place(rest, rng) || !rest.all_placed()) return false;
  return place_rest_as(ocean, rest) == PlacementRefusal::none;
}

} // namespace battleship
