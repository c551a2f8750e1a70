// The stop flag of the run a thread plays games for, so that a strategy's long search inside one
// move (expert's endgame, bayes's samples) gives up when the run is stopped instead of finishing.
#pragma once

#include <atomic>

namespace battleship::detail {

/// The stop flag of the run this thread plays for; null outside a run. A run's games in progress
/// when it stops are not counted, so a move cut short changes no result.
inline thread_local const std::atomic<bool>* run_stop = nullptr;

/// Whether the run this thread plays for is stopping. A thread-local read and an atomic load:
/// long loops ask every few thousand steps, not at each.
[[nodiscard]] inline bool run_stopping() noexcept {
  return run_stop != nullptr && run_stop->load(std::memory_order_relaxed);
}

/// Sets `run_stop` for a scope, and puts back the one before (a run started inside a move).
class RunStopScope {
public:
  /// Makes `stop` this thread's run stop flag until the scope ends.
  explicit RunStopScope(const std::atomic<bool>* stop) noexcept : before_(run_stop) {
    run_stop = stop;
  }
  RunStopScope(const RunStopScope&) = delete;
  RunStopScope& operator=(const RunStopScope&) = delete;
  ~RunStopScope() { run_stop = before_; }

private:
  const std::atomic<bool>* before_;
};

} // namespace battleship::detail
