// battleship.Posterior: a thin binding of battleship::Posterior (what `bayes` believes about a
// hidden fleet, as a probability map).
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include <battleship/outcome.hpp>
#include <battleship/posterior.hpp>

#include "bindings.hpp"
#include "convert.hpp"

namespace bsp {
namespace {
using namespace battleship;

template <class S>
void bind_posterior(py::module_& m) {
  using T = Posterior<S>;
  py::class_<T>(m, ("Posterior_" + suffix<S>()).c_str(),
                "bayes's posterior over fleet layouts (see battleship.Posterior).")
      .def(py::init([](int r, int c, const Fleet& fleet, const Rules& rules, int samples,
                       std::uint64_t seed) {
             try {
               return T(Board<S>(S(r, c)), fleet, rules, seed, samples);
             } catch (const std::invalid_argument& e) {
               throw py::value_error(e.what());
             }
           }),
           py::arg("rows"), py::arg("cols"), py::arg("fleet"), py::arg("rules"), py::arg("samples"),
           py::arg("seed"))
      .def("copy", [](const T& t) { return T(t); })
      .def(
          "record",
          [](T& t, Coord c, py::handle told) {
            const ShotOutcome outcome = outcome_argument(told);
            if (const AnswerRefusal why = t.record(c, outcome); why != AnswerRefusal::none)
              raise_refusal(why, c, outcome, t.view());
          },
          py::arg("cell"), py::arg("outcome"))
      .def("probabilities",
           [](const T& t) {
             const Board<S>& board = t.view().board();
             py::array_t<double> out({board.rows(), board.cols()});
             const std::vector<double> map = t.probabilities();
             std::copy(map.begin(), map.end(), out.mutable_data());
             return out;
           })
      .def("answers",
           [](const T& t) {
             // The codes of battleship.posterior (and of the environment's board): 0 not shot,
             // 1 miss, 2 hit, 3 the hit that sank a ship.
             const TargetView<S>& view = t.view();
             const Board<S>& board = view.board();
             py::array_t<std::int8_t> out({board.rows(), board.cols()});
             std::int8_t* a = out.mutable_data();
             for (std::size_t i = 0, n = static_cast<std::size_t>(board.cells()); i < n; ++i)
               a[i] = view.hits().test(i) ? 2 : view.shots().test(i) ? 1 : 0;
             for (int k = 0; k < view.sunk_count(); ++k) a[board.index(view.sunk(k).cell)] = 3;
             return out;
           })
      .def_property_readonly("exact", &T::exact)
      .def_property_readonly("layouts", &T::layouts)
      .def_property_readonly("over", &T::over)
      .def_property_readonly("shots", &T::shots);
}
} // namespace

void register_posterior(py::module_& m) {
  for_each_shape([&]<class S>() { bind_posterior<S>(m); });
}
} // namespace bsp
