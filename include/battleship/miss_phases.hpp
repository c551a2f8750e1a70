/// @file miss_phases.hpp
/// @brief Where a shooter's misses fall: while hunting (no ship being chased; counted by the
/// ships still afloat) or while targeting a ship already hit, as its own view tells
/// (`search_phase`). A shooter wrapped in `CountingMisses` counts them over a batch of games.
#pragma once

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <utility>

#include <battleship/fleet.hpp>
#include <battleship/search_phase.hpp>
#include <battleship/strategy.hpp>

namespace battleship {

/// Misses by phase over a batch of games. A game is its hits plus these misses (and any shot
/// refused as invalid), so for a fleet of `h` ship cells whose games all finish, the misses a
/// game are the mean shots less `h`.
struct MissPhases {
  std::uint64_t games = 0; ///< Games started.
  /// `hunting[k]`: misses while hunting with `k` ships afloat (index 0 stays 0).
  std::array<std::uint64_t, max_ships + 1> hunting{};
  std::uint64_t targeting = 0; ///< Misses while some hit belongs to a ship afloat.
  /// Misses after the first hit under a disclosure rule that does not say which ships the hits
  /// belong to (`SearchPhase::unknown`).
  std::uint64_t unknown = 0;

  /// Misses while hunting with exactly `afloat` ships afloat, or with any number when 0.
  [[nodiscard]] std::uint64_t hunting_misses(int afloat = 0) const noexcept {
    std::uint64_t n = 0;
    for (std::size_t k = 1; k < hunting.size(); ++k)
      if (afloat == 0 || static_cast<int>(k) == afloat) n += hunting[k];
    return n;
  }
  /// Every miss, in any phase.
  [[nodiscard]] std::uint64_t misses() const noexcept {
    return hunting_misses() + targeting + unknown;
  }
  /// Mean misses a game while hunting with `afloat` ships afloat (any number when 0).
  [[nodiscard]] double hunting_per_game(int afloat = 0) const noexcept {
    return per_game(hunting_misses(afloat));
  }
  /// Mean misses a game while targeting.
  [[nodiscard]] double targeting_per_game() const noexcept { return per_game(targeting); }
  /// Mean misses a game in the unknown phase.
  [[nodiscard]] double unknown_per_game() const noexcept { return per_game(unknown); }
  /// Adds the counts of `other`, another batch (a piece of the same run, say).
  void merge(const MissPhases& other) noexcept {
    games += other.games;
    for (std::size_t k = 0; k < hunting.size(); ++k) hunting[k] += other.hunting[k];
    targeting += other.targeting;
    unknown += other.unknown;
  }

private:
  [[nodiscard]] double per_game(std::uint64_t n) const noexcept {
    return games ? static_cast<double>(n) / static_cast<double>(games) : 0.0;
  }
};

/// The counts `CountingMisses` shooters add to, from any number of threads; `phases()` reads
/// them. The counts are sums, so they do not depend on the thread count.
class MissCounter {
public:
  /// A game started.
  void start_game() noexcept { games_.fetch_add(1, std::memory_order_relaxed); }
  /// A miss in `phase`, with `afloat` ships afloat.
  void miss(SearchPhase phase, int afloat) noexcept {
    switch (phase) {
    case SearchPhase::hunting:
      hunting_[static_cast<std::size_t>(afloat)].fetch_add(1, std::memory_order_relaxed);
      break;
    case SearchPhase::targeting: targeting_.fetch_add(1, std::memory_order_relaxed); break;
    case SearchPhase::unknown: unknown_.fetch_add(1, std::memory_order_relaxed); break;
    }
  }
  /// The counts so far (read once the games are over).
  [[nodiscard]] MissPhases phases() const noexcept {
    MissPhases p;
    p.games = games_.load();
    for (std::size_t k = 0; k < p.hunting.size(); ++k) p.hunting[k] = hunting_[k].load();
    p.targeting = targeting_.load();
    p.unknown = unknown_.load();
    return p;
  }

private:
  std::atomic<std::uint64_t> games_{0};
  std::array<std::atomic<std::uint64_t>, max_ships + 1> hunting_{};
  std::atomic<std::uint64_t> targeting_{0};
  std::atomic<std::uint64_t> unknown_{0};
};

/// `Shooter` playing as it does, its misses counted by phase into a shared `MissCounter`: the
/// phase is taken from its view before each shot, and a valid shot that strikes nothing is a
/// miss. Copies (one a worker thread) count into the same counter. The games are those of the
/// shooter alone: it draws the same numbers.
template <BoardShape S, ShotStrategy<S> Shooter>
class CountingMisses {
public:
  /// Counts `shooter`'s misses into `counter`. Throws `std::invalid_argument` for a null
  /// counter (there would be nothing to count into).
  CountingMisses(Shooter shooter, std::shared_ptr<MissCounter> counter)
      : shooter_(std::move(shooter)), counter_(std::move(counter)) {
    if (!counter_) throw std::invalid_argument("CountingMisses needs a MissCounter, got null");
  }

  /// Starts a game: counted, then handed on.
  void start(const TargetView<S>& view) {
    counter_->start_game();
    shooter_.start(view);
  }
  /// The shooter's shot, its phase noted first.
  Coord next_shot(const TargetView<S>& view, Rng& rng) {
    phase_ = search_phase(view);
    afloat_ = view.afloat_count();
    return shooter_.next_shot(view, rng);
  }
  /// Counts a miss, then hands the outcome on.
  void on_result(const TargetView<S>& view, Coord cell, const ShotOutcome& told) {
    if (told.valid() && !told.struck()) counter_->miss(phase_, afloat_);
    shooter_.on_result(view, cell, told);
  }
  /// The shooter counted.
  [[nodiscard]] const Shooter& shooter() const noexcept { return shooter_; }

private:
  Shooter shooter_;
  std::shared_ptr<MissCounter> counter_;
  SearchPhase phase_ = SearchPhase::hunting;
  int afloat_ = 0;
};

} // namespace battleship
