// Shared declarations of the binding files. The bindings hold no game logic: they translate
// between Python and the C++ engine in include/battleship/. Each register_<concept>.cpp binds one
// concept; the helpers they share (conversions, handles, Python strategies, interruptible runs)
// live in the headers beside this one.
#pragma once

#include <pybind11/pybind11.h>

#include <string>

#include <battleship/shape.hpp>

namespace bsp {
namespace py = pybind11;

/// The fast shape: boards of at most 128 cells (10 x 10, 11 x 11).
using SmallShape = battleship::DynamicShape<128>;
/// The large shape: boards of up to 1024 cells (32 x 32).
using LargeShape = battleship::DynamicShape<1024>;

/// The suffix of the shape-specific classes of `_core` ("128" or "1024"); the pure-Python layer
/// picks the class by board size.
template <class S>
std::string suffix() {
  return std::to_string(S::capacity);
}

/// Calls `f.template operator()<S>()` for each bound shape.
template <class F>
void for_each_shape(F&& f) {
  f.template operator()<SmallShape>();
  f.template operator()<LargeShape>();
}

void register_values(py::module_& m); // Rng, ShotOutcome, coordinates
void register_fleet(py::module_& m);
void register_rules(py::module_& m);
void register_ocean(py::module_& m);
void register_view(py::module_& m);
void register_shooter_settings(py::module_& m); // built-in shooters' settings
void register_strategies(py::module_& m);
void register_game(py::module_& m);
void register_game_record(py::module_& m); // a game's record as text
void register_simulate(py::module_& m);
void register_ratings(py::module_& m);    // Elo ratings and the test of their fit
void register_posterior(py::module_& m);  // bayes's posterior as a probability map
void register_bbm103(py::module_& m);     // seed 000's replay
void register_optimal(py::module_& m);    // perfect play on small boards
void register_solo_batch(py::module_& m); // solo games stepped together (vector environments)
/// Makes every class of `m` refuse an object made with `__new__` and never initialised (call last).
void refuse_uninitialised_instances(py::module_& m);
} // namespace bsp
