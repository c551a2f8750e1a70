// Small values: the random generator, shot outcomes, coordinate text.
#include <pybind11/stl.h>

#include <cmath>
#include <limits>
#include <stdexcept>

#include <battleship/io/coord_text.hpp>
#include <battleship/outcome.hpp>
#include <battleship/rng.hpp>

#include "bindings.hpp"
#include "convert.hpp"
#include "handle.hpp"
#include "typed_arg.hpp"

namespace bsp {
namespace {
using namespace battleship;
using RngHandle = Handle<Rng>;

ShotOutcome make_outcome(py::handle result, py::handle ship, py::handle refusal_value) {
  ShotOutcome o;
  o.result = parse_enum("shot result", text_of(result, "result"), shot_results);
  std::optional<std::string> refusal;
  if (!refusal_value.is_none()) refusal = text_of(refusal_value, "refusal");
  if (!ship.is_none()) {
    const auto id = whole_number(ship);
    if (!id)
      throw py::type_error("ship must be None or an int, got " +
                           py::repr(ship).cast<std::string>());
    if (*id < 0 || *id >= max_ships)
      throw py::value_error("ship must be None or in [0, " + std::to_string(max_ships) + "), got " +
                            py::repr(ship).cast<std::string>());
    o.ship = static_cast<int>(*id);
  }
  if (refusal) {
    if (*refusal == "off_board")
      o.refusal = ShotRefusal::off_board;
    else if (*refusal == "already_shot")
      o.refusal = ShotRefusal::already_shot;
    else
      throw py::value_error("unknown shot refusal " + repr_quoted(*refusal) +
                            "; allowed: off_board, already_shot");
  }
  if ((o.result == ShotResult::invalid) != (o.refusal != ShotRefusal::none))
    throw py::value_error("an invalid shot needs a refusal, and only an invalid shot has one");
  if (o.ship >= 0 && !o.struck()) // no game announces one: a record or a shooter would trust it
    throw py::value_error(std::string("only a hit or a sinking names a ship; ") +
                          (o.result == ShotResult::miss ? "a miss" : "an invalid shot") +
                          " named ship " + std::to_string(o.ship));
  return o;
}

py::object ship_of(const ShotOutcome& o) {
  return o.ship < 0 ? py::object(py::none()) : py::object(py::int_(o.ship));
}

std::string outcome_repr(const ShotOutcome& o) {
  std::string s = "ShotOutcome('" + std::string(to_string(o.result)) + "'";
  if (o.ship >= 0) s += ", ship=" + std::to_string(o.ship);
  if (o.refusal != ShotRefusal::none)
    s += ", refusal='" + shot_refusal_code(o.refusal).cast<std::string>() + "'";
  return s + ")";
}

/// Shown as `Sequence` (a list, tuple, str, range...) in the signature.
struct SequenceName {
  static constexpr auto name = py::detail::const_name("Sequence");
};
/// Shown as `list`.
struct ListName {
  static constexpr auto name = py::detail::const_name("list");
};

/// A uniform integer in [0, n), n >= 1, drawn from `rng`: `Rng::below`'s draw for the n it
/// takes (so `integers(0, n)` draws what `below(n)` does), else 64-bit draws with rejection.
std::uint64_t draw_below(Rng& rng, std::uint64_t n) {
  if (n <= std::numeric_limits<std::uint32_t>::max())
    return rng.below(static_cast<std::uint32_t>(n));
  // 2**64 mod n: rejecting the draws below it leaves a multiple of n values, each as likely.
  const std::uint64_t threshold = (std::uint64_t{0} - n) % n;
  for (;;) {
    const std::uint64_t x = rng();
    if (x >= threshold) return x % n;
  }
}

/// `h` as an int for the Rng helpers: TypeError naming `what` for anything else (True too).
py::int_ int_of(py::handle h, const char* what) {
  if (PyBool_Check(h.ptr())) refuse_argument(h, what, "an int");
  const auto n = py::reinterpret_steal<py::object>(PyNumber_Index(h.ptr())); // new ref, or null
  if (!n) {
    PyErr_Clear();
    refuse_argument(h, what, "an int");
  }
  return py::int_(n);
}

CoordNotation notation_of(py::handle value) {
  const std::string name = text_of(value, "notation");
  if (name == "letter_number") return CoordNotation::letter_number;
  if (name == "number_letter") return CoordNotation::number_letter;
  if (name == "bbm103") return CoordNotation::bbm103;
  if (name == "cs32") return CoordNotation::cs32;
  throw py::value_error("unknown notation '" + name +
                        "'; allowed: letter_number, number_letter, bbm103, cs32");
}
} // namespace

void register_values(py::module_& m) {
  py::class_<RngHandle>(m, "Rng",
                        "The engine's random generator (xoshiro256**): the same seed gives the "
                        "same draws on every platform.")
      .def(py::init([](IntArg seed) { return RngHandle(Rng(uint64_argument(seed, "seed"))); }),
           py::arg("seed") = 0)
      .def(
          "below",
          [](const RngHandle& h, IntArg bound) {
            const auto n = PyBool_Check(bound.value.ptr()) ? std::nullopt : whole_number(bound);
            if (!n) refuse_argument(bound, "n", "an int");
            if (*n < 1 || *n > std::numeric_limits<std::uint32_t>::max())
              throw py::value_error("below(n) needs 1 <= n < 2**32, got " +
                                    py::repr(bound).cast<std::string>());
            return h.get_mut().below(static_cast<std::uint32_t>(*n));
          },
          py::arg("n"), "A uniform integer in [0, n).")
      .def(
          "uniform01", [](const RngHandle& h) { return h.get_mut().uniform01(); },
          "A uniform float in [0, 1).")
      .def(
          "chance",
          [](const RngHandle& h, double p) {
            if (!(p >= 0.0 && p <= 1.0)) // nan fails both
              throw py::value_error("p must be a probability from 0 to 1, got " +
                                    py::repr(py::float_(p)).cast<std::string>());
            return h.get_mut().chance(p);
          },
          py::arg("p"), "True with probability p (from 0 to 1; anything else is refused).")
      .def(
          "bits", [](const RngHandle& h) { return h.get_mut()(); }, "The next 64 random bits.")
      .def(
          "integers",
          [](const RngHandle& h, IntArg low_arg, IntArg high_arg) {
            const py::int_ low = int_of(low_arg, "low"), high = int_of(high_arg, "high");
            if (!(low < high))
              throw py::value_error(
                  "integers(low, high) needs low < high (high itself is never drawn), got low=" +
                  py::repr(low).cast<std::string>() +
                  ", high=" + py::repr(high).cast<std::string>());
            const py::int_ span = high - low;
            const unsigned long long n = PyLong_AsUnsignedLongLong(span.ptr());
            if (PyErr_Occurred()) {
              PyErr_Clear();
              throw py::value_error(
                  "integers(low, high) draws from at most 2**64 - 1 values, got high - low = " +
                  py::repr(span).cast<std::string>());
            }
            return py::int_(low + py::int_(draw_below(h.get_mut(), n)));
          },
          py::arg("low"), py::arg("high"),
          "A uniform integer in [low, high): high is not included, as in range(low, high); "
          "ValueError unless low < high. Drawn from this generator, so a game seeded the same "
          "draws the same; integers(0, n) draws what below(n) does.")
      .def(
          "choice",
          [](const RngHandle& h, Arg<SequenceName> seq) {
            const py::handle s = seq.value;
            if (!PySequence_Check(s.ptr()) || PyDict_Check(s.ptr()) || PyAnySet_Check(s.ptr()))
              throw py::type_error(
                  "choice(seq) takes a sequence (a list, tuple, str or range), got " +
                  std::string(Py_TYPE(s.ptr())->tp_name) +
                  (PyAnySet_Check(s.ptr())
                       ? "; choose from sorted(...) of a set, whose order can change "
                         "from one run to the next"
                       : ""));
            const Py_ssize_t n = PySequence_Size(s.ptr());
            if (n < 0) throw py::error_already_set();
            if (n == 0) throw py::index_error("choice(seq) cannot choose from an empty sequence");
            const std::uint64_t i = draw_below(h.get_mut(), static_cast<std::uint64_t>(n));
            const auto item = py::reinterpret_steal<py::object>(
                PySequence_GetItem(s.ptr(), static_cast<Py_ssize_t>(i)));
            if (!item) throw py::error_already_set();
            return item;
          },
          py::arg("seq"),
          "An element of seq (a list, tuple, str, range...), each equally likely; IndexError for "
          "an empty one. Drawn from this generator, so a game seeded the same chooses the same: "
          "rng.choice(view.open_cells()) is a random open cell.")
      .def(
          "shuffle",
          [](const RngHandle& h, Arg<ListName> x) {
            const py::handle l = x.value;
            if (!PyList_Check(l.ptr()))
              throw py::type_error(
                  "shuffle(x) shuffles a list in place, got " +
                  std::string(Py_TYPE(l.ptr())->tp_name) +
                  "; shuffle a list made of it: items = list(x); rng.shuffle(items)");
            Rng& rng = h.get_mut();
            PyObject* list = l.ptr();
            // Fisher-Yates: no Python code runs between the swaps, so the list cannot change size.
            for (Py_ssize_t i = PyList_GET_SIZE(list) - 1; i > 0; --i) {
              const auto j =
                  static_cast<Py_ssize_t>(draw_below(rng, static_cast<std::uint64_t>(i) + 1));
              PyObject* item = PyList_GET_ITEM(list, i);
              PyList_SET_ITEM(list, i, PyList_GET_ITEM(list, j));
              PyList_SET_ITEM(list, j, item);
            }
          },
          py::arg("x"),
          "Shuffle the list x in place (Fisher-Yates), every order equally likely; returns None, "
          "as random.shuffle does. Drawn from this generator, so a game seeded the same shuffles "
          "the same.")
      .def(
          "__eq__", [](const RngHandle& a, const RngHandle& b) { return a.get() == b.get(); },
          py::is_operator())
      .def(py::pickle( // copy.copy and copy.deepcopy too: the copy goes on with the same draws
          [](const RngHandle& h) {
            const Rng::State state = h.get().state();
            return py::make_tuple(state[0], state[1], state[2], state[3]);
          },
          [](const py::tuple& t) {
            if (t.size() != 4) throw py::value_error("an Rng state is 4 ints");
            Rng::State state{};
            for (std::size_t i = 0; i < state.size(); ++i)
              state[i] = uint64_argument(t[i], "an Rng state word");
            try {
              return RngHandle(Rng::from_state(state));
            } catch (const std::invalid_argument& e) {
              throw py::value_error(e.what());
            }
          }))
      .def("__repr__", [](const RngHandle&) { return std::string("<battleship.Rng>"); });

  py::class_<ShotOutcome>(m, "ShotOutcome",
                          "What a shot did: result 'miss', 'hit', 'sunk' or 'invalid'; the ship "
                          "hit when disclosed; why an invalid shot was refused.")
      .def(py::init([](StrArg result, OptionalIntArg ship, OptionalStrArg refusal) {
             return make_outcome(result, ship, refusal);
           }),
           py::arg("result"), py::arg("ship") = py::none(), py::arg("refusal") = py::none())
      .def_property_readonly(
          "result", [](const ShotOutcome& o) { return std::string(to_string(o.result)); },
          "'miss', 'hit', 'sunk' or 'invalid'.")
      .def_property_readonly("ship", &ship_of, "The ship's id, or None when not disclosed.")
      .def_property_readonly(
          "refusal", [](const ShotOutcome& o) { return shot_refusal_code(o.refusal); },
          "'off_board' or 'already_shot' for an invalid shot, else None.")
      .def_property_readonly(
          "reason", [](const ShotOutcome& o) { return std::string(to_string(o.refusal)); },
          "Why an invalid shot was refused, as a sentence.")
      .def(
          "disclosed",
          [](const ShotOutcome& o, StrArg disclosure) {
            return disclose(
                o, parse_enum("disclosure rule", text_of(disclosure, "disclosure"), disclosures));
          },
          py::arg("disclosure"),
          "What a shooter is told of this outcome under the disclosure rule ('hit_only', "
          "'hit_and_sunk' or 'sunk_with_name').")
      .def_property_readonly("valid", &ShotOutcome::valid,
                             "Whether the shot counted (not 'invalid').")
      .def_property_readonly("struck", &ShotOutcome::struck,
                             "Whether the shot struck a ship (hit or sunk).")
      .def_property_readonly("sank", &ShotOutcome::sank, "Whether the shot sank a ship.")
      .def(
          "__eq__", [](const ShotOutcome& a, const ShotOutcome& b) { return a == b; },
          py::is_operator())
      .def("__hash__",
           [](const ShotOutcome& o) {
             return py::hash(
                 py::make_tuple(static_cast<int>(o.result), o.ship, static_cast<int>(o.refusal)));
           })
      .def("__repr__", &outcome_repr)
      .def(py::pickle(
          [](const ShotOutcome& o) {
            return py::make_tuple(std::string(to_string(o.result)), ship_of(o),
                                  shot_refusal_code(o.refusal));
          },
          [](const py::tuple& t) {
            if (t.size() != 3)
              throw py::value_error("a ShotOutcome state is (result, ship, refusal)");
            return make_outcome(t[0], t[1], t[2]);
          }));

  m.def(
      "derive_seed",
      [](IntArg seed, IntArg index) {
        return derive_seed(uint64_argument(seed, "seed"), uint64_argument(index, "index"));
      },
      py::arg("seed"), py::arg("index"),
      "The seed of game `index` of a run seeded `seed`: simulate, match and tournament play game "
      "`index` with Rng(derive_seed(seed, index)).");
  m.def(
      "parse_cell", [](CellArg text) { return to_coord(text); }, py::arg("cell"),
      "A cell from text ('B7', '7B', '5,E', '3 4') or a (row, col) pair; ValueError if invalid.");
  m.def(
      "format_cell",
      [](Coord c, StrArg notation) {
        if (c.row < 0 || c.col < 0) throw py::value_error("cannot write a negative cell");
        const CoordNotation n = notation_of(notation);
        const auto [rows, cols] = readable_cells(n); // past them parse_cell reads it not back
        if (c.row >= rows || c.col >= cols)
          throw py::value_error(
              "cannot write cell (" + std::to_string(c.row) + ", " + std::to_string(c.col) +
              ") so that parse_cell reads it back: " + "rows below " + std::to_string(rows) +
              " and columns below " + std::to_string(cols) + " only");
        return format_coord(c, n);
      },
      py::arg("cell"), py::arg("notation") = "letter_number",
      "The cell as text: 'B7' (letter_number), '7B', '7,B' (bbm103) or '6 1' (cs32).");
}
} // namespace bsp
