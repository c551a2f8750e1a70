/// @file search_phase.hpp
/// @brief Whether a shooter is hunting (every hit so far belongs to a ship announced sunk) or
/// targeting (some hit belongs to a ship still afloat), as far as its view can tell.
#pragma once

#include <bit>
#include <cstdint>

#include <battleship/view.hpp>

namespace battleship {

/// The part of the search the next shot belongs to.
enum class SearchPhase {
  hunting,   ///< Every hit so far belongs to a ship announced sunk: no ship is being chased.
  targeting, ///< Some hit belongs to a ship still afloat.
  unknown,   ///< The disclosure rule does not say which ships the hits belong to.
};

/// The phase of the next shot as the view tells it. Under `sunk_with_name` the named sinkings
/// account for exactly their ships' lengths in hits, so the search is hunting when the hits
/// number exactly that (a sunk ship's cells are all hits). Under the other disclosure rules the
/// sinkings do not say how many hits they explain: the phase is known only before the first hit.
template <BoardShape S>
[[nodiscard]] SearchPhase search_phase(const TargetView<S>& view) noexcept {
  const int hits = view.hits().count();
  if (hits == 0) return SearchPhase::hunting;
  if (view.rules().disclosure != Disclosure::sunk_with_name) return SearchPhase::unknown;
  int explained = 0;
  for (std::uint32_t sunk = view.known_sunk_mask(); sunk != 0; sunk &= sunk - 1)
    explained += view.ship_length(std::countr_zero(sunk));
  return hits == explained ? SearchPhase::hunting : SearchPhase::targeting;
}

} // namespace battleship
