/// @file placement/uniform.hpp
/// @brief The uniform placer: every legal layout of the fleet is equally likely, and a fleet that
/// cannot fit is reported quickly.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>

#include <battleship/ocean.hpp>
#include <battleship/placement/detail/layouts.hpp>
#include <battleship/rng.hpp>

namespace battleship {

/// Whether a fleet can be laid out on an ocean under its touching rule and blocks.
enum class Fit : std::uint8_t {
  fits,       ///< At least one legal layout exists.
  cannot_fit, ///< No legal layout exists: proven by exhaustive search.
  unknown,    ///< The search gave up within its budget (only for huge, crowded boards).
};

/// Places the fleet uniformly at random over all legal layouts, under any touching rule and any
/// blocked cells (issue 2's `uniform`).
///
/// What is uniform, exactly: the *labelled* legal layouts (which ship lies where, ships of one
/// class told apart), each with the same probability. Since every unlabelled layout corresponds to
/// the same number of labelled ones, unlabelled layouts are uniform too. Three stages:
///
/// 1. **Rejection.** Each ship's placement is drawn uniformly among all its on-board placements
///    (in ship order, one `Rng::below` each), and the draw is kept if no two ships conflict and
///    no ship covers a blocked cell, else started over. Every legal layout has the same chance
///    per attempt, so an accepted one is uniform. This is the whole story for ordinary fleets:
///    about 0.2 us per classic layout, 120 us for the Russian fleet with no contact (one attempt
///    in about 10,000 succeeds).
/// 2. **Feasibility.** After `check_after` failed attempts, an exact depth-first search (longest
///    ships first, bitboards, dead states remembered, at most `search_budget` states) decides
///    whether any layout exists; if none does, `place` returns false at once. The verdict is cached
///    per (board, ship lengths, touching rule, blocks), so an impossible fleet costs
///    `check_after` attempts per call once the search has run.
/// 3. **Exact sampling.** After `exact_after` failed attempts, the legal layouts are counted by a
///    memoised search (at most `search_budget` states, cached like the verdict) and one is drawn
///    with probability 1 / count, ship by ship from the exact counts of completions. A mix of
///    uniform draws is uniform, so the overall distribution is unchanged; tight fleets just stop
///    depending on luck. If there are too many layouts to count, rejection goes on up to
///    `max_attempts` and then gives up: a fleet that fits can then be refused, since handing out
///    the one layout the feasibility search found would not be uniform. Fleets known to reach
///    that limit: the Russian fleet on boards of 7 x 7 to 8 x 8 (measured: on 7 x 7 with no
///    edge contact, 4 calls in 5 find a layout, in about 0.2 s each), ten destroyers with no
///    contact on 7 x 7 (never; counting them takes over 400,000 states), and 32 one-cell ships
///    on 10 x 10 with no edge contact (never). `SequentialPlacer` places them, not uniformly.
///
/// Deterministic: which stage runs, and every draw, depends only on the generator and the
/// situation, never on what the caches already hold. On false the ocean's ships are left off (its
/// blocks stay) and the generator's state is unspecified. Precondition: no ship is placed yet.
template <BoardShape S>
class UniformPlacer {
public:
  /// Registry name.
  static constexpr const char* name = "uniform";
  /// One-line description for the registry.
  static constexpr const char* summary =
      "every legal layout equally likely under any touching rule; impossible fleets refused fast";

  /// Places every ship; false (no ship placed) if the fleet cannot fit or no layout was found.
  bool place(Ocean<S>& ocean, Rng& rng) {
    const auto& table = detail::ensure_table(table_, ocean);
    for (long attempt = 0; attempt < max_attempts; ++attempt) {
      if (attempt == check_after && fit(ocean) == Fit::cannot_fit) return false;
      if (attempt == exact_after) {
        if (const auto count = layout_count(ocean)) {
          if (*count == 0) return false;
          counts_->sample(rng, chosen_);
          put(ocean);
          return true;
        }
      }
      if (try_once(ocean, table, rng)) return true;
    }
    return false;
  }

  /// Whether the fleet of `ocean` fits on it, under its touching rule and blocks (cached).
  [[nodiscard]] Fit fit(const Ocean<S>& ocean) {
    if (!fit_ || !fit_->about(ocean)) {
      auto search = std::make_shared<Search>(ocean, share_table(ocean), search_budget);
      search->run_fit();
      fit_ = std::move(search);
    }
    switch (fit_->fit()) {
    case Search::Fit::fits: return Fit::fits;
    case Search::Fit::cannot_fit: return Fit::cannot_fit;
    case Search::Fit::unknown: break;
    }
    return Fit::unknown;
  }

  /// The number of labelled legal layouts of `ocean`'s fleet (ships of a class told apart), or
  /// nothing if there are too many to count within `search_budget` states (cached).
  [[nodiscard]] std::optional<std::uint64_t> layout_count(const Ocean<S>& ocean) {
    if (!counts_ || !counts_->about(ocean)) {
      auto search = std::make_shared<Search>(ocean, share_table(ocean), search_budget);
      search->run_count();
      counts_ = std::move(search);
    }
    return counts_->total();
  }

  /// Rejection attempts before the feasibility search runs.
  long check_after = 64;
  /// Rejection attempts before the layouts are counted and exact sampling takes over.
  long exact_after = 100'000;
  /// Rejection attempts before giving up (reached only when the layouts cannot be counted).
  long max_attempts = 20'000'000;
  /// Most states a feasibility search or a count may visit.
  long search_budget = 300'000;

private:
  using Search = detail::LayoutSearch<S>;

  /// One rejection attempt; places the ships and returns true if it succeeds.
  bool try_once(Ocean<S>& ocean, const detail::OptionTable<S>& table, Rng& rng) {
    typename Board<S>::bitboard_type forbidden = ocean.blocked();
    const int ships = ocean.ship_count();
    for (int s = 0; s < ships; ++s) {
      const auto options = table.of_ship(s);
      const auto& pick = options[rng.below(static_cast<std::uint32_t>(options.size()))];
      if (pick.cells.intersects(forbidden)) return false;
      picked_[static_cast<std::size_t>(s)] = &pick;
      forbidden |= pick.halo;
    }
    for (int s = 0; s < ships; ++s) {
      const auto& pick = *picked_[static_cast<std::size_t>(s)];
      ocean.place_unchecked(s, pick.placement, pick.cells);
    }
    return true;
  }

  std::shared_ptr<const detail::OptionTable<S>> share_table(const Ocean<S>& ocean) {
    detail::ensure_table(table_, ocean);
    return table_;
  }

  /// Puts the ships of `chosen_` on the ocean.
  void put(Ocean<S>& ocean) const noexcept {
    for (int s = 0; s < ocean.ship_count(); ++s)
      ocean.place_unchecked(s, *chosen_[static_cast<std::size_t>(s)]);
  }

  // Shared between copies (the simulator copies placers per thread); never changed once built.
  std::shared_ptr<const detail::OptionTable<S>> table_;
  std::shared_ptr<const Search> fit_;
  std::shared_ptr<const Search> counts_;
  std::array<const Placement*, max_ships> chosen_{};
  std::array<const detail::PlacementOption<S>*, max_ships> picked_{};
};

} // namespace battleship
