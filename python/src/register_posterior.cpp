// Posterior: what `bayes` believes about a hidden fleet, as a probability map
// (battleship.Posterior).
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <battleship/outcome.hpp>
#include <battleship/rng.hpp>
#include <battleship/strategies/bayes.hpp>
#include <battleship/view.hpp>

#include "bindings.hpp"
#include "convert.hpp"

namespace bsp {
namespace {
using namespace battleship;

/// The observations of one target and `bayes`'s posterior over them: `bayes` is told every
/// result in order, as in a game, so sinkings are read exactly as the shooter reads them.
template <class S>
struct PosteriorTracker {
  TargetView<S> view;
  BayesShooter<S> bayes;
  std::uint64_t seed = 0;

  // Each estimate draws from a generator seeded by (seed, answers recorded), so the map depends
  // on the records and the seed, not on when it was asked for.
  void refresh() {
    Rng rng(derive_seed(seed, static_cast<std::uint64_t>(view.shots_fired())));
    bayes.update(view, rng);
  }
};

template <class S>
void bind_posterior(py::module_& m) {
  using T = PosteriorTracker<S>;
  py::class_<T>(m, ("Posterior_" + suffix<S>()).c_str(),
                "bayes's posterior over fleet layouts (see battleship.Posterior).")
      .def(py::init([](int r, int c, const Fleet& fleet, const Rules& rules, int samples,
                       std::uint64_t seed) {
             if (auto p = rules.problem()) throw py::value_error(*p);
             fleet.validate(S(r, c));
             if (samples < 1)
               throw py::value_error("samples must be at least 1, got " + std::to_string(samples));
             T t{TargetView<S>(Board<S>(S(r, c)), fleet, rules), BayesShooter<S>{}, seed};
             t.bayes.samples = samples;
             t.bayes.start(t.view);
             return t;
           }),
           py::arg("rows"), py::arg("cols"), py::arg("fleet"), py::arg("rules"), py::arg("samples"),
           py::arg("seed"))
      .def(
          "record",
          [](T& t, Coord c, const ShotOutcome& outcome) {
            if (!t.view.board().contains(c))
              throw py::index_error("cell (" + std::to_string(c.row) + ", " +
                                    std::to_string(c.col) + ") is not on the board");
            if (!outcome.valid())
              throw py::value_error("an invalid shot tells nothing; record answered shots only");
            if (!t.view.is_open(c))
              throw py::value_error("cell (" + std::to_string(c.row) + ", " +
                                    std::to_string(c.col) + ") was already recorded");
            if (outcome.ship >= t.view.fleet().ship_count())
              throw py::index_error("ship " + std::to_string(outcome.ship) +
                                    " is not in a fleet of " +
                                    std::to_string(t.view.fleet().ship_count()) + " ships");
            // Told what the disclosure rule reveals, so the ocean's own answer may be passed.
            const ShotOutcome told = disclose(outcome, t.view.rules().disclosure);
            T next = t; // a refused observation leaves the tracker as it was
            next.view.record(c, told);
            next.bayes.on_result(next.view, c, told);
            next.refresh();
            if (next.bayes.layouts() <= 0)
              throw py::value_error("no layout of the fleet fits these observations with this one");
            t = std::move(next);
          },
          py::arg("cell"), py::arg("outcome"))
      .def("probabilities",
           [](T& t) {
             t.refresh();
             const Board<S>& board = t.view.board();
             py::array_t<double> out({board.rows(), board.cols()});
             double* p = out.mutable_data();
             const auto hits = t.view.hits(), misses = t.view.misses();
             for (int i = 0, n = board.cells(); i < n; ++i) {
               const auto cell = static_cast<std::size_t>(i);
               p[i] = hits.test(cell)     ? 1.0
                      : misses.test(cell) ? 0.0
                                          : t.bayes.probability(board.coord(cell));
             }
             return out;
           })
      .def_property_readonly("exact",
                             [](T& t) {
                               t.refresh();
                               return t.bayes.exact();
                             })
      .def_property_readonly("layouts",
                             [](T& t) {
                               t.refresh();
                               return t.bayes.exact() ? py::object(py::float_(t.bayes.layouts()))
                                                      : py::object(py::none());
                             })
      .def_property_readonly("shots", [](const T& t) { return t.view.shots_fired(); });
}
} // namespace

void register_posterior(py::module_& m) {
  for_each_shape([&]<class S>() { bind_posterior<S>(m); });
}
} // namespace bsp
