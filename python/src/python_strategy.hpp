// Python objects as strategies inside the C++ game loop: a shooter is any object with
// next_shot(view, rng) (and optionally start(view) and on_result(view, cell, outcome)); a placer
// is any object with place(ocean, rng).
#pragma once

#include <pybind11/pybind11.h>

#include <array>
#include <atomic>
#include <concepts>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>

#include <battleship/detail/settings_text.hpp>
#include <battleship/forfeit.hpp>
#include <battleship/ocean.hpp>
#include <battleship/placement/elusive.hpp>
#include <battleship/placement/spread.hpp>
#include <battleship/placement/uniform.hpp>
#include <battleship/registry.hpp>
#include <battleship/rng.hpp>
#include <battleship/strategies/optimal.hpp>
#include <battleship/strategies/prior_mixture.hpp>
#include <battleship/strategy.hpp>
#include <battleship/view.hpp>

#include "bindings.hpp"
#include "convert.hpp"
#include "handle.hpp"
#include "python_call.hpp"
#include "run.hpp"
#include "shooter_settings.hpp"

namespace bsp {

/// What the Python strategies of one run share: the first exception one of them raised, and
/// whether to raise it at once (a game played from Python) or to store it and wind the run down
/// (a simulation, whose workers must never throw).
struct StrategyFailure {
  std::optional<py::error_already_set> error; ///< The first exception, with its traceback.
  std::string where;                          ///< "the shooter's next_shot", ...
  bool raised = false;    ///< A call raised, not deferred: its exception went on to the caller.
  std::uint64_t game = 0; ///< Index of the game the failure aborted, in its run.
  /// The game in progress, when the run keeps it (`track_games`: a run on one thread plays its
  /// games in order): its first game, then one past the last game counted. Unset, `game` is the
  /// failing strategy's own count of the games it began.
  std::optional<std::uint64_t> next_game;
  bool defer = false;                  ///< Store instead of raising.
  std::atomic<bool>* cancel = nullptr; ///< Set on failure; read to wind down (Ctrl-C).
  /// Where to note the thread that last called into Python (`RunControl::python_thread`), if set.
  std::atomic<unsigned long>* python_thread = nullptr;
  /// A run that plays on past a strategy's exception (a class tournament, `on_error="forfeit"`):
  /// the call that raised loses its game (a shooter's next call throws `battleship::Forfeit`, a
  /// placer lays out nothing), the run goes on, and the exceptions are counted here.
  bool forfeit_errors = false;
  std::uint64_t forfeited = 0; ///< Calls that raised and forfeited their game.
  std::string first_forfeit;   ///< The first such call, its game and its exception, in words.
  /// The last such call and its exception, in words ("the shooter's next_shot raised KeyError:
  /// 'x'"): the reason its game ends with (`PythonShooter` throws it as a `Forfeit`).
  std::string last_forfeit;

  /// Whether the strategies should stop playing (an earlier failure, or the run was cancelled).
  [[nodiscard]] bool stopped() const {
    return error.has_value() || (cancel && cancel->load(std::memory_order_relaxed));
  }
  /// Records the Python exception being handled (the caller holds the GIL).
  void record(py::error_already_set&& e, std::string at, long game_index) {
    if (!error) {
      error.emplace(std::move(e));
      where = std::move(at);
      game = next_game ? *next_game : static_cast<std::uint64_t>(game_index);
    }
    if (cancel) cancel->store(true);
  }
  ~StrategyFailure() {
    if (error) {
      py::gil_scoped_acquire gil;
      error.reset();
    }
  }
};

namespace detail {
/// Calls `f()` (which calls into Python) under the failure policy: raises at once, or records
/// the exception and returns false. `where` names the call ("the shooter's next_shot"), and
/// `owner` the strategy's side in a run of several ("side b"; empty when there is one).
template <class F>
bool guarded(StrategyFailure& failure, const char* where, const std::string& owner, long game,
             F&& f) {
  // Built only on a failure: the calls that succeed are the hot path.
  const auto named = [&] {
    return owner.empty() ? std::string(where) : std::string(where) + " (" + owner + ')';
  };
  // A run the strategy starts during the call (a shooter that simulates to choose its shot)
  // stops when this run is cancelled, as the pieces of an executor do (`thread_cancel`): Ctrl-C
  // reaches only the main thread, which watches this run, not that one.
  struct Watching {
    const std::atomic<bool>* before = thread_cancel;
    ~Watching() { thread_cancel = before; }
  } watching;
  if (failure.cancel) thread_cancel = failure.cancel;
  if (failure.python_thread) failure.python_thread->store(PyThread_get_thread_ident());
  if (!failure.defer) {
    try {
      f();
    } catch (...) { // the caller (a game played from Python) learns whose call it was
      failure.raised = true;
      failure.where = named();
      throw;
    }
    return true;
  }
  // The exception stops the run, or, where the run plays on past them, forfeits the game (Ctrl-C
  // stops the run either way).
  const auto fail = [&](py::error_already_set&& e) {
    if (!failure.forfeit_errors || e.matches(PyExc_KeyboardInterrupt)) {
      failure.record(std::move(e), named(), game);
      return false;
    }
    const std::string what = e.what(); // "KeyError: 'x'", then pybind11's traceback lines
    const std::string exception = what.substr(0, what.find('\n'));
    failure.last_forfeit = std::string(where) + " raised " + exception;
    if (failure.forfeited++ == 0) {
      const std::uint64_t index =
          failure.next_game ? *failure.next_game : static_cast<std::uint64_t>(game);
      failure.first_forfeit = named() + " in game " + std::to_string(index) + ": " + exception;
    }
    return false;
  };
  try {
    f();
    return true;
  } catch (py::error_already_set& e) {
    return fail(std::move(e));
  } catch (py::builtin_exception& e) {
    e.set_error();
    return fail(py::error_already_set());
  }
}

/// Lends `p` to `handle` for the duration of a call.
template <class T>
class Loan {
public:
  Loan(Handle<T>* handle, T* p) : handle_(handle) { handle_->lend(p); }
  ~Loan() { handle_->lend(nullptr); }
  Loan(const Loan&) = delete;
  Loan& operator=(const Loan&) = delete;

private:
  Handle<T>* handle_;
};

/// A handle a Python strategy is lent its view, ocean or generator through.
template <class T>
struct Borrowed {
  py::object shown;          ///< What the strategy is handed: the public wrapper, or `handle`.
  py::object handle;         ///< The bound handle, held here too: the wrapper may let go of it.
  Handle<T>* lent = nullptr; ///< The handle's value, which the loans set (owned by `handle`).
};

/// A borrowed handle bound to Python, optionally wrapped by the public class (`_core._wrap_*`).
template <class T>
Borrowed<T> borrowed(bool writable, const char* what, const char* wrapper) {
  py::object raw = py::cast(Handle<T>(nullptr, writable, what));
  auto* h = raw.cast<Handle<T>*>();
  const py::object core = py::module_::import("battleship._core");
  if (py::hasattr(core, wrapper)) {
    const py::object wrap = core.attr(wrapper);
    if (!wrap.is_none()) return {wrap(raw), raw, h};
  }
  return {raw, raw, h};
}

inline py::object method(py::handle obj, const char* name, bool required, const char* kind) {
  if (py::hasattr(obj, name)) {
    py::object m = obj.attr(name);
    if (PyCallable_Check(m.ptr())) return m;
  }
  if (required)
    throw py::type_error(std::string("a ") + kind + " needs a callable " + name + " method; got " +
                         py::repr(obj).cast<std::string>());
  return py::none();
}
} // namespace detail

/// What a Python placer's answer to `place()` says: `None` means placed when every ship is
/// (`all_placed`), anything with a truth value (True, False, a number) that truth; TypeError
/// naming the answer otherwise. Runs and `Ocean.place_randomly` read it alike.
inline bool placer_answer(py::handle answer, bool all_placed) {
  return answer.is_none()
             ? all_placed
             : cast_argument<bool>(answer, "what place() returns", "True, False or None");
}

/// The Python objects a C++ object holds, shown to Python's garbage collector by the object that
/// owns it (its type's `tp_traverse` and `tp_clear`): a cycle through them (a shooter or observer
/// that keeps the game it plays in) is then collected, where it was kept for ever.
struct PythonReferences {
  virtual ~PythonReferences() = default;
  /// Visits each object held (`tp_traverse`'s contract); the first nonzero result, else 0.
  virtual int traverse(visitproc visit, void* arg) const = 0;
  /// Lets go of each, leaving None: a call made after it raises, it does not crash.
  virtual void clear() = 0;
};

/// A Python shooter, satisfying `ShotStrategy<PythonShooter<S>, S>`.
///
/// Every call takes the GIL. The view and random generator are lent to Python for the duration
/// of each call (the same objects every time, so a shooter may keep them). Copies share the
/// Python object: the simulator runs Python strategies on one thread only.
template <battleship::BoardShape S>
class PythonShooter {
public:
  /// Wraps `strategy`; TypeError if it has no callable next_shot. `owner` names its side in a
  /// run of several (a failure's note says "the shooter's next_shot (side b)").
  PythonShooter(py::handle strategy, std::shared_ptr<StrategyFailure> failure,
                std::string owner = {})
      : st_(std::make_shared<State>()) {
    st_->failure = std::move(failure);
    st_->owner = std::move(owner);
    st_->strategy = py::reinterpret_borrow<py::object>(strategy);
    st_->next = detail::method(strategy, "next_shot", true, "shooter");
    st_->start = detail::method(strategy, "start", false, "shooter");
    st_->result = detail::method(strategy, "on_result", false, "shooter");
    st_->view = detail::borrowed<battleship::TargetView<S>>(false, "the view", "_wrap_view");
    st_->rng = detail::borrowed<battleship::Rng>(true, "the rng", "");
  }

  void start(const battleship::TargetView<S>& view) {
    const PythonCall gil;
    State& s = *st_;
    const long game = s.games++;
    s.lost_game = false;
    s.lost_because.clear();
    if (s.failure->stopped() || s.start.is_none()) return;
    const detail::Loan<battleship::TargetView<S>> lend_view(s.view.lent, mut(view));
    s.note(detail::guarded(*s.failure, "the shooter's start", s.owner, game,
                           [&] { s.start(s.view.shown); }));
  }

  battleship::Coord next_shot(const battleship::TargetView<S>& view, battleship::Rng& rng) {
    const PythonCall gil;
    State& s = *st_;
    battleship::Coord cell{-1, -1}; // off the board: the runner refuses it and winds the game down
    if (s.failure->stopped()) return cell;
    if (!s.lost_game) {
      const detail::Loan<battleship::TargetView<S>> lend_view(s.view.lent, mut(view));
      const detail::Loan<battleship::Rng> lend_rng(s.rng.lent, &rng);
      s.note(detail::guarded(*s.failure, "the shooter's next_shot", s.owner, s.games - 1, [&] {
        cell = to_coord(s.next(s.view.shown, s.rng.shown), "next_shot's result");
      }));
    }
    // A call of this game raised (this one, its start or an on_result) and forfeited it: the
    // game ends, lost, with that exception for its reason. (A run stopping by then winds the
    // game down with the off-board cell instead.)
    if (s.lost_game && !s.failure->stopped()) throw battleship::Forfeit(s.lost_because);
    return cell;
  }

  /// The Python objects this shooter (and every copy of it) holds.
  [[nodiscard]] std::shared_ptr<PythonReferences> references() const { return st_; }

  void on_result(const battleship::TargetView<S>& view, battleship::Coord cell,
                 const battleship::ShotOutcome& outcome) {
    const PythonCall gil;
    State& s = *st_;
    if (s.failure->stopped() || s.lost_game || s.result.is_none()) return;
    const detail::Loan<battleship::TargetView<S>> lend_view(s.view.lent, mut(view));
    s.note(detail::guarded(*s.failure, "the shooter's on_result", s.owner, s.games - 1, [&] {
      s.result(s.view.shown, cell_tuple(cell.row, cell.col), outcome);
    }));
  }

private:
  static battleship::TargetView<S>* mut(const battleship::TargetView<S>& v) {
    return const_cast<battleship::TargetView<S>*>(&v); // lent read-only
  }
  struct State final : PythonReferences {
    std::shared_ptr<StrategyFailure> failure;
    py::object strategy, start, next, result;
    detail::Borrowed<battleship::TargetView<S>> view;
    detail::Borrowed<battleship::Rng> rng;
    std::string owner;
    long games = 0;
    bool lost_game = false;   ///< A call of this game raised and forfeited it (`forfeit_errors`).
    std::string lost_because; ///< Then, why: the call and its exception.
    /// Notes the game lost if `called` (a `guarded` call's result) is false, with the reason the
    /// failure noted (`StrategyFailure::last_forfeit`).
    void note(bool called) {
      if (called || lost_game) return;
      lost_game = true;
      lost_because = failure->last_forfeit;
    }
    State() = default;
    State(const State&) = delete;
    State& operator=(const State&) = delete;
    ~State() override {
      py::gil_scoped_acquire gil;
      strategy = start = next = result = view.shown = view.handle = rng.shown = rng.handle =
          py::object();
    }
    int traverse(visitproc visit, void* arg) const override {
      for (const py::object* o :
           {&strategy, &start, &next, &result, &view.shown, &view.handle, &rng.shown, &rng.handle})
        Py_VISIT(o->ptr());
      return 0;
    }
    void clear() override { // the view and generator stay: the loans above point into them
      for (py::object* o : {&strategy, &start, &next, &result}) *o = py::none();
    }
  };
  std::shared_ptr<State> st_;
};

/// A Python placer, satisfying `PlacementStrategy<PythonPlacer<S>, S>`: `place(ocean, rng)`
/// places every ship and returns True, or returns False (the ocean is then cleared).
template <battleship::BoardShape S>
class PythonPlacer {
public:
  /// Wraps `strategy`; TypeError if it has no callable place. `owner` as for `PythonShooter`.
  PythonPlacer(py::handle strategy, std::shared_ptr<StrategyFailure> failure,
               std::string owner = {})
      : st_(std::make_shared<State>()) {
    st_->failure = std::move(failure);
    st_->owner = std::move(owner);
    st_->strategy = py::reinterpret_borrow<py::object>(strategy);
    st_->place = detail::method(strategy, "place", true, "placer");
    st_->ocean = detail::borrowed<battleship::Ocean<S>>(true, "the ocean", "_wrap_ocean");
    st_->rng = detail::borrowed<battleship::Rng>(true, "the rng", "");
  }

  bool place(battleship::Ocean<S>& ocean, battleship::Rng& rng) {
    const PythonCall gil;
    State& s = *st_;
    const long game = s.games++;
    if (s.failure->stopped()) return false;
    bool ok = false;
    {
      const detail::Loan<battleship::Ocean<S>> lend_ocean(s.ocean.lent, &ocean);
      const detail::Loan<battleship::Rng> lend_rng(s.rng.lent, &rng);
      const auto blocked = ocean.blocked(); // a puzzle's blocks stay, whatever the placer does
      detail::guarded(*s.failure, "the placer's place", s.owner, game, [&] {
        const py::object r = s.place(s.ocean.shown, s.rng.shown);
        if (ocean.shots().any())
          throw py::value_error("a placer must not fire at the ocean it lays out");
        if (ocean.blocked() != blocked)
          throw py::value_error(
              "a placer must not block or unblock cells of the ocean it lays out");
        ok = placer_answer(r, ocean.all_placed());
        if (ok && !ocean.all_placed())
          throw py::value_error("the placer returned True but placed only " +
                                std::to_string(placed(ocean)) + " of " +
                                std::to_string(ocean.ship_count()) + " ships");
      });
    }
    if (!ok || !ocean.all_placed()) {
      ocean.clear_ships();
      return false;
    }
    return true;
  }

  /// The Python objects this placer (and every copy of it) holds.
  [[nodiscard]] std::shared_ptr<PythonReferences> references() const { return st_; }

private:
  static int placed(const battleship::Ocean<S>& o) {
    int n = 0;
    for (int i = 0; i < o.ship_count(); ++i) n += o.is_placed(i) ? 1 : 0;
    return n;
  }
  struct State final : PythonReferences {
    std::shared_ptr<StrategyFailure> failure;
    py::object strategy, place;
    detail::Borrowed<battleship::Ocean<S>> ocean;
    detail::Borrowed<battleship::Rng> rng;
    std::string owner;
    long games = 0;
    State() = default;
    State(const State&) = delete;
    State& operator=(const State&) = delete;
    ~State() override {
      py::gil_scoped_acquire gil;
      strategy = place = ocean.shown = ocean.handle = rng.shown = rng.handle = py::object();
    }
    int traverse(visitproc visit, void* arg) const override {
      for (const py::object* o :
           {&strategy, &place, &ocean.shown, &ocean.handle, &rng.shown, &rng.handle})
        Py_VISIT(o->ptr());
      return 0;
    }
    void clear() override { // the ocean and generator stay: the loans point into them
      strategy = place = py::none();
    }
  };
  std::shared_ptr<State> st_;
};

/// Marks an object in use by a call that releases the GIL while it changes the object: another
/// Python thread could enter the same object meanwhile (a crash, not an error). Copying an
/// object gives the copy a mark of its own, clear.
struct InUseMark {
  std::atomic<bool> on{false}; ///< A call is changing the object.
  InUseMark() = default;
  /// A copy is not in use.
  InUseMark(const InUseMark&) noexcept {}
  /// The object assigned to keeps its own mark.
  InUseMark& operator=(const InUseMark&) noexcept { return *this; }
};

/// Holds `mark` for one call: RuntimeError naming `what` if another call holds it, another
/// thread's (the message says why they must take turns) or, given `refusal`, one this call was
/// made from (a signal handler run while the other waits: `refusal` says so).
class InUse {
public:
  /// Takes `mark`, or raises RuntimeError.
  InUse(InUseMark& mark, const char* what, const char* refusal = nullptr) : mark_(mark) {
    if (!mark_.on.exchange(true)) return;
    if (refusal != nullptr) throw std::runtime_error(std::string("this ") + what + refusal);
    throw std::runtime_error(std::string("this ") + what +
                             " is in use by another thread: a call on it releases the GIL "
                             "while it works, so calls from two threads must take turns");
  }
  InUse(const InUse&) = delete;
  InUse& operator=(const InUse&) = delete;
  ~InUse() { mark_.on.store(false); }

private:
  InUseMark& mark_;
};

/// A move found off the calling thread: the cell, and the shooter and generator as the move left
/// them (`stoppable_move`).
template <battleship::BoardShape S>
struct StoppableMoveResult {
  battleship::Coord cell;                 ///< The cell to fire at.
  battleship::AnyShotStrategy<S> shooter; ///< The shooter after its move.
  battleship::Rng rng;                    ///< The generator after the move.
};

/// `shooter`'s move at `view`, found off this thread (`run_stoppable`) on copies of the shooter,
/// the view and the generator, so that Ctrl-C stops a move of seconds (a slow shooter on a large
/// board) with KeyboardInterrupt, changing nothing. The caller keeps the shooter and generator of
/// the result once it has checked its own loans. Called under the GIL.
template <battleship::BoardShape S>
StoppableMoveResult<S> stoppable_move(const battleship::AnyShotStrategy<S>& shooter,
                                      const battleship::TargetView<S>& view,
                                      const battleship::Rng& rng) {
  StoppableMoveResult<S> move{battleship::Coord{-1, -1}, shooter, rng};
  const battleship::TargetView<S> seen = view;
  move.cell = run_stoppable(
      [&](const std::atomic<bool>*) { return move.shooter.next_shot(seen, move.rng); });
  return move;
}

/// How many times longer than at its defaults a move of the built-in shooter `settings` name may
/// take, as `move_may_be_long` weighs it: 0 for a shooter the registry does not call slow, else the
/// product of the factors by which its whole-number settings (`samples`, `layouts`, budgets) are
/// raised above their defaults, 1 at the defaults.
inline double slow_move_scale(const ShooterSettings& settings) {
  if (!battleship::shooter_is_slow<SmallShape>(settings.shooter)) return 0;
  double scale = 1;
  battleship::with_shooter<SmallShape>(settings.shooter, [&](const auto& defaults) {
    for (const auto& [name, value] : settings.values) {
      const ShooterSetting* setting = find_shooter_setting(settings.shooter, name);
      const double usual = shooter_member(defaults, name);
      if (setting != nullptr && setting->whole && usual >= 1 && value > usual)
        scale *= value / usual;
    }
  });
  return scale;
}
/// `slow_move_scale` of the built-in shooter `name` names, with its settings if it gives some
/// (`"bayes(samples=100000)"`).
inline double slow_move_scale(std::string_view name) {
  return slow_move_scale(battleship::detail::named_shooter_settings<SmallShape>(name));
}

/// Whether a move may take long enough that it should be a `stoppable_move`: a slow shooter's
/// (`slow_move_scale` above 0) whose scale times the board's `cells` exceeds 400 cells. At its
/// defaults, `bayes` takes 0.25 to 0.4 ms a move on 11 x 11 to 16 x 16, to which the copies and
/// thread of `stoppable_move` (40 to 70 us of CPU) would add a fifth to a third, and 19 ms on
/// 32 x 32; with 100,000 samples (a scale of 67) it takes 2 s on 20 x 20 and 4.5 s on 32 x 32.
inline bool move_may_be_long(double scale, int cells) {
  return scale * cells > 400;
}

/// A built-in shooter played in a `Game` whose moves may be long (`move_may_be_long`): its moves
/// are `stoppable_move`s. A stopped move throws what the signal's handler raised (Ctrl-C's
/// KeyboardInterrupt) with `*interrupted` set, as a signal seen between two turns does, and the
/// game takes the turn back, as it does for any shooter that throws before it fires: the match
/// can go on.
template <battleship::BoardShape S>
struct StoppableMoves {
  battleship::AnyShotStrategy<S> shooter; ///< The built-in shooter.
  bool* interrupted;                      ///< The game's flag of a play call stopped by a signal.

  /// Starts a game.
  void start(const battleship::TargetView<S>& view) { shooter.start(view); }
  /// The shooter's move, found off this thread.
  battleship::Coord next_shot(const battleship::TargetView<S>& view, battleship::Rng& rng) {
    try {
      StoppableMoveResult<S> move = stoppable_move(shooter, view, rng);
      rng = move.rng;
      shooter = std::move(move.shooter);
      return move.cell;
    } catch (const py::error_already_set&) {
      *interrupted = true;
      throw;
    }
  }
  /// Tells the shooter the outcome of its shot.
  void on_result(const battleship::TargetView<S>& view, battleship::Coord cell,
                 const battleship::ShotOutcome& outcome) {
    shooter.on_result(view, cell, outcome);
  }
};

/// A built-in shooter held for Python (`_core.Shooter_<N>`): stepping a C++ shooter by hand.
template <battleship::BoardShape S>
struct BuiltinShooter {
  std::string name;  ///< Registry name.
  double slow_scale; ///< Its `slow_move_scale` (0: not slow), for `move_may_be_long`.
  battleship::AnyShotStrategy<S> shooter; ///< The shooter.
  /// The board, fleet and rules of the view it was started on (none before `start`): a
  /// shooter asked about another game, or before any, would read past what it built.
  std::optional<battleship::TargetView<S>> started_on;
  /// Set while a slow shooter's move runs with the GIL released (`InUse`).
  InUseMark in_use;

  /// `v`, once checked to be of the game this shooter was started on: RuntimeError before any
  /// `start`, ValueError for a view of another board, fleet or rules.
  const battleship::TargetView<S>& playing(const battleship::TargetView<S>& v) const {
    if (!started_on)
      throw std::runtime_error("the " + name +
                               " shooter has not started a game: start(view) first");
    if (!(v.board() == started_on->board() && v.fleet() == started_on->fleet() &&
          v.rules() == started_on->rules()))
      throw py::value_error("the " + name +
                            " shooter was started on a view of another board, fleet or rules; "
                            "start(view) it again for this one");
    return v;
  }
};
/// A built-in placer held for Python (`_core.Placer_<N>`).
template <battleship::BoardShape S>
struct BuiltinPlacer {
  std::string name;                           ///< Registry name.
  battleship::AnyPlacementStrategy<S> placer; ///< The placer.
};

/// The perfect-play shooter held for Python (`_core.OptimalShooter`). Small boards only: no board
/// the search can solve comes near 128 cells.
struct OptimalShooterHolder {
  battleship::OptimalShooter<SmallShape> shooter; ///< Keeps its search from game to game.
  /// Set while a call searches with the GIL released (`InUse`).
  InUseMark in_use;
};

/// A built-in placer that lays out uniform draws (`uniform`, `spread` or `elusive`) with the
/// draws' own `search_budget` (`_core.UniformPlacerSettings`, which `battleship.UniformPlacer`,
/// `SpreadPlacer` and `ElusivePlacer` hand over): no shape, so one object serves every board.
struct UniformPlacerSettings {
  /// The built-in placers that draw uniform layouts, which these settings can name (their
  /// registry names).
  static constexpr std::array<std::string_view, 3> drawing_placers{
      battleship::UniformPlacer<SmallShape>::name, battleship::SpreadPlacer<SmallShape>::name,
      battleship::ElusivePlacer<SmallShape>::name};

  /// Settings for the placer `name` with the budget `budget` (checked by the caller: at least 1,
  /// and one of `drawing_placers`).
  UniformPlacerSettings(long budget, std::string name)
      : search_budget(budget), placer(std::move(name)) {}

  long search_budget; ///< Most states each of the uniform draws' searches may visit.
  std::string placer; ///< Which of `drawing_placers` lays out the draws.
  /// `spread`'s or `elusive`'s `candidates`; none: the placer's own default.
  std::optional<int> candidates;
  std::optional<int> shortlist;  ///< `elusive`'s `shortlist`; none: its default.
  std::optional<int> rehearsals; ///< `elusive`'s `rehearsals`; none: its default.

  /// A copy of this object's uniform placer for boards of shape `S` (made on first use, under the
  /// GIL). Copies of a uniform placer share what they count, so a crowded fleet's layouts (half a
  /// second to count for some) are counted once for every batch, thread, game and ocean this
  /// object lays out; its draws do not depend on what it has counted.
  template <battleship::BoardShape S>
  [[nodiscard]] battleship::UniformPlacer<S> draws() {
    auto& slot = std::get<std::optional<battleship::UniformPlacer<S>>>(draws_); // bound shapes
    if (!slot) {
      slot.emplace();
      slot->search_budget = search_budget;
    }
    return *slot;
  }

  /// Calls `f` with the placer these settings name, as its registry type, drawing with `draws()`.
  template <battleship::BoardShape S, class F>
  void with_placer(F&& f) {
    if (placer == battleship::SpreadPlacer<S>::name) {
      battleship::SpreadPlacer<S> spread;
      spread.draws = draws<S>();
      if (candidates) spread.candidates = *candidates;
      f(std::move(spread));
    } else if (placer == battleship::ElusivePlacer<S>::name) {
      battleship::ElusivePlacer<S> elusive;
      elusive.draws = draws<S>();
      if (candidates) elusive.candidates = *candidates;
      if (shortlist) elusive.shortlist = *shortlist;
      if (rehearsals) elusive.rehearsals = *rehearsals;
      f(std::move(elusive));
    } else {
      f(draws<S>());
    }
  }

private:
  std::tuple<std::optional<battleship::UniformPlacer<SmallShape>>,
             std::optional<battleship::UniformPlacer<LargeShape>>>
      draws_;
};

/// Calls `f` with the built-in placer `h` names, as its concrete type (a registry name, or the
/// settings of a placer that draws uniform layouts), and returns true; false, without calling `f`,
/// for anything else.
template <battleship::BoardShape S, class F>
bool with_builtin_placer(py::handle h, F&& f) {
  if (py::isinstance<py::str>(h)) {
    battleship::with_placer<S>(h.cast<std::string>(), f);
    return true;
  }
  if (py::isinstance<UniformPlacerSettings>(h)) {
    h.cast<UniformPlacerSettings&>().with_placer<S>(f);
    return true;
  }
  return false;
}
/// The settings of a `PriorMixtureShooter` made from Python (`_core.PriorMixtureSettings`, which
/// `battleship.PriorMixtureShooter` hands over): the built-in placer it suspects, as the engine
/// takes one (a name, or a drawing placer's settings), and the shooter's own settings, each
/// checked against `ranges` when made.
struct PriorMixtureSettings {
  /// What each setting accepts, in the order of the class's members (the members have no checks
  /// of their own: these keep a value from an infinite prior or a pool of gigabytes; 20,000
  /// layouts of 32 ships on 32 x 32 take 84 MB a thread).
  static constexpr std::array<battleship::detail::SettingRange, 6> ranges{{
      {"pool_size", true, 1, 20'000},
      {"min_support", true, 1, 20'000},
      {"prior_weight", false, 0.001, 0.999},
      {"uniform_below", false, 0, 1},
      {"sinking_evidence", false, 0, 100},
      {"target_above", false, 0, 1},
  }};

  py::object placer;       ///< A built-in placer's name, or `UniformPlacerSettings`.
  int pool_size;           ///< Layouts drawn from the placer a game.
  int min_support;         ///< Fewest layouts a model estimate may rest on.
  double prior_weight;     ///< Prior probability of the placer model.
  double uniform_below;    ///< Below this weight, hunting shots are the density shooter's.
  double sinking_evidence; ///< Factor on a resolved sinking's log-likelihood ratio.
  double target_above;     ///< From this weight on, target shots come from the kept layouts.

  /// Its `slow_move_scale`: its first move draws the pool, seconds with a placer that draws many
  /// layouts a placement (`spread`, `elusive`), so those moves are `stoppable_move`s everywhere;
  /// with another placer, a few milliseconds (0).
  [[nodiscard]] double move_scale() const {
    std::string name;
    if (py::isinstance<UniformPlacerSettings>(placer))
      name = placer.cast<const UniformPlacerSettings&>().placer;
    else if (py::isinstance<py::str>(placer))
      name = placer.cast<std::string>();
    const bool draws_many = name == battleship::SpreadPlacer<SmallShape>::name ||
                            name == battleship::ElusivePlacer<SmallShape>::name;
    return draws_many ? 1e6 : 0;
  }

  /// A shooter of these settings for boards of shape `S`, its placer type-erased (under the GIL).
  template <battleship::BoardShape S>
  [[nodiscard]] battleship::AnyShotStrategy<S> shooter() const {
    std::optional<battleship::AnyPlacementStrategy<S>> suspected;
    if (!with_builtin_placer<S>(placer, [&](auto p) { suspected.emplace(std::move(p)); }))
      throw py::type_error("a PriorMixtureShooter suspects a built-in placer");
    battleship::PriorMixtureShooter<S, battleship::AnyPlacementStrategy<S>> made(
        *std::move(suspected));
    made.pool_size = pool_size;
    made.min_support = min_support;
    made.prior_weight = prior_weight;
    made.uniform_below = uniform_below;
    made.sinking_evidence = sinking_evidence;
    made.target_above = target_above;
    return battleship::AnyShotStrategy<S>(std::move(made));
  }
};

/// `slow_move_scale` of the shooter the engine spec `h` names: a built-in's name or settings, or a
/// prior mixture's (`PriorMixtureSettings::move_scale`); 0 for anything else (a Python shooter,
/// whose Python code Ctrl-C stops, or the optimal shooter).
inline double slow_move_scale(py::handle h) {
  if (py::isinstance<py::str>(h)) return slow_move_scale(h.cast<std::string>());
  if (py::isinstance<ShooterSettings>(h)) return slow_move_scale(h.cast<const ShooterSettings&>());
  if (py::isinstance<PriorMixtureSettings>(h))
    return h.cast<const PriorMixtureSettings&>().move_scale();
  return 0;
}

/// Calls `f` with the shooter `h` names: the concrete type for a built-in's name (the inlined
/// fast path) or settings (`_core.ShooterSettings`), else a type-erased shooter (a prior
/// mixture's settings, a `_core.OptimalShooter`, whose copy starts from the positions it has
/// solved, or a Python object). The Python layer (`strategies._resolve`) hands built-in shooter
/// objects over by name, or as their settings when they have some. `owner` names a Python
/// shooter's side (`PythonShooter`).
template <battleship::BoardShape S, class F>
void with_any_shooter(py::handle h, const std::shared_ptr<StrategyFailure>& failure, F&& f,
                      std::string owner = {}) {
  if (py::isinstance<py::str>(h)) return battleship::with_shooter<S>(h.cast<std::string>(), f);
  if (py::isinstance<ShooterSettings>(h))
    return battleship::with_shooter<S>(h.cast<const ShooterSettings&>(), f);
  if (py::isinstance<PriorMixtureSettings>(h))
    return f(h.cast<const PriorMixtureSettings&>().shooter<S>());
  if (py::isinstance<OptimalShooterHolder>(h)) {
    if constexpr (std::same_as<S, SmallShape>) {
      auto& holder = h.cast<OptimalShooterHolder&>();
      std::optional<battleship::AnyShotStrategy<S>> copy;
      {
        const InUse copying(holder.in_use, "OptimalShooter"); // not while another thread searches
        copy.emplace(holder.shooter);
      }
      return f(*std::move(copy));
    } else
      throw std::length_error("the optimal shooter plays boards of at most 128 cells");
  }
  f(battleship::AnyShotStrategy<S>(PythonShooter<S>(h, failure, std::move(owner))));
}
/// Calls `f` with the placer `h` names, like `with_any_shooter`.
template <battleship::BoardShape S, class F>
void with_any_placer(py::handle h, const std::shared_ptr<StrategyFailure>& failure, F&& f,
                     std::string owner = {}) {
  if (!with_builtin_placer<S>(h, f))
    f(battleship::AnyPlacementStrategy<S>(PythonPlacer<S>(h, failure, std::move(owner))));
}
/// The shooter `h` names, type-erased; `owner` as for `with_any_shooter`.
template <battleship::BoardShape S>
battleship::AnyShotStrategy<S>
any_shooter(py::handle h, const std::shared_ptr<StrategyFailure>& failure, std::string owner = {}) {
  std::optional<battleship::AnyShotStrategy<S>> out;
  with_any_shooter<S>(
      h, failure, [&](auto s) { out.emplace(std::move(s)); }, std::move(owner));
  return std::move(*out);
}
/// The placer `h` names, type-erased; `owner` as for `with_any_shooter`.
template <battleship::BoardShape S>
battleship::AnyPlacementStrategy<S>
any_placer(py::handle h, const std::shared_ptr<StrategyFailure>& failure, std::string owner = {}) {
  std::optional<battleship::AnyPlacementStrategy<S>> out;
  with_any_placer<S>(
      h, failure, [&](auto p) { out.emplace(std::move(p)); }, std::move(owner));
  return std::move(*out);
}
/// Whether `h` is a Python strategy (neither a built-in's name, nor a built-in shooter's
/// settings, nor a prior mixture's, nor the optimal shooter, nor a drawing placer's settings): it
/// plays on one thread, holding the GIL for each call.
inline bool is_python_strategy(py::handle h) {
  return !py::isinstance<py::str>(h) && !py::isinstance<OptimalShooterHolder>(h) &&
         !py::isinstance<UniformPlacerSettings>(h) && !py::isinstance<ShooterSettings>(h) &&
         !py::isinstance<PriorMixtureSettings>(h);
}
/// Whether any of `strategies` is a Python strategy, so a run of them plays on one thread.
inline bool any_python_strategy(std::initializer_list<py::handle> strategies) {
  for (py::handle h : strategies)
    if (is_python_strategy(h)) return true;
  return false;
}

} // namespace bsp
