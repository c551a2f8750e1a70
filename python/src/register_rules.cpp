// Rules, with the enumerations spelled as strings (the names `to_string` gives).
#include <pybind11/stl.h>

#include <battleship/rules.hpp>

#include "bindings.hpp"
#include "convert.hpp"
#include "typed_arg.hpp"

namespace bsp {
namespace {
using namespace battleship;

py::dict state_of(const Rules& r) {
  py::dict d;
  d["touching"] = std::string(to_string(r.touching));
  d["disclosure"] = std::string(to_string(r.disclosure));
  d["volley"] = std::string(to_string(r.volley));
  d["salvo_size"] = r.salvo_size;
  d["equalising_shot"] = r.equalising_shot;
  d["invalid_shot"] = std::string(to_string(r.invalid_shot));
  d["max_invalid_in_a_row"] = r.max_invalid_in_a_row;
  d["shot_cap"] = r.shot_cap;
  return d;
}

/// The rules the Python values give, each converted by name (a value of the wrong type gets a
/// TypeError naming the rule, not pybind's list of signatures) and the whole checked once.
Rules rules_of(py::handle touching, py::handle disclosure, py::handle volley, py::handle salvo_size,
               py::handle equalising_shot, py::handle invalid_shot, py::handle max_invalid_in_a_row,
               py::handle shot_cap) {
  Rules r;
  r.touching = parse_enum("touching rule", text_of(touching, "touching"), touchings);
  r.disclosure = parse_enum("disclosure rule", text_of(disclosure, "disclosure"), disclosures);
  r.volley = parse_enum("volley rule", text_of(volley, "volley"), volleys);
  r.salvo_size = int_argument(salvo_size, "salvo_size");
  r.equalising_shot = bool_argument(equalising_shot, "equalising_shot");
  r.invalid_shot =
      parse_enum("invalid-shot rule", text_of(invalid_shot, "invalid_shot"), invalid_shots);
  r.max_invalid_in_a_row = int_argument(max_invalid_in_a_row, "max_invalid_in_a_row");
  r.shot_cap = int_argument(shot_cap, "shot_cap");
  if (auto p = r.problem()) throw py::value_error(*p);
  return r;
}

Rules from_state(const py::dict& d) {
  return rules_of(d["touching"], d["disclosure"], d["volley"], d["salvo_size"],
                  d["equalising_shot"], d["invalid_shot"], d["max_invalid_in_a_row"],
                  d["shot_cap"]);
}

Rules rules_named(py::handle value) {
  const std::string name = text_of(value, "a rule set's name");
  if (const auto found = rulesets::named(name)) return *found;
  std::string known;
  for (const auto& n : rulesets::all) known += (known.empty() ? "" : ", ") + std::string(n.name);
  throw py::value_error("unknown rule set " + repr_quoted(name) + "; known: " + known);
}
} // namespace

void register_rules(py::module_& m) {
  py::class_<Rules>(m, "Rules",
                    "The rules of a game, as keyword arguments; every value is checked once "
                    "(ValueError naming the allowed values).")
      .def(py::init([](StrArg touching, StrArg disclosure, StrArg volley, IntArg salvo_size,
                       BoolArg equalising_shot, StrArg invalid_shot, IntArg max_invalid_in_a_row,
                       IntArg shot_cap) {
             return rules_of(touching, disclosure, volley, salvo_size, equalising_shot,
                             invalid_shot, max_invalid_in_a_row, shot_cap);
           }),
           py::kw_only(), py::arg("touching") = "allowed", py::arg("disclosure") = "sunk_with_name",
           py::arg("volley") = "single", py::arg("salvo_size") = 1,
           py::arg("equalising_shot") = false, py::arg("invalid_shot") = "refused",
           py::arg("max_invalid_in_a_row") = 100, py::arg("shot_cap") = 0)
      .def_static(
          "named", [](StrArg name) { return rules_named(name); }, py::arg("name"),
          "A named rule set: classic, bbm103, cs32, no_contact, russian, salvo, pyships.")
      .def_static(
          "names",
          [] {
            std::vector<std::string> out;
            for (const auto& n : rulesets::all) out.emplace_back(n.name);
            return out;
          },
          "Names of the predefined rule sets.")
      .def_property_readonly(
          "touching", [](const Rules& r) { return std::string(to_string(r.touching)); },
          "How close ships may lie: 'allowed', 'no_edge_contact' or 'no_contact'.")
      .def_property_readonly(
          "disclosure", [](const Rules& r) { return std::string(to_string(r.disclosure)); },
          "What a hit reveals: 'hit_only', 'hit_and_sunk' or 'sunk_with_name'.")
      .def_property_readonly(
          "volley", [](const Rules& r) { return std::string(to_string(r.volley)); },
          "Shots per turn: 'single', 'fixed_salvo', 'per_ship_afloat' or 'until_miss'.")
      .def_readonly("salvo_size", &Rules::salvo_size,
                    "Shots per turn under the 'fixed_salvo' volley; 1 otherwise.")
      .def_readonly("equalising_shot", &Rules::equalising_shot,
                    "Whether the second player finishes the round; both sunk is a draw.")
      .def_property_readonly(
          "invalid_shot", [](const Rules& r) { return std::string(to_string(r.invalid_shot)); },
          "The fate of a repeated or off-board shot: 'refused' or 'forfeits'.")
      .def_readonly("max_invalid_in_a_row", &Rules::max_invalid_in_a_row,
                    "Refused shots in a row after which the game is aborted.")
      .def_readonly("shot_cap", &Rules::shot_cap,
                    "Valid shots per player before the game stops; 0 = no cap.")
      .def(
          "volley_size",
          [](const Rules& r, IntArg own_afloat, IntArg open_cells, IntArg shots_fired) {
            return r.volley_size(int_argument(own_afloat, "own_afloat", 0),
                                 int_argument(open_cells, "open_cells", 0),
                                 int_argument(shots_fired, "shots_fired", 0));
          },
          py::kw_only(), py::arg("own_afloat"), py::arg("open_cells"), py::arg("shots_fired"),
          "How many cells a player names in its next volley: the volley rule (salvo_size under "
          "'fixed_salvo', own_afloat, the shooter's own ships afloat, under 'per_ship_afloat', 1 "
          "otherwise), capped by the open cells it has not fired at and by the shots shot_cap "
          "leaves after shots_fired valid shots; never negative. What Game.next_volley_size "
          "tells for a game the engine holds, for a game it does not (ValueError for a negative "
          "count).")
      .def("to_dict", &state_of, "The rules as a dict of keyword arguments.")
      .def(
          "replace",
          [](const Rules& r, const py::kwargs& changes) {
            py::dict d = state_of(r);
            for (const auto& [k, v] : changes) {
              if (!d.contains(k))
                throw py::type_error("Rules has no field " + py::repr(k).cast<std::string>());
              d[k] = v;
            }
            return from_state(d);
          },
          "A copy with the given fields changed (checked like the constructor).")
      .def(
          "__eq__", [](const Rules& a, const Rules& b) { return a == b; }, py::is_operator())
      .def("__hash__",
           [](const Rules& r) { return py::hash(py::tuple(state_of(r).attr("values")())); })
      .def("__repr__",
           [](const Rules& r) {
             for (const auto& n : rulesets::all)
               if (n.rules == r) return "Rules.named('" + std::string(n.name) + "')";
             std::string s;
             const Rules defaults;
             const py::dict mine = state_of(r), base = state_of(defaults);
             for (const auto& [k, v] : mine)
               if (!v.equal(base[k]))
                 s += (s.empty() ? "" : ", ") + k.cast<std::string>() + "=" +
                      py::repr(v).cast<std::string>();
             return "Rules(" + s + ")";
           })
      .def(py::pickle(&state_of, &from_state));
}
} // namespace bsp
