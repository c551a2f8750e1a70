// simulate_<N>() and match_<N>(): the batch entry points (batch.hpp), one pair per board capacity.
#include <pybind11/stl.h>

#include "batch.hpp"
#include "bindings.hpp"

namespace bsp {
namespace {
BatchSetup setup_of(std::uint64_t games, std::uint64_t seed, unsigned threads, int rows, int cols,
                    const battleship::Fleet& fleet, const battleship::Rules& rules,
                    py::object progress) {
  return BatchSetup{games, seed, threads, rows, cols, fleet, rules, std::move(progress)};
}

template <class S>
void bind_batches(py::module_& m) {
  m.def(("simulate_" + suffix<S>()).c_str(),
        [](py::handle shooter, py::handle placer, std::uint64_t games, std::uint64_t seed,
           unsigned threads, int rows, int cols, const battleship::Fleet& fleet,
           const battleship::Rules& rules, py::object progress) {
          return simulate_games<S>(
              shooter, placer,
              setup_of(games, seed, threads, rows, cols, fleet, rules, std::move(progress)));
        },
        py::arg("shooter"), py::arg("placer"), py::arg("games"), py::arg("seed"),
        py::arg("threads"), py::arg("rows"), py::arg("cols"), py::arg("fleet"), py::arg("rules"),
        py::arg("progress"), "Solo games of one shooter; see battleship.simulate.");
  m.def(("match_" + suffix<S>()).c_str(),
        [](py::handle a, py::handle b, py::handle placer_a, py::handle placer_b,
           std::uint64_t games, std::uint64_t seed, unsigned threads, int rows, int cols,
           const battleship::Fleet& fleet, const battleship::Rules& rules, py::object progress) {
          return match_games<S>(
              a, b, placer_a, placer_b,
              setup_of(games, seed, threads, rows, cols, fleet, rules, std::move(progress)));
        },
        py::arg("a"), py::arg("b"), py::arg("placer_a"), py::arg("placer_b"), py::arg("games"),
        py::arg("seed"), py::arg("threads"), py::arg("rows"), py::arg("cols"), py::arg("fleet"),
        py::arg("rules"), py::arg("progress"), "Head-to-head matches; see battleship.match.");
}
} // namespace

void register_simulate(py::module_& m) {
  for_each_shape([&]<class S>() { bind_batches<S>(m); });
}
} // namespace bsp
