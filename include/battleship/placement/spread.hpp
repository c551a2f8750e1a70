/// @file placement/spread.hpp
/// @brief The spread placer: the least density-like of a few uniform layouts, so density shooters
/// (probability, bayes) need more shots, while any legal layout stays possible.
#pragma once

#include <atomic>
#include <vector>

#include <battleship/ocean.hpp>
#include <battleship/placement/detail/centrality.hpp>
#include <battleship/placement/detail/layouts.hpp>
#include <battleship/placement/uniform.hpp>
#include <battleship/rng.hpp>

namespace battleship {

/// Draws `candidates` layouts with `UniformPlacer` and keeps the one a density shooter would find
/// last: the lowest score, where a layout's score is the sum over its ship cells of the cell's
/// density (how many placements of the fleet's ships cover it on the empty board, divided by the
/// board's mean, so a cell of average density counts 1). Ties go to the earliest candidate.
///
/// Density shooters hunt the dense middle of the board first, so ships along the edges and in the
/// corners cost them shots (measured on the classic game: 16 candidates add about 2.9 shots to
/// `probability`'s mean; penalising or rewarding contact between ships only did worse). The
/// choice is unpredictable all the same: every legal layout can be drawn (each candidate is
/// uniform), and the layouts it keeps are the best sixteenth of an enormous set. `place` returns
/// false (no ship placed) when the uniform placer fails every draw, or the first 8; blocked cells
/// and the touching rule are obeyed as it obeys them.
template <BoardShape S>
class SpreadPlacer {
public:
  /// Registry name.
  static constexpr const char* name = "spread";
  /// One-line description for the registry.
  static constexpr const char* summary =
      "the least central of 16 uniform layouts: makes density shooters work harder";

  /// Uniform layouts drawn per placement; the lowest score is kept. 1 is the uniform placer.
  int candidates = 16;
  /// The placer every candidate is drawn with. A crowded fleet that it gives up on now and then
  /// (see `UniformPlacer`) is placed every time with a larger `draws.search_budget`.
  UniformPlacer<S> draws;

  /// Places every ship; false (no ship placed) if the uniform placer finds no layout in any of
  /// the `candidates` draws, or in the first 8 of them (such a fleet is almost never placed,
  /// and each failed draw takes seconds).
  bool place(Ocean<S>& ocean, Rng& rng) { return place(ocean, rng, nullptr); }

  /// As `place(ocean, rng)`, but gives up (false, no ship placed) soon after `*stop` is true.
  bool place(Ocean<S>& ocean, Rng& rng, const std::atomic<bool>* stop) {
    double best = 0;
    int found = 0;
    for (int n = 0; n < (candidates < 1 ? 1 : candidates); ++n) {
      if (detail::stop_drawing(n, found, stop)) break;
      if (n > 0) detail::remove_ships(ocean);
      // A draw the uniform placer gave up on is skipped: crowded fleets fail now and then.
      if (!draws.place(ocean, rng, stop)) continue;
      const double s = score(ocean);
      if (found++ > 0 && s >= best) continue;
      best = s;
      kept_.clear();
      for (int ship = 0; ship < ocean.ship_count(); ++ship) kept_.push_back(ocean.placement(ship));
    }
    if (found == 0 || detail::stop_set(stop)) {
      detail::remove_ships(ocean);
      return false;
    }
    detail::lay_ships(ocean, kept_.data());
    return true;
  }

  /// The score of the layout on `ocean` (every ship placed): lower is harder for density
  /// shooters.
  [[nodiscard]] double score(const Ocean<S>& ocean) { return centrality_.score(ocean); }

private:
  detail::Centrality<S> centrality_;
  std::vector<Placement> kept_;
};

} // namespace battleship
