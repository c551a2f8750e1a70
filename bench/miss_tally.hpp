// Where a shooter's misses fall: while hunting (counted by the ships still afloat) or while
// targeting a ship already hit. Shared by the bench programs; the phase is what the shooter's
// own view tells (`search_phase`), so the tally needs no look at the enemy's ocean.
#pragma once

#include <battleship/search_phase.hpp>
#include <battleship/strategy.hpp>

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>

namespace bench {

/// Misses by phase over a batch of games; safe to add to from several threads.
struct MissTally {
  std::atomic<std::uint64_t> games{0};
  std::array<std::atomic<std::uint64_t>, battleship::max_ships + 1> hunting{}; // by ships afloat
  std::atomic<std::uint64_t> targeting{0};
  std::atomic<std::uint64_t> unknown{0};

  /// Mean hunting misses a game with exactly `afloat` ships afloat (all of them when 0).
  [[nodiscard]] double hunting_per_game(int afloat = 0) const {
    std::uint64_t n = 0;
    for (int k = 1; k <= battleship::max_ships; ++k)
      if (afloat == 0 || k == afloat) n += hunting[static_cast<std::size_t>(k)].load();
    return per_game(n);
  }
  /// Mean targeting misses a game.
  [[nodiscard]] double targeting_per_game() const { return per_game(targeting.load()); }

private:
  [[nodiscard]] double per_game(std::uint64_t n) const {
    const std::uint64_t g = games.load();
    return g ? static_cast<double>(n) / static_cast<double>(g) : 0.0;
  }
};

/// A shooter that tallies the misses of the shooter it holds. Copies share one tally (one copy
/// per worker thread is fine).
template <class S, class Shooter>
class Tallied {
public:
  Tallied(const Shooter& shooter, std::shared_ptr<MissTally> tally)
      : shooter_(shooter), tally_(std::move(tally)) {}
  void start(const battleship::TargetView<S>& view) {
    ++tally_->games;
    shooter_.start(view);
  }
  battleship::Coord next_shot(const battleship::TargetView<S>& view, battleship::Rng& rng) {
    phase_ = battleship::search_phase(view);
    afloat_ = view.afloat_count();
    return shooter_.next_shot(view, rng);
  }
  void on_result(const battleship::TargetView<S>& view, battleship::Coord cell,
                 const battleship::ShotOutcome& told) {
    if (told.valid() && !told.struck()) {
      switch (phase_) {
      case battleship::SearchPhase::hunting:
        ++tally_->hunting[static_cast<std::size_t>(afloat_)];
        break;
      case battleship::SearchPhase::targeting: ++tally_->targeting; break;
      case battleship::SearchPhase::unknown: ++tally_->unknown; break;
      }
    }
    shooter_.on_result(view, cell, told);
  }

private:
  Shooter shooter_;
  std::shared_ptr<MissTally> tally_;
  battleship::SearchPhase phase_ = battleship::SearchPhase::hunting;
  int afloat_ = 0;
};

} // namespace bench
