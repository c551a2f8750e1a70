/// @file placement/uniform.hpp
/// @brief The uniform placer: every legal layout of the fleet is equally likely, and a fleet that
/// cannot fit is reported quickly.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>

#include <battleship/ocean.hpp>
#include <battleship/placement/detail/layouts.hpp>
#include <battleship/placement/detail/profile_count.hpp>
#include <battleship/rng.hpp>

namespace battleship {

/// Whether a fleet can be laid out on an ocean under its touching rule and blocks.
enum class Fit : std::uint8_t {
  fits,       ///< At least one legal layout exists.
  cannot_fit, ///< No legal layout exists: proven by exhaustive search.
  unknown,    ///< Both searches gave up within their budget (only for huge, crowded boards).
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
///    whether any layout exists; if it gives up, stage 3's cell-by-cell count decides (a crowded
///    fleet that cannot fit dies out in it line by line: 22 one-cell ships without edge contact
///    on 6 x 7 in 365 states, where the search gives up even at 3,000,000). If none exists,
///    `place` returns false at once. The verdict is cached per (board, ship lengths, touching rule,
///    blocks, `search_budget`), so an impossible fleet costs `check_after` attempts per call once
///    it is known.
/// 3. **Exact sampling.** After `exact_after` failed attempts, the legal layouts are counted
///    (cached like the verdict) and one is drawn with probability 1 / count. The count goes cell
///    by cell (`detail::ProfileCount`: a state is what the cells to come need to know of the line
///    just decided, and how many ships of each length are still to place); the layout is drawn
///    from its counts with ships of one length alike, then those ships take its places in a
///    uniformly shuffled order. Where that count runs out of states, a memoised search over the
///    ships, longest first, counts and draws instead (the cheaper one with few ships on a wide
///    board). A mix of uniform draws is uniform, so the overall distribution is unchanged;
///    tight fleets just stop depending on luck. If neither count finishes within `search_budget`
///    states, rejection goes on up to `max_attempts` and then gives up: a fleet that fits can
///    then be refused, since handing out the one layout the feasibility search found would not
///    be uniform. Measured: ten destroyers without contact on 7 x 7 (counted in 4,560 states,
///    1 ms) and 32 one-cell ships without edge contact on 10 x 10 (171,732 states, 40 ms; more
///    layouts than 64 bits count, but drawn all the same) are placed every call. Past the default
///    budget: the Russian fleet on 7 x 7 without edge contact (2.1 million states: 0.5 s and
///    34 MB; without it, about one call in five or six finds no layout), on 8 x 8 without contact
///    (2.5 million; rejection alone fails about one call in 1,000) and `bbm103` on 8 x 8 without
///    contact (1.6 million; rejection alone never succeeds): with `search_budget` at 3,000,000
///    all three are placed every call. The Russian fleet on 8 x 8 without edge contact needs 9.6
///    million states, but rejection places it (one attempt in 46,000 succeeds).
///    `SequentialPlacer` places them all, not uniformly.
///
/// Copies share what they count: a batch copies its placer to every thread, and the first thread
/// that needs the count makes it while the others wait for it, so a run counts once, and the
/// placer it was copied from has the count for the next run. Copies on different threads may
/// place at once; one object is not to be used by two threads at once.
///
/// Deterministic: which stage runs, and every draw, depends only on the generator, the situation
/// and the placer's settings, never on what the caches already hold (they are kept per budget). On
/// false the ocean's ships are left off (its blocks stay) and the generator's state is unspecified.
/// Given a stop flag (`place(ocean, rng, stop)`), the rejection loop and the three searches read
/// it as they go, and a search it cut short is not cached. Ships already placed are taken off
/// first (the blocks stay).
template <BoardShape S>
class UniformPlacer {
public:
  /// Registry name.
  static constexpr const char* name = "uniform";
  /// One-line description for the registry.
  static constexpr const char* summary =
      "every legal layout equally likely under any touching rule; impossible fleets refused fast";

  /// A placer with the default settings, nothing counted yet.
  // The shared counts are made here, not in a default member initializer: g++ 12 at -O3 then
  // left std::make_shared<Counted> undefined in some translation units (a link error).
  UniformPlacer() : counted_(std::make_shared<Counted>()) {}

  /// Places every ship; false (no ship placed) if the fleet cannot fit or no layout was found.
  bool place(Ocean<S>& ocean, Rng& rng) { return place(ocean, rng, nullptr); }

  /// As `place(ocean, rng)`, but gives up (false) once `*stop` is true, when `stop` is not null:
  /// it is read after every 4,096 rejection attempts (about a millisecond), so a run cancelled
  /// while a crowded fleet is drawn stops at once instead of after `max_attempts` (seconds).
  bool place(Ocean<S>& ocean, Rng& rng, const std::atomic<bool>* stop) {
    constexpr long stop_check_every = 4096;
    detail::start_empty(ocean);
    const auto& table = detail::ensure_table(table_, ocean);
    // Blocks of attempts with the flag read between them: the loop that places almost every
    // fleet at one of its first tries is the one without a flag.
    for (long attempt = 0; attempt < max_attempts;) {
      const long block_end = (std::min)(max_attempts, attempt + stop_check_every);
      for (; attempt < block_end; ++attempt) {
        if (attempt == check_after && fit(ocean, stop) == Fit::cannot_fit) return false;
        if (attempt == exact_after) {
          if (const auto placed = draw_exactly(ocean, rng, stop)) return *placed;
        }
        if (try_once(ocean, table, rng)) return true;
      }
      if (detail::stop_set(stop)) return false;
    }
    return false;
  }

  /// Whether the fleet of `ocean` fits on it, under its touching rule and blocks (cached).
  [[nodiscard]] Fit fit(const Ocean<S>& ocean) { return fit(ocean, nullptr); }

  /// The number of labelled legal layouts of `ocean`'s fleet (ships of a class told apart), or
  /// nothing if neither count finishes within `search_budget` states or the number exceeds
  /// 2^64 - 2 (cached).
  [[nodiscard]] std::optional<std::uint64_t> layout_count(const Ocean<S>& ocean) {
    const auto cells = profile(ocean);
    if (cells->fits().has_value()) return cells->total(); // counted (unless past 2^64 - 2)
    return memo_count(ocean)->total();
  }

  /// Whether this placer, or a copy of it, has counted the layouts of `ocean`'s fleet with this
  /// `search_budget` already (successfully or not), so that exact sampling starts without
  /// counting: after a run, say, on a fleet that needed it.
  [[nodiscard]] bool has_counted(const Ocean<S>& ocean) const {
    const std::scoped_lock lock(counted_->mutex);
    const auto* cells = held(&Counted::profile, ocean);
    if (cells == nullptr) return false;
    return cells->fits().has_value() || held(&Counted::counts, ocean) != nullptr;
  }

  /// The `search_budget` a placer starts with.
  static constexpr long default_search_budget = 300'000;

  /// Rejection attempts before the feasibility search runs.
  long check_after = 64;
  /// Rejection attempts before the layouts are counted and exact sampling takes over.
  long exact_after = 100'000;
  /// Rejection attempts before giving up (reached only when the layouts cannot be counted).
  long max_attempts = 20'000'000;
  /// Most states each search may visit: for the feasibility search and the memoised count, (ships
  /// placed, cells forbidden) pairs, about 60 bytes each; for the cell-by-cell count, distinct
  /// (cell, profile) pairs, about 16 bytes each and five times quicker.
  long search_budget = default_search_budget;

private:
  using Search = detail::LayoutSearch<S>;
  using Profile = detail::ProfileCount<S>;
  using Stop = const std::atomic<bool>*;

  /// `fit(ocean)`, with searches that give up (`unknown`, not kept) once `*stop` is set.
  Fit fit(const Ocean<S>& ocean, Stop stop) {
    switch (searched(&Counted::fit, &Search::run_fit, ocean, stop)->fit()) {
    case Search::Fit::fits: return Fit::fits;
    case Search::Fit::cannot_fit: return Fit::cannot_fit;
    case Search::Fit::unknown: break;
    }
    // The depth-first search gave up; counting cell by cell often settles a crowded board quickly
    // (fleets that cannot fit die out line by line).
    if (const auto any = profile(ocean, stop)->fits()) return *any ? Fit::fits : Fit::cannot_fit;
    return Fit::unknown;
  }

  /// What copies of one placer have found, each slot about one situation and budget at a time.
  struct Counted {
    std::mutex mutex; ///< Held while a slot is read or built.
    std::shared_ptr<const Search> fit;
    std::shared_ptr<const Search> counts;
    std::shared_ptr<const Profile> profile;
  };

  /// The value of `slot` if it is about `ocean` and this budget, else `build()`'s, kept there
  /// unless it was stopped (a search cut short says nothing about the situation). The lock is
  /// held while building, so copies on other threads wait for this count instead of making their
  /// own; the value handed out stays alive if another situation replaces it.
  template <class T, class Build>
  std::shared_ptr<const T> shared(std::shared_ptr<const T> Counted::*slot, const Ocean<S>& ocean,
                                  Build build) {
    const std::scoped_lock lock(counted_->mutex);
    auto& value = (*counted_).*slot;
    if (held(slot, ocean) != nullptr) return value;
    std::shared_ptr<const T> made = build();
    if (!made->stopped()) value = made;
    return made;
  }

  /// What `slot` holds if it is about `ocean` and this budget, else null. Call with the lock held.
  template <class T>
  const T* held(std::shared_ptr<const T> Counted::*slot, const Ocean<S>& ocean) const {
    const auto& value = (*counted_).*slot;
    return value && value->about(ocean, search_budget) ? value.get() : nullptr;
  }

  /// The search in `slot` if it is about `ocean`, else a new one that has done `run` (kept there
  /// unless `*stop` cut it short).
  template <class Result>
  std::shared_ptr<const Search> searched(std::shared_ptr<const Search> Counted::*slot,
                                         Result (Search::*run)(Stop), const Ocean<S>& ocean,
                                         Stop stop = nullptr) {
    return shared(slot, ocean, [&] {
      auto made = std::make_shared<Search>(ocean, share_table(ocean), search_budget);
      ((*made).*run)(stop);
      return made;
    });
  }

  /// The memoised count of `ocean`'s layouts (cached); its `total()` is nothing if it ran out of
  /// states or was stopped.
  std::shared_ptr<const Search> memo_count(const Ocean<S>& ocean, Stop stop = nullptr) {
    return searched(&Counted::counts, &Search::run_count, ocean, stop);
  }

  /// The cell-by-cell count of `ocean`'s layouts (cached unless stopped).
  std::shared_ptr<const Profile> profile(const Ocean<S>& ocean, Stop stop = nullptr) {
    return shared(&Counted::profile, ocean, [&] {
      auto made = std::make_shared<Profile>(ocean, search_budget);
      made->run(stop);
      return made;
    });
  }

  /// Stage 3: places a layout drawn from the exact counts (true), or proves there is none
  /// (false); nothing if the layouts could not be counted (or `*stop` cut the counts short). The
  /// cell-by-cell count goes first: it alone counts crowded fleets, and where it runs out it does
  /// so about five times sooner than the memoised count, which goes on from there (it is the
  /// cheaper of the two with few ships on a wide board: the classic fleet on 7 x 7 with no edge
  /// contact, for one).
  std::optional<bool> draw_exactly(Ocean<S>& ocean, Rng& rng, Stop stop) {
    const auto cells = profile(ocean, stop);
    if (cells->can_sample()) {
      cells->sample(rng, chosen_); // even when the labelled count exceeds 64 bits
    } else if (const auto any = cells->fits()) {
      if (*any) return std::nullopt; // more layouts than 64 bits count: rejection goes on
      return false;
    } else if (const auto memo = memo_count(ocean, stop); const auto count = memo->total()) {
      if (*count == 0) return false;
      memo->sample(rng, chosen_);
    } else {
      return std::nullopt;
    }
    put(ocean);
    return true;
  }

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
      ocean.place_unchecked(s, chosen_[static_cast<std::size_t>(s)]);
  }

  // Shared between copies (the simulator copies placers per thread). The table is copied with
  // the placer and never changed once built: every call reads it, so it takes no lock. The
  // counts live in one place for a placer and all its copies, whenever the copies were made.
  std::shared_ptr<const detail::OptionTable<S>> table_;
  std::shared_ptr<Counted> counted_;
  std::array<Placement, max_ships> chosen_{};
  std::array<const detail::PlacementOption<S>*, max_ships> picked_{};
};

} // namespace battleship
