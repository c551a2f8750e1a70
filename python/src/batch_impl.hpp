// The batch templates declared in batch.hpp; included only by the batch_*.cpp units.
#pragma once

#include <pybind11/numpy.h>

#include <array>
#include <memory>
#include <span>
#include <utility>

#include <battleship/miss_phases.hpp>
#include <battleship/registry.hpp>
#include <battleship/shape.hpp>
#include <battleship/simulate.hpp>
#include <battleship/solo_record.hpp>
#include <battleship/sprt.hpp>
#include <battleship/tournament.hpp>

#include "batch.hpp"
#include "handle.hpp"
#include "python_strategy.hpp"
#include "run.hpp"

namespace bsp {

namespace detail {
inline py::dict summary(const battleship::SimulationResult& r) {
  py::dict d = histogram_figures(r.shots);
  d["games"] = r.games;
  d["unfinished"] = r.unfinished;
  d["unplaceable"] = r.unplaceable;
  const auto& counts = r.shots.counts();
  d["histogram"] =
      py::array_t<std::uint64_t>(static_cast<py::ssize_t>(counts.size()), counts.data());
  d["seconds"] = r.seconds;
  d["games_per_second"] = r.games_per_second();
  d["cancelled"] = r.cancelled;
  return d;
}

/// Raises the exception a Python strategy raised, noting which game it aborted.
[[noreturn]] inline void raise_failure(StrategyFailure& f, std::uint64_t seed) {
  py::error_already_set e = std::move(*f.error);
  f.error.reset();
  const std::string note = "battleship: game " + std::to_string(f.game) + " (seed " +
                           std::to_string(seed) + ") was aborted by this exception in " + f.where +
                           "; the run stopped there";
  const py::object value = e.value();
  if (py::hasattr(value, "add_note")) value.attr("add_note")(note);
  try {
    value.attr("battleship_aborted_game") = f.game;
  } catch (const py::error_already_set&) { // an exception type without attributes: the note stays
  }
  throw e;
}

inline std::shared_ptr<StrategyFailure> deferred(RunControl& control) {
  auto f = std::make_shared<StrategyFailure>();
  f->defer = true;
  f->cancel = &control.cancel;
  f->python_thread = &control.python_thread;
  return f;
}

/// Options for a batch of `setup`, its progress reported to `control`.
inline battleship::SimulationOptions options_of(const BatchSetup& setup, unsigned threads,
                                                RunControl& control) {
  battleship::SimulationOptions options;
  options.games = setup.games;
  options.seed = setup.seed;
  options.first_game = setup.first_game;
  options.threads = threads;
  options.cancel = &control.cancel;
  options.progress = [&control](std::uint64_t n) { control.done.store(n); };
  if (setup.game_shots) // the array `per_game_array` made, `games` entries
    battleship::keep_game_shots(
        options, std::span<int>(setup.game_shots, static_cast<std::size_t>(setup.games)));
  if (setup.match_ends)
    options.on_match = [out = setup.match_ends, first = setup.first_game](
                           std::uint64_t i, const battleship::MatchResult& one) {
      out[i - first] = static_cast<std::int8_t>(battleship::detail::MatchTally::of(one).end);
    };
  return options;
}

/// Makes a run of `options` on one thread (where Python strategies play: its games in order)
/// keep `failure.next_game` on the game in progress, from `first`, so that a failure names the
/// game of the run it aborted, not the failing strategy's own count of its games (which a
/// `first_game`, a tournament's earlier pairs or a game another strategy ended unplaced throw
/// off).
inline void track_games(battleship::SimulationOptions& options, StrategyFailure& failure,
                        std::uint64_t first) {
  failure.next_game = first;
  StrategyFailure* f = &failure;
  options.on_game = [f, then = std::move(options.on_game)](std::uint64_t i,
                                                           const battleship::SoloResult& r) {
    f->next_game = i + 1;
    if (then) then(i, r);
  };
  options.on_match = [f, then = std::move(options.on_match)](std::uint64_t i,
                                                             const battleship::MatchResult& one) {
    f->next_game = i + 1;
    if (then) then(i, one);
  };
}

/// Runs simulate_solo for `shooter` and `placer` (any strategy types) under run_interruptible,
/// `figures` the Python figures of the games a Ctrl-C leaves finished; with `track`, on one
/// thread, keeping its `next_game` (`track_games`).
template <class S, class Shooter, class Placer,
          class Figures = py::dict (*)(const battleship::SimulationResult&)>
battleship::SimulationResult
run_solo(const S& shape, const Shooter& shooter, const Placer& placer, const BatchSetup& setup,
         RunControl& control, StrategyFailure* track = nullptr, const Figures& figures = &summary) {
  const battleship::Board<S> board(shape);
  auto options = options_of(setup, setup.threads, control);
  if (track) track_games(options, *track, setup.first_game);
  return run_interruptible(
      [&] {
        return battleship::simulate_solo(board, setup.fleet, setup.rules, shooter, placer, options);
      },
      control, setup.progress, figures);
}

/// The tallies of a batch of matches, as battleship.match reads them.
inline py::dict match_figures(const battleship::MatchResult& t) {
  py::dict d;
  d["games"] = t.games;
  d["wins_a"] = t.wins_a;
  d["wins_b"] = t.wins_b;
  d["draws"] = t.draws;
  d["aborted"] = t.aborted;
  d["forfeits_a"] = t.forfeits_a;
  d["forfeits_b"] = t.forfeits_b;
  d["cancelled"] = t.cancelled;
  d["first_mover_wins"] = t.first_mover_wins;
  d["rounds"] = t.rounds;
  d["winner_shots"] = t.winner_shots.total();
  d["first_abort"] = t.first_abort;
  if (t.first_abort_game != UINT64_MAX) d["first_abort_game"] = t.first_abort_game;
  if (t.first_abort_by >= 0) d["first_abort_by"] = t.first_abort_by == 0 ? "a" : "b";
  d["seconds"] = t.seconds;
  return d;
}

/// The shape, after checking the rules and that the fleet fits.
template <class S>
S checked_shape(const BatchSetup& setup) {
  if (auto p = setup.rules.problem()) throw py::value_error(*p);
  const S shape(setup.rows, setup.cols);
  setup.fleet.validate(shape);
  return shape;
}
} // namespace detail

namespace detail {
/// Misses by phase as battleship.MissPhases reads them: `hunting` up to the fleet's `ships`.
inline py::dict phases_figures(const battleship::MissPhases& p, int ships) {
  py::dict d;
  d["games"] = p.games;
  d["hunting"] = std::vector<std::uint64_t>(p.hunting.begin(), p.hunting.begin() + ships + 1);
  d["targeting"] = p.targeting;
  d["unknown"] = p.unknown;
  return d;
}
} // namespace detail

template <class S>
py::dict simulate_games(py::handle shooter, py::handle placer, const BatchSetup& setup) {
  const S shape = detail::checked_shape<S>(setup);
  // Counting misses goes the type-erased way below: one more instantiation of the game loop,
  // not one for every built-in shooter and placer.
  const bool named =
      !setup.miss_phases && py::isinstance<py::str>(shooter) && py::isinstance<py::str>(placer);
  if constexpr (std::is_same_v<S, SmallShape>) {
    if (named && setup.rows == 10 && setup.cols == 10)
      return simulate_classic(shooter.cast<std::string>(), placer.cast<std::string>(), setup);
  }
  RunControl control;
  battleship::SimulationResult result;
  if (named) { // the concrete built-in types: the whole shot loop is inlined
    battleship::with_shooter<S>(shooter.cast<std::string>(), [&](auto s) {
      battleship::with_placer<S>(placer.cast<std::string>(), [&](auto p) {
        result = detail::run_solo(shape, s, p, setup, control);
      });
    });
    return detail::summary(result);
  }
  const auto failure = detail::deferred(control);
  BatchSetup one = setup;
  const bool python = any_python_strategy({shooter, placer});
  if (python) one.threads = 1;
  StrategyFailure* const track = python ? failure.get() : nullptr;
  auto played = any_shooter<S>(shooter, failure);
  const auto laid = any_placer<S>(placer, failure);
  std::shared_ptr<battleship::MissCounter> counter;
  const auto figures = [&](const battleship::SimulationResult& r) {
    py::dict d = detail::summary(r);
    if (counter) d["phases"] = detail::phases_figures(counter->phases(), setup.fleet.ship_count());
    return d;
  };
  if (setup.miss_phases) {
    counter = std::make_shared<battleship::MissCounter>();
    const battleship::CountingMisses<S, battleship::AnyShotStrategy<S>> counted(std::move(played),
                                                                                counter);
    result = detail::run_solo(shape, counted, laid, one, control, track, figures);
  } else {
    result = detail::run_solo(shape, played, laid, one, control, track, figures);
  }
  if (failure->error) detail::raise_failure(*failure, setup.seed);
  return figures(result);
}

template <class S>
py::dict solo_game(py::handle shooter, py::handle placer, std::uint64_t index,
                   const BatchSetup& setup) {
  const battleship::Board<S> board(detail::checked_shape<S>(setup));
  RunControl control;
  const auto failure = detail::deferred(control);
  failure->next_game = index;
  // Type-erased strategies: one instantiation, and the same games as the named ones.
  battleship::SoloGameRecord<S> record = battleship::record_solo_game(
      board, setup.fleet, setup.rules, any_shooter<S>(shooter, failure),
      any_placer<S>(placer, failure), setup.seed, index);
  if (failure->error) detail::raise_failure(*failure, setup.seed);
  py::list cells, outcomes;
  for (const battleship::Coord c : record.cells) cells.append(cell_tuple(c.row, c.col));
  for (const battleship::ShotOutcome& o : record.outcomes) outcomes.append(py::cast(o));
  py::dict d;
  d["cells"] = cells;
  d["outcomes"] = outcomes;
  d["shots"] = record.result.shots;
  d["finished"] = record.result.finished;
  d["placed"] = record.placed;
  d["ocean"] = Handle<battleship::Ocean<S>>(std::move(record.ocean));
  d["view"] = Handle<battleship::TargetView<S>>(std::move(record.view));
  return d;
}

namespace detail {
/// The two sides' miss counters of a match run: null unless it counts misses by phase.
using SideCounters = std::array<std::shared_ptr<battleship::MissCounter>, 2>;

/// `shooter`, its misses counted into `counter` when there is one (`CountingMisses`, held
/// type-erased again: the match loop stays the one instantiation for every pair of shooters).
template <class S>
battleship::AnyShotStrategy<S>
counted_side(battleship::AnyShotStrategy<S> shooter,
             const std::shared_ptr<battleship::MissCounter>& counter) {
  if (!counter) return shooter;
  return battleship::CountingMisses<S, battleship::AnyShotStrategy<S>>(std::move(shooter), counter);
}

/// `play(board, shooter_a, placer_a, shooter_b, placer_b, options)` (`simulate_match` or
/// `sprt_match`) for `a` against `b` under run_interruptible, on one thread when a strategy is
/// Python's, each side's misses counted into its `counters` entry if any: its `figures`. A
/// strategy's failure is raised after, or with `setup.forfeit_errors` forfeits the game it broke
/// (the figures say how many calls did, `forfeited_calls`, and the first, `first_forfeit`).
template <class S, class Play, class Figures>
py::dict run_pair(py::handle a, py::handle b, py::handle placer_a, py::handle placer_b,
                  const BatchSetup& setup, Play play, const Figures& figures,
                  const SideCounters& counters = {}) {
  const battleship::Board<S> board(checked_shape<S>(setup));
  RunControl control;
  const auto failure = deferred(control);
  failure->forfeit_errors = setup.forfeit_errors;
  const bool python = any_python_strategy({a, b, placer_a, placer_b});
  const unsigned threads = python ? 1 : setup.threads;
  // A failure's note names the side ("side a"): a match's two sides may be the same class.
  const auto sa = counted_side<S>(any_shooter<S>(a, failure, "side a"), counters[0]);
  const auto sb = counted_side<S>(any_shooter<S>(b, failure, "side b"), counters[1]);
  const auto pa = any_placer<S>(placer_a, failure, "side a");
  const auto pb = any_placer<S>(placer_b, failure, "side b");
  auto options = options_of(setup, threads, control);
  if (python) track_games(options, *failure, setup.first_game);
  const auto with_forfeits = [&](const auto& result) { // none unless setup.forfeit_errors
    py::dict d = figures(result);
    d["forfeited_calls"] = failure->forfeited;
    d["first_forfeit"] = failure->first_forfeit;
    return d;
  };
  const auto result = run_interruptible([&] { return play(board, sa, pa, sb, pb, options); },
                                        control, setup.progress, with_forfeits);
  if (failure->error) raise_failure(*failure, setup.seed);
  return with_forfeits(result);
}
} // namespace detail

template <class S>
py::dict match_games(py::handle a, py::handle b, py::handle placer_a, py::handle placer_b,
                     const BatchSetup& setup) {
  detail::SideCounters counters;
  if (setup.miss_phases)
    counters = {std::make_shared<battleship::MissCounter>(),
                std::make_shared<battleship::MissCounter>()};
  const int ships = setup.fleet.ship_count();
  const auto figures = [&](const battleship::MatchResult& t) {
    py::dict d = detail::match_figures(t);
    if (counters[0]) d["phases_a"] = detail::phases_figures(counters[0]->phases(), ships);
    if (counters[1]) d["phases_b"] = detail::phases_figures(counters[1]->phases(), ships);
    return d;
  };
  return detail::run_pair<S>(
      a, b, placer_a, placer_b, setup,
      [&](const auto& board, const auto& sa, const auto& pa, const auto& sb, const auto& pb,
          const battleship::SimulationOptions& options) {
        return battleship::simulate_match(board, setup.fleet, setup.rules, sa, pa, sb, pb, options);
      },
      figures, counters);
}

template <class S>
py::dict sprt_games(py::handle a, py::handle b, py::handle placer_a, py::handle placer_b,
                    const battleship::SprtTest& test, std::uint64_t batch,
                    const BatchSetup& setup) {
  // A Python strategy plays on one thread (run_pair), where a batch buys no parallelism, only
  // matches past the deciding pair: the test then looks after every pair.
  const std::uint64_t look = any_python_strategy({a, b, placer_a, placer_b}) ? 2 : batch;
  const auto figures = [](const battleship::SprtResult& r) {
    py::dict d = detail::match_figures(r.match);
    d["decision"] = std::string(to_string(r.decision));
    d["llr"] = r.llr;
    d["batches"] = r.batches;
    d["played"] = r.played;
    return d;
  };
  return detail::run_pair<S>(
      a, b, placer_a, placer_b, setup,
      [&](const auto& board, const auto& sa, const auto& pa, const auto& sb, const auto& pb,
          const battleship::SimulationOptions& options) {
        return battleship::sprt_match(board, setup.fleet, setup.rules, sa, pa, sb, pb, test, look,
                                      options);
      },
      figures);
}

template <class S>
py::dict tournament_games(const std::vector<std::string>& names, const py::list& shooters,
                          const py::list& placers, const BatchSetup& setup) {
  const battleship::Board<S> board(detail::checked_shape<S>(setup));
  RunControl control;
  const auto failure = detail::deferred(control);
  failure->forfeit_errors = setup.forfeit_errors;
  unsigned threads = setup.threads;
  bool python = false;
  std::vector<battleship::Entrant<S>> entrants;
  for (std::size_t k = 0; k < names.size(); ++k) {
    const py::handle shooter = shooters[k], placer = placers[k];
    if (is_python_strategy(shooter) || is_python_strategy(placer)) {
      python = true;
      threads = 1;
    }
    entrants.push_back({names[k], any_shooter<S>(shooter, failure, "player " + names[k]),
                        any_placer<S>(placer, failure, "player " + names[k])});
  }
  auto options = detail::options_of(setup, threads, control);
  if (python) detail::track_games(options, *failure, setup.first_game);
  // With miss_phases, each pair's sides count into counters of their own (pair k: 2k and 2k + 1).
  std::vector<std::shared_ptr<battleship::MissCounter>> counters;
  if (setup.miss_phases)
    for (std::size_t k = 0; k < names.size() * (names.size() - 1); ++k)
      counters.push_back(std::make_shared<battleship::MissCounter>());
  const auto side = [&](std::size_t player, std::size_t opponent,
                        const battleship::AnyShotStrategy<S>& shooter) {
    if (python) failure->next_game = setup.first_game; // a pair about to play: its first match
    if (counters.empty()) return shooter;
    const std::size_t low = std::min(player, opponent), high = std::max(player, opponent);
    const std::size_t pair = battleship::detail::pair_index(low, high, names.size());
    return detail::counted_side<S>(shooter, counters[2 * pair + (player == low ? 0 : 1)]);
  };
  const int ships = setup.fleet.ship_count();
  const auto figures = [&](const battleship::TournamentResult& t) {
    py::list matches;
    for (std::size_t k = 0; k < t.matches.size(); ++k) {
      py::dict m = detail::match_figures(t.matches[k]);
      if (!counters.empty()) {
        m["phases_a"] = detail::phases_figures(counters[2 * k]->phases(), ships);
        m["phases_b"] = detail::phases_figures(counters[2 * k + 1]->phases(), ships);
      }
      matches.append(m);
    }
    py::dict d;
    d["matches"] = matches;
    d["cancelled"] = t.cancelled;
    d["seconds"] = t.seconds;
    d["forfeited_calls"] = failure->forfeited;
    d["first_forfeit"] = failure->first_forfeit;
    return d;
  };
  const battleship::TournamentResult t = run_interruptible(
      [&] {
        return battleship::round_robin(board, setup.fleet, setup.rules, entrants, options, side);
      },
      control, setup.progress, figures);
  if (failure->error) detail::raise_failure(*failure, setup.seed);
  return figures(t);
}

} // namespace bsp
