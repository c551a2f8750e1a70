// Objects made with `Class.__new__(Class)` and never initialised are refused, not used.
//
// pybind11 hands such an object's storage to the first method that takes it as if a C++ value
// lived there (pybind/pybind11#6153, unreleased fix): `Fleet.__new__(Fleet).lengths` read
// garbage and `hash(Fleet.__new__(Fleet))` crashed the interpreter. It gets that storage through
// the type's `operator_new` hook, which nothing else calls: the classes' own constructors,
// factories and `__setstate__` (pickle, copy) build their values themselves. So the hook is
// pointed at a function that raises instead.
#include <cstddef>
#include <string>

#include "bindings.hpp"

namespace bsp {
namespace {
/// What pybind11 calls for the storage of a value it was never given.
void* refuse_storage(std::size_t) {
  throw py::type_error("this battleship object was made with __new__ and never initialised; "
                       "make it by calling its class");
}

/// Points the hook of `scope`'s classes, and of the classes nested in them, at `refuse_storage`.
void refuse_in(py::handle scope) {
  const py::dict members = scope.attr("__dict__");
  for (const auto& [name, value] : members) {
    if (!PyType_Check(value.ptr())) continue;
    auto* info = py::detail::get_type_info(reinterpret_cast<PyTypeObject*>(value.ptr()));
    if (info == nullptr || info->operator_new == &refuse_storage) continue;
    info->operator_new = &refuse_storage;
    refuse_in(value);
  }
}
} // namespace

void refuse_uninitialised_instances(py::module_& m) {
  refuse_in(m);
}
} // namespace bsp
