// Conversions between Python values and the engine's small types: cells are (row, col) tuples
// (or text such as "B7"), orientations and rule values are strings.
#pragma once

#include <pybind11/pybind11.h>

#include <array>
#include <climits>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <battleship/answer_refusal.hpp>
#include <battleship/coord.hpp>
#include <battleship/io/coord_text.hpp>
#include <battleship/ocean.hpp>
#include <battleship/outcome.hpp>
#include <battleship/rules.hpp>
#include <battleship/view.hpp>

namespace bsp {
namespace py = pybind11;

/// `text` quoted the way Python's `repr` does, for a message: a NUL or a control character in it
/// is escaped instead of cutting the message short (exceptions carry C strings).
inline std::string repr_quoted(const std::string& text) {
  return py::repr(py::str(text)).cast<std::string>();
}

/// `h` as UTF-8 text: TypeError naming `what` for anything but a str, ValueError for a str that
/// is not valid Unicode (a lone surrogate, as `os.fsdecode` makes of undecodable bytes).
inline std::string text_of(py::handle h, const std::string& what) {
  try {
    return h.cast<std::string>();
  } catch (const py::cast_error&) {
    if (py::isinstance<py::str>(h))
      throw py::value_error(what +
                            " is not valid Unicode text: " + py::repr(h).cast<std::string>());
    throw py::type_error(what + " must be a str, got " + py::repr(h).cast<std::string>());
  }
}

/// `h` as a whole number when it is one (an int, or anything with `__index__`, NumPy's integers
/// too), else nothing. A value beyond `long long` comes back as `LLONG_MIN` or `LLONG_MAX`, which
/// every caller's range refuses.
inline std::optional<long long> whole_number(py::handle h) {
  const auto n = py::reinterpret_steal<py::object>(PyNumber_Index(h.ptr())); // new ref, or null
  if (!n) {
    PyErr_Clear();
    return std::nullopt;
  }
  int overflow = 0;
  const long long value = PyLong_AsLongLongAndOverflow(n.ptr(), &overflow);
  return overflow < 0 ? LLONG_MIN : overflow > 0 ? LLONG_MAX : value;
}

/// `h` as an index named `what` ("player", "env"): an int or anything with `__index__`, else
/// TypeError. Methods bound with `py::keep_alive` take their arguments as handles and convert them
/// here, so that no argument fails pybind11's own conversion: pybind11 3.1 runs keep_alive after
/// such a failure too, on a result that is not an object, and crashes (pybind/pybind11#6154).
inline long long index_argument(py::handle h, const char* what) {
  if (const auto n = whole_number(h)) return *n;
  throw py::type_error(std::string(what) + " must be an int, got " +
                       py::repr(h).cast<std::string>());
}

/// `h` as a cell: a pair of integers (tuple, list, NumPy array) or coordinate text ("B7", "7B",
/// "5,E", "3 4"). Throws TypeError or ValueError naming `what` and the bad value.
inline battleship::Coord to_coord(py::handle h, const char* what = "a cell") {
  PyObject* o = h.ptr();
  // A bool is an int to Python, but (True, False) is a mistake, not the cell (1, 0).
  const auto is_int = [](PyObject* x) { return PyLong_Check(x) && !PyBool_Check(x); };
  if (PyTuple_Check(o) && PyTuple_GET_SIZE(o) == 2 && is_int(PyTuple_GET_ITEM(o, 0)) &&
      is_int(PyTuple_GET_ITEM(o, 1))) { // the fast path: a tuple of two ints
    const long r = PyLong_AsLong(PyTuple_GET_ITEM(o, 0));
    const long c = PyLong_AsLong(PyTuple_GET_ITEM(o, 1));
    if (!PyErr_Occurred() && r > -(1L << 30) && r < (1L << 30) && c > -(1L << 30) && c < (1L << 30))
      return battleship::Coord{static_cast<int>(r), static_cast<int>(c)};
    PyErr_Clear();
    throw py::value_error(std::string(what) +
                          " is out of range: " + py::repr(h).cast<std::string>());
  }
  if (py::isinstance<py::str>(h)) {
    const auto text = text_of(h, what);
    const auto parsed = battleship::parse_coord(text);
    if (!parsed) { // "'Z0' is not a cell: ...", "next_shot's result 'Z0' is not a cell: ..."
      const std::string whose = std::string_view(what) == "a cell" ? "" : std::string(what) + ' ';
      throw py::value_error(whose + repr_quoted(text) + " is not a cell: " + parsed.error);
    }
    return *parsed.coord;
  }
  // Bytes of any kind are text, not a pair: b"B7" is not the cell (66, 55).
  if (py::isinstance<py::sequence>(h) && !PyBytes_Check(o) && !PyByteArray_Check(o) &&
      !PyMemoryView_Check(o)) {
    const auto seq = py::reinterpret_borrow<py::sequence>(h);
    if (seq.size() == 2) {
      const auto integer = [](py::handle x) {
        return PyBool_Check(x.ptr()) ? std::nullopt : whole_number(x);
      };
      const auto row = integer(seq[0]);
      const auto col = row ? integer(seq[1]) : std::nullopt;
      if (row && col) {
        constexpr long long limit = 1LL << 30;
        if (*row <= -limit || *row >= limit || *col <= -limit || *col >= limit)
          throw py::value_error(std::string(what) +
                                " is out of range: " + py::repr(h).cast<std::string>());
        return battleship::Coord{static_cast<int>(*row), static_cast<int>(*col)};
      }
    }
  }
  throw py::type_error(std::string(what) +
                       " must be a (row, col) pair of integers or text such "
                       "as 'B7', got " +
                       py::repr(h).cast<std::string>());
}

/// `h` as an orientation: "horizontal"/"h" or "vertical"/"v" (any case).
inline battleship::Orientation to_orientation(py::handle h) {
  if (py::isinstance<py::str>(h)) {
    std::string s = text_of(h, "an orientation");
    for (auto& ch : s) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    if (s == "horizontal" || s == "h") return battleship::Orientation::horizontal;
    if (s == "vertical" || s == "v") return battleship::Orientation::vertical;
  }
  throw py::value_error("orientation must be 'horizontal' ('h') or 'vertical' ('v'), got " +
                        py::repr(h).cast<std::string>());
}

/// "horizontal" or "vertical".
inline const char* orientation_name(battleship::Orientation o) {
  return o == battleship::Orientation::horizontal ? "horizontal" : "vertical";
}

/// The enumerator of `values` whose `to_string` is `text`; ValueError listing the allowed names.
template <class E, std::size_t N>
E parse_enum(const char* what, const std::string& text, const std::array<E, N>& values) {
  std::string allowed;
  for (E v : values) {
    if (battleship::to_string(v) == text) return v;
    allowed += (allowed.empty() ? "" : ", ") + std::string(battleship::to_string(v));
  }
  throw py::value_error("unknown " + std::string(what) + " " + repr_quoted(text) +
                        "; allowed: " + allowed);
}

inline constexpr std::array touchings{battleship::Touching::allowed,
                                      battleship::Touching::no_edge_contact,
                                      battleship::Touching::no_contact};
inline constexpr std::array disclosures{battleship::Disclosure::hit_only,
                                        battleship::Disclosure::hit_and_sunk,
                                        battleship::Disclosure::sunk_with_name};
inline constexpr std::array volleys{battleship::Volley::single, battleship::Volley::fixed_salvo,
                                    battleship::Volley::per_ship_afloat,
                                    battleship::Volley::until_miss};
inline constexpr std::array invalid_shots{battleship::InvalidShot::refused,
                                          battleship::InvalidShot::forfeits};
inline constexpr std::array shot_results{battleship::ShotResult::miss, battleship::ShotResult::hit,
                                         battleship::ShotResult::sunk,
                                         battleship::ShotResult::invalid};

/// The refusal's short name, as Python exposes it ("overlap", "off_board", ...).
inline const char* refusal_code(battleship::PlacementRefusal r) {
  using R = battleship::PlacementRefusal;
  switch (r) {
  case R::none: return "none";
  case R::unknown_ship: return "unknown_ship";
  case R::off_board: return "off_board";
  case R::overlap: return "overlap";
  case R::touching: return "touching";
  case R::blocked: return "blocked";
  case R::already_placed: return "already_placed";
  case R::not_placed: return "not_placed";
  case R::not_there: return "not_there";
  case R::shooting_started: return "shooting_started";
  case R::wrong_length: return "wrong_length";
  }
  return "?";
}

/// The shot refusal's short name ("off_board", "already_shot"), or None for a taken shot.
inline py::object shot_refusal_code(battleship::ShotRefusal r) {
  switch (r) {
  case battleship::ShotRefusal::none: return py::none();
  case battleship::ShotRefusal::off_board: return py::str("off_board");
  case battleship::ShotRefusal::already_shot: return py::str("already_shot");
  }
  return py::none();
}
/// TypeError saying that `what` must be `expected` and what `h` was instead.
[[noreturn]] inline void refuse_argument(py::handle h, const std::string& what,
                                         const char* expected) {
  throw py::type_error(what + " must be " + expected + ", got " + py::repr(h).cast<std::string>());
}
/// `h` as a `T`, or TypeError saying that `what` must be `expected` (pybind's own cast error
/// names neither the argument nor the C++ type). None is refused here too: pybind casts it to a
/// null reference and throws `reference_cast_error`, which its dispatcher reads as "try the next
/// overload" and reports with the signature.
template <class T>
T cast_argument(py::handle h, const std::string& what, const char* expected) {
  if (h.is_none()) refuse_argument(h, what, expected);
  try {
    return h.cast<T>();
  } catch (const py::cast_error&) {
    refuse_argument(h, what, expected);
  }
}
/// `h` as a shot's announced outcome: TypeError naming the argument for anything but a
/// `ShotOutcome` (None included), where pybind's would list the method's signature.
inline battleship::ShotOutcome outcome_argument(py::handle h) {
  return cast_argument<battleship::ShotOutcome>(h, "outcome", "a battleship.ShotOutcome");
}
/// `h` as a `bool`: True or False (numpy's bools too), not any object with a truth value, so a
/// number passed by mistake is refused instead of read as True.
inline bool bool_argument(py::handle h, const std::string& what) {
  py::detail::make_caster<bool> caster;
  if (!caster.load(h, false)) refuse_argument(h, what, "a bool");
  return static_cast<bool>(caster);
}
/// `h` as a 64-bit seed or state word: TypeError for what is not a whole number (True and False
/// included), ValueError for a whole number outside 0 to 2**64 - 1.
inline std::uint64_t uint64_argument(py::handle h, const std::string& what) {
  const auto n = py::reinterpret_steal<py::object>(
      PyBool_Check(h.ptr()) ? nullptr : PyNumber_Index(h.ptr())); // new ref, or null
  if (!n) {
    PyErr_Clear();
    refuse_argument(h, what, "an int");
  }
  if (py::int_(n) < py::int_(0))
    throw py::value_error(what + " must be >= 0, got " + py::repr(h).cast<std::string>());
  const unsigned long long value = PyLong_AsUnsignedLongLong(n.ptr());
  if (PyErr_Occurred()) {
    PyErr_Clear();
    throw py::value_error(what + " must be <= 2**64 - 1, got " + py::repr(h).cast<std::string>());
  }
  return value;
}
/// `h` as one of the engine's `int` settings: TypeError for what is not a whole number, and for
/// True and False although Python counts them as ints (`salvo_size=True` is a mistake, not a
/// salvo of one); ValueError for a whole number below `low` or beyond `int`, since its type is
/// right.
inline int int_argument(py::handle h, const std::string& what, int low = INT_MIN) {
  const auto n = PyBool_Check(h.ptr()) ? std::nullopt : whole_number(h);
  if (!n) refuse_argument(h, what, "an int");
  if (*n >= low && *n <= INT_MAX) return static_cast<int>(*n);
  const std::string got = ", got " + py::repr(h).cast<std::string>();
  if (low != INT_MIN)
    throw py::value_error(what + " must be from " + std::to_string(low) + " to 2**31 - 1" + got);
  // Only the int's own bounds: a length of 2**31 is too large, not "from -2**31 to 2**31 - 1"
  // as if a negative one were fine (the setting's own check says what it takes).
  throw py::value_error(
      what + (*n > INT_MAX ? " must be <= 2147483647" : " must be >= -2147483648") + got);
}

/// An `AnswerRefusal` (from `Posterior::record` or `TargetView::refusal`) of an answer told to
/// `view` as the Python exception the rest of the module raises for it: IndexError for what is
/// not on the board or in the fleet, ValueError for the rest.
template <class S>
[[noreturn]] void raise_refusal(battleship::AnswerRefusal why, battleship::Coord c,
                                const battleship::ShotOutcome& outcome,
                                const battleship::TargetView<S>& view) {
  using battleship::AnswerRefusal;
  const std::string cell = "cell (" + std::to_string(c.row) + ", " + std::to_string(c.col) + ")";
  const std::string ship = "ship " + std::to_string(outcome.ship);
  const int ships = view.fleet().ship_count();
  switch (why) {
  case AnswerRefusal::off_board:
    throw py::index_error(cell + " is not on the " + std::to_string(view.board().rows()) + " x " +
                          std::to_string(view.board().cols()) + " board");
  case AnswerRefusal::unknown_ship:
    throw py::index_error(ship + " is not in a fleet of " + std::to_string(ships) + " ships");
  case AnswerRefusal::already_recorded: throw py::value_error(cell + " was already recorded");
  case AnswerRefusal::already_sunk: throw py::value_error(cell + ": " + ship + " was already sunk");
  case AnswerRefusal::fleet_sunk:
    throw py::value_error(cell + ": all " + std::to_string(ships) +
                          " ships of the fleet were already sunk");
  default: throw py::value_error(std::string(to_string(why)));
  }
}

/// Refuses an answer a shooter cannot take in: with IndexError, a shot that was fired (any
/// outcome but `invalid`) at a cell off the view's board, or a ship outside its fleet; with
/// ValueError, an answer the view does not hold (a shooter hears of a shot after its view has
/// recorded it, and reads the view: told otherwise, it would plan on a board that cannot be). The
/// game runner tells shooters of refused shots off the board, so an `invalid` outcome may name one.
template <class S>
void check_answer(const battleship::TargetView<S>& view, battleship::Coord c,
                  const battleship::ShotOutcome& o) {
  using battleship::AnswerRefusal;
  if (o.valid() && !view.board().contains(c)) raise_refusal(AnswerRefusal::off_board, c, o, view);
  if (o.ship >= view.fleet().ship_count()) raise_refusal(AnswerRefusal::unknown_ship, c, o, view);
  if (!o.valid()) return;
  const std::size_t i = view.board().index(c);
  const std::string cell = "cell (" + std::to_string(c.row) + ", " + std::to_string(c.col) + ")";
  if (!view.shots().test(i))
    throw py::value_error(cell + " has no answer in the view: record it there first, then tell "
                                 "the shooter (view.record(cell, outcome))");
  if (view.hits().test(i) != o.struck())
    throw py::value_error(cell + ": the view holds a " + (view.hits().test(i) ? "hit" : "miss") +
                          " there, and the outcome is a " + std::string(to_string(o.result)));
}

/// The tuple (row, col), made once a process and shared by every list and answer that names the
/// cell: a view's open cells made a tuple a cell at every call (2.5 microseconds for 92 cells,
/// most of a simple Python shooter's cost a shot). Only cells some board can have are shared
/// (about 7,700 tuples at most): a shooter naming cells off its board made up to a million, 122
/// MB. The caller holds the GIL.
inline py::object cell_tuple(int row, int col) {
  constexpr long most_cells = 1024; // of any board: a cell of one has (row + 1) (col + 1) at most
  if (row < 0 || col < 0 ||
      (static_cast<long>(row) + 1) * (static_cast<long>(col) + 1) > most_cells)
    return py::make_tuple(row, col);
  // Never freed: a static destroyed after the interpreter has ended would release into it.
  static auto* const table = new std::vector<std::vector<py::object>>();
  const auto r = static_cast<std::size_t>(row), c = static_cast<std::size_t>(col);
  if (table->size() <= r) table->resize(r + 1);
  std::vector<py::object>& cells = (*table)[r];
  if (cells.size() <= c) cells.resize(c + 1);
  if (!cells[c]) cells[c] = py::make_tuple(row, col);
  return cells[c];
}

/// The cells of `cells` (bits of `board`'s cells), in index order, as a list of (row, col).
template <class Board, class Bits>
py::list cell_list(const Board& board, const Bits& cells) {
  py::list out(static_cast<std::size_t>(cells.count()));
  std::size_t k = 0;
  cells.for_each([&](std::size_t i) {
    const battleship::Coord c = board.coord(i);
    PyList_SET_ITEM(out.ptr(), static_cast<Py_ssize_t>(k++),
                    cell_tuple(c.row, c.col).release().ptr());
  });
  return out;
}

} // namespace bsp

namespace pybind11::detail {
/// Cells cross the boundary as (row, col) tuples; text such as "B7" is accepted too.
template <>
struct type_caster<battleship::Coord> {
  PYBIND11_TYPE_CASTER(battleship::Coord, const_name("tuple[int, int]"));
  bool load(handle src, bool) {
    value = bsp::to_coord(src);
    return true;
  }
  static handle cast(battleship::Coord c, return_value_policy, handle) {
    return bsp::cell_tuple(c.row, c.col).release();
  }
};
/// Orientations cross the boundary as "horizontal" / "vertical".
template <>
struct type_caster<battleship::Orientation> {
  PYBIND11_TYPE_CASTER(battleship::Orientation, const_name("str"));
  bool load(handle src, bool) {
    value = bsp::to_orientation(src);
    return true;
  }
  static handle cast(battleship::Orientation o, return_value_policy, handle) {
    return str(bsp::orientation_name(o)).release();
  }
};
} // namespace pybind11::detail
