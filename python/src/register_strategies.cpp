// Built-in shooters and placers by name, as objects a Python program can step by hand.
#include <pybind11/stl.h>

#include <algorithm>
#include <cstddef>
#include <functional>
#include <span>
#include <string>
#include <string_view>

#include <battleship/registry.hpp>

#include "bindings.hpp"
#include "convert.hpp"
#include "python_strategy.hpp"

namespace bsp {
namespace {
using namespace battleship;

template <class S>
void bind_strategies(py::module_& m) {
  using Sh = BuiltinShooter<S>;
  using Pl = BuiltinPlacer<S>;
  using View = Handle<TargetView<S>>;
  py::class_<Sh>(m, ("Shooter_" + suffix<S>()).c_str(), "A built-in shooter, stepped by hand.")
      .def(py::init([](const std::string& name) {
             return Sh{name, make_shooter<S>(name)};
           }),
           py::arg("name"))
      .def_readonly("name", &Sh::name)
      .def("start", [](Sh& s, const View& v) { s.shooter.start(v.get()); })
      .def("next_shot",
           [](Sh& s, const View& v, const Handle<Rng>& rng) {
             return s.shooter.next_shot(v.get(), rng.get_mut());
           })
      .def("on_result", [](Sh& s, const View& v, Coord c, const ShotOutcome& o) {
        check_answer(v.get(), c, o);
        s.shooter.on_result(v.get(), c, o);
      });
  py::class_<Pl>(m, ("Placer_" + suffix<S>()).c_str(), "A built-in placer, called by hand.")
      .def(py::init([](const std::string& name) {
             return Pl{name, make_placer<S>(name)};
           }),
           py::arg("name"))
      .def_readonly("name", &Pl::name)
      .def("place", [](Pl& p, const Handle<Ocean<S>>& o, const Handle<Rng>& rng) {
        return p.placer.place(o.get_mut(), rng.get_mut());
      });
}

/// `names` quoted and listed for a message: "'uniform', 'spread' or 'elusive'".
std::string quoted_choices(std::span<const std::string_view> names) {
  std::string text;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i > 0) text += i + 1 == names.size() ? " or " : ", ";
    text += "'" + std::string(names[i]) + "'";
  }
  return text;
}
} // namespace

void register_strategies(py::module_& m) {
  for_each_shape([&]<class S>() { bind_strategies<S>(m); });
  py::class_<UniformPlacerSettings> settings(
      m, "UniformPlacerSettings",
      "A placer that draws uniform layouts (uniform, spread or elusive) with the draws' own search "
      "budget; see battleship.UniformPlacer.");
  // The placer's name is checked here, so that nothing else meets one these settings cannot make.
  const auto make = [](py::handle budget, const std::string& placer) {
    const auto& known = UniformPlacerSettings::drawing_placers;
    if (std::find(known.begin(), known.end(), placer) == known.end())
      throw py::value_error("placer must be " + quoted_choices(known) + ", got '" + placer + "'");
    return UniformPlacerSettings(int_argument(budget, "search_budget", 1), placer);
  };
  settings.def(py::init(make), py::arg("search_budget"), py::arg("placer") = "uniform")
      .def_readonly("search_budget", &UniformPlacerSettings::search_budget,
                    "Most states each of the uniform draws' searches may visit.")
      .def_readonly("placer", &UniformPlacerSettings::placer,
                    "The placer that lays out the draws: 'uniform', 'spread' or 'elusive'.")
      .def("__repr__",
           [](const UniformPlacerSettings& u) {
             return "UniformPlacerSettings(search_budget=" + std::to_string(u.search_budget) +
                    ", placer='" + u.placer + "')";
           })
      .def(
          "__eq__",
          [](const UniformPlacerSettings& u, py::handle other) {
            if (!py::isinstance<UniformPlacerSettings>(other)) return false;
            const auto& o = other.cast<const UniformPlacerSettings&>();
            return o.search_budget == u.search_budget && o.placer == u.placer;
          },
          py::is_operator())
      .def("__hash__",
           [](const UniformPlacerSettings& u) {
             return std::hash<long>{}(u.search_budget) ^ std::hash<std::string>{}(u.placer);
           })
      .def(py::pickle( // an environment holding one pickles and copies
          [](const UniformPlacerSettings& u) { return py::make_tuple(u.search_budget, u.placer); },
          [make](const py::tuple& t) {
            // One item: a uniform placer's, pickled before the settings named their placer.
            if (t.size() == 1) return make(t[0], "uniform");
            if (t.size() != 2 || !py::isinstance<py::str>(t[1]))
              throw py::value_error("bad UniformPlacerSettings state");
            return make(t[0], t[1].cast<std::string>());
          }));
  settings.attr("default_search_budget") = UniformPlacer<SmallShape>::default_search_budget;
  for_each_shape([&]<class S>() {
    // For tests: the placers made from these settings share their counts.
    settings.def("has_counted", [](UniformPlacerSettings& u, const Handle<Ocean<S>>& o) {
      return u.draws<S>().has_counted(o.get());
    });
  });
  m.def(
      "shooter_names", [] { return shooter_names<SmallShape>(); },
      "Names of the built-in shooters, in table order.");
  m.def(
      "shooter_is_slow", [](const std::string& name) { return shooter_is_slow<SmallShape>(name); },
      py::arg("name"),
      "True for shooters that take milliseconds a move (bayes, expert); tools play fewer games "
      "with them.");
  m.def(
      "placer_names", [] { return placer_names<SmallShape>(); }, "Names of the built-in placers.");
}
} // namespace bsp
