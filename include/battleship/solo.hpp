/// @file solo.hpp
/// @brief The solo runner: one shooter against one ocean until every ship sinks (seed 001's
/// experiment).
#pragma once

#include <atomic>
#include <stdexcept>

#include <battleship/ocean.hpp>
#include <battleship/strategy.hpp>
#include <battleship/view.hpp>

namespace battleship {

/// How a solo game ended.
struct SoloResult {
  int shots = 0;         ///< Valid shots fired.
  bool finished = false; ///< Every ship sunk (false: the shot cap, an invalid-shot limit or a
                         ///< stop ended it).
  /// Cut short by the caller's stop flag (`play_solo`'s `stop`), or the flag was set by the
  /// game's end: its last move may have been cut short (`detail::run_stop`).
  bool stopped = false;

  /// Results are equal when every field is.
  friend constexpr bool operator==(const SoloResult&, const SoloResult&) = default;
};

namespace detail {
// The shot loop with the disclosure rule as a template argument: `disclose` then folds to a few
// moves instead of a switch on every shot (about 15 percent fewer instructions per game).
template <Disclosure D, BoardShape S, class Shooter>
SoloResult solo_loop(Ocean<S>& ocean, TargetView<S>& view, Shooter& shooter, Rng& caller_rng,
                     const std::atomic<bool>* stop) {
  // A local generator the compiler can keep in registers (the caller's may alias the boards'
  // words); it is handed back when the game ends.
  Rng rng = caller_rng;
  const Rules& rules = view.rules();
  const int cap = rules.shot_cap > 0 ? rules.shot_cap : ocean.board().cells();
  SoloResult result;
  int invalid_in_a_row = 0;
  const auto& board = ocean.board();
  // Only a sinking can finish the fleet (nothing else fires at this ocean), so test it only then.
  bool all_sunk = ocean.all_sunk();
  // A flag never set stands for a null `stop`: one load a shot, no null test.
  static constinit const std::atomic<bool> never{false};
  const std::atomic<bool>& halt = stop ? *stop : never;
  while (!all_sunk && result.shots < cap) {
    if (halt.load(std::memory_order_relaxed)) [[unlikely]] {
      result.stopped = true;
      break;
    }
    // One bounds check and one index for the ocean and the view (the shot loop is the hot path).
    ShotOutcome full;
    ShotOutcome told;
    if constexpr (CellShotStrategy<Shooter, S>) {
      const int cell = shooter.next_cell(view, rng);
      const bool on_board = static_cast<unsigned>(cell) < static_cast<unsigned>(board.cells());
      const auto i = static_cast<std::size_t>(cell);
      full = on_board ? ocean.fire_cell(i) : ocean.fire(Coord{-1, -1}); // fire refuses it
      told = disclose(full, D);
      if (on_board) {
        view.record_cell(i, told);
        shooter.on_cell_result(view, i, told);
      }
    } else {
      const Coord c = shooter.next_shot(view, rng);
      const bool on_board = board.contains(c);
      const std::size_t i = on_board ? board.index(c) : 0;
      full = on_board ? ocean.fire_cell(i) : ocean.fire(c); // fire refuses it
      told = disclose(full, D);
      if (on_board) view.record_cell(i, told);
      shooter.on_result(view, c, told);
    }
    if (!full.valid()) [[unlikely]] {
      if (++invalid_in_a_row >= rules.max_invalid_in_a_row) break;
      continue;
    }
    invalid_in_a_row = 0;
    ++result.shots;
    if (full.sank()) all_sunk = ocean.all_sunk();
  }
  // A stop that came during the last move is a stop too: that move may have been cut short
  // (`detail::run_stop`), so the game is not one an unstopped run would have played.
  if (halt.load(std::memory_order_relaxed)) result.stopped = true;
  caller_rng = rng;
  result.finished = ocean.all_sunk();
  return result;
}

/// `play_solo` for a view the caller made of the ocean's board and fleet: the runs, which play it
/// once a game and would otherwise compare the same two fleets every game.
template <BoardShape S, ShotStrategy<S> Shooter>
SoloResult play_matched(Ocean<S>& ocean, TargetView<S>& view, Shooter& shooter, Rng& rng,
                        const std::atomic<bool>* stop) {
  view.reset();
  shooter.start(view);
  switch (view.rules().disclosure) {
  case Disclosure::hit_only:
    return solo_loop<Disclosure::hit_only>(ocean, view, shooter, rng, stop);
  case Disclosure::hit_and_sunk:
    return solo_loop<Disclosure::hit_and_sunk>(ocean, view, shooter, rng, stop);
  case Disclosure::sunk_with_name: break;
  }
  return solo_loop<Disclosure::sunk_with_name>(ocean, view, shooter, rng, stop);
}
} // namespace detail

/// Plays `shooter` against the already placed `ocean` until every ship is sunk.
///
/// The view is reset and the shooter started first. Invalid shots (off board, repeated) are
/// refused and retried; after `rules.max_invalid_in_a_row` of them in a row the game stops
/// unfinished. A positive `rules.shot_cap` stops the game after that many valid shots. Salvo
/// rules do not apply to a solo game: each shot's result is announced at once. The shooter draws
/// from `rng` and nothing else does, so a game is a function of the layout and the generator.
///
/// `stop`, when given, is read before each shot: once it is true the game stops there, unfinished
/// and `stopped` (a run that is cancelled does not wait for a slow game to end).
///
/// Throws `std::invalid_argument` when `view` is not of `ocean`'s board and fleet: the shooter
/// would read ship ids the view's fleet does not have (out of bounds) or plan on another board.
template <BoardShape S, ShotStrategy<S> Shooter>
SoloResult play_solo(Ocean<S>& ocean, TargetView<S>& view, Shooter& shooter, Rng& rng,
                     const std::atomic<bool>* stop = nullptr) {
  if (!(view.board() == ocean.board()) || !(view.fleet() == ocean.fleet()))
    throw std::invalid_argument("play_solo needs a view of the ocean's board and fleet");
  return detail::play_matched(ocean, view, shooter, rng, stop);
}

} // namespace battleship
