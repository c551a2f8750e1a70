// simulate_<N>(), match_<N>() and tournament_<N>(): the batch entry points (batch.hpp), one set per
// board capacity.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "batch.hpp"
#include "bindings.hpp"

namespace bsp {
namespace {
/// An array of `games` shot counts, each -1 until its game finishes (a game a stop cut short
/// keeps it). Four bytes a game: a count numpy cannot index is refused before anything runs.
py::array_t<std::int32_t> game_shots_array(std::uint64_t games) {
  constexpr auto most =
      static_cast<std::uint64_t>(std::numeric_limits<py::ssize_t>::max()) / sizeof(std::int32_t);
  if (games > most)
    throw py::value_error("game_shots=True keeps 4 bytes a game; " + std::to_string(games) +
                          " games is more than an array can hold");
  py::array_t<std::int32_t> shots(static_cast<py::ssize_t>(games));
  std::fill_n(shots.mutable_data(), games, -1);
  return shots;
}

/// An array of `games` rows of three counts (`BatchSetup::match_tallies`), each -1 until its
/// match finishes. Twelve bytes a match: a count numpy cannot index is refused before anything
/// runs.
py::array_t<std::int32_t> match_tallies_array(std::uint64_t games) {
  constexpr auto most = static_cast<std::uint64_t>(std::numeric_limits<py::ssize_t>::max()) /
                        (3 * sizeof(std::int32_t));
  if (games > most)
    throw py::value_error("per_match=True keeps 12 bytes a match; " + std::to_string(games) +
                          " matches is more than an array can hold");
  py::array_t<std::int32_t> tallies({static_cast<py::ssize_t>(games), py::ssize_t{3}});
  std::fill_n(tallies.mutable_data(), 3 * games, -1);
  return tallies;
}

BatchSetup setup_of(std::uint64_t games, std::uint64_t seed, unsigned threads, int rows, int cols,
                    const battleship::Fleet& fleet, const battleship::Rules& rules,
                    py::object progress, std::uint64_t first_game) {
  return BatchSetup{games,     seed, threads, rows, cols, fleet, rules, std::move(progress),
                    first_game};
}

template <class S>
void bind_batches(py::module_& m) {
  m.def(("simulate_" + suffix<S>()).c_str(),
        [](py::handle shooter, py::handle placer, std::uint64_t games, std::uint64_t seed,
           unsigned threads, int rows, int cols, const battleship::Fleet& fleet,
           const battleship::Rules& rules, py::object progress, std::uint64_t first_game,
           bool game_shots) {
          BatchSetup setup = setup_of(games, seed, threads, rows, cols, fleet, rules,
                                      std::move(progress), first_game);
          if (!game_shots) return simulate_games<S>(shooter, placer, setup);
          py::array_t<std::int32_t> shots = game_shots_array(games);
          setup.game_shots = shots.mutable_data();
          py::dict d = simulate_games<S>(shooter, placer, setup);
          d["game_shots"] = shots;
          return d;
        },
        py::arg("shooter"), py::arg("placer"), py::arg("games"), py::arg("seed"),
        py::arg("threads"), py::arg("rows"), py::arg("cols"), py::arg("fleet"), py::arg("rules"),
        py::arg("progress"), py::arg("first_game") = 0, py::arg("game_shots") = false,
        "Solo games of one shooter; see battleship.simulate.");
  m.def(("solo_game_" + suffix<S>()).c_str(),
        [](py::handle shooter, py::handle placer, std::uint64_t seed, std::uint64_t index, int rows,
           int cols, const battleship::Fleet& fleet, const battleship::Rules& rules) {
          return solo_game<S>(shooter, placer, index,
                              setup_of(1, seed, 1, rows, cols, fleet, rules, py::none(), index));
        },
        py::arg("shooter"), py::arg("placer"), py::arg("seed"), py::arg("index"), py::arg("rows"),
        py::arg("cols"), py::arg("fleet"), py::arg("rules"),
        "Solo game index of a run, with every shot; see battleship.solo_game.");
  m.def(("match_" + suffix<S>()).c_str(),
        [](py::handle a, py::handle b, py::handle placer_a, py::handle placer_b,
           std::uint64_t games, std::uint64_t seed, unsigned threads, int rows, int cols,
           const battleship::Fleet& fleet, const battleship::Rules& rules, py::object progress,
           std::uint64_t first_game, bool per_match) {
          BatchSetup setup = setup_of(games, seed, threads, rows, cols, fleet, rules,
                                      std::move(progress), first_game);
          if (!per_match) return match_games<S>(a, b, placer_a, placer_b, setup);
          py::array_t<std::int32_t> tallies = match_tallies_array(games);
          setup.match_tallies = tallies.mutable_data();
          py::dict d = match_games<S>(a, b, placer_a, placer_b, setup);
          d["per_match"] = tallies;
          return d;
        },
        py::arg("a"), py::arg("b"), py::arg("placer_a"), py::arg("placer_b"), py::arg("games"),
        py::arg("seed"), py::arg("threads"), py::arg("rows"), py::arg("cols"), py::arg("fleet"),
        py::arg("rules"), py::arg("progress"), py::arg("first_game") = 0,
        py::arg("per_match") = false,
        "Head-to-head matches; see battleship.match. per_match=True also returns each match's "
        "tallies, a row each: how it ended (0 a won, 1 b won, 2 drawn, 3 aborted), its rounds, "
        "the winner's valid shots.");
  m.def(("tournament_" + suffix<S>()).c_str(),
        [](const std::vector<std::string>& names, const py::list& shooters, const py::list& placers,
           std::uint64_t games, std::uint64_t seed, unsigned threads, int rows, int cols,
           const battleship::Fleet& fleet, const battleship::Rules& rules, py::object progress) {
          return tournament_games<S>(
              names, shooters, placers,
              setup_of(games, seed, threads, rows, cols, fleet, rules, std::move(progress), 0));
        },
        py::arg("names"), py::arg("shooters"), py::arg("placers"), py::arg("games"),
        py::arg("seed"), py::arg("threads"), py::arg("rows"), py::arg("cols"), py::arg("fleet"),
        py::arg("rules"), py::arg("progress"), "A round robin; see battleship.tournament.");
}
} // namespace

void register_simulate(py::module_& m) {
  for_each_shape([&]<class S>() { bind_batches<S>(m); });
  // The figures of a histogram made by adding runs' histograms (battleship.combine): the same
  // code as a single run's figures, so a split run reports exactly what one run reports.
  m.def(
      "histogram_summary",
      [](const std::vector<std::uint64_t>& counts) {
        battleship::ShotHistogram h;
        for (std::size_t shots = 0; shots < counts.size(); ++shots)
          if (counts[shots] != 0) h.add(static_cast<int>(shots), counts[shots]);
        return histogram_figures(h);
      },
      py::arg("counts"),
      "Finished games, mean, stddev, ci95, median, p95, min and max of a shots histogram.");
}
} // namespace bsp
