// fit_elo and EloRatings: Elo ratings of two-player results, with the test of their fit
// (battleship.elo_fit wraps them with the players' names); standings: the players ranked by
// those results, as a tournament ranks them; sprt_decision: where a sequential test of two
// players' Elo difference stands (battleship.sprt plays its batches).
#include <pybind11/stl.h>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include <battleship/ratings.hpp>
#include <battleship/sprt.hpp>
#include <battleship/tournament.hpp>

#include "bindings.hpp"
#include "convert.hpp"
#include "run.hpp"
#include "typed_arg.hpp"

namespace bsp {
namespace {
using Record = std::tuple<std::size_t, std::size_t, std::uint64_t, std::uint64_t, std::uint64_t>;

battleship::PairRecord pair_record(const Record& r) {
  const auto& [a, b, wins_a, wins_b, draws] = r;
  return {a, b, wins_a, wins_b, draws};
}

std::vector<battleship::PairRecord> pair_records(const std::vector<Record>& records) {
  std::vector<battleship::PairRecord> pairs;
  for (const Record& r : records) pairs.push_back(pair_record(r));
  return pairs;
}
} // namespace

void register_ratings(py::module_& m) {
  using battleship::EloRatings;
  py::class_<EloRatings>(m, "EloRatings",
                         "Elo ratings fitted by fit_elo, indexed as its records index players.")
      .def_readonly("elo", &EloRatings::elo)
      .def_readonly("margin", &EloRatings::margin)
      .def_readonly("covariance", &EloRatings::covariance)
      .def_readonly("chi_square", &EloRatings::chi_square)
      .def_readonly("degrees_of_freedom", &EloRatings::degrees_of_freedom)
      .def("fit_p_value", &EloRatings::fit_p_value)
      .def(
          "difference",
          [](const EloRatings& r, std::size_t i, std::size_t j) {
            const battleship::EloDifference d = r.difference(i, j);
            return std::tuple{d.elo, d.margin};
          },
          py::arg("i"), py::arg("j"), "Player i's rating minus j's, and its 95 percent margin.")
      .def("expected_share", &EloRatings::expected_share, py::arg("i"), py::arg("j"))
      .def(
          "residual",
          [](const EloRatings& r, const Record& record) { return r.residual(pair_record(record)); },
          py::arg("record"), "The Pearson residual of an (a, b, wins_a, wins_b, draws) record.")
      // Pickled as its fields, so that an EloFit (which holds one) goes to another process and
      // into copy.deepcopy.
      .def(py::pickle(
          [](const EloRatings& r) {
            return py::make_tuple(r.elo, r.margin, r.covariance, r.anchor, r.chi_square,
                                  r.degrees_of_freedom);
          },
          [](const py::tuple& t) {
            if (t.size() != 6)
              throw py::value_error("an EloRatings state is (elo, margin, covariance, anchor, "
                                    "chi_square, degrees_of_freedom)");
            EloRatings r;
            r.elo = t[0].cast<std::vector<double>>();
            r.margin = t[1].cast<std::vector<double>>();
            r.covariance = t[2].cast<std::vector<double>>();
            r.anchor = t[3].cast<std::optional<std::size_t>>();
            r.chi_square = t[4].cast<double>();
            r.degrees_of_freedom = t[5].cast<std::size_t>();
            const std::size_t n = r.elo.size();
            if (r.margin.size() != n || r.covariance.size() != n * n ||
                (r.anchor && *r.anchor >= n))
              throw py::value_error("an EloRatings state whose sizes disagree");
            return r;
          }));
  m.def(
      "fit_elo",
      [](std::size_t players, const std::vector<Record>& records,
         std::optional<std::size_t> anchor) {
        // Off this thread, so that Ctrl-C stops a fit of thousands of players (minutes).
        const std::vector<battleship::PairRecord> pairs = pair_records(records);
        return run_stoppable([&](const std::atomic<bool>* stop) {
          return battleship::fit_elo(players, pairs, anchor, stop);
        });
      },
      py::arg("players"), py::arg("records"), py::arg("anchor"),
      "Elo ratings fitted to (a, b, wins_a, wins_b, draws) records.");
  m.def(
      "standings",
      [](const std::vector<std::string>& names, const std::vector<Record>& records) {
        py::list rows;
        for (const battleship::Standing& s :
             battleship::standings_of(names, pair_records(records))) {
          py::dict row;
          row["entrant"] = s.entrant;
          row["name"] = s.name;
          row["wins"] = s.wins;
          row["losses"] = s.losses;
          row["draws"] = s.draws;
          row["score"] = s.score();
          rows.append(row);
        }
        return rows;
      },
      py::arg("names"), py::arg("records"),
      "Every player's record over (a, b, wins_a, wins_b, draws) records, best first as a "
      "tournament ranks them (standings_of): dicts of entrant, name, wins, losses, draws and "
      "score. ValueError for a record of a player against itself or past the names.");
  m.def(
      "proportion",
      [](IntArg successes_given, IntArg trials_given) {
        // Checked as derive_seed checks: pybind's own conversion took True and refused -1 or
        // 1.5 with a list of overloads.
        const std::uint64_t successes = uint64_argument(successes_given, "successes");
        const std::uint64_t trials = uint64_argument(trials_given, "trials");
        if (successes > trials)
          throw py::value_error("successes (" + std::to_string(successes) +
                                ") must be at most trials (" + std::to_string(trials) + ")");
        const battleship::Proportion p = battleship::proportion(successes, trials);
        return std::tuple{p.share, p.low, p.high};
      },
      py::arg("successes"), py::arg("trials"),
      "successes / trials with its Wilson 95 percent interval: (share, low, high); all 0 for no "
      "trials. TypeError for counts that are not ints, ValueError for negative ones, ones past "
      "2**64 - 1, or more successes than trials.");
  m.def(
      "sprt_decision",
      [](double elo0, double elo1, double alpha, double beta, std::uint64_t wins_a,
         std::uint64_t wins_b, std::uint64_t draws) {
        const battleship::SprtTest test{elo0, elo1, alpha, beta};
        test.validate();
        py::dict d;
        const double llr = test.log_likelihood_ratio(wins_a, wins_b, draws);
        d["llr"] = llr;
        d["lower"] = test.lower_bound();
        d["upper"] = test.upper_bound();
        d["decision"] = std::string(to_string(test.decide(llr)));
        return d;
      },
      py::arg("elo0"), py::arg("elo1"), py::arg("alpha"), py::arg("beta"), py::arg("wins_a"),
      py::arg("wins_b"), py::arg("draws"),
      "The log-likelihood ratio, Wald's bounds and the decision of a sequential test (SprtTest); "
      "ValueError for a test with a problem.");
}
} // namespace bsp
