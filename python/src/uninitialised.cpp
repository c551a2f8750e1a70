// Objects made with `Class.__new__(Class)` and never initialised are refused, not used.
//
// pybind11 hands such an object's storage to the first method that takes it as if a C++ value
// lived there (pybind/pybind11#6153, unreleased fix): `Fleet.__new__(Fleet).lengths` read
// garbage and `hash(Fleet.__new__(Fleet))` crashed the interpreter. It gets that storage through
// the type's `operator_new` hook, which nothing else calls: the classes' own constructors,
// factories and `__setstate__` (pickle, copy) build their values themselves. So the hook is
// pointed at a function that raises instead. Pickling at protocols 0 and 1 aborted the
// interpreter as well; every class is reduced as protocol 2 reduces it.
#include <cstddef>
#include <set>
#include <string>

#include "bindings.hpp"

namespace bsp {
namespace {
/// What pybind11 calls for the storage of a value it was never given.
void* refuse_storage(std::size_t) {
  throw py::type_error("this battleship object was made with __new__ and never initialised; "
                       "make it by calling its class");
}

/// Whether `cls` pickles its values: a class of its (not `object`) defines both `__getstate__`
/// and `__setstate__` (`py::pickle`).
bool picklable(py::handle cls) {
  const py::handle object = reinterpret_cast<PyObject*>(&PyBaseObject_Type);
  for (const py::handle base : cls.attr("__mro__")) {
    if (base.is(object)) continue;
    const py::dict own = base.attr("__dict__");
    if (own.contains("__getstate__") && own.contains("__setstate__")) return true;
  }
  return false;
}

/// `self` reduced as pickle's protocol 2 does for every protocol: `cls.__new__(cls)`, then
/// `__setstate__`. Protocols 0 and 1 (and `__reduce__()` called alone) went through copyreg,
/// which calls pybind11's base class on the object; that throws a C++ exception through C and
/// the interpreter aborted (pybind/pybind11#3745).
py::object reduce_by_state(py::handle self) {
  const py::handle cls = reinterpret_cast<PyObject*>(Py_TYPE(self.ptr()));
  if (!picklable(cls))
    throw py::type_error("cannot pickle '" + py::str(cls.attr("__qualname__")).cast<std::string>() +
                         "' object");
  return py::make_tuple(py::module_::import("copyreg").attr("__newobj__"), py::make_tuple(cls),
                        self.attr("__getstate__")());
}

/// The `__reduce__` functions installed on the bound classes (kept alive by their classes).
std::set<PyObject*>& installed_reduce() {
  static std::set<PyObject*> functions; // read and changed under the GIL only
  return functions;
}

/// `self` reduced for pickle or copy: by a Python subclass's own `__reduce__` where it has one
/// (as Python's default `__reduce_ex__` would), else `reduce_by_state`.
py::object reduce_ex(py::handle self) {
  for (const py::handle base : py::type::handle_of(self).attr("__mro__")) {
    const py::dict own = base.attr("__dict__");
    if (!own.contains("__reduce__")) continue;
    if (installed_reduce().count(py::object(own["__reduce__"]).ptr()) != 0) break;
    return self.attr("__reduce__")();
  }
  return reduce_by_state(self);
}

/// Points the hook of `scope`'s classes, and of the classes nested in them, at `refuse_storage`,
/// and has them reduced by `reduce_ex`.
void refuse_in(py::handle scope) {
  const py::dict members = scope.attr("__dict__");
  for (const auto& [name, value] : members) {
    if (!PyType_Check(value.ptr())) continue;
    auto* info = py::detail::get_type_info(reinterpret_cast<PyTypeObject*>(value.ptr()));
    if (info == nullptr || info->operator_new == &refuse_storage) continue;
    info->operator_new = &refuse_storage;
    py::setattr(value, "__reduce_ex__",
                py::cpp_function([](py::handle self, py::handle) { return reduce_ex(self); },
                                 py::is_method(value), py::name("__reduce_ex__"),
                                 py::arg("protocol")));
    py::setattr(value, "__reduce__",
                py::cpp_function([](py::handle self) { return reduce_by_state(self); },
                                 py::is_method(value), py::name("__reduce__")));
    installed_reduce().insert(py::object(value.attr("__dict__")["__reduce__"]).ptr());
    refuse_in(value);
  }
}
} // namespace

void refuse_uninitialised_instances(py::module_& m) {
  refuse_in(m);
}
} // namespace bsp
