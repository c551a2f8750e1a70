// Handles: how Python holds an engine object it owns (an ocean it built) or one it is only lent
// (a game's ocean, the view and random generator passed to a Python strategy during a call).
#pragma once

#include <pybind11/pybind11.h>

#include <memory>
#include <stdexcept>
#include <string>
#include <utility>

namespace bsp {

/// A Python-side reference to a `T`: owned, or borrowed from C++ for as long as C++ says.
///
/// A borrowed handle that C++ has taken back (`lend(nullptr)`) raises RuntimeError instead of
/// touching freed memory, so a Python strategy that keeps the view it was given cannot crash the
/// interpreter after the game is over. Read-only handles refuse mutation with RuntimeError; so
/// does a handle that C++ has since frozen (a game's ocean once play has started).
template <class T>
class Handle {
public:
  /// Owns `value`.
  explicit Handle(T value)
      : owned_(std::make_shared<T>(std::move(value))), ptr_(owned_.get()), writable_(true) {}
  /// Borrows `*borrowed` (may be null until lent); `what` names it in the error message.
  Handle(T* borrowed, bool writable, std::string what)
      : ptr_(borrowed), writable_(writable), what_(std::move(what)) {}
  /// Borrows `*borrowed` writable until `*frozen` turns true, then read-only "once `when`".
  Handle(T* borrowed, std::shared_ptr<const bool> frozen, std::string what, std::string when)
      : ptr_(borrowed), frozen_(std::move(frozen)), what_(std::move(what)),
        frozen_when_(std::move(when)) {}

  /// The object; RuntimeError once C++ has taken it back.
  [[nodiscard]] const T& get() const {
    if (!ptr_)
      throw std::runtime_error(what_ + " can only be used during the call it was passed "
                                       "to; it belongs to a game that has moved on");
    return *ptr_;
  }
  /// The object, for a mutating call; RuntimeError if this handle is read-only.
  [[nodiscard]] T& get_mut() const {
    (void)get();
    if (!writable_) throw std::runtime_error(what_ + " is read-only here");
    if (frozen_ && *frozen_) throw std::runtime_error(what_ + " is read-only once " + frozen_when_);
    return *ptr_;
  }
  /// Points a borrowed handle at `p` (null takes the object back).
  void lend(T* p) noexcept { ptr_ = p; }

  /// Keeps `owner`, the Python object of what this handle borrows from (a game's), alive as long
  /// as the handle, where the garbage collector sees it (`collectable`; pybind11's keep_alive
  /// holds it where it does not, so an observer keeping a game's ocean kept the game for ever).
  void keep(pybind11::object owner) { keeper_ = std::move(owner); }
  /// Visits the owner kept (`collectable`).
  int traverse(visitproc visit, void* arg) const {
    Py_VISIT(keeper_.ptr());
    return 0;
  }
  /// Lets go of the owner, and takes the object back first: a later use raises.
  void clear() {
    if (keeper_) ptr_ = nullptr;
    keeper_ = pybind11::object();
  }

private:
  std::shared_ptr<T> owned_;
  T* ptr_ = nullptr;
  bool writable_ = true;
  std::shared_ptr<const bool> frozen_; // null: never frozen
  std::string what_ = "this object";
  std::string frozen_when_;
  pybind11::object keeper_; // null: none
};

} // namespace bsp
