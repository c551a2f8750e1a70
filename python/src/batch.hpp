// Batches of games for Python: simulate() (solo games), match() (head to head) and tournament()
// (round robin), run by the
// C++ engine with the GIL released, Ctrl-C and progress handled by run_interruptible, Python
// strategies on one thread. The templates (batch_impl.hpp) are instantiated one board shape per
// translation unit (batch_*.cpp): a unit holding every shape's shot loops grows past the
// compiler's inlining budget and the loops come out measurably slower than the C++ bench's.
#pragma once

#include <pybind11/pybind11.h>

#include <cstdint>
#include <string>
#include <vector>

#include <battleship/fleet.hpp>
#include <battleship/rules.hpp>
#include <battleship/statistics.hpp>

#include "bindings.hpp"

namespace battleship {
struct SprtTest; // sprt.hpp: only the units that run a test need it whole
} // namespace battleship

namespace bsp {

/// Arguments shared by simulate and match.
struct BatchSetup {
  std::uint64_t games = 0;      ///< Games to play.
  std::uint64_t seed = 0;       ///< Master seed.
  unsigned threads = 0;         ///< Worker threads, 0 for every core.
  int rows = 10;                ///< Board rows.
  int cols = 10;                ///< Board columns.
  battleship::Fleet fleet;      ///< Each player's fleet.
  battleship::Rules rules;      ///< The rules.
  py::object progress;          ///< Called with the games done, or None.
  std::uint64_t first_game = 0; ///< Index of the first game (a range of a longer run).
  /// Where a solo run writes each game's shots (game `first_game + k` at `[k]`, -1 for a game
  /// that did not finish), or null. Distinct games write distinct slots, so threads never share
  /// one.
  std::int32_t* game_shots = nullptr;
  /// Where a match run writes how each match ended (match `first_game + k` at `[k]`: 0 A won,
  /// 1 B won, 2 drawn, 3 aborted, as `battleship::detail::MatchTally::end`), or null. Distinct
  /// matches write distinct slots.
  std::int8_t* match_ends = nullptr;
  /// Whether a solo or match run counts its misses by phase (`battleship::CountingMisses`): a
  /// solo run's dict then holds them as "phases", a match run's as "phases_a" and "phases_b".
  bool miss_phases = false;
  /// Whether a Python strategy's exception forfeits the game it broke and the run plays on
  /// (`StrategyFailure::forfeit_errors`; tournaments and matches), instead of stopping the run.
  bool forfeit_errors = false;
};

/// The figures of a shots histogram, as `battleship.SimulationResult` names them: finished games,
/// mean, stddev, ci95, median, p95, min and max. One definition for a run and for combined runs.
inline py::dict histogram_figures(const battleship::ShotHistogram& h) {
  py::dict d;
  d["finished"] = h.games();
  d["mean"] = h.mean();
  d["stddev"] = h.stddev();
  d["ci95"] = h.ci95();
  d["median"] = h.median();
  d["p95"] = h.p95();
  d["min"] = h.min();
  d["max"] = h.max();
  return d;
}

/// Solo games of `shooter` against layouts of `placer` on a board of shape type `S`.
template <class S>
py::dict simulate_games(py::handle shooter, py::handle placer, const BatchSetup& setup);
/// The classic 10 x 10 board's fast path for built-in strategies named by `shooter` and
/// `placer` (the C++ bench's `FixedShape<10, 10>` loop).
py::dict simulate_classic(const std::string& shooter, const std::string& placer,
                          const BatchSetup& setup);
/// Head-to-head matches of `a` against `b` on a board of shape type `S`.
template <class S>
py::dict match_games(py::handle a, py::handle b, py::handle placer_a, py::handle placer_b,
                     const BatchSetup& setup);
/// A sequential test of `a` against `b` (`battleship::sprt_match`), `setup.games` matches at
/// most, `batch` at a time: `match_games`'s tallies of the matches counted, with "decision",
/// "llr", "batches" and "played".
template <class S>
py::dict sprt_games(py::handle a, py::handle b, py::handle placer_a, py::handle placer_b,
                    const battleship::SprtTest& test, std::uint64_t batch, const BatchSetup& setup);
/// Game `index` of `simulate_games(shooter, placer, setup)` played again with every shot kept
/// (`battleship::record_solo_game`): "ocean" and "view" (handles of the final ocean and view),
/// "cells" (every cell named, as (row, col)), "outcomes" (the ocean's answers), "shots",
/// "finished" and "placed". `setup.games` and `setup.first_game` are not used.
template <class S>
py::dict solo_game(py::handle shooter, py::handle placer, std::uint64_t index,
                   const BatchSetup& setup);
/// Every layout of `setup.fleet` on a board of at most 128 cells, `seeds` times each, played by
/// `shooter` (`simulate_every_layout`, at most `max_layouts` of them; `setup.games` and
/// `setup.first_game` are not used).
py::dict every_layout_games(py::handle shooter, int seeds, std::size_t max_layouts,
                            const BatchSetup& setup);
/// A round robin of the players (`names[k]` shoots with `shooters[k]` and lays out its fleet
/// with `placers[k]`), `setup.games` matches a pair.
template <class S>
py::dict tournament_games(const std::vector<std::string>& names, const py::list& shooters,
                          const py::list& placers, const BatchSetup& setup);

} // namespace bsp
