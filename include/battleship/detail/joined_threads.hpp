// Worker threads joined when they go out of scope, as std::jthread is. std::jthread itself is not
// used: libc++ keeps it behind -fexperimental-library before LLVM 20 (Apple's toolchains included).
#pragma once

#include <cstddef>
#include <thread>
#include <utility>
#include <vector>

namespace battleship::detail {

/// Threads started together and joined together, on every way out of the scope that owns them.
class JoinedThreads {
public:
  /// Room for `count` threads, so that starting them does not reallocate.
  explicit JoinedThreads(std::size_t count) { threads_.reserve(count); }
  JoinedThreads(const JoinedThreads&) = delete;
  JoinedThreads& operator=(const JoinedThreads&) = delete;
  /// Waits for every thread started.
  ~JoinedThreads() {
    for (auto& t : threads_)
      if (t.joinable()) t.join();
  }

  /// Starts a thread running `f(args...)`.
  template <class F, class... Args>
  void start(F&& f, Args&&... args) {
    threads_.emplace_back(std::forward<F>(f), std::forward<Args>(args)...);
  }

private:
  std::vector<std::thread> threads_;
};

} // namespace battleship::detail
