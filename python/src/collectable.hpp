// Bound types whose C++ objects hold Python objects, shown to Python's garbage collector.
#pragma once

#include <pybind11/pybind11.h>

namespace bsp {
namespace py = pybind11;

/// The `T` in the Python object `self` of a bound type, or null while it is being made.
template <class T>
T* held_in(PyObject* self) {
  // Read straight from the instance: no cast that could throw inside the collector.
  auto* inst = reinterpret_cast<py::detail::instance*>(self);
  const py::detail::value_and_holder held = inst->get_value_and_holder();
  return held.holder_constructed() ? static_cast<T*>(held.value_ptr()) : nullptr;
}

/// Makes a bound type known to the garbage collector (`py::custom_type_setup(&collectable<T>)`):
/// `T::traverse(visit, arg)` visits the Python objects a `T` holds, and `T::clear()` lets go of
/// them. Without it, a cycle through them (an observer that keeps its game) is never collected:
/// the collector takes what C++ holds for references from outside.
template <class T>
void collectable(PyHeapTypeObject* heap_type) {
  PyTypeObject* type = &heap_type->ht_type;
  type->tp_flags |= Py_TPFLAGS_HAVE_GC;
  type->tp_traverse = [](PyObject* self, visitproc visit, void* arg) {
    Py_VISIT(Py_TYPE(self)); // a heap type's instances own a reference to it (Python 3.9 on)
    const T* held = held_in<T>(self);
    return held == nullptr ? 0 : held->traverse(visit, arg);
  };
  type->tp_clear = [](PyObject* self) {
    if (T* held = held_in<T>(self)) held->clear();
    return 0;
  };
}

} // namespace bsp
