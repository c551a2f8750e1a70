// Long runs from Python: the work runs on its own thread with the GIL released while the calling
// thread wakes every few milliseconds to check for Ctrl-C and report progress.
#pragma once

#include <pybind11/pybind11.h>

#include <battleship/detail/joined_threads.hpp>
#include <battleship/detail/run_stop.hpp>
#include <battleship/simulate.hpp> // progress_heartbeat

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <mutex>
#include <optional>
#include <type_traits>
#include <utility>

namespace bsp {
namespace py = pybind11;

/// What a run shares with the thread watching it.
struct RunControl {
  std::atomic<bool> cancel{false};    ///< Set to stop the run early.
  std::atomic<std::uint64_t> done{0}; ///< Work done so far (games, positions solved), for progress.
  /// The Python thread ident of the thread that last called a Python strategy, 0 for none yet.
  std::atomic<unsigned long> python_thread{0};
  /// Whether the calling thread releases the GIL while it waits. Kept for a job that reads
  /// objects another Python thread could change meanwhile (a vector env's games, which would need
  /// a lock in every method else): other Python threads then wait for the call, as they would
  /// for one made on the calling thread.
  bool release_gil = true;
};

/// A flag that also stops every run started on this thread while it is watched (`watch_cancel` from
/// Python): how the pieces of an executor run on a thread pool stop when their caller is
/// interrupted (Ctrl-C reaches the main thread only). Null: only Ctrl-C stops a run.
inline thread_local const std::atomic<bool>* thread_cancel = nullptr;

/// The attribute of a KeyboardInterrupt that holds the figures of the run it stopped; the Python
/// layer turns them into the result it returns (its `partial` attribute).
inline constexpr const char* partial_attribute = "_battleship_partial";

/// Keeps `figures` (a dict) on `interrupt`'s exception as the figures of the games finished.
inline void keep_partial(const py::error_already_set& interrupt, const py::object& figures) {
  interrupt.value().attr(partial_attribute) = figures;
}

/// Runs `job()` (which must not touch Python except through GIL-taking strategies) on a worker
/// thread, the GIL released unless `control.release_gil` is false. The calling thread checks for
/// signals every 20 ms: Ctrl-C sets `control.cancel` and the KeyboardInterrupt is raised once the
/// job has stopped; so does this thread's `thread_cancel` once it is set (a KeyboardInterrupt that
/// says the run was cancelled). The job reads the flag between moves, so a Python strategy that
/// never returns (a loop that finds no cell) would hold it for ever: once interrupted, the calling
/// thread also raises KeyboardInterrupt every 20 ms, until the job ends, in the thread that last
/// called a Python strategy (`control.python_thread`, which the strategies' failure record notes;
/// the exception only lands while that thread runs Python, so the strategy's call fails and the run
/// stops). `progress` (a Python callable or None) is called with `control.done` whenever it
/// changes, and at least every quarter second (`progress_heartbeat`), so a bar can appear during a
/// slow first game. Exceptions of the job are rethrown here. `figures`, when given, turns the job's
/// result into the Python figures of the work it finished: on a KeyboardInterrupt they are kept on
/// the exception (`keep_partial`), so that a run stopped after an hour still shows that hour's
/// games.
template <class Job, class Figures = std::nullptr_t>
auto run_interruptible(Job&& job, RunControl& control, const py::object& progress,
                       const Figures& figures = nullptr) {
  using Result = decltype(job());
  std::optional<Result> result;
  std::exception_ptr failure;
  std::optional<py::error_already_set> interrupt;
  std::mutex mutex;
  std::condition_variable finished_cv;
  bool finished = false;
  const std::atomic<bool>* also_cancel = thread_cancel; // this thread's, not the worker's
  {
    std::optional<py::gil_scoped_release> nogil;
    if (control.release_gil) nogil.emplace();
    battleship::detail::JoinedThreads worker(1); // joined on every way out of this block
    worker.start([&] {
      try {
        result.emplace(job());
      } catch (...) {
        failure = std::current_exception();
      }
      const std::lock_guard<std::mutex> lock(mutex);
      finished = true;
      finished_cv.notify_all();
    });
    std::uint64_t reported = 0;
    auto reported_at = std::chrono::steady_clock::now();
    for (;;) {
      {
        std::unique_lock<std::mutex> lock(mutex);
        if (finished_cv.wait_for(lock, std::chrono::milliseconds(20), [&] { return finished; }))
          break;
      }
      py::gil_scoped_acquire gil;
      if (!interrupt && also_cancel != nullptr && also_cancel->load()) {
        PyErr_SetString(
            PyExc_KeyboardInterrupt,
            "the run was cancelled: the caller of this piece was interrupted or failed");
        interrupt.emplace(); // fetches it, as a Ctrl-C below would be
        control.cancel.store(true);
      }
      if (!interrupt && PyErr_CheckSignals() != 0) {
        interrupt.emplace(); // fetches the KeyboardInterrupt (or whatever a handler raised)
        control.cancel.store(true);
      }
      // Raised at that thread's next Python code: the strategy's call under way, or its next one
      // (a worker keeps its thread state between calls, python_call.hpp, and drops one still
      // pending when it ends).
      if (interrupt && control.python_thread.load() != 0)
        PyThreadState_SetAsyncExc(control.python_thread.load(), PyExc_KeyboardInterrupt);
      const std::uint64_t now = control.done.load();
      const auto clock = std::chrono::steady_clock::now();
      if (!interrupt && !progress.is_none() &&
          (now != reported || clock - reported_at >= battleship::detail::progress_heartbeat)) {
        reported_at = clock;
        try {
          progress(reported = now);
        } catch (py::error_already_set& e) {
          interrupt.emplace(std::move(e));
          control.cancel.store(true);
        }
      }
    }
  }
  if (interrupt) {
    if constexpr (!std::is_null_pointer_v<Figures>) {
      if (result && interrupt->matches(PyExc_KeyboardInterrupt)) {
        try {
          keep_partial(*interrupt, figures(*result));
        } catch (const py::error_already_set&) { // the interrupt matters more than its figures
        }
      }
    }
    throw std::move(*interrupt);
  }
  if (failure) std::rethrow_exception(failure);
  if (!progress.is_none() && control.done.load() != 0) progress(control.done.load());
  return std::move(*result);
}

/// Runs `job(stop)` under `run_interruptible` with no progress to report: a long call that Ctrl-C
/// stops (a search, a placement, a fit, a posterior's estimate, a slow shooter's move). `stop`
/// is the run's cancel flag, set on Ctrl-C; it is also the worker thread's run stop flag
/// (`detail::RunStopScope`), which the samplers of `bayes` and `expert` read. The job must not
/// touch Python, and must leave what the caller keeps unchanged until it is whole: it may stop
/// anywhere. `release_gil` as `RunControl`'s.
template <class Job>
auto run_stoppable(Job&& job, bool release_gil = true) {
  RunControl control;
  control.release_gil = release_gil;
  return run_interruptible(
      [&] {
        const battleship::detail::RunStopScope scope(&control.cancel);
        return job(&control.cancel);
      },
      control, py::none());
}

} // namespace bsp
