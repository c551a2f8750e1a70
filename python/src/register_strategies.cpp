// Built-in shooters and placers by name, as objects a Python program can step by hand.
#include <pybind11/stl.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cstddef>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>

#include <battleship/registry.hpp>

#include "bindings.hpp"
#include "convert.hpp"
#include "python_strategy.hpp"
#include "run.hpp"

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
             AnyShotStrategy<S> made = make_shooter<S>(name); // its refusal first, as before
             return Sh{name, slow_move_scale(name), std::move(made), std::nullopt, {}};
           }),
           py::arg("name"))
      .def(py::init([](const PriorMixtureSettings& settings) {
             return Sh{
                 "prior_mixture", settings.move_scale(), settings.shooter<S>(), std::nullopt, {}};
           }),
           py::arg("settings"))
      .def(py::init([](const ShooterSettings& settings) {
             std::optional<AnyShotStrategy<S>> made;
             battleship::with_shooter<S>(settings, [&](auto s) { made.emplace(std::move(s)); });
             return Sh{
                 settings.shooter, slow_move_scale(settings), *std::move(made), std::nullopt, {}};
           }),
           py::arg("settings"))
      .def_readonly("name", &Sh::name)
      .def("start",
           [](Sh& s, const View& v) {
             const InUse using_it(s.in_use, "shooter");
             s.shooter.start(v.get());
             s.started_on.emplace(v.get().board(), v.get().fleet(), v.get().rules());
           })
      .def("next_shot",
           [](Sh& s, const View& v, const Handle<Rng>& rng) {
             // No game asks then, and a shooter's answer would be arbitrary (a cell shot).
             if (s.playing(v.get()).open().none())
               throw py::value_error("the " + s.name +
                                     " shooter has no open cell to fire at: every cell of the "
                                     "view is shot or pending");
             const InUse using_it(s.in_use, "shooter");
             // A move that may take seconds runs off this thread so that Ctrl-C stops it, on
             // copies kept only once the move is whole: a stopped move changes nothing, and the
             // view and generator may be lent ones taken back meanwhile.
             if (!move_may_be_long(s.slow_scale, v.get().board().cells()))
               return s.shooter.next_shot(v.get(), rng.get_mut());
             StoppableMoveResult<S> move = stoppable_move(s.shooter, v.get(), rng.get_mut());
             rng.get_mut() = move.rng; // the GIL held again: its loan is checked anew
             s.shooter = std::move(move.shooter);
             return move.cell;
           })
      .def("on_result", [](Sh& s, const View& v, Coord c, const ShotOutcome& o) {
        check_answer(s.playing(v.get()), c, o);
        const InUse using_it(s.in_use, "shooter");
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
/// `_core.PriorMixtureSettings`: what `battleship.PriorMixtureShooter` hands the engine.
void bind_prior_mixture_settings(py::module_& m) {
  using P = PriorMixtureSettings;
  py::class_<P> settings(m, "PriorMixtureSettings",
                         "A prior mixture shooter's placer and settings; see "
                         "battleship.PriorMixtureShooter.");
  // The C++ class's defaults, for the settings not given.
  const battleship::PriorMixtureShooter<SmallShape, UniformPlacer<SmallShape>> defaults;
  const std::array<double, P::ranges.size()> default_values{
      static_cast<double>(defaults.pool_size),
      static_cast<double>(defaults.min_support),
      defaults.prior_weight,
      defaults.uniform_below,
      defaults.sinking_evidence,
      defaults.target_above};
  settings.def(
      py::init([default_values](const py::object& placer, py::handle pool_size,
                                py::handle min_support, py::handle prior_weight,
                                py::handle uniform_below, py::handle sinking_evidence,
                                py::handle target_above) {
        if (py::isinstance<py::str>(placer)) {
          const std::string name = placer.cast<std::string>();
          if (!PlacerRegistry<SmallShape>::instance().contains(name))
            throw py::value_error("unknown placer '" + name + "'");
        } else if (!py::isinstance<UniformPlacerSettings>(placer)) {
          refuse_argument(placer, "placer", "a built-in placer's name or UniformPlacerSettings");
        }
        const auto value = [&](py::handle given, std::size_t i) {
          return given.is_none() ? default_values[i] : setting_number(P::ranges[i], given);
        };
        return P{placer,
                 static_cast<int>(value(pool_size, 0)),
                 static_cast<int>(value(min_support, 1)),
                 value(prior_weight, 2),
                 value(uniform_below, 3),
                 value(sinking_evidence, 4),
                 value(target_above, 5)};
      }),
      py::arg("placer"), py::arg("pool_size") = py::none(), py::arg("min_support") = py::none(),
      py::arg("prior_weight") = py::none(), py::arg("uniform_below") = py::none(),
      py::arg("sinking_evidence") = py::none(), py::arg("target_above") = py::none());
  settings.def_readonly("placer", &P::placer)
      .def_readonly("pool_size", &P::pool_size)
      .def_readonly("min_support", &P::min_support)
      .def_readonly("prior_weight", &P::prior_weight)
      .def_readonly("uniform_below", &P::uniform_below)
      .def_readonly("sinking_evidence", &P::sinking_evidence)
      .def_readonly("target_above", &P::target_above);
  // Each setting with its default and range, as battleship.shooter_settings lists a shooter's.
  py::list table;
  for (std::size_t i = 0; i < P::ranges.size(); ++i)
    table.append(setting_row(P::ranges[i], default_values[i]));
  settings.attr("table") = table;
}
} // namespace

void register_strategies(py::module_& m) {
  // Before the shooters, whose constructor takes these settings (its signature names the type).
  bind_prior_mixture_settings(m);
  for_each_shape([&]<class S>() { bind_strategies<S>(m); });
  py::class_<UniformPlacerSettings> settings(
      m, "UniformPlacerSettings",
      "A placer that draws uniform layouts (uniform, spread or elusive) with the draws' own search "
      "budget, and spread's or elusive's own options; see battleship.UniformPlacer.");
  // The placer's name and options are checked here, so that nothing else meets settings these
  // cannot make: spread takes `candidates`, elusive also `shortlist` and `rehearsals`.
  const auto make = [](py::handle budget, const std::string& placer, py::handle candidates,
                       py::handle shortlist, py::handle rehearsals) {
    const auto& known = UniformPlacerSettings::drawing_placers;
    if (std::find(known.begin(), known.end(), placer) == known.end())
      throw py::value_error("placer must be " + quoted_choices(known) + ", got '" + placer + "'");
    // Which placer takes which setting, and the least value of each: the engine's table.
    const auto lowest = [&](std::string_view what) -> std::optional<int> {
      for (const PlacerSetting& s : battleship::placer_settings)
        if (s.placer == placer && s.name == what) return static_cast<int>(s.low);
      return std::nullopt;
    };
    UniformPlacerSettings u(int_argument(budget, "search_budget", *lowest("search_budget")),
                            placer);
    const auto option = [&](py::handle h, const std::string& what) -> std::optional<int> {
      if (h.is_none()) return std::nullopt;
      const std::optional<int> low = lowest(what);
      if (!low) throw py::value_error("the " + placer + " placer takes no " + what);
      return int_argument(h, what, *low);
    };
    u.candidates = option(candidates, "candidates");
    u.shortlist = option(shortlist, "shortlist");
    u.rehearsals = option(rehearsals, "rehearsals");
    // The shortlist is taken from the candidates: more than were drawn is a mistake, not a wish.
    if (u.shortlist) {
      std::optional<long long> drawn;
      if (u.candidates) drawn = *u.candidates;
      const std::string why = elusive_shortlist_refusal(*u.shortlist, drawn);
      if (!why.empty()) throw py::value_error(why);
    }
    return u;
  };
  const auto state = [](const UniformPlacerSettings& u) {
    return py::make_tuple(u.search_budget, u.placer, u.candidates, u.shortlist, u.rehearsals);
  };
  settings
      .def(py::init(make), py::arg("search_budget"), py::arg("placer") = "uniform",
           py::arg("candidates") = py::none(), py::arg("shortlist") = py::none(),
           py::arg("rehearsals") = py::none())
      .def_readonly("search_budget", &UniformPlacerSettings::search_budget,
                    "Most states each of the uniform draws' searches may visit.")
      .def_readonly("placer", &UniformPlacerSettings::placer,
                    "The placer that lays out the draws: 'uniform', 'spread' or 'elusive'.")
      .def_readonly("candidates", &UniformPlacerSettings::candidates,
                    "Layouts spread or elusive draws per placement; None: the placer's default.")
      .def_readonly("shortlist", &UniformPlacerSettings::shortlist,
                    "Candidates elusive rehearses; None: its default.")
      .def_readonly("rehearsals", &UniformPlacerSettings::rehearsals,
                    "Games elusive rehearses each shortlisted layout; None: its default.")
      .def("__repr__",
           [](const UniformPlacerSettings& u) {
             std::string text =
                 "UniformPlacerSettings(search_budget=" + std::to_string(u.search_budget) +
                 ", placer='" + u.placer + "'";
             const auto add = [&](const char* what, const std::optional<int>& value) {
               if (value) text += std::string(", ") + what + "=" + std::to_string(*value);
             };
             add("candidates", u.candidates);
             add("shortlist", u.shortlist);
             add("rehearsals", u.rehearsals);
             return text + ")";
           })
      .def(
          "__eq__",
          [state](const UniformPlacerSettings& u, py::handle other) {
            if (!py::isinstance<UniformPlacerSettings>(other)) return false;
            return state(other.cast<const UniformPlacerSettings&>()).equal(state(u));
          },
          py::is_operator())
      .def("__hash__", [state](const UniformPlacerSettings& u) { return py::hash(state(u)); })
      .def(py::pickle( // an environment holding one pickles and copies
          state, [make](const py::tuple& t) {
            const py::none none;
            // One item: a uniform placer's, pickled before the settings named their placer; two:
            // before spread and elusive took their options.
            if (t.size() == 1) return make(t[0], "uniform", none, none, none);
            if ((t.size() != 2 && t.size() != 5) || !py::isinstance<py::str>(t[1]))
              throw py::value_error("bad UniformPlacerSettings state");
            if (t.size() == 2) return make(t[0], t[1].cast<std::string>(), none, none, none);
            return make(t[0], t[1].cast<std::string>(), t[2], t[3], t[4]);
          }));
  settings.attr("default_search_budget") = UniformPlacer<SmallShape>::default_search_budget;
  // Each drawing placer's own defaults (the table's settings but the draws' search budget), so
  // that a setting given at its default value is known for what it is (the same layouts as
  // leaving it out).
  {
    py::dict defaults;
    for (const std::string_view placer : UniformPlacerSettings::drawing_placers) {
      py::dict own;
      with_placer<SmallShape>(placer, [&](const auto& made) {
        for (const PlacerSetting& s : battleship::placer_settings)
          if (s.placer == placer && s.name != "search_budget")
            own[py::str(std::string(s.name))] = placer_member(made, s.name).value();
      });
      defaults[py::str(std::string(placer))] = own;
    }
    settings.attr("default_options") = defaults;
  }
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
  m.def(
      "parse_placer_settings",
      [](std::string_view text) {
        const PlacerSettings parsed = battleship::parse_placer_settings(text);
        py::dict values;
        for (const auto& [name, value] : parsed.values) values[py::str(name)] = value;
        return py::make_tuple(parsed.placer, values);
      },
      py::arg("text"),
      "The built-in placer 'elusive(candidates=512, rehearsals=4)' names, and its settings (a "
      "dict of ints, in the order given); ValueError naming the text for what cannot be read.");
  m.def(
      "placer_settings",
      [](const std::string& placer) {
        py::list out;
        with_placer<SmallShape>(placer, [&](const auto& made) {
          for (const PlacerSetting& s : battleship::placer_settings) {
            if (s.placer != placer) continue;
            const std::optional<long long> value = placer_member(made, s.name);
            if (!value) // the table names a member the class lacks
              throw std::logic_error("the " + placer + " placer has no member " +
                                     std::string(s.name));
            py::dict d;
            d["name"] = std::string(s.name);
            d["default"] = *value;
            d["low"] = s.low;
            d["high"] = s.high;
            out.append(d);
          }
        });
        return out;
      },
      py::arg("placer"),
      "The settings the built-in placer takes, each a dict of its name, default and range (low "
      "to high); an empty list for a placer without settings.");
  m.def(
      "placer_answer",
      [](py::handle answer, bool all_placed) { return placer_answer(answer, all_placed); },
      py::arg("answer"), py::arg("all_placed"),
      "Whether a Python placer's answer to place() says it placed the fleet, as a run reads it: "
      "None means all_placed, else the answer's truth; TypeError for what has none.");
  m.def(
      "shooter_summary",
      [](const std::string& name) { return ShooterRegistry<SmallShape>::instance().summary(name); },
      py::arg("name"), "The shooter's one-line description; ValueError for an unknown name.");
  m.def(
      "placer_summary",
      [](const std::string& name) { return PlacerRegistry<SmallShape>::instance().summary(name); },
      py::arg("name"), "The placer's one-line description; ValueError for an unknown name.");
}
} // namespace bsp
