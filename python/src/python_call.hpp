// The GIL for a call into Python from a thread Python did not start (a run's worker), without
// making and throwing away a Python thread state at every call.
#pragma once

#include <pybind11/pybind11.h>

namespace bsp {
namespace py = pybind11;

/// A Python thread state kept for the life of a thread Python did not start: made on the
/// thread's first call into Python, deleted when the thread ends. pybind11's
/// `gil_scoped_acquire` alone makes one at every call and deletes it at its end (about 5
/// microseconds, most of a Python shooter's time a shot); it finds this one instead. The thread's
/// owner must not hold the GIL while it waits for the thread to end (a run's workers are joined
/// with the GIL released, as their calls into Python already require). Not on Windows, where a
/// DLL's thread-local objects are destroyed under the loader lock, which a thread holding the GIL
/// may be waiting for (an import): there each call makes its own state, as pybind11 does.
class KeptThreadState {
public:
  /// Keeps a state for the calling thread unless it has one (Python's own threads do).
  static void ensure() {
#ifndef _WIN32
    if (PyGILState_GetThisThreadState() == nullptr) thread_local const KeptThreadState kept;
#endif
  }

  KeptThreadState(const KeptThreadState&) = delete;
  KeptThreadState& operator=(const KeptThreadState&) = delete;
  ~KeptThreadState() {
    PyEval_RestoreThread(saved_);
    // A KeyboardInterrupt sent to this thread (`run_interruptible`, after Ctrl-C) and not yet
    // raised would be raised in the finalizers of what the state holds (its threading.local).
    PyThreadState_SetAsyncExc(PyThread_get_thread_ident(), nullptr);
    PyGILState_Release(state_);
  }

private:
  KeptThreadState() : state_(PyGILState_Ensure()), saved_(PyEval_SaveThread()) {}
  PyGILState_STATE state_;
  PyThreadState* saved_;
};

/// Holds the GIL for a call into Python from any thread (`KeptThreadState` first).
class PythonCall {
public:
  PythonCall() = default;
  PythonCall(const PythonCall&) = delete;
  PythonCall& operator=(const PythonCall&) = delete;
  ~PythonCall() = default;

private:
  // Held for what their making and ending do (clang would call them unused).
  [[maybe_unused]] bool kept_ = (KeptThreadState::ensure(), true); // before `gil_`, made in order
  [[maybe_unused]] py::gil_scoped_acquire gil_;
};

} // namespace bsp
