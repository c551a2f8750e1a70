// TargetView: all a shooter may know about its target.
#include <pybind11/stl.h>

#include <battleship/io/board_text.hpp>
#include <battleship/search_phase.hpp>
#include <battleship/view.hpp>

#include "arrays.hpp"
#include "bindings.hpp"
#include "collectable.hpp"
#include "convert.hpp"
#include "handle.hpp"

namespace bsp {
namespace {
using namespace battleship;

template <class S>
void bind_view(py::module_& m) {
  using H = Handle<TargetView<S>>;
  auto rows = [](const H& h) { return h.get().board().rows(); };
  auto cols = [](const H& h) { return h.get().board().cols(); };
  py::class_<H>(m, ("TargetView_" + suffix<S>()).c_str(),
                "What a shooter may know (see battleship.TargetView).",
                py::custom_type_setup(&collectable<H>)) // a game's keeps the game
      .def(py::init([](int r, int c, const Fleet& fleet, const Rules& rules) {
             if (auto p = rules.problem()) throw py::value_error(*p);
             fleet.validate(S(r, c));
             return H(TargetView<S>(Board<S>(S(r, c)), fleet, rules));
           }),
           py::arg("rows"), py::arg("cols"), py::arg("fleet"), py::arg("rules"))
      .def_property_readonly("rows", rows)
      .def_property_readonly("cols", cols)
      .def("copy", [](const H& h) { return H(h.get()); })
      .def(
          "__eq__", [](const H& a, const H& b) { return a.get() == b.get(); }, py::is_operator())
      .def_property_readonly("fleet", [](const H& h) { return h.get().fleet(); })
      .def_property_readonly("rules", [](const H& h) { return h.get().rules(); })
      .def("shots", [=](const H& h) { return bool_grid(h.get().shots(), rows(h), cols(h)); })
      .def("hits", [=](const H& h) { return bool_grid(h.get().hits(), rows(h), cols(h)); })
      .def("misses", [=](const H& h) { return bool_grid(h.get().misses(), rows(h), cols(h)); })
      .def("pending", [=](const H& h) { return bool_grid(h.get().pending(), rows(h), cols(h)); })
      .def("open", [=](const H& h) { return bool_grid(h.get().open(), rows(h), cols(h)); })
      .def("open_cells", [](const H& h) { return cell_list(h.get().board(), h.get().open()); })
      .def("hit_cells", [](const H& h) { return cell_list(h.get().board(), h.get().hits()); })
      .def("is_open", [](const H& h, Coord c) { return h.get().is_open(c); })
      .def_property_readonly("shots_fired", [](const H& h) { return h.get().shots_fired(); })
      .def_property_readonly("open_count", [](const H& h) { return h.get().open().count(); })
      .def("sunk_reports",
           [](const H& h) {
             const TargetView<S>& v = h.get();
             py::list out;
             for (int i = 0; i < v.sunk_count(); ++i) {
               const SunkReport& r = v.sunk(i);
               out.append(py::make_tuple(py::make_tuple(r.cell.row, r.cell.col),
                                         r.ship < 0 ? py::object(py::none()) : py::int_(r.ship)));
             }
             return out;
           })
      .def("known_sunk",
           [](const H& h, py::handle which) {
             const long long ship = index_argument(which, "ship");
             if (ship < 0 || ship >= h.get().fleet().ship_count())
               throw py::index_error("ship " + py::repr(which).cast<std::string>() +
                                     " is not in the fleet");
             return h.get().known_sunk(static_cast<int>(ship));
           })
      .def_property_readonly("afloat_count", [](const H& h) { return h.get().afloat_count(); })
      .def_property_readonly("shortest_afloat",
                             [](const H& h) { return h.get().shortest_afloat(); })
      .def_property_readonly("search_phase",
                             [](const H& h) {
                               switch (search_phase(h.get())) {
                               case SearchPhase::hunting: return "hunting";
                               case SearchPhase::targeting: return "targeting";
                               case SearchPhase::unknown: break;
                               }
                               return "unknown";
                             })
      .def("record",
           [](const H& h, Coord c, py::handle told) {
             const TargetView<S>& view = h.get();
             const ShotOutcome o = outcome_argument(told);
             // Refused, changing nothing: the C++ view trusts its caller, as it trusts the game
             // runner, and would overwrite an answer or count ships below zero.
             if (const AnswerRefusal why = view.refusal(c, o); why != AnswerRefusal::none)
               raise_refusal(why, c, o, view);
             // What a game would tell: a view fed the ocean's own answer learns no more.
             h.get_mut().record(c, disclose(o, view.rules().disclosure));
           })
      .def("add_pending",
           [](const H& h, Coord c) {
             if (!h.get().board().contains(c))
               throw py::index_error("cell (" + std::to_string(c.row) + ", " +
                                     std::to_string(c.col) + ") is not on the board");
             h.get_mut().add_pending(c);
           })
      .def("reset", [](const H& h) { h.get_mut().reset(); })
      .def(
          "text", [](const H& h) { return view_text(h.get()); },
          "The target as its shooter knows it, under column letters and beside row numbers.");
}
} // namespace

void register_view(py::module_& m) {
  for_each_shape([&]<class S>() { bind_view<S>(m); });
}
} // namespace bsp
