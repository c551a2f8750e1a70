/// @file solo_record.hpp
/// @brief One solo game of a run played again with every shot kept: the way to look at the game
/// that took a shooter longest.
#pragma once

#include <cstdint>
#include <vector>

#include <battleship/coord.hpp>
#include <battleship/ocean.hpp>
#include <battleship/outcome.hpp>
#include <battleship/rng.hpp>
#include <battleship/rules.hpp>
#include <battleship/solo.hpp>
#include <battleship/strategy.hpp>
#include <battleship/view.hpp>

namespace battleship {

/// A solo game with every shot it fired.
template <BoardShape S>
struct SoloGameRecord {
  Ocean<S> ocean;                    ///< The fleet as laid out, every shot marked on it.
  TargetView<S> view;                ///< What the shooter knew when the game ended.
  std::vector<Coord> cells;          ///< Every cell named, in order, invalid ones included.
  std::vector<ShotOutcome> outcomes; ///< What the ocean answered each (before disclosure).
  SoloResult result;                 ///< The game's result, as `simulate_solo` counts it.
  bool placed = false;               ///< Whether the placer laid the fleet out (else no shot).
};

namespace detail {
/// A shooter that notes every cell `Inner` names. Solo games are the same through it: it draws
/// nothing itself, and the runner's cell-index shortcut plays the same games as `next_shot`.
template <BoardShape S, ShotStrategy<S> Inner>
struct NotingShooter {
  Inner inner;
  std::vector<Coord>* cells;

  void start(const TargetView<S>& view) { inner.start(view); }
  Coord next_shot(const TargetView<S>& view, Rng& rng) {
    const Coord c = inner.next_shot(view, rng);
    cells->push_back(c);
    return c;
  }
  void on_result(const TargetView<S>& view, Coord c, const ShotOutcome& told) {
    inner.on_result(view, c, told);
  }
};
} // namespace detail

/// Game `index` of `simulate_solo(board, fleet, rules, shooter, placer, options)` with
/// `options.seed == seed`, played again with every shot kept: the generator
/// `Rng(derive_seed(seed, index))` lays the fleet out with a copy of `placer` and then drives a
/// copy of `shooter`, as in the run, so `result` is the one the run's `on_game` saw for that
/// game. Throws `std::invalid_argument` for inconsistent rules or a fleet that does not fit,
/// as `simulate_solo` does, and whatever the strategies throw.
template <BoardShape S, ShotStrategy<S> Shooter, PlacementStrategy<S> Placer>
SoloGameRecord<S> record_solo_game(const Board<S>& board, const Fleet& fleet, const Rules& rules,
                                   const Shooter& shooter, const Placer& placer, std::uint64_t seed,
                                   std::uint64_t index) {
  rules.validate();
  fleet.validate(board.shape());
  SoloGameRecord<S> record{Ocean<S>(board, fleet, rules.touching),
                           TargetView<S>(board, fleet, rules),
                           {},
                           {},
                           {},
                           false};
  Rng rng(derive_seed(seed, index));
  Placer my_placer(placer);
  record.placed = place_fleet(my_placer, record.ocean, rng, nullptr);
  if (!record.placed) return record;
  Ocean<S> played = record.ocean; // the layout, to fire the noted cells at afterwards
  detail::NotingShooter<S, Shooter> noting{Shooter(shooter), &record.cells};
  record.result = detail::play_matched(played, record.view, noting, rng, nullptr);
  for (const Coord c : record.cells) record.outcomes.push_back(record.ocean.fire(c));
  return record;
}

} // namespace battleship
