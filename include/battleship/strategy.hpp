/// @file strategy.hpp
/// @brief The two strategy concepts, shooting and placing, and type-erased holders for both.
#pragma once

#include <atomic>
#include <concepts>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>

#include <battleship/ocean.hpp>
#include <battleship/rng.hpp>
#include <battleship/view.hpp>

namespace battleship {

/// A shooter: picks the next cell to fire at from what it may know, and is told each result.
///
/// - `start(view)` begins a new game (the view is fresh; reset any memory here);
/// - `next_shot(view, rng)` names a cell; under salvo rules it is called once per shot of the
///   volley, with the cells already named in `view.pending()`;
/// - `on_result(view, cell, outcome)` reports each announced outcome, after the view recorded it;
///   a cell the runner refused comes too, with `ShotResult::invalid` and not recorded: a cell
///   already shot, or one off the board (check `view.board().contains(cell)` before indexing by
///   it).
///
/// A shooter must be copyable (the simulator gives each worker thread its own copy) and should
/// only name cells for which `view.is_open(cell)` holds. All three members are required (a
/// `start` or `on_result` with nothing to do has an empty body). Where a type is refused through
/// a conversion (`AnyShotStrategy<S> s = MyShooter{};`, `register_shooter`), GCC names no reason:
/// `static_assert(ShotStrategy<MyShooter, S>);` makes it name the requirement that fails.
template <class T, class S>
concept ShotStrategy = BoardShape<S> && std::copy_constructible<T> &&
    requires(T& shooter, const TargetView<S>& view, Rng& rng, Coord cell,
             const ShotOutcome& outcome) {
  { shooter.start(view) } -> std::same_as<void>;
  { shooter.next_shot(view, rng) } -> std::same_as<Coord>;
  { shooter.on_result(view, cell, outcome) } -> std::same_as<void>;
};

/// A shooter that also speaks in row-major cell indices:
///
/// - `next_cell(view, rng)` returns the index of the cell `next_shot` would name, drawing the same
///   numbers, or -1 when it has no cell to name;
/// - `on_cell_result(view, index, outcome)` does what `on_result` does for that cell; the runner
///   calls it for every on-board cell named (a -1 is refused as off the board and not reported).
///
/// Optional: the solo runner uses it when present and skips the coordinate round trip (a division
/// and a bounds check per shot, about a fifth of a `random` game's instructions). The games are
/// the same either way, so members declared otherwise (an `std::size_t next_cell`, an
/// `on_cell_result` taking a `Coord`) are passed over without a word:
/// `static_assert(CellShotStrategy<MyShooter, S>);` checks that the fast path is taken.
template <class T, class S>
concept CellShotStrategy = ShotStrategy<T, S> &&
    requires(T& shooter, const TargetView<S>& view, Rng& rng, std::size_t index,
             const ShotOutcome& outcome) {
  { shooter.next_cell(view, rng) } -> std::same_as<int>;
  { shooter.on_cell_result(view, index, outcome) } -> std::same_as<void>;
};

/// A placer: puts every ship of an empty ocean's fleet on it, legally under the ocean's rules.
///
/// `place(ocean, rng)` returns true when all ships are placed; on false the ocean must be left
/// empty (for example when the fleet cannot fit). Must be copyable, like shooters.
template <class T, class S>
concept PlacementStrategy = BoardShape<S> && std::copy_constructible<T> &&
    requires(T& placer, Ocean<S>& ocean, Rng& rng) {
  { placer.place(ocean, rng) } -> std::same_as<bool>;
};

/// A placer that can be told to give up: `place(ocean, rng, stop)` places as `place(ocean, rng)`
/// does, but returns false (the ocean left empty) soon after `*stop` becomes true, when `stop` is
/// not null.
///
/// Optional: runs hand their stop flag to placers that take one, so cancelling a run (Ctrl-C in
/// Python) does not wait for a placement that may search for seconds or minutes (a crowded fleet
/// that `UniformPlacer` draws millions of times before giving up, and `ElusivePlacer`, which draws
/// 256 such layouts). A placer without it is simply waited for.
template <class T, class S>
concept StoppablePlacementStrategy = PlacementStrategy<T, S> &&
    requires(T& placer, Ocean<S>& ocean, Rng& rng, const std::atomic<bool>* stop) {
  { placer.place(ocean, rng, stop) } -> std::same_as<bool>;
};

namespace detail {
/// A `place` whose third parameter is not the stop flag but would be handed one: a flag taken by
/// reference or a bool is built from the pointer's truth, true for every run (each placement then
/// gives up at once), and a flag taken by non-const pointer is never handed one.
template <class T, class S>
concept misdeclared_stop_flag = requires(T& placer, Ocean<S>& ocean, Rng& rng) {
  placer.place(ocean, rng, true);
}
|| (requires(T & placer, Ocean<S>& ocean, Rng& rng, std::atomic<bool>* stop) {
  placer.place(ocean, rng, stop);
} && !StoppablePlacementStrategy<T, S>);
} // namespace detail

/// Has `placer` lay out `ocean`'s fleet, watching `stop` if the placer can
/// (`StoppablePlacementStrategy`); a null `stop` never stops it. True only when every ship is
/// placed: a placer that says true with a ship missing has failed, as one that says false has
/// (every run counts it so: `SimulationResult::unplaceable`, a match aborted).
template <BoardShape S, PlacementStrategy<S> Placer>
bool place_fleet(Placer& placer, Ocean<S>& ocean, Rng& rng, const std::atomic<bool>* stop) {
  static_assert(!detail::misdeclared_stop_flag<Placer, S>,
                "a placer's place(ocean, rng, stop) must take the stop flag as "
                "`const std::atomic<bool>* stop` (a reference or a bool would be made from the "
                "pointer, true in every run; a non-const pointer is never given one)");
  bool placed = false;
  if constexpr (StoppablePlacementStrategy<Placer, S>) {
    placed = placer.place(ocean, rng, stop);
  } else {
    placed = placer.place(ocean, rng);
  }
  return placed && ocean.all_placed();
}

namespace detail {

/// Owns one object of a class derived from `Base` and copies it through `Base::clone()`: the
/// value semantics of the type-erased holders below (C++26's `std::polymorphic` does this). One
/// moved from owns nothing: only assigning to it and destroying it are allowed.
template <class Base>
class ClonedPtr {
public:
  /// Takes ownership of `held` (not null).
  explicit ClonedPtr(std::unique_ptr<Base> held) noexcept : held_(std::move(held)) {}
  /// A clone of `o`'s object.
  ClonedPtr(const ClonedPtr& o) : held_(o.held_->clone()) {}
  /// Takes over `o`'s object.
  ClonedPtr(ClonedPtr&&) noexcept = default;
  /// Replaces the object by a clone of `o`'s.
  ClonedPtr& operator=(const ClonedPtr& o) {
    if (this != &o) held_ = o.held_->clone();
    return *this;
  }
  /// Takes over `o`'s object.
  ClonedPtr& operator=(ClonedPtr&&) noexcept = default;
  ~ClonedPtr() = default;

  /// The object.
  Base* operator->() const noexcept { return held_.get(); }
  /// The object.
  Base* get() const noexcept { return held_.get(); }

private:
  std::unique_ptr<Base> held_;
};

} // namespace detail

/// A shooter chosen at run time: holds any `ShotStrategy` behind one virtual call per shot.
///
/// Copying copies the held shooter; a holder moved from holds none and may only be assigned to or
/// destroyed. The simulator's fast path uses concrete types instead; this holder serves the
/// registry, the command line and Python.
template <BoardShape S>
class AnyShotStrategy {
public:
  /// Wraps a copy of `shooter`.
  template <class T>
  requires(!std::same_as<std::remove_cvref_t<T>, AnyShotStrategy> &&
           ShotStrategy<std::remove_cvref_t<T>, S>)
      AnyShotStrategy(T&& shooter) // NOLINT: implicit, like std::function
      : impl_(std::make_unique<Model<std::remove_cvref_t<T>>>(std::forward<T>(shooter))) {}

  /// See `ShotStrategy`.
  void start(const TargetView<S>& view) { impl_->start(view); }
  /// See `ShotStrategy`.
  Coord next_shot(const TargetView<S>& view, Rng& rng) { return impl_->next_shot(view, rng); }
  /// See `ShotStrategy`.
  void on_result(const TargetView<S>& view, Coord cell, const ShotOutcome& outcome) {
    impl_->on_result(view, cell, outcome);
  }

  /// The held shooter if it is a `T`, else null.
  template <class T>
  [[nodiscard]] T* target() noexcept {
    auto* m = dynamic_cast<Model<T>*>(impl_.get());
    return m ? &m->value : nullptr;
  }
  /// The held object if it is a `T`, else null (read-only: `game.first_shooter().target<T>()`).
  template <class T>
  [[nodiscard]] const T* target() const noexcept {
    const auto* m = dynamic_cast<const Model<T>*>(impl_.get());
    return m ? &m->value : nullptr;
  }

private:
  struct Concept {
    virtual ~Concept() = default;
    virtual std::unique_ptr<Concept> clone() const = 0;
    virtual void start(const TargetView<S>&) = 0;
    virtual Coord next_shot(const TargetView<S>&, Rng&) = 0;
    virtual void on_result(const TargetView<S>&, Coord, const ShotOutcome&) = 0;
  };
  template <class T>
  struct Model final : Concept {
    template <class U>
    explicit Model(U&& v) : value(std::forward<U>(v)) {}
    std::unique_ptr<Concept> clone() const override { return std::make_unique<Model>(value); }
    void start(const TargetView<S>& v) override { value.start(v); }
    Coord next_shot(const TargetView<S>& v, Rng& r) override { return value.next_shot(v, r); }
    void on_result(const TargetView<S>& v, Coord c, const ShotOutcome& o) override {
      value.on_result(v, c, o);
    }
    T value;
  };
  detail::ClonedPtr<Concept> impl_;
};

/// A placer chosen at run time: holds any `PlacementStrategy`. Copying copies the held placer; a
/// holder moved from holds none and may only be assigned to or destroyed.
template <BoardShape S>
class AnyPlacementStrategy {
public:
  /// Wraps a copy of `placer`.
  template <class T>
  requires(!std::same_as<std::remove_cvref_t<T>, AnyPlacementStrategy> &&
           PlacementStrategy<std::remove_cvref_t<T>, S>)
      AnyPlacementStrategy(T&& placer) // NOLINT: implicit, like std::function
      : impl_(std::make_unique<Model<std::remove_cvref_t<T>>>(std::forward<T>(placer))) {}

  /// See `PlacementStrategy`.
  bool place(Ocean<S>& ocean, Rng& rng) { return impl_->place(ocean, rng, nullptr); }
  /// See `StoppablePlacementStrategy`: the held placer watches `stop` if it can.
  bool place(Ocean<S>& ocean, Rng& rng, const std::atomic<bool>* stop) {
    return impl_->place(ocean, rng, stop);
  }

  /// The held placer if it is a `T`, else null.
  template <class T>
  [[nodiscard]] T* target() noexcept {
    auto* m = dynamic_cast<Model<T>*>(impl_.get());
    return m ? &m->value : nullptr;
  }
  /// The held object if it is a `T`, else null (read-only, from a const placer).
  template <class T>
  [[nodiscard]] const T* target() const noexcept {
    const auto* m = dynamic_cast<const Model<T>*>(impl_.get());
    return m ? &m->value : nullptr;
  }

private:
  struct Concept {
    virtual ~Concept() = default;
    virtual std::unique_ptr<Concept> clone() const = 0;
    virtual bool place(Ocean<S>&, Rng&, const std::atomic<bool>*) = 0;
  };
  template <class T>
  struct Model final : Concept {
    template <class U>
    explicit Model(U&& v) : value(std::forward<U>(v)) {}
    std::unique_ptr<Concept> clone() const override { return std::make_unique<Model>(value); }
    bool place(Ocean<S>& o, Rng& r, const std::atomic<bool>* stop) override {
      return place_fleet(value, o, r, stop);
    }
    T value;
  };
  detail::ClonedPtr<Concept> impl_;
};

} // namespace battleship
