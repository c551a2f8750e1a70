// simulate_<N>(), match_<N>() and tournament_<N>(): the batch entry points (batch.hpp), one set per
// board capacity.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include <battleship/sprt.hpp>

#include "batch.hpp"
#include "bindings.hpp"
#include "run.hpp"

namespace bsp {
namespace {
/// An array of `games` values, each -1 until its game ends (a game a stop cut short keeps it):
/// `game_shots`'s shot counts or `game_results`'s match ends. A count numpy cannot index is
/// refused, naming `option`, before anything runs.
template <class T>
py::array_t<T> per_game_array(std::uint64_t games, const char* option) {
  constexpr auto most =
      static_cast<std::uint64_t>(std::numeric_limits<py::ssize_t>::max()) / sizeof(T);
  if (games > most)
    throw py::value_error(std::string(option) + "=True keeps " + std::to_string(sizeof(T)) +
                          (sizeof(T) == 1 ? " byte" : " bytes") + " a game; " +
                          std::to_string(games) + " games is more than an array can hold");
  py::array_t<T> values(static_cast<py::ssize_t>(games));
  std::fill_n(values.mutable_data(), games, T{-1});
  return values;
}

/// The histogram whose count of games that took `shots` shots is `counts[shots]`.
battleship::ShotHistogram histogram_of(const std::vector<std::uint64_t>& counts) {
  battleship::ShotHistogram h;
  for (std::size_t shots = 0; shots < counts.size(); ++shots)
    if (counts[shots] != 0) h.add(static_cast<int>(shots), counts[shots]);
  return h;
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
           bool game_shots, bool phases) {
          BatchSetup setup = setup_of(games, seed, threads, rows, cols, fleet, rules,
                                      std::move(progress), first_game);
          setup.miss_phases = phases;
          if (!game_shots) return simulate_games<S>(shooter, placer, setup);
          auto shots = per_game_array<std::int32_t>(games, "game_shots");
          setup.game_shots = shots.mutable_data();
          py::dict d = simulate_games<S>(shooter, placer, setup);
          d["game_shots"] = shots;
          return d;
        },
        py::arg("shooter"), py::arg("placer"), py::arg("games"), py::arg("seed"),
        py::arg("threads"), py::arg("rows"), py::arg("cols"), py::arg("fleet"), py::arg("rules"),
        py::arg("progress"), py::arg("first_game") = 0, py::arg("game_shots") = false,
        py::arg("phases") = false,
        "Solo games of one shooter; see battleship.simulate. phases=True also returns the misses "
        "by phase (hunting by ships afloat, targeting, unknown).");
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
           std::uint64_t first_game, bool game_results, bool phases, bool forfeit_errors) {
          BatchSetup setup = setup_of(games, seed, threads, rows, cols, fleet, rules,
                                      std::move(progress), first_game);
          setup.miss_phases = phases;
          setup.forfeit_errors = forfeit_errors;
          if (!game_results) return match_games<S>(a, b, placer_a, placer_b, setup);
          auto ends = per_game_array<std::int8_t>(games, "game_results");
          setup.match_ends = ends.mutable_data();
          py::dict d = match_games<S>(a, b, placer_a, placer_b, setup);
          d["game_results"] = ends;
          return d;
        },
        py::arg("a"), py::arg("b"), py::arg("placer_a"), py::arg("placer_b"), py::arg("games"),
        py::arg("seed"), py::arg("threads"), py::arg("rows"), py::arg("cols"), py::arg("fleet"),
        py::arg("rules"), py::arg("progress"), py::arg("first_game") = 0,
        py::arg("game_results") = false, py::arg("phases") = false,
        py::arg("forfeit_errors") = false,
        "Head-to-head matches; see battleship.match. game_results=True also returns how each "
        "match ended (0 a won, 1 b won, 2 drawn, 3 aborted); phases=True each side's misses by "
        "phase (phases_a, phases_b); forfeit_errors=True makes a Python strategy's exception "
        "forfeit its game instead of stopping the run (forfeited_calls, first_forfeit).");
  m.def(("sprt_" + suffix<S>()).c_str(),
        [](py::handle a, py::handle b, py::handle placer_a, py::handle placer_b,
           std::uint64_t games, std::uint64_t seed, unsigned threads, int rows, int cols,
           const battleship::Fleet& fleet, const battleship::Rules& rules, py::object progress,
           double elo0, double elo1, double alpha, double beta, std::uint64_t batch) {
          return sprt_games<S>(
              a, b, placer_a, placer_b, battleship::SprtTest{elo0, elo1, alpha, beta}, batch,
              setup_of(games, seed, threads, rows, cols, fleet, rules, std::move(progress), 0));
        },
        py::arg("a"), py::arg("b"), py::arg("placer_a"), py::arg("placer_b"), py::arg("games"),
        py::arg("seed"), py::arg("threads"), py::arg("rows"), py::arg("cols"), py::arg("fleet"),
        py::arg("rules"), py::arg("progress"), py::arg("elo0"), py::arg("elo1"), py::arg("alpha"),
        py::arg("beta"), py::arg("batch"), "A sequential test (sprt_match); see battleship.sprt.");
  m.def(("tournament_" + suffix<S>()).c_str(),
        [](const std::vector<std::string>& names, const py::list& shooters, const py::list& placers,
           std::uint64_t games, std::uint64_t seed, unsigned threads, int rows, int cols,
           const battleship::Fleet& fleet, const battleship::Rules& rules, py::object progress,
           std::uint64_t first_game, bool phases, bool forfeit_errors) {
          BatchSetup setup = setup_of(games, seed, threads, rows, cols, fleet, rules,
                                      std::move(progress), first_game);
          setup.miss_phases = phases;
          setup.forfeit_errors = forfeit_errors;
          return tournament_games<S>(names, shooters, placers, setup);
        },
        py::arg("names"), py::arg("shooters"), py::arg("placers"), py::arg("games"),
        py::arg("seed"), py::arg("threads"), py::arg("rows"), py::arg("cols"), py::arg("fleet"),
        py::arg("rules"), py::arg("progress"), py::arg("first_game") = 0, py::arg("phases") = false,
        py::arg("forfeit_errors") = false,
        "A round robin, each pair playing matches first_game onwards; see battleship.tournament. "
        "phases=True counts each side's misses by phase in every pair (phases_a, phases_b); "
        "forfeit_errors=True makes a Python strategy's exception forfeit its game instead of "
        "stopping the run (forfeited_calls, first_forfeit).");
}
} // namespace

/// What `watch_cancel` watches: a flag shared by a run's pieces, set once by their caller.
struct CancelToken {
  std::shared_ptr<std::atomic<bool>> flag = std::make_shared<std::atomic<bool>>(false);
};

void register_simulate(py::module_& m) {
  for_each_shape([&]<class S>() { bind_batches<S>(m); });
  // Pieces of an executor run on a thread pool: Ctrl-C reaches only the caller, which sets the
  // token; every run its pieces start on their threads then stops (battleship.simulation).
  py::class_<CancelToken>(m, "CancelToken",
                          "A flag that stops the runs of the threads watching it (watch_cancel).")
      .def(py::init<>())
      .def(
          "cancel", [](CancelToken& t) { t.flag->store(true); },
          "Stops every run on a thread that watches this token, now and later.")
      .def_property_readonly(
          "cancelled", [](const CancelToken& t) { return t.flag->load(); },
          "Whether cancel() was called.")
      // A token sent to another process cannot reach back: it arrives as a fresh one.
      .def(py::pickle([](const CancelToken&) { return py::tuple(); },
                      [](const py::tuple&) { return CancelToken{}; }));
  m.def(
      "watch_cancel",
      [](const std::optional<CancelToken>& token) {
        thread_cancel = token ? token->flag.get() : nullptr;
      },
      py::arg("token"),
      "Makes every run this thread starts stop once token is cancelled (None: only Ctrl-C "
      "stops them); the caller keeps the token alive while it is watched.");
  // The figures of a histogram made by adding runs' histograms (battleship.combine): the same
  // code as a single run's figures, so a split run reports exactly what one run reports.
  m.def(
      "histogram_summary",
      [](const std::vector<std::uint64_t>& counts) {
        return histogram_figures(histogram_of(counts));
      },
      py::arg("counts"),
      "Finished games, mean, stddev, ci95, median, p95, min and max of a shots histogram.");
  m.def(
      "histogram_percentile",
      [](const std::vector<std::uint64_t>& counts, double p) {
        return histogram_of(counts).percentile(p);
      },
      py::arg("counts"), py::arg("p"),
      "ShotHistogram::percentile(p) of a shots histogram: the nearest-rank percentile, as the "
      "median and p95 of a run are computed.");
  using Shots = py::array_t<std::int32_t, py::array::c_style | py::array::forcecast>;
  m.def(
      "paired_difference",
      [](const Shots& a, const Shots& b) {
        const auto d =
            battleship::paired_difference({a.data(), static_cast<std::size_t>(a.size())},
                                          {b.data(), static_cast<std::size_t>(b.size())});
        return py::make_tuple(d.games, d.mean, d.stddev, d.ci95);
      },
      py::arg("a"), py::arg("b"),
      "battleship::paired_difference of two runs' game_shots arrays: (games, mean, stddev, "
      "ci95) over the games both finished.");
}
} // namespace bsp
