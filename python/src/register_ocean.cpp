// Ocean: a player's own board. Refusals come back as short codes ("overlap", ...); the Python
// class turns them into PlacementError.
#include <pybind11/stl.h>

#include <algorithm>
#include <atomic>
#include <type_traits>

#include <battleship/io/board_text.hpp>
#include <battleship/io/layout_text.hpp>
#include <battleship/ocean.hpp>
#include <battleship/placement/rest.hpp>
#include <battleship/placement/uniform.hpp>
#include <battleship/registry.hpp>
#include <battleship/strategy.hpp>

#include "arrays.hpp"
#include "bindings.hpp"
#include "collectable.hpp"
#include "convert.hpp"
#include "handle.hpp"
#include "python_strategy.hpp"
#include "run.hpp"

namespace bsp {
namespace {
using namespace battleship;

/// `placer.place(ocean, rng, stop)` under `run_stoppable`, off this thread, so Ctrl-C stops it.
template <class S, class Placer>
bool place_off_thread(Placer& placer, Ocean<S>& ocean, Rng& rng) {
  return run_stoppable(
      [&](const std::atomic<bool>* stop) { return placer.place(ocean, rng, stop); });
}

/// Has `placer` lay out `ocean`, so that Ctrl-C stops a placement that takes long. The quick
/// placers place on this thread. A placer that draws many layouts (`spread`, `elusive`: a
/// fraction of a millisecond a call, seconds or more on a crowded fleet) places off it. The
/// uniform placer first makes its first rejection attempts here, as a copy that stops there and
/// runs no search: almost every fleet is placed by then, for no thread (10 us a call, where a
/// thread costs 80). Only a crowded fleet goes on off this thread, started over from the same
/// generator state: the copy's attempts are the placer's own first ones (the searches draw
/// nothing, and one that finds no layout means no attempt could succeed), so the layout is the
/// one the placer alone would draw.
template <class S, class Placer>
bool place_interruptibly(Placer& placer, Ocean<S>& ocean, Rng& rng) {
  if constexpr (std::is_same_v<Placer, UniformPlacer<S>>) {
    constexpr long inline_attempts = 4096; // a millisecond at most on the largest boards
    UniformPlacer<S> first_tries = placer;
    first_tries.max_attempts = std::min({inline_attempts, placer.exact_after, placer.max_attempts});
    first_tries.check_after = first_tries.exact_after = first_tries.max_attempts; // no search
    const Rng before = rng;
    if (first_tries.place(ocean, rng)) return true;
    rng = before; // the ocean has no ship on it again
    return place_off_thread<S>(placer, ocean, rng);
  } else if constexpr (StoppablePlacementStrategy<Placer, S>) {
    return place_off_thread<S>(placer, ocean, rng);
  } else {
    return placer.place(ocean, rng);
  }
}

template <class S>
int checked_ship(const Ocean<S>& o, int ship) {
  if (ship < 0 || ship >= o.ship_count())
    throw py::index_error("ship " + std::to_string(ship) + " is not in a fleet of " +
                          std::to_string(o.ship_count()) + " ships");
  return ship;
}

template <class S>
void bind_ocean(py::module_& m) {
  using H = Handle<Ocean<S>>;
  py::class_<H>(m, ("Ocean_" + suffix<S>()).c_str(), "A player's own board (see battleship.Ocean).",
                py::custom_type_setup(&collectable<H>)) // a game's keeps the game
      .def(py::init([](int rows, int cols, const Fleet& fleet, py::handle touching) {
             return H(
                 Ocean<S>(Board<S>(S(rows, cols)), fleet,
                          parse_enum("touching rule", text_of(touching, "touching"), touchings)));
           }),
           py::arg("rows"), py::arg("cols"), py::arg("fleet"), py::arg("touching") = "allowed")
      .def_property_readonly("rows", [](const H& h) { return h.get().board().rows(); })
      .def_property_readonly("cols", [](const H& h) { return h.get().board().cols(); })
      .def_property_readonly("fleet", [](const H& h) { return h.get().fleet(); })
      .def_property_readonly("touching",
                             [](const H& h) { return std::string(to_string(h.get().touching())); })
      .def_property_readonly("ship_count", [](const H& h) { return h.get().ship_count(); })
      .def("check_place",
           [](const H& h, int ship, Coord origin, Orientation o) {
             return refusal_code(h.get().check_place(ship, origin, o));
           })
      .def("place", [](const H& h, int ship, Coord origin,
                       Orientation o) { return refusal_code(h.get_mut().place(ship, origin, o)); })
      .def("unplace", [](const H& h, int ship) { return refusal_code(h.get_mut().unplace(ship)); })
      .def("place_with",
           [](const H& h, py::handle placer, const Handle<Rng>& rng) {
             // Laid out on copies, put back once the GIL is held again (the placement may run
             // with it released): an ocean or generator lent to a Python strategy that handed it
             // to this thread may be taken back meanwhile, and is then refused, not written.
             Ocean<S> o = h.get_mut();
             Rng r = rng.get_mut();
             bool ok = false;
             if (!with_builtin_placer<S>(placer, [&](auto p) {
                   o.clear_ships();
                   ok = place_interruptibly<S>(p, o, r);
                 }))
               throw py::type_error("place_with takes a built-in placer's name or settings, got " +
                                    py::repr(placer).cast<std::string>());
             Ocean<S>& ocean = h.get_mut(); // both loans checked before either is written
             Rng& generator = rng.get_mut();
             ocean = std::move(o);
             generator = r;
             return ok;
           })
      .def(
          "rest_ocean",
          [](const H& h) {
            if (h.get().all_placed()) throw py::value_error("every ship of the fleet is placed");
            return H(rest_ocean(h.get()));
          },
          "An empty ocean of the ships not placed, the cells the placed ones rule out blocked.")
      .def(
          "place_rest_as",
          [](const H& h, const H& rest) {
            return refusal_code(place_rest_as(h.get_mut(), rest.get()));
          },
          py::arg("rest"),
          "Place a laid-out rest_ocean's ships here, all or nothing: a refusal code.")
      .def("is_placed",
           [](const H& h, int ship) { return h.get().is_placed(checked_ship(h.get(), ship)); })
      .def_property_readonly("all_placed", [](const H& h) { return h.get().all_placed(); })
      .def("placement",
           [](const H& h, int ship) -> py::object {
             const Ocean<S>& o = h.get();
             if (!o.is_placed(checked_ship(o, ship))) return py::none();
             const Placement& p = o.placement(ship);
             return py::make_tuple(py::make_tuple(p.origin.row, p.origin.col),
                                   orientation_name(p.orientation), p.length);
           })
      .def("ship_at", [](const H& h, Coord c) { return h.get().ship_at(c); })
      .def("health",
           [](const H& h, int ship) { return h.get().health(checked_ship(h.get(), ship)); })
      .def("is_sunk",
           [](const H& h, int ship) { return h.get().is_sunk(checked_ship(h.get(), ship)); })
      .def_property_readonly("sunk_count", [](const H& h) { return h.get().sunk_count(); })
      .def_property_readonly("afloat_count", [](const H& h) { return h.get().afloat_count(); })
      .def_property_readonly("all_sunk", [](const H& h) { return h.get().all_sunk(); })
      .def("fire", [](const H& h, Coord c) { return h.get_mut().fire(c); })
      .def("was_shot", [](const H& h, Coord c) { return h.get().was_shot(c); })
      .def("block",
           [](const H& h, Coord c) {
             if (!h.get().board().contains(c))
               throw py::index_error("cell (" + std::to_string(c.row) + ", " +
                                     std::to_string(c.col) + ") is not on the board");
             if (const auto ship = h.get().ship_at(c))
               throw py::value_error("cell (" + std::to_string(c.row) + ", " +
                                     std::to_string(c.col) + ") holds ship " +
                                     std::to_string(*ship) + "; only free water can be blocked");
             h.get_mut().block(c);
           })
      .def("block_random",
           [](const H& h, const Handle<Rng>& rng, py::handle count) {
             if (count.is_none()) return h.get_mut().block(rng.get_mut());
             // The C++ call blocks what it can; a count it cannot meet is refused here instead.
             const int free_cells = h.get().free_cells().count();
             const int n = int_argument(count, "count", 0);
             if (n > free_cells)
               throw py::value_error("count must be at most the " + std::to_string(free_cells) +
                                     " free cells (not under a ship, not blocked), got " +
                                     std::to_string(n));
             h.get_mut().block(rng.get_mut(), n);
           })
      .def("unblock", [](const H& h) { h.get_mut().unblock(); })
      .def("clear", [](const H& h) { h.get_mut().clear(); })
      .def("clear_ships", [](const H& h) { h.get_mut().clear_ships(); })
      .def("repair", [](const H& h) { h.get_mut().repair(); })
      .def("ships",
           [](const H& h) {
             const Ocean<S>& o = h.get();
             auto out = int8_grid(o.board().rows(), o.board().cols(), -1);
             auto* p = out.mutable_data();
             o.occupied().for_each([&](std::size_t i) {
               p[i] = static_cast<std::int8_t>(*o.ship_at(o.board().coord(i)));
             });
             return out;
           })
      .def("shots",
           [](const H& h) {
             return bool_grid(h.get().shots(), h.get().board().rows(), h.get().board().cols());
           })
      .def("hits",
           [](const H& h) {
             return bool_grid(h.get().hits(), h.get().board().rows(), h.get().board().cols());
           })
      .def("blocked",
           [](const H& h) {
             return bool_grid(h.get().blocked(), h.get().board().rows(), h.get().board().cols());
           })
      .def(
          "place_layout",
          [](const H& h, std::string_view text) {
            const LayoutPlacing placed = place_layout(h.get_mut(), text); // all or nothing
            return py::make_tuple(refusal_code(placed.refusal), placed.error);
          },
          py::arg("text"),
          "Lay the fleet out as text draws it: (refusal code, message); message empty if done.")
      .def(
          "layout_text",
          [](const H& h) {
            const Ocean<S>& o = h.get();
            return format_layout(o.board(), o.fleet(), placed_layout(o));
          },
          "The placed ships drawn as place_layout reads them.")
      .def(
          "text", [](const H& h) { return ocean_text(h.get()); },
          "The ocean as its owner sees it, under column letters and beside row numbers.")
      .def("copy", [](const H& h) { return H(h.get()); })
      .def(
          "fit",
          [](const H& h, py::handle budget) {
            UniformPlacer<S> placer;
            if (!budget.is_none()) placer.search_budget = int_argument(budget, "budget", 1);
            switch (placer.fit(h.get())) {
            case Fit::fits: return "fits";
            case Fit::cannot_fit: return "cannot_fit";
            case Fit::unknown: break;
            }
            return "unknown";
          },
          py::arg("budget") = py::none())
      .def(
          "assign",
          [](const H& h, const H& other) {
            const Ocean<S>& o = other.get();
            Ocean<S>& mine = h.get_mut();
            if (!(o.board() == mine.board()) || !(o.fleet() == mine.fleet()) ||
                o.touching() != mine.touching())
              throw py::value_error("can only assign an ocean of the same board, fleet and "
                                    "touching rule");
            if (&o != &mine) mine = o;
          },
          py::arg("other"), "Make this ocean an exact copy of other (same board and fleet).")
      .def(
          "__eq__", [](const H& a, const H& b) { return a.get() == b.get(); }, py::is_operator());
}
} // namespace

void register_ocean(py::module_& m) {
  m.def(
      "placement_refusals",
      [] {
        using R = PlacementRefusal;
        py::dict d; // every refusal after `none`, in declaration order: `wrong_length` is last
        for (int i = static_cast<int>(R::unknown_ship); i <= static_cast<int>(R::wrong_length); ++i)
          d[refusal_code(static_cast<R>(i))] = std::string(to_string(static_cast<R>(i)));
        return d;
      },
      "Every placement refusal code, in the engine's order, and the sentence that explains it.");
  m.def(
      "blocked_mark",
      [](std::string_view symbols) { return std::string(1, blocked_mark(symbols)); },
      py::arg("symbols"), "The mark of a blocked cell on a board whose ships use these symbols.");
  m.def("marks_text", &marks_text, py::arg("rows"),
        "Rows of one-character marks drawn as the boards are, under column letters.");
  for_each_shape([&]<class S>() { bind_ocean<S>(m); });
}
} // namespace bsp
