// Arguments the bindings check themselves, named by the type they should be in signatures.
//
// Most bound functions take their arguments as py::handle and convert them by name (a wrong
// value gets a TypeError or ValueError naming the parameter, not pybind's list of signatures).
// pybind shows such a parameter as `object` in the signature line that help() and Jupyter print;
// `Arg<Int>` is the same handle, shown as `int`.
#pragma once

#include <pybind11/pybind11.h>

namespace bsp {
namespace py = pybind11;

/// A Python argument passed on as it came; `Name::name` is the type its signature shows.
template <class Name>
struct Arg {
  py::handle value; ///< The argument itself (borrowed for the call).
  /// The handle, for the converters that take one (`int_argument`, `text_of`...).
  operator py::handle() const noexcept { return value; }
};

/// Shown as `int`.
struct Int {
  static constexpr auto name = py::detail::const_name("int");
};
/// Shown as `str`.
struct Str {
  static constexpr auto name = py::detail::const_name("str");
};
/// Shown as `bool`.
struct Bool {
  static constexpr auto name = py::detail::const_name("bool");
};
/// A cell: a (row, col) pair or its text ("B7").
struct Cell {
  static constexpr auto name = py::detail::const_name("tuple[int, int] | str");
};
/// Ship classes: what `Fleet` is made of.
struct ShipClasses {
  static constexpr auto name = py::detail::const_name(
      "Iterable[ShipClass | tuple[str, str, int] | tuple[str, str, int, int]]");
};
/// Shown as `int | None`.
struct IntOrNone {
  static constexpr auto name = py::detail::const_name("int | None");
};
/// Shown as `str | None`.
struct StrOrNone {
  static constexpr auto name = py::detail::const_name("str | None");
};

using IntArg = Arg<Int>;                 ///< An argument that should be an int.
using StrArg = Arg<Str>;                 ///< An argument that should be a str.
using BoolArg = Arg<Bool>;               ///< An argument that should be a bool.
using CellArg = Arg<Cell>;               ///< An argument that should be a cell.
using ShipClassesArg = Arg<ShipClasses>; ///< An argument that should be ship classes.
using OptionalIntArg = Arg<IntOrNone>;   ///< An argument that should be an int or None.
using OptionalStrArg = Arg<StrOrNone>;   ///< An argument that should be a str or None.
} // namespace bsp

namespace pybind11::detail {
/// Takes any object (the function checks it) and names the type it should be.
template <class Name>
struct type_caster<bsp::Arg<Name>> {
  PYBIND11_TYPE_CASTER(bsp::Arg<Name>, Name::name);
  bool load(handle source, bool) {
    value.value = source;
    return true;
  }
  static handle cast(const bsp::Arg<Name>& argument, return_value_policy, handle) {
    return argument.value.inc_ref();
  }
};
} // namespace pybind11::detail
